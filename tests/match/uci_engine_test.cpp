// Reading engines' "info" lines (match/uci_engine.hpp): parse_pv_line takes a MultiPV line's
// number, score and first move as Stockfish writes them, and refuses a bound, a line without a
// score or a move, and a line that numbers itself twice; parse_info reads the first line's
// score and stops at the pv's moves. (The fuzz target engine_info_fuzzer holds both to this.)
#include <gtest/gtest.h>

#include "match/uci_engine.hpp"

using namespace chess960::match;

TEST(PvLine, StockfishsMultiPvLinesAreReadWithTheirNumberScoreAndFirstMove) {
    const auto first = parse_pv_line(
        "info depth 18 seldepth 26 multipv 1 score cp 536 nodes 2001336 nps 1728269 hashfull "
        "649 tbhits 0 time 1158 pv e4d6 e8f8 d6b7");
    ASSERT_TRUE(first);
    EXPECT_EQ(first->multipv, 1);
    EXPECT_EQ(first->depth, 18);
    EXPECT_EQ(first->score.kind, Score::Kind::Centipawns);
    EXPECT_EQ(first->score.value, 536);
    EXPECT_EQ(first->first_move, "e4d6");
    const auto second = parse_pv_line("info depth 18 multipv 2 score mate -3 pv d1d3 b7c7");
    ASSERT_TRUE(second);
    EXPECT_EQ(second->multipv, 2);
    EXPECT_EQ(second->score.kind, Score::Kind::Mate);
    EXPECT_EQ(second->score.value, -3);
    // Without multipv: the first line.
    EXPECT_EQ(parse_pv_line("info depth 3 score cp 20 pv e2e4")->multipv, 1);
}

TEST(PvLine, ABoundAMissingPartOrATwiceNumberedLineIsNotALine) {
    EXPECT_FALSE(parse_pv_line("info depth 5 score cp 20 lowerbound pv e2e4"));
    EXPECT_FALSE(parse_pv_line("info depth 5 score cp 20 upperbound pv e2e4"));
    EXPECT_FALSE(parse_pv_line("info depth 5 score cp 20"));
    EXPECT_FALSE(parse_pv_line("info depth 5 pv e2e4"));
    EXPECT_FALSE(parse_pv_line("info string score cp 5 pv e2e4"));
    EXPECT_FALSE(parse_pv_line("info multipv 0 score cp 5 pv e2e4"));
    EXPECT_FALSE(parse_pv_line("info score cp x pv e2e4"));
    // The line the fuzz target found: numbered 2, then 1. parse_info, which stops at the first
    // number that is not 1, refuses it too.
    const std::string twice = "info depth 18 multipv 2 score cp 5 multipv 1 pv e2e4";
    EXPECT_FALSE(parse_pv_line(twice));
    Score score;
    int depth = 0;
    EXPECT_FALSE(parse_info(twice, score, depth));
}

TEST(PvLine, ParseInfoStopsAtThePvsMoves) {
    Score score;
    int depth = 0;
    // After "pv" come moves, whatever they look like.
    ASSERT_TRUE(parse_info("info depth 7 score cp 31 pv e2e4 multipv 2", score, depth));
    EXPECT_EQ(score.value, 31);
    EXPECT_EQ(depth, 7);
}
