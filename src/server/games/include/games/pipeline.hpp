// The move pipeline: a change a game has just made in memory (a move, an offer, its end) is
// committed to the store with the others (group commit, StoreWriter), and once it is stored the
// one who made it gets the answer and the game's watchers its update, in the order the changes
// were made. A change the store refuses is undone by reading the game back as stored.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/api_error.hpp"
#include "common/completion.hpp"
#include "games/audience.hpp"
#include "games/live_game.hpp"
#include "games/registry.hpp"
#include "store/store.hpp"
#include "store/writer.hpp"

namespace chess960::server {

// What a change answers once it is stored: the update its watchers get (a WebSocket's
// acknowledgement and a move's HTTP answer carry it), and, when asked for, the whole game for
// the seat that made it (an HTTP game action's answer).
struct Answer {
    std::shared_ptr<const GameUpdate> update;
    std::optional<GameView> view;
};
// Called once with the answer, or the ApiError why the change was not saved, on the store
// writer's thread (it must not block).
using Reply = Later<Answer>;

class MovePipeline {
  public:
    MovePipeline(Store& store, GameRegistry& registry, std::function<void(const std::string&)> log);

    // Stores the change the game has just made in memory (none: nothing to store, only to
    // publish in order), then answers `reply` with `update` (and `view`) and publishes `update`
    // to the watchers but `except`. On a store failure the game is read back as stored and its
    // watchers are disconnected (they reconnect for the whole game), and `reply` gets 503.
    // `ply`: the ply a `move` update publishes (LiveGame::published_ply), 0 for other updates;
    // with `rewinds`, the ply a `takeback` update goes back to (0 too). The caller holds the
    // game's lock.
    void persist(const std::shared_ptr<LiveGame>& game, std::optional<GameChange> change,
                 std::shared_ptr<const GameUpdate> update, const Watcher* except, Reply reply,
                 std::optional<GameView> view = std::nullopt, int ply = 0, bool rewinds = false);
    // Plays `seat`'s move and persists it; `reply` gets its update. `token`: the move limit's
    // token, taken when the move is stored (Cluster::token_claim). The caller holds the game's
    // lock; an illegal move throws ApiError.
    void commit_move(const std::shared_ptr<LiveGame>& game, Color seat, Move move, Millis now,
                     Reply reply, const Watcher* mover,
                     std::optional<TokenClaim> token = std::nullopt);
    // The game's row as it stands, stored, and its `state` update published.
    void save_state(const std::shared_ptr<LiveGame>& game, Millis now);
    // The `state` update published (after the changes before it), nothing stored: the engine's
    // thinking.
    void publish_state(const std::shared_ptr<LiveGame>& game, Millis now);
    // Flag fall and abort at `now`, saved and published. The caller holds the game's lock.
    void apply_deadlines(const std::shared_ptr<LiveGame>& game, Millis now);
    // Commits everything submitted so far, then stops.
    void stop();

    // With other servers sharing the store (GameSync, set before the games are served): the
    // game read again and its watchers brought up to date, when a change made here was refused
    // because another server stored one first (`tell_state`: the refused change was not
    // published, so its watchers get the `state` as stored even when it looks unchanged here),
    // and once this server's changes are stored after another server's change was heard of. The
    // caller holds the game's lock.
    std::function<void(const std::shared_ptr<LiveGame>& game, bool tell_state)> catch_up;

  private:
    void log(const std::string& line);
    // After a failed write: the game as stored, its watchers disconnected.
    void recover(const std::shared_ptr<LiveGame>& game, const std::string& why);

    GameRegistry& registry_;
    std::function<void(const std::string&)> log_;
    StoreWriter writer_;
};

// A state update of the game as it stands.
std::shared_ptr<const GameUpdate> state_update(const LiveGame& game, Millis now);
// The refusal of a move over the move limit (429).
ApiError too_many_moves(int wait_seconds);

}  // namespace chess960::server
