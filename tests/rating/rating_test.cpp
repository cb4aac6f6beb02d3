// Ratings as lichess runs Glicko-2: lichess's own test vectors (lichess-org/scalachess, commit
// cbffc9d7: test-kit/src/test/scala/rating/glicko/GlickoCalculatorTest.scala and
// impl/RatingCalculatorTest.scala, both with skipDeviationIncrease = true as lila's
// PerfsUpdater rates a game) with their tolerances, and lila's conventions around them
// (modules/rating Glicko.scala, PerfExt.scala): growth with idle time, caps, display.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>

#include "rating/glicko2.hpp"
#include "rating/rating.hpp"

namespace {

using namespace chess960::rating;
using std::chrono::days;
using std::chrono::milliseconds;

// Any moment will do: 2024-01-01T00:00:00Z.
const Instant kNow{milliseconds(1'704'067'200'000)};

Rating rating(double r, double deviation, double volatility) {
    return Rating{r, deviation, volatility, 0, std::nullopt};
}

// One of lichess's vectors: White and Black before, the result for White; White's and Black's
// rating, deviation and volatility after, and the test's tolerance for each.
struct LichessVector {
    const char* name;
    Rating white;
    Rating black;
    Score white_score;
    std::array<double, 6> after;  // white r, black r, white RD, black RD, white sigma, black sigma
    std::array<double, 6> tolerance;
};

LichessVector lichess_vector(const char* name, Rating white, Rating black, Score white_score,
                             std::array<double, 6> after, std::array<double, 6> tolerance) {
    return LichessVector{name, white, black, white_score, after, tolerance};
}

class LichessVectors : public ::testing::TestWithParam<LichessVector> {};

TEST_P(LichessVectors, Reproduced) {
    const LichessVector& v = GetParam();
    const auto after = update(v.white, v.black, v.white_score, kNow);
    ASSERT_TRUE(after) << after.error().message;
    const std::array<double, 6> got = {after->player.rating,     after->opponent.rating,
                                       after->player.deviation,  after->opponent.deviation,
                                       after->player.volatility, after->opponent.volatility};
    const std::array<const char*, 6> names = {"White's rating",     "Black's rating",
                                              "White's deviation",  "Black's deviation",
                                              "White's volatility", "Black's volatility"};
    for (std::size_t i = 0; i < got.size(); ++i)
        EXPECT_NEAR(got[i], v.after[i], v.tolerance[i]) << names[i];
}

const Rating kEqual = rating(1500, 350, 0.06);
const Rating kMixedWhite = rating(1400, 79, 0.06);
const Rating kMixedBlack = rating(1550, 110, 0.065);
const Rating kMoreMixedWhite = rating(1200, 60, 0.053);
const Rating kMoreMixedBlack = rating(1850, 200, 0.062);
const Rating kNew = Rating{};  // 1500, 500, 0.09
const Rating kOld = rating(1500, 80, 0.06);

// GlickoCalculatorTest.scala: ratings within 0.005, deviations within 0.00005.
constexpr std::array<double, 6> kTight = {0.005, 0.005, 0.00005, 0.00005, 1e-7, 1e-7};
constexpr std::array<double, 6> kTightMixed = {0.005, 0.005, 0.00005, 0.00005, 1e-5, 1e-5};
constexpr std::array<double, 6> kTightMoreMixed = {0.005, 0.005, 0.00005, 0.00005, 1e-6, 1e-6};
INSTANTIATE_TEST_SUITE_P(
    GlickoCalculatorTest, LichessVectors,
    ::testing::Values(
        lichess_vector("DefaultDeviationWhiteWins", kEqual, kEqual, Score::Win,
                       {1662.21, 1337.79, 290.2305, 290.2305, 0.0599993, 0.0599993}, kTight),
        lichess_vector("DefaultDeviationBlackWins", kEqual, kEqual, Score::Loss,
                       {1337.79, 1662.21, 290.2305, 290.2305, 0.0599993, 0.0599993}, kTight),
        lichess_vector("DefaultDeviationDraw", kEqual, kEqual, Score::Draw,
                       {1500, 1500, 290.2305, 290.2305, 0.0599977, 0.0599977}, kTight),
        lichess_vector("MixedWhiteWins", kMixedWhite, kMixedBlack, Score::Win,
                       {1422.63, 1506.32, 77.4956, 105.8706, 0.06, 0.065}, kTightMixed),
        lichess_vector("MixedBlackWins", kMixedWhite, kMixedBlack, Score::Loss,
                       {1389.99, 1568.90, 77.4956, 105.8706, 0.06, 0.065}, kTightMixed),
        lichess_vector("MixedDraw", kMixedWhite, kMixedBlack, Score::Draw,
                       {1406.31, 1537.61, 77.4956, 105.8706, 0.06, 0.065}, kTightMixed),
        lichess_vector("MoreMixedWhiteWins", kMoreMixedWhite, kMoreMixedBlack, Score::Win,
                       {1216.73, 1635.99, 59.9006, 196.9873, 0.053013, 0.062028}, kTightMoreMixed),
        lichess_vector("MoreMixedBlackWins", kMoreMixedWhite, kMoreMixedBlack, Score::Loss,
                       {1199.29, 1855.42, 59.9006, 196.9873, 0.052999, 0.061999}, kTightMoreMixed),
        lichess_vector("MoreMixedDraw", kMoreMixedWhite, kMoreMixedBlack, Score::Draw,
                       {1208.01, 1745.71, 59.90056, 196.98729, 0.053002, 0.062006},
                       kTightMoreMixed)),
    [](const auto& test) { return std::string(test.param.name); });

// impl/RatingCalculatorTest.scala: lichess's new player (1500, 500, 0.09), an old one, and the
// mixed pairs again, ratings and deviations mostly within a point.
constexpr std::array<double, 6> kLooseNew = {1, 1, 1, 1, 1e-8, 1e-7};
constexpr std::array<double, 6> kLooseNewDraw = {1, 1, 1, 1, 1e-7, 1e-7};
constexpr std::array<double, 6> kLoose = {1, 1, 1, 1, 1e-5, 1e-5};
constexpr std::array<double, 6> kLooseMixedDraw = {1, 1, 1, 0.01, 1e-5, 1e-5};
constexpr std::array<double, 6> kLooseMoreMixed = {0.1, 0.1, 0.1, 0.1, 1e-6, 1e-6};
INSTANTIATE_TEST_SUITE_P(
    RatingCalculatorTest, LichessVectors,
    ::testing::Values(
        lichess_vector("DefaultWhiteWins", kNew, kNew, Score::Win,
                       {1741, 1258, 396, 396, 0.0899983, 0.0899983}, kLooseNew),
        lichess_vector("DefaultBlackWins", kNew, kNew, Score::Loss,
                       {1258, 1741, 396, 396, 0.0899983, 0.0899983}, kLooseNew),
        lichess_vector("DefaultDraw", kNew, kNew, Score::Draw,
                       {1500, 1500, 396, 396, 0.0899954, 0.0899954}, kLooseNewDraw),
        lichess_vector("LowDeviationWhiteWins", kOld, kOld, Score::Win,
                       {1517, 1482, 78, 78, 0.06, 0.06}, kLoose),
        lichess_vector("LowDeviationBlackWins", kOld, kOld, Score::Loss,
                       {1482, 1517, 78, 78, 0.06, 0.06}, kLoose),
        lichess_vector("LowDeviationDraw", kOld, kOld, Score::Draw,
                       {1500, 1500, 78, 78, 0.06, 0.06}, kLoose),
        lichess_vector("MixedWhiteWins", kMixedWhite, kMixedBlack, Score::Win,
                       {1422, 1506, 77, 105, 0.06, 0.065}, kLoose),
        lichess_vector("MixedBlackWins", kMixedWhite, kMixedBlack, Score::Loss,
                       {1389, 1568, 78, 105, 0.06, 0.065}, kLoose),
        lichess_vector("MixedDraw", kMixedWhite, kMixedBlack, Score::Draw,
                       {1406, 1537, 78, 105.87, 0.06, 0.065}, kLooseMixedDraw),
        lichess_vector("MoreMixedWhiteWins", kMoreMixedWhite, kMoreMixedBlack, Score::Win,
                       {1216.7, 1636, 59.9, 196.9, 0.053013, 0.062028}, kLooseMoreMixed),
        lichess_vector("MoreMixedBlackWins", kMoreMixedWhite, kMoreMixedBlack, Score::Loss,
                       {1199.3, 1855.4, 59.9, 196.9, 0.052999, 0.061999}, kLooseMoreMixed),
        lichess_vector("MoreMixedDraw", kMoreMixedWhite, kMoreMixedBlack, Score::Draw,
                       {1208.0, 1745.7, 59.90056, 196.98729, 0.053002, 0.062006}, kLooseMoreMixed)),
    [](const auto& test) { return std::string(test.param.name); });

// The paper's step 6 inside the game (one elapsed period) would give 290.3190, outside lichess's
// 290.2305 +- 0.00005: lila rates a game with skipDeviationIncrease = true.
TEST(LichessGame, IsAPeriodWithoutStepSixGrowth) {
    const PeriodGame game{{1500, 350, 0.06}, 1.0};
    const auto paper =
        rate_period({1500, 350, 0.06}, std::span(&game, 1), {.tau = 0.75, .elapsed_periods = 1});
    ASSERT_TRUE(paper);
    EXPECT_GT(std::abs(paper->deviation - 290.2305), 0.00005);
    const auto lichess = update(kEqual, kEqual, Score::Win, kNow);
    ASSERT_TRUE(lichess);
    EXPECT_NEAR(lichess->player.deviation, 290.2305, 0.00005);
}

TEST(LichessGame, ColourPlaysNoPart) {
    // Chess960 has no colour advantage on lichess (lila PerfsUpdater.withCalculator): the
    // players' places can be swapped.
    const auto white_wins = update(kMixedWhite, kMixedBlack, Score::Win, kNow);
    const auto black_loses = update(kMixedBlack, kMixedWhite, Score::Loss, kNow);
    ASSERT_TRUE(white_wins && black_loses);
    EXPECT_EQ(white_wins->player.rating, black_loses->opponent.rating);
    EXPECT_EQ(white_wins->opponent.rating, black_loses->player.rating);
    EXPECT_EQ(white_wins->player.deviation, black_loses->opponent.deviation);
    EXPECT_EQ(white_wins->opponent.volatility, black_loses->player.volatility);
}

TEST(LichessGame, CountsTheGameAndRemembersWhen) {
    Rating player = kOld;
    player.games = 41;
    player.last_played = kNow - days(3);
    const auto after = update(player, kNew, Score::Draw, kNow);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->player.games, 42);
    EXPECT_EQ(after->opponent.games, 1);
    EXPECT_EQ(after->player.last_played, kNow);
    EXPECT_EQ(after->opponent.last_played, kNow);
}

TEST(IdleTime, ADeviationOf60BecomesAbout110InAYear) {
    // lila: 0.21436 rating periods a day, "chosen so a typical player's RD goes from 60 -> 110
    // in 1 year" (volatility 0.06).
    Rating player = rating(1800, 60, 0.06);
    player.last_played = kNow;
    EXPECT_NEAR(deviation_at(player, kNow + days(365)), 110, 0.5);
    // (On Glicko-2's scale and back, as lila computes it: 60 to the last bit or two.)
    EXPECT_DOUBLE_EQ(deviation_at(player, kNow), 60);
    EXPECT_GT(deviation_at(player, kNow + days(1)), 60);
    EXPECT_LT(deviation_at(player, kNow + days(1)), deviation_at(player, kNow + days(2)));
}

TEST(IdleTime, NothingGrowsWithoutALastGameOrBeforeIt) {
    Rating player = rating(1800, 60, 0.06);
    EXPECT_DOUBLE_EQ(deviation_at(player, kNow + days(1000)), 60);
    player.last_played = kNow;
    EXPECT_DOUBLE_EQ(deviation_at(player, kNow - days(10)), 60);
}

TEST(IdleTime, TheDeviationStaysWithin45And500) {
    Rating player = rating(1800, 480, 0.09);
    player.last_played = kNow;
    EXPECT_EQ(deviation_at(player, kNow + days(3650)), 500);
    Rating settled = rating(1800, 30, 0.06);
    EXPECT_EQ(deviation_at(settled, kNow), 45);
    EXPECT_EQ(rating_at(settled, kNow).deviation, 45);
    EXPECT_EQ(rating_at(settled, kNow).rating, 1800);
}

TEST(IdleTime, AGameIsRatedWithTheGrownDeviation) {
    Rating idle = kOld;
    idle.last_played = kNow - days(200);
    Rating grown = kOld;
    grown.deviation = deviation_at(idle, kNow);
    ASSERT_GT(grown.deviation, 100);
    const auto from_idle = update(idle, kMixedBlack, Score::Win, kNow);
    const auto from_grown = update(grown, kMixedBlack, Score::Win, kNow);
    ASSERT_TRUE(from_idle && from_grown);
    EXPECT_EQ(from_idle->player.rating, from_grown->player.rating);
    EXPECT_EQ(from_idle->player.deviation, from_grown->player.deviation);
    EXPECT_EQ(from_idle->opponent.rating, from_grown->opponent.rating);
}

TEST(LichessCaps, AGameMovesARatingAt700Points) {
    // A new player beating a settled 3000: Glicko-2 alone would give about 1,400 points.
    const Rating strong = rating(3000, 45, 0.06);
    const PeriodGame game{{3000, 45, 0.06}, 1.0};
    const auto uncapped =
        rate_period({1500, 500, 0.09}, std::span(&game, 1), {.tau = 0.75, .elapsed_periods = 0});
    ASSERT_TRUE(uncapped);
    ASSERT_GT(uncapped->rating, 2200);
    const auto after = update(kNew, strong, Score::Win, kNow);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->player.rating, 2200);
}

TEST(LichessCaps, NoRatingFallsBelow400) {
    const Rating floor = rating(400, 45, 0.06);
    const auto after = update(floor, kEqual, Score::Loss, kNow);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->player.rating, 400);
    // Below 400 (never written by update) is lifted to 400 before the game too.
    const auto lifted = update(rating(300, 45, 0.06), rating(400, 45, 0.06), Score::Draw, kNow);
    ASSERT_TRUE(lifted);
    EXPECT_NEAR(lifted->player.rating, 400, 1e-9);
}

TEST(LichessCaps, TheDeviationNeverFallsBelow45) {
    const PeriodGame game{{1500, 45, 0.06}, 0.5};
    const auto uncapped =
        rate_period({1500, 45, 0.06}, std::span(&game, 1), {.tau = 0.75, .elapsed_periods = 0});
    ASSERT_TRUE(uncapped);
    ASSERT_LT(uncapped->deviation, 45);
    const auto after = update(rating(1500, 45, 0.06), rating(1500, 45, 0.06), Score::Draw, kNow);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->player.deviation, 45);
    EXPECT_EQ(after->opponent.deviation, 45);
}

TEST(LichessCaps, TheVolatilityNeverExceedsOneTenth) {
    // A settled player at the volatility cap losing to one 1,000 points below: a surprise that
    // raises the volatility past 0.1.
    const PeriodGame game{{1500, 45, 0.1}, 0.0};
    const auto uncapped =
        rate_period({2500, 45, 0.1}, std::span(&game, 1), {.tau = 0.75, .elapsed_periods = 0});
    ASSERT_TRUE(uncapped);
    ASSERT_GT(uncapped->volatility, 0.1);
    const auto after = update(rating(2500, 45, 0.1), rating(1500, 45, 0.1), Score::Loss, kNow);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->player.volatility, 0.1);
    // A volatility above the cap is cut before the game as well.
    const auto cut = update(rating(1500, 300, 0.5), kNew, Score::Draw, kNow);
    ASSERT_TRUE(cut);
    EXPECT_LE(cut->player.volatility, 0.1);
}

TEST(Display, TruncatesAndMarksProvisionalRatings) {
    EXPECT_EQ(display(rating(1662.21, 290.23, 0.06)), "1662?");
    EXPECT_EQ(display(rating(1662.99, 60, 0.06)), "1662");
    EXPECT_EQ(display(rating(2000, 110, 0.06)), "2000?");
    EXPECT_EQ(display(rating(2000, 109.99, 0.06)), "2000");
    EXPECT_TRUE(is_provisional(Rating{}));
    EXPECT_TRUE(is_provisional(rating(1500, 110, 0.06)));
    EXPECT_FALSE(is_provisional(rating(1500, 109.999, 0.06)));
    EXPECT_EQ(displayed_rating(1e300), std::numeric_limits<int>::max());
}

TEST(Display, AChangeIsTheDifferenceOfTheShownNumbers) {
    // lichess's vector: 1500 -> 1662.21 shows +162 and 1500 -> 1337.79 shows -163.
    const auto after = update(kEqual, kEqual, Score::Win, kNow);
    ASSERT_TRUE(after);
    EXPECT_EQ(rating_change(kEqual, after->player), 162);
    EXPECT_EQ(rating_change(kEqual, after->opponent), -163);
}

TEST(Errors, NameTheValue) {
    const auto nan = update(rating(std::nan(""), 100, 0.06), kNew, Score::Win, kNow);
    ASSERT_FALSE(nan);
    EXPECT_EQ(nan.error().message, "player's rating must be a finite number, not nan");
    Rating negative = kNew;
    negative.games = -1;
    const auto games = update(kNew, negative, Score::Win, kNow);
    ASSERT_FALSE(games);
    EXPECT_EQ(games.error().message,
              "opponent's games must be a count from 0 to 2147483646, not -1");
    negative.games = std::numeric_limits<int>::max();
    EXPECT_FALSE(update(kNew, negative, Score::Win, kNow));
    const auto deviation = update(kNew, rating(1500, 0, 0.06), Score::Win, kNow);
    ASSERT_FALSE(deviation);
    EXPECT_EQ(deviation.error().message, "opponent's deviation must be a finite number > 0, not 0");
}

TEST(Points, AreThePapersScores) {
    EXPECT_EQ(points(Score::Loss), 0.0);
    EXPECT_EQ(points(Score::Draw), 0.5);
    EXPECT_EQ(points(Score::Win), 1.0);
}

}  // namespace
