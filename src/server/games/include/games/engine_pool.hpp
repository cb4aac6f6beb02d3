// The engine's threads for the server's engine games and analyses. The pool is bounded (a fixed
// number of searching threads) and shares them fairly among the clients that are waiting:
//
// - Each client's jobs wait in that client's own queue; a free thread takes the next job of the
//   waiting client that has used the engine least lately (its engine time, halved every
//   `half_life`), so a client that arrives while others keep every thread busy is served next,
//   however many they are.
// - A running search that has had its `quantum` is told to stop (it answers with the best move
//   of the iterations it finished) as soon as a client that has used the engine less than its own
//   client is waiting: under load searches get shorter instead of replies later, and the wait of
//   a light client is bounded by the quantum, not by the number of busy clients.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "chess960/clock.hpp"
#include "engine/search.hpp"

namespace chess960::server {

struct EnginePoolOptions {
    int threads = 1;
    int hash_megabytes = 16;
    Millis quantum = 500;       // a search's time before it may be stopped for another client
    Millis half_life = 60'000;  // how fast a client's past use of the engine is forgotten
};

class EnginePool {
  public:
    // A job runs on one of the pool's threads with that thread's searcher; its search polls
    // `stop`, which turns true when the pool shuts down (stopping() tells) or when the job has
    // had its quantum and a lighter client waits (the search's best move so far stands).
    using Job = std::function<void(engine::Searcher& searcher, std::atomic<bool>& stop)>;

    explicit EnginePool(EnginePoolOptions options);
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    // What stands in for a queued job that is taken off its queue (take_newest): it answers the
    // job's requester that the engine had no room for it.
    using Dropped = std::function<void()>;

    void submit(const std::string& client, Job job, Dropped dropped = {});
    // Takes the newest queued (not running) job of `client` off its queue and returns its
    // `dropped`, for the caller to call once it holds no lock; nullopt if none is queued.
    std::optional<Dropped> take_newest(const std::string& client);
    // Ends the searches under way and joins the threads; queued jobs are dropped.
    void stop();
    bool stopping() const { return stop_; }
    std::size_t queued();

  private:
    struct Queued {
        Job job;
        Dropped dropped;
    };
    struct Client {
        std::deque<Queued> queue;
        double used_ms = 0;  // engine time, decayed to `used_at`
        Millis used_at = 0;
        std::uint64_t waiting_since = 0;  // submission order of its oldest queued job
        int running = 0;
    };
    // What one thread is searching, for the preemption.
    struct Running {
        std::string client;  // empty: idle
        Millis started = 0;
        std::atomic<bool> stop{false};
    };

    void work(Running& running);
    bool next_job(Running& running, Job& job);
    void watch();
    double used(const Client& client, Millis now) const;
    // The queued client to serve next (least used, then longest waiting); nullptr if none.
    Client* next_client(std::string& name, Millis now);

    EnginePoolOptions options_;
    std::mutex mutex_;
    std::condition_variable wake_;        // workers: a job is queued, or the pool stops
    std::condition_variable watch_wake_;  // the watcher: a job is queued, or the pool stops
    std::unordered_map<std::string, Client> clients_;
    std::size_t queued_ = 0;
    std::uint64_t submissions_ = 0;
    std::atomic<bool> stop_{false};
    std::vector<std::unique_ptr<Running>> running_;
    std::vector<std::thread> threads_;
    std::thread watcher_;
};

}  // namespace chess960::server
