// Catching up with the other servers that share the store (Cluster::listen): a game one of
// them changed is read again, and its watchers here get what they have not seen (the moves, a
// takeback, its state) as if the change had been made here. A server alone has nothing to catch
// up with: it hears of no change, and its games are never read again but after a failed write.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "chess960/types.hpp"
#include "games/live_game.hpp"
#include "games/pipeline.hpp"
#include "games/registry.hpp"
#include "games/scheduler.hpp"
#include "store/cluster.hpp"

namespace chess960::server {

class GameSync {
  public:
    // Listens for the other servers' changes; with other servers, the pipeline catches up with
    // a game when another server's change makes it refuse one (MovePipeline::catch_up).
    GameSync(Cluster& cluster, GameRegistry& registry, MovePipeline& pipeline,
             GameScheduler& scheduler, std::function<void(const std::string&)> log);
    ~GameSync();
    GameSync(const GameSync&) = delete;
    GameSync& operator=(const GameSync&) = delete;
    // Stops listening.
    void stop();

    // Whether other servers may have changed `game` without this server having heard yet
    // (LISTEN/NOTIFY takes a moment): a request that does not follow the game here reads it
    // again first. The caller holds the game's lock.
    bool may_be_behind(const LiveGame& game) const;
    // The game read again from the store and its watchers here brought up to date: the moves
    // they have not seen, each as its `move` update, a `takeback` update when the moves they saw
    // were taken back, or the `state` update when only its state changed (with `tell_state`,
    // even when this server's copy showed it already: a refused change here was not
    // published). The caller holds the game's lock.
    void catch_up(const std::shared_ptr<LiveGame>& game, bool tell_state = false);

    // How many first moves two move lists share.
    static int common_plies(const std::vector<Move>& a, const std::vector<Move>& b);

  private:
    // Another server changed game `id` (empty: perhaps any): if it is held here it is read
    // again, once this server's own changes to it are stored.
    void changed_elsewhere(const std::string& id);

    GameRegistry& registry_;
    MovePipeline& pipeline_;
    GameScheduler& scheduler_;
    std::function<void(const std::string&)> log_;
    std::atomic<bool> stopping_{false};
    // Null for a server alone. Last: it calls changed_elsewhere on its thread, so it goes first.
    std::unique_ptr<StoreListener> listener_;
};

// The `takeback` update of a game gone back to `ply`, as it stands now.
std::shared_ptr<const GameUpdate> takeback_update(const LiveGame& game, int ply, Millis now);

}  // namespace chess960::server
