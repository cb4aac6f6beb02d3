// The two commands that start each search (UCI protocol): "position", with the start position
// and the moves so far, and "go" with the engine's limit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chess960/clock.hpp"
#include "match/config.hpp"

namespace chess960::match {

// "position fen <start> [moves <m1> <m2> ...]", the moves in Chess960 UCI notation.
std::string position_command(const std::string& start_fen, const std::vector<std::string>& moves);

// On a clock: "go wtime W btime B [winc I binc I] [movestogo M]" with both sides' times at the
// start of `us`'s turn (at least 1 ms: 0 may read as "no limit") and `us`'s moves to the end of
// its period. Else "go nodes N" (`engine_nodes` when the engine has its own limit, else the
// match's) or "go depth D".
std::string go_command(const Limit& limit, const Clock& clock, Color us,
                       std::uint64_t engine_nodes);

}  // namespace chess960::match
