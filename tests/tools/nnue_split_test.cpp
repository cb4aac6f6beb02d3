// The trainer's validation set is whole games: the samples last written, not a random draw
// (tools/nnue/split.hpp says why).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "split.hpp"

using chess960::nnue_data::split_samples;

TEST(NnueSplit, ValidationIsTheLastSamplesAsWrittenAndTrainingTheRestShuffled) {
    std::mt19937 rng(7);
    const auto split = split_samples(1000, 0.02, rng);
    ASSERT_EQ(split.validation.size(), 20u);
    for (std::size_t i = 0; i < split.validation.size(); ++i)
        EXPECT_EQ(split.validation[i], 980 + i);
    ASSERT_EQ(split.training.size(), 980u);
    auto sorted = split.training;
    std::sort(sorted.begin(), sorted.end());
    for (std::uint32_t i = 0; i < sorted.size(); ++i) EXPECT_EQ(sorted[i], i);
    EXPECT_FALSE(std::is_sorted(split.training.begin(), split.training.end()));
}

TEST(NnueSplit, NoHoldoutKeepsEverySampleForTraining) {
    std::mt19937 rng(7);
    const auto split = split_samples(50, 0.0, rng);
    EXPECT_TRUE(split.validation.empty());
    EXPECT_EQ(split.training.size(), 50u);
}
