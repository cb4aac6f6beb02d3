// What the match runner tells about a match: the counts it keeps as the games end, the standing
// in each progress line, and the final report.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>

#include "match/config.hpp"
#include "match/stats.hpp"

namespace chess960::match {

struct MatchResult {
    std::array<std::string, 2> names;
    int games = 0;
    Trinomial first;  // from engine 0's side
    Pentanomial pairs;
    int unpaired = 0;  // games whose partner was not played
    int white_wins = 0, black_wins = 0, draws = 0;
    std::map<std::string, int> reasons;
    std::array<std::map<std::string, int>, 2> faults;  // per engine: "illegal move" -> count
    std::optional<SprtState> sprt;
    bool interrupted = false;
};

// Engine 0's standing so far, for a progress line: "W 5 D 3 L 4, 54.2%, Elo +29.0 +/- 80.2"
// (and the LLR with the SPRT).
std::string standing(const MatchResult& result);

// The final report: W/D/L, score, Elo with its interval, pentanomial counts, SPRT, reasons.
std::string format_report(const MatchConfig& config, const MatchResult& result);

}  // namespace chess960::match
