// A start position as `chess960 position N` prints it: number, back rank, X-FEN, Shredder-FEN
// and a diagram. `position`, `dice` and `event round` print the same block.
#pragma once

#include <ostream>

#include "chess960/startpos.hpp"

namespace chess960::cli {

void print_start_position(std::ostream& out, startpos::Numbers numbers);

}  // namespace chess960::cli
