/// @file
/// Results and terminations as text: PGN's result tokens and words for people.
#pragma once

#include "chess960/outcome.hpp"

namespace chess960 {

/// The result as PGN writes it: "1-0", "0-1", "1/2-1/2", or "*" for a game still going
/// (PGN standard 8.2.6).
const char* result_string(GameResult r);

/// How the game ended, in words: "checkmate", "fivefold repetition", "time forfeit", ...
const char* termination_string(Termination t);

}  // namespace chess960
