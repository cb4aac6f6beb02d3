// Win chances as lichess-puzzler computes them.
#include <gtest/gtest.h>

#include "puzzle/score.hpp"

using namespace chess960::puzzle;

TEST(WinChance, FollowsLichessPuzzlersCurve) {
    EXPECT_DOUBLE_EQ(win_chance(Score::cp(0)), 0.0);
    EXPECT_NEAR(win_chance(Score::cp(200)), 0.3524, 1e-4);
    EXPECT_NEAR(win_chance(Score::cp(-200)), -0.3524, 1e-4);
    EXPECT_EQ(win_chance(Score::mate(3)), 1.0);
    EXPECT_EQ(win_chance(Score::mate(-1)), -1.0);
    EXPECT_GT(Score::mate(1).order(), Score::mate(2).order());
    EXPECT_GT(Score::mate(2).order(), Score::cp(5000).order());
    EXPECT_LT(Score::mate(-2).order(), Score::cp(-5000).order());
    EXPECT_EQ(-Score::mate(2), Score::mate(-2));
}
