// Perft: the number of leaf nodes of the legal move tree, the standard test of move generation.
#pragma once

#include <cstdint>
#include <vector>

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

}  // namespace chess960
