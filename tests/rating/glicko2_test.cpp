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

// A period (drawn by the Python reference's seed 960) in which step 5 meets f(C) = 0 exactly in
// doubles. With the test f(C) f(B) < 0 the iteration would then halve f(A) for ever with B = C
// and |B - A| unchanged; with <= 0, A <- B and it ends. Expected: the Python reference's answer
// (tests/rating/glicko2_reference.py).
TEST(Glicko2Paper, AnExactRootInStepFiveEndsTheIteration) {
    const std::vector<PeriodGame> games = {
        {{2426.637428823894, 165.7861873915077, 0.09597116307425926}, 0.6927267632148706},
        {{2628.9660991167716, 73.94453643293079, 0.06069551614209015}, 1.0},
        {{2744.4837201462274, 305.25422473190497, 0.053684375004349416}, 1.0},
        {{2449.889170424423, 176.19238546936774, 0.06689477519146987}, 0.5},
        {{2265.3703565651344, 402.3885893748259, 0.11651461022154443}, 0.28881024411270073},
        {{2819.827100532134, 181.94287326693987, 0.12404644752533521}, 0.5},
        {{2344.627940133948, 30.257262107284873, 0.09959423957171908}, 1.0},
        {{2758.966765889469, 320.43036571196114, 0.08234244033414506}, 0.0},
        {{2622.1411225709085, 380.1673457629784, 0.043692151745195675}, 0.0},
        {{2315.747379825978, 460.28331509838534, 0.09356937842775885}, 0.0},
        {{2313.218012581435, 90.81239136823802, 0.027748587582667017}, 0.0},
        {{2159.906708538283, 282.2482204569259, 0.07573647989924003}, 0.5},
        {{2661.075101562052, 298.7525755526536, 0.03747013324454361}, 1.0},
        {{1802.9359693398656, 138.14800338037742, 0.1016808089429174}, 0.5}};
    const auto after =
        rate_period({2415.8423818959886, 46.92730158823048, 0.09159802253409767}, games,
                    {.tau = 1.083341754436134, .elapsed_periods = 4.750458486008351});
    ASSERT_TRUE(after) << after.error().message;
    EXPECT_NEAR(after->rating, 2427.230876333075, 1e-6);
    EXPECT_NEAR(after->deviation, 53.31284960969326, 1e-6);
    EXPECT_NEAR(after->volatility, 0.09134050484803753, 1e-9);
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
