/// @file
/// FIDE's Dutch system (Handbook C.04.3, the 2025 text in force from 2026, with the general
/// rules C.04.1 and C.04.2): the pairing of a round, a whole tournament checked round by round,
/// and the order and colours bbpPairings and JaVaFo print.
#pragma once

#include <vector>

#include "chess960/error.hpp"
#include "chess960/pairing/tournament.hpp"

namespace chess960::pairing {

/// One board: start numbers; `black` is 0 for the pairing-allocated bye.
struct Pair {
    int white = 0;
    int black = 0;
    friend bool operator==(const Pair&, const Pair&) = default;
};

/// A round's pairing, boards in the order JaVaFo and bbpPairings print them (the bye last).
struct RoundPairing {
    int round = 0;  ///< 1-based
    std::vector<Pair> pairs;
};

/// Pairs the next round: the first round with no game paired yet. Players with an entry for
/// that round already (a bye asked for: H, F, Z, or record 240) are left out. The number of
/// rounds (XXR/142) must be known (C.04.3 uses it for the last round's topscorers).
/// Errors: InvalidTournament (inconsistent scores, every round played...), NoValidPairing.
Result<RoundPairing> pair_next_round(const Tournament& tournament);

/// How one recorded round compares with what the engine pairs from the rounds before it.
struct RoundCheck {
    int round = 0;
    bool same = true;               ///< the same boards with the same colours
    bool no_valid_pairing = false;  ///< the engine finds no pairing (the round differs)
    std::vector<Pair> engine;       ///< what the engine pairs
    std::vector<Pair> recorded;     ///< what the tournament has
};

/// Replays the tournament: each recorded round is paired from the ones before it (byes and
/// absences of that round as recorded) and compared with the recorded pairing, colours
/// included, as bbpPairings' checker (-c) does.
Result<std::vector<RoundCheck>> check_tournament(const Tournament& tournament);

}  // namespace chess960::pairing
