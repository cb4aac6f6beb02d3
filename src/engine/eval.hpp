// Static evaluation in centipawns from the side to move's point of view.
#pragma once

#include "chess960/position.hpp"

namespace chess960::engine {

constexpr int kPieceValue[6] = {100, 320, 330, 500, 950, 0};

int evaluate(const Position& pos);

}  // namespace chess960::engine
