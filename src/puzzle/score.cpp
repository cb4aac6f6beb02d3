#include "puzzle/score.hpp"

#include <cmath>

namespace chess960::puzzle {

double win_chance(const Score& score) {
    if (score.is_mate()) return score.value > 0 ? 1.0 : -1.0;
    return 2.0 / (1.0 + std::exp(-0.00368208 * score.value)) - 1.0;
}

}  // namespace chess960::puzzle
