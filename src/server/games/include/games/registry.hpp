// The games the server holds: every game in play (loaded at the start, added when made), and a
// small cache of the last finished ones asked for; any other game is read from the store when
// asked for, so that start-up time and memory do not grow with the number of finished games.
#pragma once

#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "games/limits.hpp"
#include "games/live_game.hpp"
#include "store/cluster.hpp"
#include "store/store.hpp"

namespace chess960::server {

class GameRegistry {
  public:
    GameRegistry(Store& store, Cluster& cluster, const GameLimits& limits,
                 std::function<void(const std::string&)> log);

    // The games in play in the store, into memory (at the start: each running turn restarts
    // now, so that the time the server was down is charged to nobody). Throws StoreError on a
    // damaged store.
    void load();

    // The game, from memory, the cache or the store; null if there is none. A game in play read
    // from the store (another server's, where servers share it) is held from then on, and
    // `on_loaded` is told of it.
    std::shared_ptr<LiveGame> lookup(std::string_view id);
    // lookup's game; ApiError 404 when there is none.
    std::shared_ptr<LiveGame> find(std::string_view id);
    // The game if it is held (in play or in the cache), without reading the store; else null.
    std::shared_ptr<LiveGame> held(const std::string& id);
    // A game made here, in play.
    void add(const std::shared_ptr<LiveGame>& game);
    // The games in play in memory now.
    std::vector<std::shared_ptr<LiveGame>> in_play();
    // Games held: those in play and the finished ones cached.
    std::size_t size();

    // After a change that may have ended the game: once it is over, it moves to the cache of
    // finished games, the cluster hears the end of a counted engine game, `on_game_over` the
    // end of an event's game and `on_finished` the end of a game in play here. The caller holds
    // the game's lock.
    void settle(const std::shared_ptr<LiveGame>& game);
    // The game read back from the store (after a failed write, or another server's change),
    // its running turn restarted now with `resume_clock` or else as stored. The caller holds
    // the game's lock.
    void reload(LiveGame& game, bool resume_clock);

    // The rules beyond the Laws for a game: an event's board has the no-show rule
    // (GameLimits::no_show_after), another game the abort rules.
    OnlineRules rules_for(const GameRow& row) const;

    // Set before the games are served.
    std::function<void(const std::shared_ptr<LiveGame>&)> on_loaded;
    std::function<void(const std::string& event_id)> on_game_over;
    // Told once of each game in play here that ends (under the game's lock).
    std::function<void(LiveGame&)> on_finished;

  private:
    void log(const std::string& line);

    Store& store_;
    Cluster& cluster_;
    const GameLimits& limits_;
    std::function<void(const std::string&)> log_;
    std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<LiveGame>> games_;  // in play
    std::list<std::shared_ptr<LiveGame>> finished_;                     // most recent first
};

}  // namespace chess960::server
