// The engine's threads for the server's engine games. The pool is bounded (a fixed number of
// searching threads) and fair: each client's jobs wait in that client's own queue and the
// threads serve the clients in turn, so a flood of games from one client cannot delay another
// client's engine move.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "engine/search.hpp"

namespace chess960::server {

class EnginePool {
  public:
    // A job runs on one of the pool's threads with that thread's searcher; `stop` turns true
    // when the pool shuts down (pass it to the search).
    using Job = std::function<void(engine::Searcher& searcher, std::atomic<bool>& stop)>;

    EnginePool(int threads, int hash_megabytes);
    ~EnginePool();
    EnginePool(const EnginePool&) = delete;
    EnginePool& operator=(const EnginePool&) = delete;

    void submit(const std::string& client, Job job);
    // Ends the searches under way and joins the threads; queued jobs are dropped.
    void stop();
    std::size_t queued();

  private:
    void work(int hash_megabytes);
    bool next_job(Job& job);

    std::mutex mutex_;
    std::condition_variable wake_;
    std::unordered_map<std::string, std::deque<Job>> queues_;
    std::list<std::string> turn_;  // clients with queued jobs, in the order they are served
    std::atomic<bool> stop_{false};
    std::vector<std::thread> threads_;
};

}  // namespace chess960::server
