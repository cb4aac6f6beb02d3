#include "games/engine_pool.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "common/now.hpp"

namespace chess960::server {

namespace {

// While jobs wait and every thread searches, how often the watcher looks for a search to stop.
constexpr auto kWatchInterval = std::chrono::milliseconds(20);
// Clients idle for this many half-lives are forgotten (their use has decayed to under 0.1%).
constexpr int kForgetAfterHalfLives = 10;

}  // namespace

EnginePool::EnginePool(EnginePoolOptions options) : options_(options) {
    const int threads = std::max(1, options_.threads);
    for (int i = 0; i < threads; ++i) running_.push_back(std::make_unique<Running>());
    for (int i = 0; i < threads; ++i)
        threads_.emplace_back([this, &running = *running_[std::size_t(i)]] { work(running); });
    watcher_ = std::thread([this] { watch(); });
}

EnginePool::~EnginePool() { stop(); }

void EnginePool::submit(const std::string& client, Job job, Dropped dropped) {
    {
        std::lock_guard lock(mutex_);
        if (stop_) return;
        Client& c = clients_[client];
        if (c.queue.empty()) c.waiting_since = submissions_;
        ++submissions_;
        c.queue.push_back(Queued{std::move(job), std::move(dropped)});
        ++queued_;
    }
    wake_.notify_one();
    watch_wake_.notify_one();
}

std::optional<EnginePool::Dropped> EnginePool::take_newest(const std::string& client) {
    std::lock_guard lock(mutex_);
    const auto it = clients_.find(client);
    if (it == clients_.end() || it->second.queue.empty()) return std::nullopt;
    Dropped dropped = std::move(it->second.queue.back().dropped);
    it->second.queue.pop_back();
    --queued_;
    return dropped;
}

void EnginePool::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stop_.exchange(true)) return;
        for (auto& [name, client] : clients_) client.queue.clear();
        queued_ = 0;
        for (auto& running : running_) running->stop = true;
    }
    wake_.notify_all();
    watch_wake_.notify_all();
    for (auto& thread : threads_)
        if (thread.joinable()) thread.join();
    if (watcher_.joinable()) watcher_.join();
}

std::size_t EnginePool::queued() {
    std::lock_guard lock(mutex_);
    return queued_;
}

double EnginePool::used(const Client& client, Millis now) const {
    if (client.used_ms == 0 || now <= client.used_at) return client.used_ms;
    return client.used_ms * std::exp2(-double(now - client.used_at) / double(options_.half_life));
}

EnginePool::Client* EnginePool::next_client(std::string& name, Millis now) {
    Client* best = nullptr;
    double best_used = 0;
    for (auto& [client_name, client] : clients_) {
        if (client.queue.empty()) continue;
        const double u = used(client, now);
        if (!best || u < best_used ||
            (u == best_used && client.waiting_since < best->waiting_since)) {
            best = &client;
            best_used = u;
            name = client_name;
        }
    }
    return best;
}

bool EnginePool::next_job(Running& running, Job& job) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return stop_ || queued_ > 0; });
    if (stop_) return false;
    const Millis now = steady_now();
    std::string name;
    Client* client = next_client(name, now);
    job = std::move(client->queue.front().job);
    client->queue.pop_front();
    --queued_;
    if (!client->queue.empty()) client->waiting_since = submissions_;
    ++client->running;
    running.client = std::move(name);
    running.started = now;
    running.stop = false;
    return true;
}

void EnginePool::work(Running& running) {
    engine::Searcher searcher;
    searcher.set_hash_megabytes(std::size_t(options_.hash_megabytes));
    // The evaluation a UCI session starts with: the built-in net unless there is none.
    if (engine::kUseNnueByDefault) searcher.set_network(engine::nnue::embedded());
    Job job;
    while (next_job(running, job)) {
        job(searcher, running.stop);
        job = nullptr;
        std::lock_guard lock(mutex_);
        const Millis now = steady_now();
        Client& client = clients_[running.client];
        client.used_ms = used(client, now) + double(now - running.started);
        client.used_at = now;
        --client.running;
        running.client.clear();
        // The clients whose use has faded away are forgotten, so the table stays as small as
        // the set of clients of the last few minutes.
        std::erase_if(clients_, [&](const auto& entry) {
            const Client& c = entry.second;
            return c.queue.empty() && c.running == 0 &&
                   now - c.used_at > kForgetAfterHalfLives * options_.half_life;
        });
    }
}

// Stops the searches that have had their quantum while a client that has used the engine less
// than theirs waits.
void EnginePool::watch() {
    std::unique_lock lock(mutex_);
    while (!stop_) {
        if (queued_ == 0) {
            watch_wake_.wait(lock, [&] { return stop_ || queued_ > 0; });
            continue;
        }
        // The two least used waiting clients: a search is stopped only for another client.
        const Millis now = steady_now();
        struct Waiting {
            const std::string* name = nullptr;
            double used = 0;
        } first, second;
        for (const auto& [name, client] : clients_) {
            if (client.queue.empty()) continue;
            const Waiting w{&name, used(client, now)};
            if (!first.name || w.used < first.used) {
                second = first;
                first = w;
            } else if (!second.name || w.used < second.used) {
                second = w;
            }
        }
        for (auto& running : running_) {
            if (running->client.empty() || running->stop) continue;
            const Millis elapsed = now - running->started;
            if (elapsed < options_.quantum) continue;
            const Waiting& other = first.name && *first.name != running->client ? first : second;
            if (!other.name) continue;
            const auto it = clients_.find(running->client);
            const double mine =
                (it == clients_.end() ? 0.0 : used(it->second, now)) + double(elapsed);
            if (other.used < mine) running->stop = true;
        }
        watch_wake_.wait_for(lock, kWatchInterval);
    }
}

}  // namespace chess960::server
