// A game the server holds in memory: its stored row, the online-game rules (OnlineGame), the
// texts of its moves for whole-game views, the engine's state, and its live audience.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "chess960/online_game.hpp"
#include "games/audience.hpp"
#include "games/snapshot.hpp"
#include "store/store.hpp"

namespace chess960::server {

// "chess960 engine (level 4)", "Player", "White", ...
std::string player_name(const GameRow& row, Color c);

struct LiveGame {
    LiveGame(GameRow stored_row, OnlineGame online)
        : row(std::move(stored_row)), play(std::move(online)) {}

    std::mutex mutex;  // guards everything below but `audience`, which has its own
    GameRow row;       // the game as of its last change in memory (stored soon after: StoreWriter)
    OnlineGame play;
    std::optional<Color> engine_color;
    std::string owner;  // the creator's client address (limits and engine fairness)
    // Each ply's MoveInfo, worked out once per move.
    std::vector<MoveInfo> moves;
    bool thinking = false;
    bool engine_queued = false;
    Millis engine_retry_at = 0;  // a shared store: when to try to claim the engine's move again
    bool counted_as_engine_game = false;  // in the owner's count of engine games in play
    std::optional<int> engine_score;      // the engine's last score from its side (centipawns)
    // Where the game comes from (its name on the page): set when it is made here, else looked up
    // once it is asked for (GameService::find), none until then.
    std::optional<GameOrigin> origin;
    // Changes made in memory so far; each event is the change to one version (Audience).
    std::uint64_t version = 0;
    // The last ply whose `move` event this server's watchers were given (or whose whole game
    // they were sent to fetch again): where a change another server made (GameSync) starts
    // their catching up. Written on the store writer's thread (or at
    // once, under the lock, for an event that stores nothing).
    std::atomic<int> published_ply{0};
    // With other servers: this server's changes not yet stored, and whether another server's
    // change is to be read once they are (GameSync::changed_elsewhere).
    int pending_writes = 0;
    bool catch_up_due = false;
    Audience audience;

    bool engine_to_move() const {
        return play.is_active() && engine_color && *engine_color == play.side_to_move();
    }
    // Copies the online game's state (clock, offer, result, plies) into the row.
    void sync_row(Millis now);
    // Appends the MoveInfo of the last ply to `moves` (worked out from the game).
    void push_move_info();
    std::string player_name(Color c) const { return server::player_name(row, c); }
    // The game as it stands at `now`: its state, or the whole of it for `you` (none: a
    // spectator). The caller holds the mutex.
    GameState state(Millis now) const;
    GameView view(std::optional<Color> you, Millis now) const;
};

// The game's time control as its row keeps it (a time per move, a clock, or none).
std::optional<TimeControl> time_control(const GameRow& row);

// A stored game back in memory under the server's `rules` (its abort time): moves replayed;
// with `resume_clock` the running turn restarts at `now` (a restart: the time the server was
// down is charged to nobody; not for a time per move, correspondence's, which runs on), else it
// runs from the stored clock_at (a game other servers
// sharing the store are playing: every server's clock then falls at the same moment). Throws
// StoreError when the stored game does not replay.
std::shared_ptr<LiveGame> restore_game(StoredGame stored, Millis now, OnlineRules rules,
                                       bool resume_clock);

}  // namespace chess960::server
