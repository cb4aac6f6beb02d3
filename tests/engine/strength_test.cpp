// Playing strength: the UCI_Elo and Skill Level mapping (engine/strength.hpp) and how a weakened
// search plays.
#include <atomic>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "chess960/uci_move.hpp"
#include "engine/search.hpp"
#include "engine/strength.hpp"
#include "test_support.hpp"

namespace chess960 {
namespace {

engine::SearchResult weakened_search(const std::string& fen, const engine::Weakness& weakness,
                                     int depth = 0) {
    engine::Searcher searcher;
    searcher.set_weakness(weakness);
    std::atomic<bool> stop{false};
    engine::Limits limits;
    limits.depth = depth;
    return searcher.search(testing::parse(fen), {}, limits, stop, [](const engine::SearchInfo&) {});
}

std::string best_uci(const std::string& fen, const engine::SearchResult& r) {
    return to_uci(testing::parse(fen), r.best, CastlingMode::Chess960);
}

TEST(Strength, HigherEloSearchesMoreAndPicksMoreSurely) {
    const auto lowest = engine::weakness_for_elo(engine::kMinElo);
    EXPECT_TRUE(lowest.weakened());
    EXPECT_GT(lowest.nodes, 0u);
    auto previous = lowest;
    for (int elo = engine::kMinElo + 10; elo < engine::kFullStrengthElo; elo += 10) {
        SCOPED_TRACE(elo);
        const auto w = engine::weakness_for_elo(elo);
        EXPECT_GT(w.nodes, 0u);
        EXPECT_GE(w.nodes, previous.nodes);
        EXPECT_LE(w.temperature, previous.temperature);
        previous = w;
    }
    EXPECT_GT(previous.nodes, lowest.nodes * 100);
    EXPECT_EQ(previous.temperature, 0);
}

TEST(Strength, FullStrengthFromItsEloUpAndTheLowestBelowTheRange) {
    for (int elo : {engine::kFullStrengthElo, engine::kMaxElo, 5000})
        EXPECT_FALSE(engine::weakness_for_elo(elo).weakened()) << elo;
    const auto low = engine::weakness_for_elo(engine::kMinElo);
    EXPECT_EQ(engine::weakness_for_elo(0).nodes, low.nodes);
    EXPECT_EQ(engine::weakness_for_elo(0).temperature, low.temperature);
}

TEST(Strength, SkillLevelTwentyIsFullStrengthAndLowerLevelsAreEloSteps) {
    EXPECT_FALSE(engine::weakness_for_skill(20).weakened());
    EXPECT_FALSE(engine::weakness_for_skill(25).weakened());
    EXPECT_EQ(engine::weakness_for_skill(0).nodes, engine::weakness_for_elo(engine::kMinElo).nodes);
    EXPECT_EQ(engine::weakness_for_skill(-3).nodes, engine::weakness_for_skill(0).nodes);
    for (int skill = 1; skill < 20; ++skill) {
        SCOPED_TRACE(skill);
        EXPECT_TRUE(engine::weakness_for_skill(skill).weakened());
        EXPECT_GE(engine::weakness_for_skill(skill).nodes,
                  engine::weakness_for_skill(skill - 1).nodes);
    }
}

TEST(WeakenedSearch, StopsAfterItsNodeBudget) {
    const std::string fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    const auto full = weakened_search(fen, {}, 12);
    ASSERT_GT(full.nodes, 20'000u);  // the budget below is a real limit
    const auto weak = weakened_search(fen, {5'000, 0}, 12);
    // The node count is polled every 1,024 nodes.
    EXPECT_LE(weak.nodes, 5'000u + 1'024u);
    EXPECT_TRUE(testing::parse(fen).legal_moves().contains(weak.best));
}

TEST(WeakenedSearch, FinishesItsFirstIterationWhateverTheBudget) {
    // A budget of one node: the search must end with its first iteration, whole. It then plays
    // what a depth-1 search plays, after exactly as many nodes.
    for (const std::string fen : {
             "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
             "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
             "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
             "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
             "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
         }) {
        SCOPED_TRACE(fen);
        const auto depth_one = weakened_search(fen, {}, 1);
        const auto weak = weakened_search(fen, {1, 0});
        EXPECT_EQ(best_uci(fen, weak), best_uci(fen, depth_one));
        EXPECT_EQ(weak.score, depth_one.score);
        EXPECT_EQ(weak.nodes, depth_one.nodes);
    }
    const std::string mate = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    EXPECT_EQ(best_uci(mate, weakened_search(mate, {1, 0})), "d1d8");
}

TEST(WeakenedSearch, LowTemperatureNeverGivesUpAQueen) {
    // Bxb7 wins the queen (for the bishop); no other move comes close.
    const std::string fen = "rnb1kbnr/pqpppppp/1p6/8/8/6P1/PPPPPPBP/RNBQK1NR w KQkq - 0 1";
    for (int i = 0; i < 20; ++i)
        EXPECT_EQ(best_uci(fen, weakened_search(fen, {20'000, 20})), "g2b7");
}

TEST(WeakenedSearch, HighTemperatureVariesItsMove) {
    // Many moves are about as good at the start: a hot pick must not always be the same one.
    const std::string fen = "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1";
    std::set<std::string> played;
    for (int i = 0; i < 30; ++i) {
        const auto r = weakened_search(fen, {2'000, 300});
        ASSERT_TRUE(testing::parse(fen).legal_moves().contains(r.best));
        played.insert(best_uci(fen, r));
    }
    EXPECT_GE(played.size(), 2u);
    std::set<std::string> cold;
    for (int i = 0; i < 5; ++i) cold.insert(best_uci(fen, weakened_search(fen, {2'000, 0})));
    EXPECT_EQ(cold.size(), 1u);
}

}  // namespace
}  // namespace chess960
