/// @file
/// Perft that checks every node's invariants, FEN round trips included (hence in notation, not
/// in core with the plain perft).
#pragma once

#include <cstdint>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960 {

/// Perft that checks at every node: incremental zobrist key equals the key from scratch;
/// bitboards, mailbox and checkers agree; the FEN (X-FEN and Shredder-FEN, both en passant
/// forms) parses back to the same position and key; the parent is left exactly as it was;
/// make() agrees with play() and unmake() restores the position exactly.
/// Returns the node count, or an error naming the first broken invariant and the position.
Result<std::uint64_t> perft_checked(const Position& pos, int depth);

}  // namespace chess960
