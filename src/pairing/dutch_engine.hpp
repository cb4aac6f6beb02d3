// The Dutch system's pairing of one round from a prepared State (state.hpp).
#pragma once

#include <vector>

#include "chess960/error.hpp"
#include "chess960/pairing/dutch.hpp"
#include "state.hpp"

namespace chess960::pairing::detail {

// Pairs the players of `state` who have no entry for round played_rounds + 1; the pairs are
// ids (0-based), black == white for the bye, in bbpPairings' output order.
struct IdPair {
    int white;
    int black;
};
Result<std::vector<IdPair>> pair_round(const State& state);

// bbpPairings' output order: byes last, then by the higher player's score, the lower
// player's score (both descending), the higher player's pairing number.
void sort_pairs(std::vector<IdPair>& pairs, const State& state);

}  // namespace chess960::pairing::detail
