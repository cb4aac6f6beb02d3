// Round robins: the Berger tables equal FIDE's (C.05 Annex 1, tests/data/pairing/berger_c05.txt)
// for 3 to 16 players, and for any size every pair meets once per cycle.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "chess960/pairing/berger.hpp"
#include "pairing_support.hpp"

namespace {

using namespace chess960::pairing;
using chess960::pairing::testing::data_path;
using chess960::pairing::testing::slurp;

// size -> round -> "w-b w-b ..."
std::map<int, std::map<int, std::string>> handbook_tables() {
    std::map<int, std::map<int, std::string>> out;
    std::istringstream in(slurp(data_path("berger_c05.txt")));
    std::string line;
    int size = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (first == "players") {
            words >> size;
            continue;
        }
        std::string rest, board;
        while (words >> board) rest += (rest.empty() ? "" : " ") + board;
        out[size][std::stoi(first)] = rest;
    }
    return out;
}

std::string text(const std::vector<Pair>& boards) {
    std::string out;
    for (const Pair& p : boards)
        out += (out.empty() ? "" : " ") + std::to_string(p.white) + "-" + std::to_string(p.black);
    return out;
}

TEST(Berger, EqualsTheHandbookFor3To16Players) {
    const auto tables = handbook_tables();
    ASSERT_EQ(tables.size(), 7u);
    for (int players = 3; players <= 16; ++players) {
        const int size = players + (players & 1);
        auto schedule = berger_schedule(players);
        ASSERT_TRUE(schedule);
        ASSERT_EQ(schedule->rounds.size(), static_cast<std::size_t>(size - 1));
        for (const RoundPairing& r : schedule->rounds) {
            // The Handbook's line, with the table's last number as the bye for odd counts.
            std::string expected;
            std::string bye;
            std::istringstream boards(tables.at(size).at(r.round));
            std::string board;
            while (boards >> board) {
                const int white = std::stoi(board.substr(0, board.find('-')));
                const int black = std::stoi(board.substr(board.find('-') + 1));
                if (players != size && (white == size || black == size)) {
                    bye = std::to_string(white == size ? black : white) + "-0";
                    continue;
                }
                expected += (expected.empty() ? "" : " ") + board;
            }
            if (!bye.empty()) expected += " " + bye;
            EXPECT_EQ(text(r.pairs), expected) << players << " players, round " << r.round;
        }
    }
}

TEST(Berger, EveryPairMeetsOncePerCycleForAnySize) {
    for (int players : {2, 15, 16, 17, 31, 64}) {
        for (bool twice : {false, true}) {
            auto schedule = berger_schedule(players, twice);
            ASSERT_TRUE(schedule);
            std::map<std::pair<int, int>, int> met;
            std::map<int, int> whites;
            for (const RoundPairing& r : schedule->rounds) {
                std::set<int> seen;
                for (const Pair& p : r.pairs) {
                    EXPECT_TRUE(seen.insert(p.white).second);
                    if (p.black == 0) continue;
                    EXPECT_TRUE(seen.insert(p.black).second);
                    ++met[{std::min(p.white, p.black), std::max(p.white, p.black)}];
                    ++whites[p.white];
                }
                EXPECT_EQ(seen.size(), static_cast<std::size_t>(players))
                    << players << " round " << r.round;
            }
            EXPECT_EQ(met.size(), static_cast<std::size_t>(players * (players - 1) / 2));
            for (const auto& [pair, times] : met) EXPECT_EQ(times, twice ? 2 : 1);
            if (twice) {  // colours reversed in the second cycle: white once against each opponent
                for (const auto& [player, count] : whites) EXPECT_EQ(count, players - 1) << player;
            }
        }
    }
}

TEST(Berger, DoubleCycleSwapsTheLastTwoRoundsOfTheFirst) {
    // C.05: so that nobody gets three games in a row with one colour across the cycles.
    auto schedule = berger_schedule(6, true);
    ASSERT_TRUE(schedule);
    ASSERT_EQ(schedule->rounds.size(), 10u);
    EXPECT_EQ(text(schedule->rounds[3].pairs), "3-6 4-2 5-1");
    EXPECT_EQ(text(schedule->rounds[4].pairs), "6-5 1-4 2-3");
    EXPECT_EQ(text(schedule->rounds[5].pairs), "6-1 5-2 4-3");
}

TEST(Berger, RefusesImpossibleSizes) {
    EXPECT_FALSE(berger_schedule(1));
    EXPECT_FALSE(berger_schedule(0));
    EXPECT_FALSE(berger_schedule(10000));
}

}  // namespace
