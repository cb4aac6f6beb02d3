#include "crowd.hpp"

#include <unistd.h>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/this_coro.hpp>
#include <cstdio>

#include <atomic>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"
#include "game_tracker.hpp"
#include "live_message.hpp"
#include "machine.hpp"

namespace serve_load {

namespace {

using namespace std::chrono_literals;

constexpr auto kRequestTimeout = std::chrono::milliseconds(10'000);
const std::string kStartpos = "GET /api/startpos/random";
const std::string kGame = "GET /api/games/{id}";
const std::string kMove = "POST /api/games/{id}/moves";
const std::string kCreate = "POST /api/games";

class CrowdRun;

// One of the crowd's games: watched by a hundred live connections, maybe moved in by a worker.
struct CrowdGame : WatchHooks {
    CrowdGame(CrowdRun& owner, CreatedGame created, chess960::Position start)
        : run(owner),
          tracker(created.id, start, 0),
          white_token(std::move(created.white_token)),
          black_token(std::move(created.black_token)) {}
    void on_move(int ply, bool active, Clock::time_point at, Clock::time_point opened) override;
    bool closing() const override;
    void on_ended() override;

    CrowdRun& run;
    GameTracker tracker;
    std::string white_token, black_token;
};

class CrowdRun {
  public:
    CrowdRun(const Target& target, const CrowdOptions& options, ServerProcess& server,
             CrowdResult& result, asio::any_io_executor executor)
        : target_(target),
          options_(options),
          server_(server),
          result_(result),
          executor_(executor),
          random_(options.seed) {}

    asio::awaitable<void> run();

    bool closing() const { return closing_; }
    int sessions() const { return sessions_; }
    void session_ended() { --sessions_; }
    // From a watcher (the main thread); the game's tracker is shared with the request workers.
    void saw_move(GameTracker& tracker, int ply, Clock::time_point at) {
        std::lock_guard lock(shared_);
        tracker.watcher_saw(ply, at, requests_window(at) ? &fanout_ : nullptr);
    }

  private:
    asio::awaitable<std::shared_ptr<CrowdGame>> create(HttpConnection& connection,
                                                       RequestStats* stats);
    asio::awaitable<void> live(int index);
    asio::awaitable<void> slow(int index);
    asio::awaitable<void> worker(int index);
    // One request of `kind` on `connection`; true if answered as expected.
    asio::awaitable<bool> request(HttpConnection& connection, const std::string& kind,
                                  std::shared_ptr<CrowdGame>& moving, Clock::time_point due);
    bool requests_window(Clock::time_point t) const {
        return t >= requests_begin_ && t < requests_end_;
    }
    void problem(const std::string& what) {
        std::lock_guard lock(problem_mutex_);
        if (result_.first_problem.empty()) result_.first_problem = what;
    }

    const Target& target_;
    const CrowdOptions& options_;
    ServerProcess& server_;
    CrowdResult& result_;
    asio::any_io_executor executor_;
    std::mt19937_64 random_;
    std::vector<std::shared_ptr<CrowdGame>> games_;
    ConnectionSet connections_;
    // The request workers run on a thread of their own (requests_), so that the time of an
    // answer is not the time this thread takes to read the watchers' events queued before it
    // (a move's 100 events, in a single-threaded generator, came before its answer and the
    // next request's); what both touch is below, guarded by shared_.
    asio::io_context requests_{1};
    std::mutex shared_;  // the games' trackers, fanout_, result_.moves and fanout_early
    std::mutex problem_mutex_;
    ConnectionSet worker_connections_;
    std::atomic<int> sessions_ = 0;
    std::atomic<int> workers_running_ = 0;
    std::atomic<bool> closing_ = false;
    bool stop_slow_ = false;
    Clock::time_point requests_begin_ = Clock::time_point::max();
    Clock::time_point requests_end_ = Clock::time_point::max();
    LatencyLog fanout_;
    LatencyLog all_;
};

void CrowdGame::on_move(int ply, bool active, Clock::time_point at, Clock::time_point opened) {
    (void)opened;
    (void)active;
    run.saw_move(tracker, ply, at);
}
bool CrowdGame::closing() const { return run.closing(); }
void CrowdGame::on_ended() { run.session_ended(); }

asio::awaitable<std::shared_ptr<CrowdGame>> CrowdRun::create(HttpConnection& connection,
                                                             RequestStats* stats) {
    // Untimed: idle games must not be aborted for want of a first move.
    HttpResponse response = co_await connection.request(
        http::verb::post, "/api/games", R"({"opponent":"friend"})", {}, kRequestTimeout);
    if (stats) ++stats->sent;
    std::string why;
    std::optional<CreatedGame> created;
    if (!response.ec && response.status == 201) created = parse_created_game(response.body, &why);
    if (!created) {
        const std::string failure = response.ec              ? describe(response.ec)
                                    : response.status != 201 ? std::to_string(response.status) +
                                                                   " " + response.body.substr(0, 80)
                                                             : "malformed answer: " + why;
        if (stats) ++stats->failures[failure];
        problem("creating a game: " + failure);
        co_return nullptr;
    }
    auto start = chess960::position_from_fen(created->fen);
    if (!start) {
        problem("a created game's fen does not parse: " + created->fen);
        co_return nullptr;
    }
    if (stats) ++stats->ok;
    co_return std::make_shared<CrowdGame>(*this, std::move(*created), *start);
}

asio::awaitable<void> CrowdRun::live(int index) {
    const auto& game = games_[std::size_t(index) % games_.size()];
    const WatchKind kind = index % 2 == 0 ? WatchKind::Events : WatchKind::WebSocket;
    co_await watch_game(kind, game->tracker.id(), source_address(index % options_.addresses),
                        target_, connections_, game, result_.watchers);
}

asio::awaitable<void> CrowdRun::slow(int index) {
    co_await slow_header_client(source_address(index % options_.addresses), target_, connections_,
                                stop_slow_, result_.slow, options_.slow_interval);
    --sessions_;
}

asio::awaitable<bool> CrowdRun::request(HttpConnection& connection, const std::string& kind,
                                        std::shared_ptr<CrowdGame>& moving, Clock::time_point due) {
    RequestStats& stats = result_.requests[kind];
    const Clock::time_point sent = Clock::now();
    HttpResponse response;
    int expected = 200;
    if (kind == kStartpos) {
        response = co_await connection.request(http::verb::get, "/api/startpos/random", {}, {},
                                               kRequestTimeout);
    } else if (kind == kGame) {
        const auto& game = games_[random_() % games_.size()];
        response = co_await connection.request(http::verb::get, "/api/games/" + game->tracker.id(),
                                               {}, {}, kRequestTimeout);
    } else {
        GameTracker& tracker = moving->tracker;
        std::unique_lock lock(shared_);
        const int ply = tracker.ply();
        const Side side = tracker.side_to_move();
        const bool white = side == Side::White;
        const std::string uci(tracker.choose_move(random_, 0, sent));
        lock.unlock();
        if (uci.empty()) {
            problem("game " + tracker.id() + " is active with no legal move");
            moving = nullptr;
            co_return false;
        }
        const std::string body = R"({"move":")" + uci + R"(","ply":)" + std::to_string(ply) + "}";
        response = co_await connection.request(
            http::verb::post, "/api/games/" + tracker.id() + "/moves", body,
            white ? moving->white_token : moving->black_token, kRequestTimeout);
        const Clock::time_point answered = Clock::now();
        LiveMessage m;
        std::string why;
        lock.lock();
        if (!response.ec && response.status == 200) {
            if (parse_move_update(response.body, m, &why) &&
                tracker.apply(m.move_ply, m.move_uci) == GameTracker::Applied::New) {
                const bool counted = requests_window(answered);
                tracker.acknowledge(side, m.move_ply, m.move_uci, answered,
                                    counted ? &fanout_ : nullptr,
                                    counted ? &result_.fanout_early : nullptr);
                ++result_.moves;
                lock.unlock();
                if (!m.active) {
                    // The game ended: go on in a new one (no watchers there).
                    auto fresh = co_await create(connection, &result_.requests[kCreate]);
                    if (fresh) moving = fresh;
                }
            } else {
                problem("a move answer that is not the move: " + why + " " +
                        response.body.substr(0, 200));
                response.status = -1;
            }
        } else {
            tracker.clear_pending(side);
        }
    }
    const Clock::time_point done = Clock::now();
    ++stats.sent;
    ++result_.sent;
    if (!response.ec && response.status == expected) {
        ++stats.ok;
        ++result_.ok;
    } else {
        const std::string failure = response.ec             ? describe(response.ec)
                                    : response.status == -1 ? "malformed answer"
                                                            : std::to_string(response.status) +
                                                                  " " + response.body.substr(0, 80);
        ++stats.failures[failure];
    }
    stats.latency.add(done - due);
    stats.service.add(done - sent);
    all_.add(done - due);
    co_return !response.ec && response.status == expected;
}

asio::awaitable<void> CrowdRun::worker(int index) {
    HttpConnection connection(requests_.get_executor(), source_address(index % options_.addresses),
                              target_);
    Registered registered(worker_connections_, &connection);
    std::shared_ptr<CrowdGame> moving;
    if (index < options_.moving_games && std::size_t(index) < games_.size())
        moving = games_[std::size_t(index)];
    // Each worker sends every workers/rate seconds, the workers staggered evenly: together a
    // steady rate. A request is timed from when it was due, so a late answer that delays the
    // next request counts against the next one too (no coordinated omission).
    const auto interval = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(double(options_.workers) / options_.rate));
    const auto offset = interval * index / options_.workers;
    // Of every five requests: two random start positions, two game views, one move (a game
    // view for workers without a game to move in).
    static const std::string* const kCycle[5] = {&kStartpos, &kGame, &kStartpos, &kGame, &kMove};
    for (long k = 0;; ++k) {
        const Clock::time_point due = requests_begin_ + offset + interval * k;
        if (due >= requests_end_ || closing_) break;
        if (Clock::now() < due) co_await sleep_for(due - Clock::now());
        const std::string* kind = kCycle[k % 5];
        if (kind == &kMove && !moving) kind = &kGame;
        co_await request(connection, *kind, moving, due);
    }
    --workers_running_;
    --sessions_;
}

asio::awaitable<void> CrowdRun::run() {
    // The games.
    {
        HttpConnection connection(executor_, source_address(0), target_);
        for (int i = 0; i < options_.games; ++i) {
            auto game = co_await create(connection, nullptr);
            if (!game) co_return;
            games_.push_back(std::move(game));
        }
        connection.close();
    }
    co_await sleep_for(1s);
    result_.rss_before_kib = server_.rss_kib();

    // The live connections, a few hundred being opened at a time.
    const auto open_begin = Clock::now();
    auto settled = [&] { return result_.watchers.opened + result_.watchers.open_failed; };
    for (int i = 0; i < options_.live; ++i) {
        while (std::uint64_t(i) >= settled() + std::uint64_t(options_.open_concurrency))
            co_await sleep_for(1ms);
        ++sessions_;
        asio::co_spawn(executor_, live(i), ReportException{"a live connection"});
    }
    const auto open_deadline = Clock::now() + 120s;
    while (settled() < std::uint64_t(options_.live) && Clock::now() < open_deadline)
        co_await sleep_for(5ms);
    result_.open_seconds = std::chrono::duration<double>(Clock::now() - open_begin).count();
    result_.live_opened = result_.watchers.opened;
    co_await sleep_for(1s);
    result_.rss_live_kib = server_.rss_kib();

    // The slow-header connections.
    for (int i = 0; i < options_.slow; ++i) {
        ++sessions_;
        asio::co_spawn(executor_, slow(options_.live + i), ReportException{"a slow-header client"});
        if (i % 100 == 99) co_await sleep_for(10ms);
    }
    const auto slow_deadline = Clock::now() + 10s;
    while (result_.slow.open_now < options_.slow && Clock::now() < slow_deadline)
        co_await sleep_for(5ms);
    co_await sleep_for(2s);
    result_.rss_all_kib = server_.rss_kib();
    result_.server_threads = server_.threads();

    // The ordinary requests, at a steady rate.
    const CpuSample cpu_before = sample_cpu();
    const ProcessSnapshot processes_before = snapshot_processes();
    const double server_before = server_.cpu_seconds();
    const double server_wait_before = runqueue_wait_seconds(server_.pid());
    const double self_wait_before = runqueue_wait_seconds(::getpid());
    requests_begin_ = Clock::now() + 10ms;
    requests_end_ = requests_begin_ + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(options_.seconds));
    for (int w = 0; w < options_.workers; ++w) {
        ++sessions_;
        ++workers_running_;
        asio::co_spawn(requests_, worker(w), ReportException{"a request worker"});
    }
    std::thread requests_thread([this] { requests_.run(); });
    result_.rss_max_kib = server_.rss_kib();
    result_.slow_open_min = result_.slow.open_now;
    result_.slow_open_max = result_.slow.open_now;
    while (Clock::now() < requests_end_) {
        co_await sleep_for(std::min<Clock::duration>(100ms, requests_end_ - Clock::now()));
        result_.rss_max_kib = std::max(result_.rss_max_kib, server_.rss_kib());
        result_.slow_open_min = std::min(result_.slow_open_min, result_.slow.open_now);
        result_.slow_open_max = std::max(result_.slow_open_max, result_.slow.open_now);
    }
    // The last answers.
    const auto answers_deadline = Clock::now() + 15s;
    while (workers_running_ > 0 && Clock::now() < answers_deadline) co_await sleep_for(5ms);
    // Workers still waiting for an answer are closed on their own thread, which then ends.
    asio::post(requests_, [this] { worker_connections_.close_all(); });
    requests_thread.join();
    const CpuSample cpu_after = sample_cpu();
    result_.cpu.wall = std::chrono::duration<double>(Clock::now() - requests_begin_).count();
    result_.cpu.server = server_.cpu_seconds() - server_before;
    result_.cpu.server_waiting = runqueue_wait_seconds(server_.pid()) - server_wait_before;
    result_.cpu.generator = cpu_after.self - cpu_before.self;
    result_.cpu.machine = cpu_after.machine_busy - cpu_before.machine_busy;
    result_.cpu.generator_waiting = runqueue_wait_seconds(::getpid()) - self_wait_before;
    result_.cpu.others_busiest =
        busiest_between(processes_before, snapshot_processes(), 5, {server_.pid(), ::getpid()});
    result_.requests_seconds = options_.seconds;
    result_.rss_end_kib = server_.rss_kib();
    result_.live_open_at_end = result_.watchers.opened - result_.watchers.dropped;

    // Close everything and wait for every coroutine to end (they point into this run).
    closing_ = true;
    stop_slow_ = true;
    connections_.close_all();
    const auto close_deadline = Clock::now() + 60s;
    while (sessions_ > 0 && Clock::now() < close_deadline) {
        co_await sleep_for(10ms);
        connections_.close_all();
    }

    for (auto& [kind, stats] : result_.requests) {
        result_.summaries[kind] = stats.latency.summary();
        result_.service_summaries[kind] = stats.service.summary();
    }
    result_.all = all_.summary();
    result_.fanout = fanout_.summary();
    result_.slow_drop = result_.slow.time_to_drop.summary();
}

}  // namespace

asio::awaitable<void> run_crowd(const Target& target, const CrowdOptions& options,
                                ServerProcess& server, CrowdResult& result) {
    result.options = options;
    auto executor = co_await asio::this_coro::executor;
    auto run = std::make_unique<CrowdRun>(target, options, server, result, executor);
    co_await run->run();
    if (run->sessions() > 0) {
        // Coroutines that did not end still point into the run: keep it rather than crash.
        std::fprintf(stderr, "serve_load: %d connections did not close within a minute\n",
                     run->sessions());
        (void)run.release();
    }
}

}  // namespace serve_load
