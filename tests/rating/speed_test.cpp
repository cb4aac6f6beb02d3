// The speed pools at lichess's edges (lichess-org/scalachess core/Speed.scala: UltraBullet 0-29,
// Bullet 30-179, Blitz 180-479, Rapid 480-1499, Classical 1500-21599 seconds of estimated
// duration, Correspondence beyond; Clock.scala: estimated duration = initial + 40 x increment).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "rating/speed.hpp"

namespace {

using namespace chess960::rating;

struct SpeedCase {
    double initial;
    double increment;
    Speed speed;
};

class SpeedEdges : public ::testing::TestWithParam<SpeedCase> {};

TEST_P(SpeedEdges, ClassifiesAsLichess) {
    const SpeedCase& c = GetParam();
    const auto speed = classify(c.initial, c.increment);
    ASSERT_TRUE(speed) << speed.error().message;
    EXPECT_EQ(name(*speed), name(c.speed)) << c.initial << "+" << c.increment;
}

INSTANTIATE_TEST_SUITE_P(
    Thresholds, SpeedEdges,
    ::testing::Values(
        // lichess's UltraBullet (under 30 s) is our Bullet.
        SpeedCase{0, 0, Speed::Bullet}, SpeedCase{15, 0, Speed::Bullet},
        SpeedCase{29, 0, Speed::Bullet}, SpeedCase{30, 0, Speed::Bullet},
        // Bullet ends at 179 s, Blitz starts at 180 s: by the initial time or the increments.
        SpeedCase{179, 0, Speed::Bullet}, SpeedCase{179.5, 0, Speed::Bullet},
        SpeedCase{180, 0, Speed::Blitz}, SpeedCase{0, 4.475, Speed::Bullet},
        SpeedCase{0, 4.5, Speed::Blitz}, SpeedCase{139, 1, Speed::Bullet},
        SpeedCase{140, 1, Speed::Blitz},
        // Blitz ends at 479 s, Rapid starts at 480 s.
        SpeedCase{479, 0, Speed::Blitz}, SpeedCase{480, 0, Speed::Rapid},
        SpeedCase{0, 12, Speed::Rapid}, SpeedCase{359, 3, Speed::Blitz},
        SpeedCase{360, 3, Speed::Rapid},
        // Rapid ends at 1499 s, Classical starts at 1500 s.
        SpeedCase{1499, 0, Speed::Rapid}, SpeedCase{1500, 0, Speed::Classical},
        SpeedCase{1099, 10, Speed::Rapid}, SpeedCase{1100, 10, Speed::Classical},
        // Classical ends at 21599 s; from six hours on lichess calls it Correspondence.
        SpeedCase{21599, 0, Speed::Classical}, SpeedCase{21600, 0, Speed::Correspondence},
        SpeedCase{10800, 180, Speed::Classical}, SpeedCase{0, 540, Speed::Correspondence},
        // The pools the issue names: 3+2, 5+3, 10+5, 15+10, and 1+0, 25+0.
        SpeedCase{60, 0, Speed::Bullet}, SpeedCase{180, 2, Speed::Blitz},
        SpeedCase{300, 3, Speed::Blitz}, SpeedCase{600, 5, Speed::Rapid},
        SpeedCase{900, 10, Speed::Rapid}, SpeedCase{1500, 0, Speed::Classical}));

TEST(Speed, RefusesNegativeAndNonFiniteTimes) {
    const auto negative = classify(-1, 0);
    ASSERT_FALSE(negative);
    EXPECT_EQ(negative.error().message,
              "initial time must be a finite number of seconds >= 0, not -1");
    const auto nan = classify(60, std::nan(""));
    ASSERT_FALSE(nan);
    EXPECT_EQ(nan.error().message, "increment must be a finite number of seconds >= 0, not nan");
    EXPECT_FALSE(classify(std::numeric_limits<double>::infinity(), 0));
}

TEST(Speed, NamesAreTheApisAndReadBack) {
    EXPECT_EQ(name(Speed::Bullet), "bullet");
    EXPECT_EQ(name(Speed::Blitz), "blitz");
    EXPECT_EQ(name(Speed::Rapid), "rapid");
    EXPECT_EQ(name(Speed::Classical), "classical");
    EXPECT_EQ(name(Speed::Correspondence), "correspondence");
    for (const Speed speed : kSpeeds) EXPECT_EQ(parse_speed(name(speed)), speed);
    EXPECT_EQ(parse_speed("ultraBullet"), std::nullopt);
    EXPECT_EQ(parse_speed("Blitz"), std::nullopt);
    EXPECT_EQ(parse_speed(""), std::nullopt);
}

}  // namespace
