/// @file
/// A chess clock for online play (Laws 6): Fischer increment, times in milliseconds measured
/// against a "now" the caller gives, so that the rules are tested without waiting.
///
/// As on lichess, each side's first move is free: the clock first runs for White after Black's
/// first move. From then on the side to move's time runs, and a move made with one's own clock
/// running earns the increment (Laws 6.3.1 / Fischer mode). A game between engines times every
/// move from the first (Clock::start).
#pragma once

#include <cstdint>
#include <optional>

#include "chess960/types.hpp"

namespace chess960 {

/// A time or a duration in milliseconds.
using Millis = std::int64_t;

/// A time control (Laws 6.3.1), in milliseconds: a time for the game, or for each period of a
/// number of moves, with a Fischer increment per move; or a time for each move.
struct TimeControl {
    Millis initial = 0;    ///< each side's time at the start and for each period; > 0 without
                           ///< `per_move`
    Millis increment = 0;  ///< added after each move made with the clock running, >= 0
    /// Moves per period ("40 moves in 90 minutes"): a side gets `initial` more once it has made
    /// each `moves` moves, the time it saved carried over (Laws 6.3.2); 0: the game is one
    /// period.
    int moves = 0;
    /// > 0: this time for each move instead, the time a move saves not carried over (UCI's
    /// "movetime"); `initial`, `increment` and `moves` are then not used.
    Millis per_move = 0;
};

/// The two players' clocks of a timed game (Laws 6): whose time runs, how much is left, whose
/// flag has fallen.
class Clock {
  public:
    /// A clock before the game: each side has `control.initial` (or `per_move`), nothing runs.
    explicit Clock(TimeControl control);
    /// A clock as it was saved: each side's time at the start of the running turn, the side
    /// whose time runs (none before both first moves and after the game) and since when. For
    /// online play: free first moves, and no count of the moves made (so one period).
    static Clock restore(TimeControl control, Millis white_left, Millis black_left,
                         std::optional<Color> running, Millis turn_started_at);

    /// The time control it was made with.
    const TimeControl& control() const { return control_; }
    /// The side whose time runs, if any.
    std::optional<Color> running() const { return running_; }
    /// When the running side's turn began.
    Millis turn_started_at() const { return turn_started_at_; }
    /// `c`'s time at the start of the running turn (or now, for the side not running).
    Millis stored(Color c) const { return left_[c]; }
    /// `c`'s time left at `now`; never negative.
    Millis remaining(Color c, Millis now) const;

    /// `c`'s moves to the end of its period, the move it is to make included (UCI's
    /// "movestogo"); none when the game is one period or each move has its own time.
    std::optional<int> moves_to_go(Color c) const;

    /// Starts `side_to_move`'s time at `now`, for a game in which no move is free (a match
    /// between engines): from then on every move is timed and earns the increment.
    void start(Color side_to_move, Millis now);
    /// `mover` has completed a move at `now`, and `plies_played` plies are now on the board:
    /// charges the mover's time (plus the increment if its clock was running, plus the next
    /// period's time when the move ends a period; a time per move starts afresh) and starts the
    /// opponent's clock from the second ply on (at once after start()).
    void on_move(Color mover, int plies_played, Millis now);
    /// The side whose time has run out at `now` (Laws 6.9), if any.
    std::optional<Color> flagged(Millis now) const;
    /// When the running side's flag falls, if a clock runs.
    std::optional<Millis> flag_time() const;
    /// Stops the clock at `now` (game over): the running side's time is charged and fixed.
    void stop(Millis now);
    /// After a server restart: the running turn starts again at `now`, so the time the server
    /// was down is charged to nobody.
    void resume(Millis now);

  private:
    TimeControl control_;
    Millis left_[2] = {0, 0};     ///< by Color
    int moves_made_[2] = {0, 0};  ///< by Color, for the periods
    std::optional<Color> running_;
    Millis turn_started_at_ = 0;
    bool every_move_timed_ = false;  ///< start() was called: no free first moves
};

}  // namespace chess960
