// The start position of each game pair: random (Chess960 or Double Chess960), all 960 in order,
// a list of numbers, or a file of FENs.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <vector>

#include "match/config.hpp"

namespace chess960::match {

struct StartPosition {
    std::string fen;
    std::string label;  // "518", "12:700" (Double Chess960) or "FILE:LINE"
};

// The start position of each of `pairs` game pairs. Errors: a file that cannot be read or holds a
// bad FEN.
std::expected<std::vector<StartPosition>, std::string> start_positions(const MatchConfig& config,
                                                                       int pairs,
                                                                       std::uint64_t seed);

}  // namespace chess960::match
