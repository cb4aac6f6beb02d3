// An event's standings (src/server/events/common/standings.cpp): points, then the
// Sonneborn-Berger tie-break, on hand-checked tables.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "events/standings.hpp"

namespace chess960::server {
namespace {

struct Row {
    int rank;
    std::string name;
    double points;
    double sb;
};

void expect_table(const std::vector<Standing>& table, const std::vector<Row>& expected) {
    ASSERT_EQ(table.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(table[i].rank, expected[i].rank) << i;
        EXPECT_EQ(table[i].name, expected[i].name) << i;
        EXPECT_EQ(table[i].points(), expected[i].points) << expected[i].name;
        EXPECT_EQ(table[i].sonneborn_berger(), expected[i].sb) << expected[i].name;
    }
}

// Round robin of four (by hand): Cy 2 points, Ann and Di 1.5, Bob 1.
// SB: Cy = Di/2 + Ann/2 + Bob = 0.75 + 0.75 + 1; Di = Cy/2 + Ann = 1 + 1.5; Ann = Bob + Cy/2 =
// 1 + 1; Bob = Di = 1.5.
TEST(EventStandings, PointsThenSonnebornBergerOnARoundRobin) {
    const std::vector<ScoredGame> games = {
        {"Ann", "Bob", "1-0"}, {"Cy", "Di", "1/2-1/2"}, {"Cy", "Ann", "1/2-1/2"},
        {"Bob", "Di", "1-0"},  {"Ann", "Di", "0-1"},    {"Bob", "Cy", "0-1"},
    };
    const auto table = standings(games);
    expect_table(table,
                 {{1, "Cy", 2, 2.5}, {2, "Di", 1.5, 2.5}, {3, "Ann", 1.5, 2}, {4, "Bob", 1, 1.5}});
    EXPECT_EQ(table[0].wins, 1);
    EXPECT_EQ(table[0].draws, 2);
    EXPECT_EQ(table[0].losses, 0);
    EXPECT_EQ(table[3].played, 3);
}

TEST(EventStandings, GamesWithoutAResultCountForNobodyButListTheirPlayers) {
    const auto table = standings({{"Ann", "Bob", "*"}, {"Cy", "Di", "1-0"}});
    // Cy beat Di, who has 0: a win over a player without points adds nothing to SB.
    expect_table(table, {{1, "Cy", 1, 0}, {2, "Ann", 0, 0}, {2, "Bob", 0, 0}, {2, "Di", 0, 0}});
    EXPECT_EQ(table[1].played, 0);
}

TEST(EventStandings, PlayersEqualOnPointsAndTieBreakShareARank) {
    // Two draws between the same two players, and a third who lost to both.
    const auto table = standings({{"Ann", "Bob", "1/2-1/2"},
                                  {"Bob", "Ann", "1/2-1/2"},
                                  {"Ann", "Cy", "1-0"},
                                  {"Cy", "Bob", "0-1"}});
    // Ann and Bob: 2 points each; SB = 2 x (2/2) + 0 = 2 each.
    expect_table(table, {{1, "Ann", 2, 2}, {1, "Bob", 2, 2}, {3, "Cy", 0, 0}});
}

TEST(EventStandings, HalfOfADrawnOpponentsScoreIsExact) {
    // Di draws three games: 1.5 points, so each of the three gets 0.75 from drawing Di (3
    // quarter points), and Di gets half of each one's 0.5.
    const auto table =
        standings({{"Di", "A", "1/2-1/2"}, {"Di", "B", "1/2-1/2"}, {"C", "Di", "1/2-1/2"}});
    ASSERT_EQ(table.size(), 4u);
    EXPECT_EQ(table[0].name, "Di");
    EXPECT_EQ(table[0].points(), 1.5);
    EXPECT_EQ(table[0].sonneborn_berger(), 0.75);  // (0.5 + 0.5 + 0.5) / 2
    for (std::size_t i = 1; i < 4; ++i) {
        EXPECT_EQ(table[i].sb_quarters, 3) << table[i].name;
        EXPECT_EQ(table[i].sonneborn_berger(), 0.75) << table[i].name;
        EXPECT_EQ(table[i].rank, 2) << table[i].name;
    }
}

}  // namespace
}  // namespace chess960::server
