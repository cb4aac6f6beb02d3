/// @file
/// How a game ends under FIDE's Laws: the result, the way it ended, and the material rules that
/// need only the position (Laws 5.2.2 and 6.9). The game record that applies them is game.hpp;
/// their text ("1-0", "checkmate") is outcome_text.hpp.
#pragma once

#include "chess960/position.hpp"
#include "chess960/types.hpp"

namespace chess960 {

/// The result of a game: still going, a win for either side, or a draw.
enum class GameResult { Ongoing, WhiteWins, BlackWins, Draw };

/// How a game ended, with the article of the FIDE Laws of Chess that applies.
enum class Termination {
    None,                      ///< not over
    Checkmate,                 ///< Laws 5.1.1
    Stalemate,                 ///< Laws 5.2.1
    DeadPosition,              ///< Laws 5.2.2: here the standard cases of insufficient material
    FivefoldRepetition,        ///< Laws 9.6.1, automatic
    SeventyFiveMoves,          ///< Laws 9.6.2, automatic
    ThreefoldRepetition,       ///< Laws 9.2, claimed
    FiftyMoves,                ///< Laws 9.3, claimed
    Resignation,               ///< Laws 5.1.2
    Agreement,                 ///< Laws 5.2.3
    Time,                      ///< Laws 6.9: the flag fell and the opponent can mate
    TimeInsufficientMaterial,  ///< Laws 6.9: the flag fell but the opponent cannot mate: a draw
    NoShow,  ///< Laws 6.7.1: not present within the default time (online: no first move); a loss
    /// Laws 12.2: the arbiter set the result of a game not finished on the board (a forfeit,
    /// a decision on a stalled game); the result is the arbiter's.
    ArbiterDecision,
};

/// A result and how it came about.
struct Outcome {
    GameResult result = GameResult::Ongoing;      ///< who won, if anyone
    Termination termination = Termination::None;  ///< how the game ended
    /// Whether the game has ended.
    bool is_over() const { return result != GameResult::Ongoing; }
};

/// Whether `c` can still checkmate by any sequence of legal moves, as far as material tells:
/// false for a lone king, a lone knight or bishops of one colour against a king with nothing to
/// block with (Laws 6.9 and 5.2.2, the standard cases).
bool can_checkmate(const Position& pos, Color c);

/// Whether neither side can mate (K v K, K+minor v K, K+B v K+B with all bishops on one colour,
/// ...): a dead position by material (Laws 5.2.2).
bool is_insufficient_material(const Position& pos);

}  // namespace chess960
