// Quick pairing's matching (src/server/lobby/pools.hpp), without a server: the four pools and
// their speeds, the range widening with the wait, and who is paired with whom.
#include <gtest/gtest.h>

#include "lobby/pools.hpp"

namespace chess960::server {
namespace {

using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;
constexpr std::int64_t kNow = 1'000'000;

PoolEntry entry(const std::string& account, double rating, std::int64_t waited_ms = 0) {
    return {"seek-" + account, account, rating, kNow - waited_ms};
}

TEST(LobbyPools, TheFourPoolsAndTheirSpeeds) {
    ASSERT_TRUE(quick_pool("5+3"));
    EXPECT_EQ(quick_pool("5+3")->minutes, 5);
    EXPECT_EQ(quick_pool("5+3")->increment_seconds, 3);
    EXPECT_FALSE(quick_pool("1+0"));
    EXPECT_FALSE(quick_pool("5+3 "));
    // initial + 40 x increment: 260 s and 420 s are blitz, 800 s and 1300 s rapid.
    EXPECT_EQ(speed_of(*quick_pool("3+2")), rating::Speed::Blitz);
    EXPECT_EQ(speed_of(*quick_pool("5+3")), rating::Speed::Blitz);
    EXPECT_EQ(speed_of(*quick_pool("10+5")), rating::Speed::Rapid);
    EXPECT_EQ(speed_of(*quick_pool("15+10")), rating::Speed::Rapid);
}

TEST(LobbyPools, TheRangeWidensBy50Every5SecondsUpTo1000) {
    const PoolRange range;
    EXPECT_EQ(rating_range(0, range), 100);
    EXPECT_EQ(rating_range(4'999, range), 100);
    EXPECT_EQ(rating_range(5'000, range), 150);
    EXPECT_EQ(rating_range(44'000, range), 500);
    EXPECT_EQ(rating_range(90'000, range), 1000);
    EXPECT_EQ(rating_range(3'600'000, range), 1000);
    EXPECT_EQ(rating_range(-5'000, range), 100);  // a clock a little behind another server's
}

TEST(LobbyPools, TheClosestRatingsArePairedFirst) {
    const PoolRange range;
    // 1550-1580 (30 apart) before 1500-1550 (50): 1500 waits.
    EXPECT_EQ(pair_pool({entry("a", 1500), entry("b", 1550), entry("c", 1580)}, kNow, range),
              (Pairs{{1, 2}}));
    EXPECT_EQ(pair_pool({entry("a", 1600), entry("b", 1500), entry("c", 1590), entry("d", 1520)},
                        kNow, range),
              (Pairs{{2, 0}, {1, 3}}));
    EXPECT_TRUE(pair_pool({entry("a", 1500)}, kNow, range).empty());
    EXPECT_TRUE(pair_pool({}, kNow, range).empty());
}

TEST(LobbyPools, PlayersFarApartWaitUntilTheRangeSpansTheirGap) {
    const PoolRange range;
    EXPECT_TRUE(pair_pool({entry("a", 1500), entry("b", 1800)}, kNow, range).empty());
    EXPECT_TRUE(pair_pool({entry("a", 1500, 19'999), entry("b", 1800)}, kNow, range).empty());
    // The longer waiter's range counts: 20 s is 300 points.
    EXPECT_EQ(pair_pool({entry("a", 1500, 20'000), entry("b", 1800)}, kNow, range),
              (Pairs{{0, 1}}));
    EXPECT_EQ(pair_pool({entry("a", 1500), entry("b", 1800, 20'000)}, kNow, range),
              (Pairs{{0, 1}}));
    // Never more than 1000 apart.
    EXPECT_TRUE(pair_pool({entry("a", 1000, 3'600'000), entry("b", 2001)}, kNow, range).empty());
}

TEST(LobbyPools, AnAccountIsNeverPairedWithItself) {
    const PoolRange range;
    EXPECT_TRUE(pair_pool({entry("a", 1500), entry("a", 1500)}, kNow, range).empty());
    EXPECT_EQ(pair_pool({entry("a", 1500), entry("a", 1500), entry("b", 1510)}, kNow, range).size(),
              1u);
}

}  // namespace
}  // namespace chess960::server
