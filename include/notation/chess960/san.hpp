/// @file
/// Standard Algebraic Notation (FIDE Laws Appendix C; PGN standard 8.2.3).
#pragma once

#include <string>
#include <string_view>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960 {

/// SAN of a legal move: minimal disambiguation (file, then rank, then both), 'x' for captures,
/// "=Q" for promotions, "O-O" / "O-O-O" for castling (g-side / c-side, Guidelines II.3.2.6), and
/// "+" / "#" after checks and mates (Laws Appendix C).
std::string to_san(const Position& pos, Move m);
/// The same without the check suffix (cheaper: no look at the position after the move).
std::string to_san_without_suffix(const Position& pos, Move m);

/// Reads a move in SAN, resolved against the legal moves of the position. Accepts "0-0" and
/// "0-0-0", missing or wrong "+"/"#", annotations glued on ("!", "?", "!?", "?!", "!!", "??"),
/// "e8Q" without "=", " e.p.", long algebraic ("Ng1-f3", "Ng1xf3", "e2-e4") and UCI text
/// ("e2e4", "e1h1": castling as king takes own rook). A king move is never read as castling.
/// Illegal or ambiguous text is an error naming the move and the reason.
Result<Move> parse_san(const Position& pos, std::string_view text);

}  // namespace chess960
