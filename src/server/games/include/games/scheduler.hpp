// What happens in a game without a player asking: the engine's moves, searched on the engine
// pool's threads (shared fairly among the clients, engine_pool.hpp), and the clocks' deadlines
// (flag fall, the abort rules), watched by a thread of their own that also retries the engine
// moves another server had claimed. At the stop, each running clock is saved as it stands.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "games/engine_pool.hpp"
#include "games/live_game.hpp"
#include "games/pipeline.hpp"
#include "games/registry.hpp"
#include "store/cluster.hpp"

namespace chess960::server {

class GameScheduler {
  public:
    GameScheduler(GameRegistry& registry, MovePipeline& pipeline, Cluster& cluster,
                  EnginePoolOptions engine, std::function<void(const std::string&)> log);
    ~GameScheduler();
    GameScheduler(const GameScheduler&) = delete;
    GameScheduler& operator=(const GameScheduler&) = delete;

    // Starts the deadline thread.
    void start();
    // Queues the engine's move if the engine is to move and is not queued or searching already.
    // The caller holds the game's lock.
    void schedule_engine(const std::shared_ptr<LiveGame>& game);
    // Ends the searches and the deadline thread, then saves each running clock as it stands
    // with its turn restarted now (a restart restarts the running turn, Clock::resume, so that
    // the downtime is charged to nobody; what the turn had used before the stop must be in the
    // store by then, or it would be given back. After a crash the turn starts over).
    void stop();

  private:
    void log(const std::string& line);
    void engine_turn(const std::shared_ptr<LiveGame>& game, engine::Searcher& searcher,
                     std::atomic<bool>& stop);
    void deadline_loop();
    void save_running_clocks();

    GameRegistry& registry_;
    MovePipeline& pipeline_;
    Cluster& cluster_;
    std::function<void(const std::string&)> log_;
    EnginePool engines_;
    std::mutex deadline_mutex_;
    std::condition_variable deadline_wake_;
    std::atomic<bool> stopping_{false};
    std::thread deadline_thread_;
};

}  // namespace chess960::server
