// The rules of a game played online between two seats: whose turn it is, the clock and flag
// fall (Laws 6), draw offers (Laws 9.1), claims (9.2, 9.3), resignation (5.1.2), and aborting
// a game before both sides have moved. A server keeps who holds which seat; this type keeps
// everything else and is tested without a socket. Every action takes the acting seat and the
// time; it first applies what the clock says at that time (a fallen flag ends the game before
// the action is looked at).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "chess960/clock.hpp"
#include "chess960/error.hpp"
#include "chess960/game.hpp"

namespace chess960 {

enum class GameStatus {
    Active,
    Over,     // outcome() says how
    Aborted,  // ended before both sides had moved; no result
};

struct OnlineRules {
    // A timed game whose next first move (White's, then Black's) is not made within this time
    // of the game's creation (resp. White's first move) is aborted, as on lichess. 0: never.
    Millis abort_after = 60'000;
};

class OnlineGame {
  public:
    OnlineGame(Position start, std::optional<TimeControl> control, Millis created_at,
               OnlineRules rules = {});

    // --- Restoring a stored game (no clock effects, no checks of turn or time) ---
    // Replays a stored move in UCI text (Chess960 king-takes-rook castling).
    Result<void> replay(std::string_view uci);
    // The times of the last two plies matter for the abort rule; replay sets them to the
    // creation time unless given here.
    void restore_first_move_time(Millis white_first_move_at);
    void restore_clock(const Clock& clock);
    void restore_draw_offer(std::optional<Color> by);
    // An ending that is not in the moves: resignation, agreement, a claim, time.
    void restore_outcome(Outcome declared);
    void restore_aborted();

    // --- State ---
    const Game& game() const { return game_; }
    const Position& position() const { return game_.position(); }
    Color side_to_move() const { return game_.position().side_to_move(); }
    int ply() const { return game_.ply_count(); }
    const std::optional<Clock>& clock() const { return clock_; }
    std::optional<Color> draw_offer() const { return draw_offer_; }
    GameStatus status() const;
    bool is_active() const { return status() == GameStatus::Active; }
    // The outcome under the Laws; Ongoing while active and for an aborted game.
    Outcome outcome() const;
    Millis created_at() const { return created_at_; }
    // While the abort rule applies (timed, fewer than two plies, active): when it fires.
    std::optional<Millis> abort_deadline() const;
    // The earliest time at which tick() would end the game (flag fall or abort), if any.
    std::optional<Millis> next_deadline() const;

    // --- Actions by a seat at `now` ---
    // Errors: GameOver (ended, also by the flag at `now`), NotYourTurn, IllegalMove.
    Result<void> play(Color seat, Move move, Millis now);
    Result<void> resign(Color seat, Millis now);
    // Offers a draw; offering while the opponent's offer stands accepts it (Laws 9.1.2).
    // An offer stands until accepted, declined, or the opponent moves.
    Result<void> offer_draw(Color seat, Millis now);
    // Errors: GameOver, NoDrawOffer (none from the opponent).
    Result<void> accept_draw(Color seat, Millis now);
    Result<void> decline_draw(Color seat, Millis now);
    // The player to move claims threefold repetition or the 50-move rule (Laws 9.2, 9.3).
    // Errors: GameOver, NotYourTurn, NoDrawToClaim.
    Result<void> claim_draw(Color seat, Millis now);
    // Either seat may abort before both sides have made their first move.
    // Errors: GameOver, CannotAbort.
    Result<void> abort(Color seat, Millis now);
    // Applies flag fall and the abort rule at `now`; true if that ended the game.
    bool tick(Millis now);

  private:
    Result<void> require_active(Millis now);

    Game game_;
    std::optional<Clock> clock_;
    std::optional<Color> draw_offer_;
    bool aborted_ = false;
    Millis created_at_ = 0;
    Millis white_first_move_at_ = 0;
    OnlineRules rules_;
};

// The game's state as a sentence for people: "White to move", "Black wins by checkmate",
// "White resigned; Black wins", "Draw by agreement", "Game aborted", ...
std::string describe(const OnlineGame& game);

}  // namespace chess960
