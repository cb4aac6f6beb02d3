#include "chess960/game.hpp"

#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"

namespace chess960 {

Game::Game(Position start) { positions_.push_back(start); }

Result<void> Game::play(Move m) {
    if (outcome().is_over())
        return make_error(
            ErrorCode::IllegalMove,
            std::string("the game is over (") + termination_string(outcome().termination) + ")");
    if (!position().is_legal(m)) return make_error(ErrorCode::IllegalMove, "illegal move");
    positions_.push_back(position().after(m));
    moves_.push_back(m);
    return {};
}

Result<void> Game::play_san(std::string_view san) {
    auto m = parse_san(position(), san);
    if (!m) return std::unexpected(m.error());
    return play(*m);
}

Result<void> Game::play_uci(std::string_view uci, bool chess960) {
    auto m = parse_uci(position(), uci, chess960 ? CastlingMode::Chess960 : CastlingMode::Standard);
    if (!m) return std::unexpected(m.error());
    return play(*m);
}

bool Game::undo() {
    declared_.reset();
    if (moves_.empty()) return false;
    moves_.pop_back();
    positions_.pop_back();
    return true;
}

int Game::repetition_count() const {
    const Position& now = position();
    int count = 0;
    // Only positions since the last capture or pawn move can repeat; step by two plies so
    // the side to move is the same.
    const int last = int(positions_.size()) - 1;
    const int earliest = std::max(0, last - now.halfmove_clock());
    for (int i = last; i >= earliest; i -= 2)
        if (positions_[std::size_t(i)].key() == now.key() &&
            positions_[std::size_t(i)].same_position(now))
            ++count;
    return count;
}

Outcome Game::outcome() const {
    const Position& pos = position();
    const bool no_moves = pos.legal_moves().empty();
    if (no_moves && pos.in_check())
        return {pos.side_to_move() == White ? GameResult::BlackWins : GameResult::WhiteWins,
                Termination::Checkmate};
    if (no_moves) return {GameResult::Draw, Termination::Stalemate};
    if (is_insufficient_material(pos)) return {GameResult::Draw, Termination::DeadPosition};
    if (declared_) return *declared_;
    if (repetition_count() >= 5) return {GameResult::Draw, Termination::FivefoldRepetition};
    if (pos.halfmove_clock() >= 150) return {GameResult::Draw, Termination::SeventyFiveMoves};
    return {};
}

std::optional<Termination> Game::claimable_draw() const {
    if (outcome().is_over()) return std::nullopt;
    if (repetition_count() >= 3) return Termination::ThreefoldRepetition;
    if (position().halfmove_clock() >= 100) return Termination::FiftyMoves;
    return std::nullopt;
}

Result<void> Game::claim_draw() {
    auto claim = claimable_draw();
    if (!claim)
        return make_error(
            ErrorCode::IllegalMove,
            "no draw to claim: the position has not occurred three times and the last "
            "50 moves of each side contain a capture or pawn move");
    declared_ = Outcome{GameResult::Draw, *claim};
    return {};
}

void Game::set_outcome(Outcome o) {
    // Storing an "ongoing" declaration would hide fivefold repetition and the 75-move rule,
    // which outcome() looks at only when nothing is declared.
    if (o.is_over())
        declared_ = o;
    else
        declared_.reset();
}

void Game::resign(Color loser) {
    if (outcome().is_over()) return;
    declared_ = Outcome{loser == White ? GameResult::BlackWins : GameResult::WhiteWins,
                        Termination::Resignation};
}

void Game::agree_draw() {
    if (outcome().is_over()) return;
    declared_ = Outcome{GameResult::Draw, Termination::Agreement};
}

void Game::flag_fell(Color loser) {
    if (outcome().is_over()) return;
    if (!can_checkmate(position(), ~loser))
        declared_ = Outcome{GameResult::Draw, Termination::TimeInsufficientMaterial};
    else
        declared_ = Outcome{loser == White ? GameResult::BlackWins : GameResult::WhiteWins,
                            Termination::Time};
}

}  // namespace chess960
