// Tie-breaks (C.07) on a tournament small enough to compute by hand, with a forfeit, a
// half-point bye and a pairing-allocated bye:
//
//   No. Rating  R1       R2       R3       Pts
//   1   2000    2 w 1    3 b 1    4 w =    2.5
//   2   1800    1 b 0    4 w +    H        1.5
//   3   1600    4 w =    1 w 0    U        1.5
//   4   1400    3 b =    2 b -    1 b =    1.0
//
// Opponents' scores for Buchholz (C.07 16.3: a round the opponent chose not to play counts as
// a draw): 1: 2.5, 2: 1.5 (its H was 0.5 anyway), 3: 1.5, 4: 1.5 (its forfeit loss counts 0.5).
// A player's own unplayed rounds count their own score (16.4: a dummy opponent with it).
//   BH  1: 1.5 + 1.5 + 1.5 = 4.5    2: 2.5 + 1.5 (+) + 1.5 (H) = 5.5
//       3: 1.5 + 2.5 + 1.5 (U) = 5.5   4: 1.5 + 1.0 (-) + 2.5 = 5.0
//   BH-C1 (own voluntarily unplayed rounds cut first: 2's H, 4's -):
//       1: 3.0   2: 4.0   3: 4.0   4: 4.0
//   BH-C2: 1: 1.5   2: 2.5   3: 2.5   4: 2.5
//   BH-M1 (median: one low cut, unplayed first, and the highest): 1: 1.5 2: 1.5 3: 1.5 4: 1.5
//   SB  1: 1.5x1 + 1.5x1 + 1.5x0.5 = 3.75   2: 2.5x0 + 1.5x1 + 1.5x0.5 = 2.25
//       3: 1.5x0.5 + 2.5x0 + 1.5x1 = 2.25   4: 1.5x0.5 + 1.0x0 + 2.5x0.5 = 2.00
//   WIN (wins with or without playing): 2, 1, 1, 0    WON (over the board): 2, 0, 0, 0
//   BPG (games played with black): 1, 1, 0, 2         BWG: 1, 0, 0, 0
//   ARO (played games): 1: (1800+1600+1400)/3 = 1600   2: 2000   3: (1400+2000)/2 = 1700
//       4: (1600+2000)/2 = 1800
//   PS  1: 1 + 2 + 2.5 = 5.5   2: 0 + 1 + 1.5 = 2.5   3: 0.5 + 0.5 + 1.5 = 2.5
//       4: 0.5 + 0.5 + 1.0 = 2.0
//   KS  (points against opponents with at least 1.5, half the maximum): 1: 2.0 (beat 2 and 3)
//       2: 0   3: 0   4: 1.0 (draws with 3 and 1)
//   DE  2 and 3 (tied on 1.5) never met: no value.
#include <gtest/gtest.h>

#include "chess960/pairing/tiebreaks.hpp"
#include "pairing_support.hpp"

namespace {

using namespace chess960::pairing;
using chess960::pairing::testing::make_player;

Tournament example() {
    Tournament t;
    t.total_rounds = 3;
    auto player = [](int n, int rating, std::vector<RoundEntry> rounds, Points points) {
        Player p;
        p.start_number = n;
        p.name = std::string(1, static_cast<char>('A' + n - 1));
        p.rating = rating;
        p.rounds = std::move(rounds);
        p.points = points;
        return p;
    };
    const Colour w = Colour::White, b = Colour::Black, none = Colour::None;
    t.players = {
        player(1, 2000, {{2, w, '1'}, {3, b, '1'}, {4, w, '='}}, 25),
        player(2, 1800, {{1, b, '0'}, {4, w, '+'}, {0, none, 'H'}}, 15),
        player(3, 1600, {{4, w, '='}, {1, w, '0'}, {0, none, 'U'}}, 15),
        player(4, 1400, {{3, b, '='}, {2, b, '-'}, {1, b, '='}}, 10),
    };
    return t;
}

// The value of tie-break `name` for each start number 1..4.
std::vector<long> values(const std::string& name) {
    auto tiebreaks = parse_tiebreaks(name);
    EXPECT_TRUE(tiebreaks);
    auto table = standings(example(), *tiebreaks);
    EXPECT_TRUE(table);
    std::vector<long> out(4);
    for (const Standing& s : *table)
        out[static_cast<std::size_t>(s.start_number - 1)] = s.values[0];
    return out;
}

TEST(Tiebreaks, HandCheckedValuesWithUnplayedRounds) {
    EXPECT_EQ(values("BH"), (std::vector<long>{45, 55, 55, 50}));
    EXPECT_EQ(values("BH-C1"), (std::vector<long>{30, 40, 40, 40}));
    EXPECT_EQ(values("BH/C2"), (std::vector<long>{15, 25, 25, 25}));
    EXPECT_EQ(values("BH-M1"), (std::vector<long>{15, 15, 15, 15}));
    EXPECT_EQ(values("SB"), (std::vector<long>{375, 225, 225, 200}));  // hundredths
    EXPECT_EQ(values("WIN"), (std::vector<long>{2, 1, 1, 0}));
    EXPECT_EQ(values("WON"), (std::vector<long>{2, 0, 0, 0}));
    EXPECT_EQ(values("BPG"), (std::vector<long>{1, 1, 0, 2}));
    EXPECT_EQ(values("BWG"), (std::vector<long>{1, 0, 0, 0}));
    EXPECT_EQ(values("ARO"), (std::vector<long>{1600, 2000, 1700, 1800}));
    EXPECT_EQ(values("PS"), (std::vector<long>{55, 25, 25, 20}));
    EXPECT_EQ(values("KS"), (std::vector<long>{20, 0, 0, 10}));
    EXPECT_EQ(values("DE"), (std::vector<long>{0, 0, 0, 0}));
}

TEST(Tiebreaks, OrderAndSharedRanks) {
    auto tiebreaks = parse_tiebreaks("BH-C1,SB");
    ASSERT_TRUE(tiebreaks);
    auto table = standings(example(), *tiebreaks);
    ASSERT_TRUE(table);
    ASSERT_EQ(table->size(), 4u);
    // 2 and 3 are equal on points, BH-C1 and SB: they share second place.
    EXPECT_EQ((*table)[0].start_number, 1);
    EXPECT_EQ((*table)[1].rank, 2);
    EXPECT_EQ((*table)[2].rank, 2);
    EXPECT_EQ((*table)[3].start_number, 4);
    EXPECT_EQ((*table)[3].rank, 4);
    // ARO separates them: 3's opponents averaged 1700, 2's 2000.
    auto by_aro = standings(example(), *parse_tiebreaks("BH-C1,ARO"));
    ASSERT_TRUE(by_aro);
    EXPECT_EQ((*by_aro)[1].start_number, 2);
    EXPECT_EQ((*by_aro)[2].start_number, 3);
    EXPECT_EQ((*by_aro)[2].rank, 3);
}

TEST(Tiebreaks, DirectEncounterAmongPlayersWhoAllMet) {
    // A three-player round robin where everybody scores 1: 1 beat 2, 2 beat 3, 3 beat 1.
    Tournament t;
    t.total_rounds = 2;
    const Colour w = Colour::White, b = Colour::Black;
    t.players = {make_player(1, 10, {{2, w, '1'}, {3, b, '0'}}),
                 make_player(2, 10, {{1, b, '0'}, {3, w, '1'}}),
                 make_player(3, 10, {{1, w, '1'}, {2, b, '0'}})};
    auto table = standings(t, *parse_tiebreaks("DE"));
    ASSERT_TRUE(table);
    for (const Standing& s : *table) EXPECT_EQ(s.values[0], 10);  // one point among the tied
}

TEST(Tiebreaks, UnknownNamesAreRefused) {
    auto bad = parse_tiebreaks("BH,XYZ");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("unknown tie-break 'XYZ'"), std::string::npos);
}

}  // namespace
