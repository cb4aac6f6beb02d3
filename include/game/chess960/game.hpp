/// @file
/// A game: a start position, the moves played, and the outcome under FIDE's Laws.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/error.hpp"
#include "chess960/outcome.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/position.hpp"

namespace chess960 {

/// A game: the start position, the moves played and every position since, and the outcome under
/// the FIDE Laws (checkmate 5.1.1, stalemate 5.2.1, dead position 5.2.2, repetition and the
/// move rules 9.2, 9.3, 9.6, resignation, agreement and time as the caller declares them).
class Game {
  public:
    /// A game from `start` with no moves yet.
    explicit Game(Position start = Position());

    /// The position the game started from.
    const Position& start_position() const { return positions_.front(); }
    /// The position now, after the last move.
    const Position& position() const { return positions_.back(); }
    /// The moves played, in order.
    const std::vector<Move>& moves() const { return moves_; }
    /// How many plies (half-moves) have been played.
    int ply_count() const { return int(moves_.size()); }
    /// The position before ply `ply` (0 = start) .. after the last move.
    const Position& position_at(int ply) const { return positions_.at(std::size_t(ply)); }

    /// Plays a move; an error if it is not legal or the game is over.
    Result<void> play(Move m);
    /// Plays a move given in SAN (parse_san's lenient reading); an error naming the move if it does
    /// not parse, is illegal or ambiguous, or the game is over.
    Result<void> play_san(std::string_view san);
    /// Plays a move given as UCI text, castling as king takes own rook (`chess960`) or as the
    /// king's two-square move; an error if it does not parse, is illegal, or the game is over.
    Result<void> play_uci(std::string_view uci, bool chess960 = true);
    /// Takes back the last move (and an outcome a caller had set); false if there is none.
    bool undo();

    /// The outcome: checkmate, stalemate, dead position, fivefold repetition and the 75-move
    /// rule end the game by themselves; claims, resignation, agreement and time are set by the
    /// caller below.
    Outcome outcome() const;
    /// How often the current position (placement, side to move, castling rights, possible en
    /// passant) has stood on the board, this time included.
    int repetition_count() const;
    /// A draw the player to move may claim now: threefold repetition or the 50-move rule.
    std::optional<Termination> claimable_draw() const;
    /// The player to move claims a draw by threefold repetition (Laws 9.2) or the 50-move rule
    /// (Laws 9.3); an error saying neither applies when there is nothing to claim.
    Result<void> claim_draw();
    /// `loser` resigns: the opponent wins (Laws 5.1.2). Nothing happens once the game is over.
    void resign(Color loser);
    /// The players agree to a draw (Laws 5.2.3). Nothing happens once the game is over.
    void agree_draw();
    /// `loser`'s flag fell: a loss, or a draw when the opponent cannot mate (Laws 6.9).
    void flag_fell(Color loser);
    /// Sets an outcome read from a record (PGN result tag) without checking it. An ongoing
    /// outcome clears what was declared, so that the automatic endings apply again.
    void set_outcome(Outcome o);

  private:
    std::vector<Position> positions_;
    std::vector<Move> moves_;
    std::optional<Outcome> declared_;
};

}  // namespace chess960
