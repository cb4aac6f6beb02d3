// How a match game ended, as the runner records it: by the rules, by an engine's fault
// (engine_faults.hpp) or by adjudication (adjudication.hpp).
#pragma once

#include <optional>
#include <string>

#include "chess960/outcome.hpp"
#include "chess960/types.hpp"

namespace chess960::match {

// PGN's Termination tag values (PGN standard 9.8.1).
inline constexpr const char* kNormal = "normal";
inline constexpr const char* kRulesInfraction = "rules infraction";
inline constexpr const char* kTimeForfeit = "time forfeit";
inline constexpr const char* kAbandoned = "abandoned";
inline constexpr const char* kAdjudication = "adjudication";

struct GameEnd {
    GameResult result = GameResult::Draw;
    std::string reason;                 // the category the report counts: "checkmate", "illegal
                                        // move", "adjudication: draw", ...
    std::string detail;                 // the full text, the PGN's last comment
    std::string termination = kNormal;  // the PGN Termination tag
    std::optional<Color> faulty;        // the side whose engine lost by a fault
};

}  // namespace chess960::match
