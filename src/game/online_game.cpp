#include "chess960/online_game.hpp"

#include <algorithm>
#include <string>

#include "chess960/uci_move.hpp"

namespace chess960 {

namespace {

// After the game ends: the clock stops, so that the times stay as they were at the end, and
// no offer or request stands.
void close_if_over(bool active, std::optional<Clock>& clock, std::optional<Color>& draw_offer,
                   std::optional<Color>& takeback_request, Millis now) {
    if (active) return;
    if (clock) clock->stop(now);
    draw_offer.reset();
    takeback_request.reset();
}

}  // namespace

std::string describe(const OnlineGame& game) {
    if (game.status() == GameStatus::Aborted) return "Game aborted";
    const Outcome o = game.outcome();
    // The side to move in the final position: the side whose flag fell, for a time forfeit.
    const Color to_move = game.side_to_move();
    const Color winning = o.result == GameResult::WhiteWins ? White : Black;
    const std::string winner = color_title(winning), loser = color_title(~winning);
    switch (o.termination) {
        case Termination::None:
            return std::string(color_title(to_move)) + " to move";
        case Termination::Checkmate:
            return winner + " wins by checkmate";
        case Termination::Stalemate:
            return "Draw by stalemate";
        case Termination::DeadPosition:
            return "Draw: neither side can checkmate (insufficient material)";
        case Termination::FivefoldRepetition:
            return "Draw: the same position occurred five times";
        case Termination::SeventyFiveMoves:
            return "Draw: 75 moves by each side without a capture or pawn move";
        case Termination::ThreefoldRepetition:
            return "Draw claimed: the same position occurred three times";
        case Termination::FiftyMoves:
            return "Draw claimed: 50 moves by each side without a capture or pawn move";
        case Termination::Resignation:
            return loser + " resigned; " + winner + " wins";
        case Termination::Agreement:
            return "Draw by agreement";
        case Termination::Time:
            return loser + " ran out of time; " + winner + " wins";
        case Termination::TimeInsufficientMaterial:
            return std::string(color_title(to_move)) + " ran out of time, but " +
                   color_title(~to_move) + " cannot checkmate: draw";
        case Termination::NoShow:
            return loser + " made no first move in time; " + winner + " wins by forfeit";
        case Termination::ArbiterDecision:
            return o.result == GameResult::Draw ? "Draw by the arbiter's decision"
                                                : winner + " wins by the arbiter's decision";
    }
    return "";
}

OnlineGame::OnlineGame(Position start, std::optional<TimeControl> control, Millis created_at,
                       OnlineRules rules)
    : game_(start),
      outcome_(game_.outcome()),
      created_at_(created_at),
      white_first_move_at_(created_at),
      first_moves_from_(created_at),
      rules_(rules) {
    if (control) clock_.emplace(*control);
}

// --- Restoring -------------------------------------------------------------------------------

Result<void> OnlineGame::replay(std::string_view uci) {
    auto move = parse_uci(position(), uci, CastlingMode::Chess960);
    if (!move) return std::unexpected(move.error());
    auto played = game_.play(*move);
    outcome_ = game_.outcome();
    if (played) times_after_.resize(std::size_t(ply()));
    return played;
}

void OnlineGame::restore_first_move_time(Millis white_first_move_at) {
    white_first_move_at_ = white_first_move_at;
}

void OnlineGame::restore_clock(const Clock& clock) { clock_ = clock; }

void OnlineGame::restore_draw_offer(std::optional<Color> by) { draw_offer_ = by; }

void OnlineGame::restore_outcome(Outcome declared) {
    game_.set_outcome(declared);
    outcome_ = game_.outcome();
}

void OnlineGame::restore_aborted() { aborted_ = true; }

void OnlineGame::restore_takeback_request(std::optional<Color> by) { takeback_request_ = by; }

void OnlineGame::restore_times_after(int ply_number, TimesAfter times) {
    if (ply_number >= 1 && ply_number <= int(times_after_.size()))
        times_after_[std::size_t(ply_number - 1)] = times;
}

// --- State -----------------------------------------------------------------------------------

GameStatus OnlineGame::status() const {
    if (aborted_) return GameStatus::Aborted;
    return outcome_.is_over() ? GameStatus::Over : GameStatus::Active;
}

Outcome OnlineGame::outcome() const { return aborted_ ? Outcome{} : outcome_; }

std::optional<Millis> OnlineGame::abort_deadline() const {
    const Millis wait = rules_.no_show_after > 0 ? rules_.no_show_after
                        : clock_                 ? rules_.abort_after
                                                 : rules_.untimed_abort_after;
    if (wait <= 0 || !is_active() || ply() >= 2) return std::nullopt;
    // "White's first move" and "Black's first move" are the first two plies: a game set up
    // with Black to move has Black's first move first.
    return (ply() == 0 ? first_moves_from_ : white_first_move_at_) + wait;
}

std::optional<Millis> OnlineGame::next_deadline() const {
    if (!is_active()) return std::nullopt;
    std::optional<Millis> flag = clock_ ? clock_->flag_time() : std::nullopt;
    std::optional<Millis> abort = abort_deadline();
    if (flag && abort) return std::min(*flag, *abort);
    return flag ? flag : abort;
}

// --- Actions ---------------------------------------------------------------------------------

bool OnlineGame::tick(Millis now) {
    if (!is_active()) return false;
    if (clock_) {
        if (auto loser = clock_->flagged(now)) {
            // Laws 6.9: a loss, or a draw when the opponent cannot mate (Game decides).
            game_.flag_fell(*loser);
            outcome_ = game_.outcome();
            close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
            return true;
        }
    }
    if (auto deadline = abort_deadline(); deadline && now >= *deadline) {
        if (rules_.no_show_after > 0) {
            // Laws 6.7.1: the player who did not come (made no first move) loses.
            const Color absent = side_to_move();
            game_.set_outcome(
                Outcome{absent == White ? GameResult::BlackWins : GameResult::WhiteWins,
                        Termination::NoShow});
            outcome_ = game_.outcome();
        } else {
            aborted_ = true;
        }
        close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
        return true;
    }
    return false;
}

Result<void> OnlineGame::require_active(Millis now) {
    tick(now);
    if (aborted_) return make_error(ErrorCode::GameOver, "the game was aborted");
    if (!is_active())
        return make_error(ErrorCode::GameOver, "the game is over: " + describe(*this));
    return {};
}

Result<void> OnlineGame::play(Color seat, Move move, Millis now) {
    if (auto active = require_active(now); !active) return active;
    if (seat != side_to_move()) return make_error(ErrorCode::NotYourTurn, "not your turn");
    if (!position().is_legal(move)) {
        // The words of the UCI reader, which says why where that is cheap to tell.
        const std::string text = to_uci(position(), move, CastlingMode::Chess960);
        auto read = parse_uci(position(), text, CastlingMode::Chess960);
        if (!read && read.error().code == ErrorCode::IllegalMove)
            return std::unexpected(read.error());
        return make_error(ErrorCode::IllegalMove, "illegal move '" + text + "'");
    }
    if (auto played = game_.play(move); !played) return played;
    outcome_ = game_.outcome();
    if (ply() == 1) white_first_move_at_ = now;
    if (clock_) clock_->on_move(seat, ply(), now);
    times_after_.resize(std::size_t(ply()));
    if (clock_) times_after_.back() = TimesAfter{clock_->stored(White), clock_->stored(Black)};
    // A move declines the opponent's standing offer (Laws 9.1.2: an offer stands until then),
    // and any takeback request: it was about the position before this move.
    if (draw_offer_ == ~seat) draw_offer_.reset();
    takeback_request_.reset();
    close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
    return {};
}

Result<void> OnlineGame::resign(Color seat, Millis now) {
    if (auto active = require_active(now); !active) return active;
    game_.resign(seat);
    outcome_ = game_.outcome();
    close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
    return {};
}

Result<void> OnlineGame::end_by_arbiter(GameResult result, Millis now) {
    if (auto active = require_active(now); !active) return active;
    if (result == GameResult::Ongoing)
        aborted_ = true;
    else {
        game_.set_outcome(Outcome{result, Termination::ArbiterDecision});
        outcome_ = game_.outcome();
    }
    close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
    return {};
}

Result<void> OnlineGame::offer_draw(Color seat, Millis now) {
    if (auto active = require_active(now); !active) return active;
    if (draw_offer_ == ~seat) {
        // Both sides have offered: that is agreement (Laws 9.1.2).
        game_.agree_draw();
        outcome_ = game_.outcome();
        close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
        return {};
    }
    draw_offer_ = seat;
    return {};
}

Result<void> OnlineGame::accept_draw(Color seat, Millis now) {
    if (auto active = require_active(now); !active) return active;
    if (draw_offer_ != ~seat)
        return make_error(ErrorCode::NoDrawOffer,
                          "there is no draw offer from your opponent to accept");
    game_.agree_draw();
    outcome_ = game_.outcome();
    close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
    return {};
}

Result<void> OnlineGame::decline_draw(Color seat, Millis now) {
    if (auto active = require_active(now); !active) return active;
    if (draw_offer_ != ~seat)
        return make_error(ErrorCode::NoDrawOffer,
                          "there is no draw offer from your opponent to decline");
    draw_offer_.reset();
    return {};
}

// --- Takebacks (the site's rule, as lichess's: both players agree) ------------------------------

int OnlineGame::takeback_plies() const {
    if (!takeback_request_) return 0;
    return side_to_move() == *takeback_request_ ? 2 : 1;
}

Result<void> OnlineGame::request_takeback(Color seat, Millis now) {
    if (auto active = require_active(now); !active) return active;
    // The requester's last move is the last ply (the opponent to move) or the one before it.
    const int needed = side_to_move() == seat ? 2 : 1;
    if (ply() < needed)
        return make_error(ErrorCode::NoTakeback, "you have made no move to take back");
    if (takeback_request_)
        return make_error(ErrorCode::TakebackPending,
                          takeback_request_ == seat
                              ? "your takeback request stands already"
                              : "your opponent has asked for a takeback: answer it first");
    takeback_request_ = seat;
    return {};
}

Result<void> OnlineGame::accept_takeback(Color seat, Millis now) {
    if (auto active = require_active(now); !active) return active;
    if (takeback_request_ != ~seat)
        return make_error(ErrorCode::NoTakeback,
                          "there is no takeback request from your opponent to accept");
    const int target = ply() - takeback_plies();
    while (ply() > target) game_.undo();
    outcome_ = game_.outcome();
    times_after_.resize(std::size_t(target));
    takeback_request_.reset();
    draw_offer_.reset();
    // The abort rule waits again for the first moves taken back, from now.
    if (target == 0) first_moves_from_ = now;
    if (target == 1) white_first_move_at_ = now;
    if (clock_) {
        const TimeControl control = clock_->control();
        // Unknown times (a ply stored before its times were): each side keeps what it has.
        TimesAfter times{clock_->remaining(White, now), clock_->remaining(Black, now)};
        if (target == 0)
            times = TimesAfter{control.initial, control.initial};
        else if (const auto& saved = times_after_[std::size_t(target - 1)])
            times = *saved;
        // Each side's first move is free (clock.hpp): nothing runs before the second ply.
        const std::optional<Color> running =
            target >= 2 ? std::optional<Color>(side_to_move()) : std::nullopt;
        clock_ = Clock::restore(control, times.white, times.black, running, now);
    }
    return {};
}

Result<void> OnlineGame::decline_takeback(Color seat, Millis now) {
    (void)seat;  // the opponent declines, or the requester withdraws
    if (auto active = require_active(now); !active) return active;
    if (!takeback_request_)
        return make_error(ErrorCode::NoTakeback, "there is no takeback request to decline");
    takeback_request_.reset();
    return {};
}

Result<void> OnlineGame::claim_draw(Color seat, Millis now) {
    if (auto active = require_active(now); !active) return active;
    // Laws 9.2, 9.3: the claim is made by the player having the move.
    if (seat != side_to_move())
        return make_error(ErrorCode::NotYourTurn, "only the player to move may claim a draw");
    if (auto claimed = game_.claim_draw(); !claimed)
        return make_error(ErrorCode::NoDrawToClaim, claimed.error().message);
    outcome_ = game_.outcome();
    close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
    return {};
}

Result<void> OnlineGame::abort(Color seat, Millis now) {
    (void)seat;  // either seat may abort
    if (auto active = require_active(now); !active) return active;
    if (rules_.no_show_after > 0)
        return make_error(ErrorCode::CannotAbort,
                          "an event's game cannot be aborted: a player who makes no first move "
                          "in time loses it");
    if (ply() >= 2)
        return make_error(ErrorCode::CannotAbort,
                          "the game can no longer be aborted: both sides have moved");
    aborted_ = true;
    close_if_over(is_active(), clock_, draw_offer_, takeback_request_, now);
    return {};
}

}  // namespace chess960
