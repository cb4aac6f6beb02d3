#include "server/engine_pool.hpp"

namespace chess960::server {

EnginePool::EnginePool(int threads, int hash_megabytes) {
    for (int i = 0; i < std::max(1, threads); ++i)
        threads_.emplace_back([this, hash_megabytes] { work(hash_megabytes); });
}

EnginePool::~EnginePool() { stop(); }

void EnginePool::submit(const std::string& client, Job job) {
    {
        std::lock_guard lock(mutex_);
        if (stop_) return;
        auto& queue = queues_[client];
        if (queue.empty()) turn_.push_back(client);
        queue.push_back(std::move(job));
    }
    wake_.notify_one();
}

void EnginePool::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stop_.exchange(true)) return;
        queues_.clear();
        turn_.clear();
    }
    wake_.notify_all();
    for (auto& thread : threads_)
        if (thread.joinable()) thread.join();
}

std::size_t EnginePool::queued() {
    std::lock_guard lock(mutex_);
    std::size_t count = 0;
    for (const auto& [client, queue] : queues_) count += queue.size();
    return count;
}

// The next client in turn gives its oldest job and goes to the back of the line.
bool EnginePool::next_job(Job& job) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return stop_ || !turn_.empty(); });
    if (stop_) return false;
    const std::string client = turn_.front();
    turn_.pop_front();
    auto it = queues_.find(client);
    job = std::move(it->second.front());
    it->second.pop_front();
    if (it->second.empty())
        queues_.erase(it);
    else
        turn_.push_back(client);
    return true;
}

void EnginePool::work(int hash_megabytes) {
    engine::Searcher searcher;
    searcher.set_hash_megabytes(std::size_t(hash_megabytes));
    // The evaluation a UCI session starts with: the built-in net unless there is none.
    if (engine::kUseNnueByDefault) searcher.set_network(engine::nnue::embedded());
    Job job;
    while (next_job(job)) {
        job(searcher, stop_);
        job = nullptr;
    }
}

}  // namespace chess960::server
