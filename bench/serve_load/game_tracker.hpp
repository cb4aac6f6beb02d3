// One game in play as the load generator sees it: the position (kept with the rules library,
// so every move the server reports is checked against the legal moves), the move in flight,
// and when each recent move was acknowledged, so that a watcher's event can be timed against
// the acknowledgement (same process, same clock).
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/position.hpp"
#include "latency.hpp"
#include "live_message.hpp"

namespace serve_load {

// Every move acknowledged in one game, for the crash check.
struct GameRecord {
    std::string id;
    std::vector<std::string> acked;  // by ply - 1; empty where no acknowledgement was seen
    std::size_t acked_count = 0;
};

class GameTracker {
  public:
    GameTracker(std::string id, chess960::Position start, int ply, GameRecord* record = nullptr);

    const std::string& id() const { return id_; }
    int ply() const { return ply_; }
    Side side_to_move() const;
    const chess960::Position& position() const { return position_; }
    // The legal moves of the position, generated once per position: the same list checks the
    // server's `legal` and gives the next move to send.
    const chess960::MoveList& legal_moves();
    bool over() const { return over_; }
    void set_over() { over_ = true; }

    // --- The moves in flight, one per seat ---
    // A seat's move stays in flight until its acknowledgement reaches that seat, which may be
    // after the opponent has seen the move (on its own connection) and answered it: so each
    // seat has its own.
    bool has_pending(Side seat) const { return pending_[index(seat)].active; }
    std::int64_t pending_id(Side seat) const { return pending_[index(seat)].id; }
    // Chooses a random legal move of the side to move, remembers it as that seat's move in
    // flight (sent at `sent`, request id `id`, due by the pacing schedule at `due`) and returns
    // its UCI text (Chess960 castling). Empty when there is no legal move (then the server
    // should have ended the game).
    std::string_view choose_move(std::mt19937_64& random, std::int64_t id, Clock::time_point sent,
                                 Clock::time_point due);
    std::string_view choose_move(std::mt19937_64& random, std::int64_t id, Clock::time_point sent) {
        return choose_move(random, id, sent, sent);
    }
    // When the move in flight of `seat` was due (its send time if unpaced).
    Clock::time_point pending_due(Side seat) const { return pending_[index(seat)].due; }
    void clear_pending(Side seat) { pending_[index(seat)].active = false; }

    // --- Moves the server reports ---
    enum class Applied { New, Known, Wrong };
    // A move at `ply` (1-based) in UCI: played on the position if it is the next one, Known if
    // it was already, Wrong if it skips a ply or is not legal here.
    Applied apply(int ply, std::string_view uci);
    // Resets the position from a GameView/GameState (after a resync or a missed message).
    bool reset(std::string_view fen, int ply);

    // The move in flight of `seat` was acknowledged at `now` (at ply `ply`): the time it took, and
    // watchers that saw the move before the acknowledgement arrived are timed at 0 into
    // `watcher_latency`. Records the ply as acknowledged.
    Clock::duration acknowledge(Side seat, int ply, std::string_view uci, Clock::time_point now,
                                LatencyLog* watcher_latency, std::uint64_t* early_watchers,
                                LatencyLog* from_send = nullptr);
    // A watcher received the event of the move at `ply` at `now`: the time since its
    // acknowledgement, into `watcher_latency` (if the acknowledgement is not in yet, the
    // watcher is counted and timed when it comes). A move acknowledged before the watcher's
    // stream opened at `opened` (a watcher that reconnected, catching up) is not timed: false.
    // `from_send` (if given) gets the same watchers timed from the mover's sending of the move
    // instead, early ones included.
    bool watcher_saw(int ply, Clock::time_point now, LatencyLog* watcher_latency,
                     Clock::time_point opened = {}, LatencyLog* from_send = nullptr);

  private:
    static constexpr std::size_t kRecent = 16;
    struct RecentAck {
        int ply = -1;
        Clock::time_point at{};
        int early_watchers = 0;  // for ply == early_ply
        int early_ply = -1;
        Clock::time_point sent{};                 // when the mover sent it
        std::vector<Clock::time_point> early_at;  // when the early watchers saw it
    };

    std::string id_;
    chess960::Position position_;
    int ply_ = 0;
    bool over_ = false;
    GameRecord* record_ = nullptr;

    struct Pending {
        bool active = false;
        std::int64_t id = -1;
        int ply = 0;
        Clock::time_point sent{};
        Clock::time_point due{};
        std::string uci;
        chess960::Move move{};
    };
    static std::size_t index(Side seat) { return seat == Side::White ? 0 : 1; }
    std::array<Pending, 2> pending_{};

    chess960::MoveList legal_;
    bool legal_known_ = false;  // legal_ is the list of position_

    std::array<RecentAck, kRecent> recent_{};
};

}  // namespace serve_load
