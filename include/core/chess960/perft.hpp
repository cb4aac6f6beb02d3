/// @file
/// Perft: the number of leaf nodes of the legal move tree, the standard test of move generation.
#pragma once

#include <cstdint>
#include <vector>

#include "chess960/position.hpp"

namespace chess960 {

/// The number of leaf nodes of the legal move tree `depth` plies deep (1 at depth 0), the
/// standard test of a move generator. The last ply is counted without playing its moves.
std::uint64_t perft(const Position& pos, int depth);

/// One root move and the leaf nodes below it (perft_divide).
struct DivideEntry {
    /// The root move.
    Move move;
    /// Leaf nodes at the requested depth below it.
    std::uint64_t nodes;
};
/// One entry per legal root move, in generation order.
std::vector<DivideEntry> perft_divide(const Position& pos, int depth);

}  // namespace chess960
