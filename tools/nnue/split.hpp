// The split of the samples into training and validation sets for chess960_nnue_train.
#pragma once

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace chess960::nnue_data {

struct Split {
    std::vector<std::uint32_t> training;    // sample indices, shuffled
    std::vector<std::uint32_t> validation;  // sample indices, in order
};

// Holds out the last `holdout` share of `count` samples as written: whole games (the last file's
// last games; only the game the boundary falls in is shared), not a random draw. A game's
// positions are near copies of one another, so a random draw leaves most of each validation
// position's game in the training set, and a net that memorises games looks good on it (a
// four-bucket net did, then scored 4 of 33 games against one bucket). The training indices come
// shuffled by `rng`.
inline Split split_samples(std::size_t count, double holdout, std::mt19937& rng) {
    const auto held = std::size_t(double(count) * holdout);
    Split s;
    s.validation.resize(held);
    std::iota(s.validation.begin(), s.validation.end(), std::uint32_t(count - held));
    s.training.resize(count - held);
    std::iota(s.training.begin(), s.training.end(), 0u);
    std::shuffle(s.training.begin(), s.training.end(), rng);
    return s;
}

}  // namespace chess960::nnue_data
