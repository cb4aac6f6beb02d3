/// @file
/// Round robins by FIDE's Berger tables (Handbook C.05, Annex 1): single and double, any
/// number of players (with an odd number the highest number of the table is a dummy and its
/// opponent has the bye).
#pragma once

#include <string>
#include <vector>

#include "chess960/error.hpp"
#include "chess960/pairing/dutch.hpp"

namespace chess960::pairing {

/// Every round's boards, white first; `black == 0` is the bye (odd numbers of players).
struct BergerSchedule {
    int players = 0;
    bool twice = false;
    std::vector<RoundPairing> rounds;
};

/// The Berger tables for `players` (2 to 9999). A double round robin repeats the cycle with
/// the colours reversed and, as C.05 recommends, the last two rounds of the first cycle
/// exchanged (so that nobody has the same colour three times in a row across the cycles).
Result<BergerSchedule> berger_schedule(int players, bool twice = false);

/// The boards of round `round` (1-based) of the single cycle for an even table size `size`.
std::vector<Pair> berger_round(int size, int round);

/// "Round 1: 1-4 2-3" lines.
std::string format_berger(const BergerSchedule& schedule);

}  // namespace chess960::pairing
