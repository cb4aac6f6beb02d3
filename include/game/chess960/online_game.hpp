/// @file
/// The rules of a game played online between two seats: whose turn it is, the clock and flag
/// fall (Laws 6), draw offers (Laws 9.1), claims (9.2, 9.3), resignation (5.1.2), and aborting
/// a game before both sides have moved. A server keeps who holds which seat; this type keeps
/// everything else and is tested without a socket. Every action takes the acting seat and the
/// time; it first applies what the clock says at that time (a fallen flag ends the game before
/// the action is looked at).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/clock.hpp"
#include "chess960/error.hpp"
#include "chess960/game.hpp"

namespace chess960 {

/// Where an online game stands.
enum class GameStatus {
    Active,
    Over,     ///< outcome() says how
    Aborted,  ///< ended before both sides had moved; no result
};

/// Each side's time left right after a ply, as saved with it: where a takeback puts the clock.
struct TimesAfter {
    Millis white = 0;  ///< White's time left
    Millis black = 0;  ///< Black's time left
};

/// The site's rules beyond the Laws.
struct OnlineRules {
    /// A timed game whose next first move (White's, then Black's) is not made within this time
    /// of the game's creation (resp. White's first move) is aborted, as on lichess. 0: never.
    Millis abort_after = 60'000;
    /// The same for an untimed game (a friend who never comes to the board). 0: never.
    Millis untimed_abort_after = 0;
    /// An event's game (Laws 6.7.1: the default time): a player whose first move is not made
    /// within this time (of the game's creation, resp. White's first move) loses the game,
    /// which no seat may abort: an arbiter scores a no-show, nobody cancels the game. 0: not an
    /// event's game (the abort rules above apply).
    Millis no_show_after = 0;
};

/// A game between two seats played online: the Game, its clock (Laws 6), draw offers (Laws 9.1),
/// claims (Laws 9.2, 9.3), resignation (Laws 5.1.2) and aborting before both sides have moved.
class OnlineGame {
  public:
    /// A game from `start`, timed under `control` (or untimed), created at `created_at`.
    OnlineGame(Position start, std::optional<TimeControl> control, Millis created_at,
               OnlineRules rules = {});

    // --- Restoring a stored game (no clock effects, no checks of turn or time) ---
    /// Replays a stored move in UCI text (Chess960 king-takes-rook castling).
    Result<void> replay(std::string_view uci);
    /// The times of the last two plies matter for the abort rule; replay sets them to the
    /// creation time unless given here.
    void restore_first_move_time(Millis white_first_move_at);
    /// Puts back the clock as it was saved.
    void restore_clock(const Clock& clock);
    /// Puts back a standing draw offer by `by` (or none).
    void restore_draw_offer(std::optional<Color> by);
    /// An ending that is not in the moves: resignation, agreement, a claim, time.
    void restore_outcome(Outcome declared);
    /// Marks the stored game as aborted.
    void restore_aborted();
    /// Puts back a standing takeback request by `by` (or none).
    void restore_takeback_request(std::optional<Color> by);
    /// The times saved with replayed ply `ply` (1-based), for a later takeback to it.
    void restore_times_after(int ply, TimesAfter times);

    // --- State ---
    /// The game record: start position, moves, positions.
    const Game& game() const { return game_; }
    /// The position now.
    const Position& position() const { return game_.position(); }
    /// Whose turn it is.
    Color side_to_move() const { return game_.position().side_to_move(); }
    /// How many plies have been played.
    int ply() const { return game_.ply_count(); }
    /// The clock of a timed game; none for an untimed one.
    const std::optional<Clock>& clock() const { return clock_; }
    /// The side whose draw offer stands, if any (Laws 9.1.2).
    std::optional<Color> draw_offer() const { return draw_offer_; }
    /// The side whose takeback request stands, if any.
    std::optional<Color> takeback_request() const { return takeback_request_; }
    /// How many plies accepting the standing takeback request takes back: 1 when the requester's
    /// opponent is to move (the requester's last move), 2 when the requester is (the opponent's
    /// reply too, so that the requester moves again); 0 when no request stands.
    int takeback_plies() const;
    /// Active, over (outcome() says how) or aborted.
    GameStatus status() const;
    /// Whether moves and actions are still possible.
    bool is_active() const { return status() == GameStatus::Active; }
    /// The outcome under the Laws; Ongoing while active and for an aborted game.
    Outcome outcome() const;
    /// When the game was created.
    Millis created_at() const { return created_at_; }
    /// While the abort rule or the no-show rule applies (fewer than two plies, active, and the
    /// rules give a time for this game): when it fires.
    std::optional<Millis> abort_deadline() const;
    /// The earliest time at which tick() would end the game (flag fall or abort), if any.
    std::optional<Millis> next_deadline() const;

    // --- Actions by a seat at `now` ---
    /// Errors: GameOver (ended, also by the flag at `now`), NotYourTurn, IllegalMove.
    Result<void> play(Color seat, Move move, Millis now);
    /// `seat` resigns (Laws 5.1.2). Errors: GameOver.
    Result<void> resign(Color seat, Millis now);
    /// Offers a draw; offering while the opponent's offer stands accepts it (Laws 9.1.2).
    /// An offer stands until accepted, declined, or the opponent moves.
    Result<void> offer_draw(Color seat, Millis now);
    /// Errors: GameOver, NoDrawOffer (none from the opponent).
    Result<void> accept_draw(Color seat, Millis now);
    /// `seat` declines the opponent's standing offer. Errors: GameOver, NoDrawOffer.
    Result<void> decline_draw(Color seat, Millis now);
    /// The player to move claims threefold repetition or the 50-move rule (Laws 9.2, 9.3).
    /// Errors: GameOver, NotYourTurn, NoDrawToClaim.
    Result<void> claim_draw(Color seat, Millis now);
    /// Either seat may abort before both sides have made their first move, but for an event's
    /// game (OnlineRules::no_show_after). Errors: GameOver, CannotAbort.
    Result<void> abort(Color seat, Millis now);
    /// The arbiter ends the game with `result` (Laws 12.2; Termination::ArbiterDecision); with
    /// GameResult::Ongoing, a result for neither side (a double forfeit), the game ends as
    /// aborted: it gives no result of its own. Errors: GameOver.
    Result<void> end_by_arbiter(GameResult result, Millis now);
    /// Asks the opponent to take back `seat`'s last move (not a rule of the Laws: players agree
    /// on it, as on lichess). The request stands until answered, withdrawn, or a move is made.
    /// Errors: GameOver, NoTakeback (`seat` has made no move), TakebackPending (one stands).
    Result<void> request_takeback(Color seat, Millis now);
    /// The opponent of the requester takes back takeback_plies() plies: the position, the
    /// draw offer (none) and the clock are as they were right after the ply that becomes the
    /// last (its saved times; the running side's turn starts at `now`).
    /// Errors: GameOver, NoTakeback (no request from the opponent).
    Result<void> accept_takeback(Color seat, Millis now);
    /// The opponent declines the standing request, or its requester withdraws it.
    /// Errors: GameOver, NoTakeback (no request stands).
    Result<void> decline_takeback(Color seat, Millis now);
    /// Applies flag fall, the abort rule and the no-show rule at `now`; true if that ended the
    /// game.
    bool tick(Millis now);

  private:
    Result<void> require_active(Millis now);

    Game game_;
    // game_.outcome(), kept with every change of game_: it generates the legal moves, and the
    // server asks for it several times a move and for every game in play ten times a second.
    Outcome outcome_;
    std::optional<Clock> clock_;
    std::optional<Color> draw_offer_;
    std::optional<Color> takeback_request_;
    // The times saved after each ply (index ply - 1), where a takeback puts the clock back;
    // none for a replayed ply whose times were not stored.
    std::vector<std::optional<TimesAfter>> times_after_;
    bool aborted_ = false;
    Millis created_at_ = 0;
    Millis white_first_move_at_ = 0;
    // When the abort rule's wait for the next first move started (the creation, White's first
    // move, or a takeback to before them).
    Millis first_moves_from_ = 0;
    OnlineRules rules_;
};

/// The game's state as a sentence for people: "White to move", "Black wins by checkmate",
/// "White resigned; Black wins", "Draw by agreement", "Game aborted", ...
std::string describe(const OnlineGame& game);

}  // namespace chess960
