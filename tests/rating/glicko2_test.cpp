// Glicko-2 as Glickman's paper defines it ("Example of the Glicko-2 system", Boston University,
// 22 March 2022): the worked example of its second half, and what the steps promise.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "rating/glicko2.hpp"

namespace {

using namespace chess960::rating;

// The paper's example: a player rated 1500 with RD 200 and volatility 0.06 beats a 1400 (RD 30)
// and loses to a 1550 (RD 100) and a 1700 (RD 300) in one rating period, tau 0.5. The paper gives
// only the opponents' ratings and deviations; their volatilities play no part.
const Glicko kExamplePlayer{1500, 200, 0.06};
const std::array kExampleGames = {PeriodGame{{1400, 30, 0.06}, 1.0},
                                  PeriodGame{{1550, 100, 0.06}, 0.0},
                                  PeriodGame{{1700, 300, 0.06}, 0.0}};
const PeriodOptions kExampleOptions{.tau = 0.5, .elapsed_periods = 1};

TEST(Glicko2Paper, WorkedExampleGivesThePapersFigures) {
    const auto after = rate_period(kExamplePlayer, kExampleGames, kExampleOptions);
    ASSERT_TRUE(after) << after.error().message;
    // Step 8 of the example: r' = 1464.06, RD' = 151.52; step 5: sigma' = 0.05999. The paper
    // rounds every step to four or five digits, hence the tolerances.
    EXPECT_NEAR(after->rating, 1464.06, 0.01);
    EXPECT_NEAR(after->deviation, 151.52, 0.01);
    EXPECT_NEAR(after->volatility, 0.05999, 0.00001);
}

TEST(Glicko2Paper, TheOrderOfAPeriodsGamesDoesNotMatter) {
    std::array games = kExampleGames;
    const auto first = rate_period(kExamplePlayer, games, kExampleOptions);
    ASSERT_TRUE(first);
    std::ranges::reverse(games);
    const auto reversed = rate_period(kExamplePlayer, games, kExampleOptions);
    ASSERT_TRUE(reversed);
    EXPECT_NEAR(reversed->rating, first->rating, 1e-9);
    EXPECT_NEAR(reversed->deviation, first->deviation, 1e-9);
    EXPECT_NEAR(reversed->volatility, first->volatility, 1e-12);
}

TEST(Glicko2Paper, APlayerWithoutGamesKeepsRatingAndVolatilityAndGrowsTheDeviation) {
    const auto after = rate_period(kExamplePlayer, {}, kExampleOptions);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->rating, 1500);
    EXPECT_EQ(after->volatility, 0.06);
    // Step 6 alone: phi* = sqrt(phi^2 + sigma^2) on Glicko-2's scale.
    const double phi = 200 / 173.7178;
    EXPECT_NEAR(after->deviation, std::sqrt(phi * phi + 0.06 * 0.06) * 173.7178, 1e-9);
    EXPECT_DOUBLE_EQ(after->deviation, grown_deviation(200, 0.06, 1));
}

TEST(Glicko2Paper, StepSixWithoutElapsedPeriodsGivesASmallerDeviation) {
    const auto paper = rate_period(kExamplePlayer, kExampleGames, kExampleOptions);
    const auto none =
        rate_period(kExamplePlayer, kExampleGames, {.tau = 0.5, .elapsed_periods = 0});
    ASSERT_TRUE(paper && none);
    EXPECT_LT(none->deviation, paper->deviation);
    EXPECT_EQ(none->volatility, paper->volatility);
}

TEST(Glicko2Paper, AWinRaisesTheRatingAndALossLowersIt) {
    const Glicko player{1500, 200, 0.06};
    for (const double opponent : {1000.0, 1500.0, 2000.0}) {
        const std::array win = {PeriodGame{{opponent, 100, 0.06}, 1.0}};
        const std::array loss = {PeriodGame{{opponent, 100, 0.06}, 0.0}};
        const auto won = rate_period(player, win, kExampleOptions);
        const auto lost = rate_period(player, loss, kExampleOptions);
        ASSERT_TRUE(won && lost);
        EXPECT_GT(won->rating, 1500) << opponent;
        EXPECT_LT(lost->rating, 1500) << opponent;
    }
}

TEST(Glicko2Paper, RefusesValuesItCannotRate) {
    const std::array one_game = {PeriodGame{{1500, 100, 0.06}, 1.0}};
    const auto nan = rate_period({std::nan(""), 200, 0.06}, one_game, kExampleOptions);
    ASSERT_FALSE(nan);
    EXPECT_EQ(nan.error().message, "player's rating must be a finite number, not nan");

    const std::array bad_opponent = {PeriodGame{{1500, 100, 0.06}, 1.0},
                                     PeriodGame{{1500, -3, 0.06}, 1.0}};
    const auto negative = rate_period(kExamplePlayer, bad_opponent, kExampleOptions);
    ASSERT_FALSE(negative);
    EXPECT_EQ(negative.error().message,
              "opponent 2's deviation must be a finite number > 0, not -3");

    const std::array bad_score = {PeriodGame{{1500, 100, 0.06}, 1.5}};
    const auto score = rate_period(kExamplePlayer, bad_score, kExampleOptions);
    ASSERT_FALSE(score);
    EXPECT_EQ(score.error().message,
              "opponent 1's game score must be a number from 0 to 1, not 1.5");

    const auto tau = rate_period(kExamplePlayer, one_game, {.tau = 0, .elapsed_periods = 1});
    ASSERT_FALSE(tau);
    EXPECT_EQ(tau.error().message, "tau must be a finite number > 0, not 0");

    const auto volatility = rate_period({1500, 200, 0}, one_game, kExampleOptions);
    ASSERT_FALSE(volatility);
    EXPECT_EQ(volatility.error().message, "player's volatility must be a finite number > 0, not 0");
}

TEST(Glicko2Paper, GamesThatSayNothingAreRefusedNotRatedAsNaN) {
    // 40,000 points apart: the expected score is exactly 1 in doubles, so v would be infinite.
    const std::array far = {PeriodGame{{-40000, 50, 0.06}, 1.0}};
    const auto after = rate_period({1500, 200, 0.06}, far, kExampleOptions);
    ASSERT_FALSE(after);
    EXPECT_NE(after.error().message.find("no information"), std::string::npos);
}

}  // namespace
