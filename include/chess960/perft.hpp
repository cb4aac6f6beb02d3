// Perft: the number of leaf nodes of the legal move tree, the standard test of move generation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960 {

// Counts with bulk counting at the last ply (the size of the legal move list).
std::uint64_t perft(const Position& pos, int depth);

struct DivideEntry {
    Move move;
    std::uint64_t nodes;
};
// One entry per legal root move, in generation order.
std::vector<DivideEntry> perft_divide(const Position& pos, int depth);

// Perft that checks at every node: incremental zobrist key equals the key from scratch;
// bitboards, mailbox and checkers agree; the FEN (X-FEN and Shredder-FEN, both en passant
// forms) parses back to the same position and key; the parent is left exactly as it was;
// make() agrees with play() and unmake() restores the position exactly.
// Returns the node count, or an error naming the first broken invariant and the position.
Result<std::uint64_t> perft_checked(const Position& pos, int depth);

}  // namespace chess960
