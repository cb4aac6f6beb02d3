// Perft with every invariant checked at every node (key, bitboards, FEN round trip, parent
// untouched), on positions rich in castling, en passant and promotion.
#include <gtest/gtest.h>

#include "chess960/fen.hpp"
#include "chess960/perft.hpp"
#include "chess960/perft_checked.hpp"
#include "chess960/startpos.hpp"

using namespace chess960;

TEST(PerftInvariants, HoldAtEveryNode) {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
        "qbbnrkr1/p1pppppp/1p4n1/8/2P5/6N1/PPNPPPPP/1BRKBRQ1 b FCge - 1 3",
        "2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1",
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
        "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1",
        "R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1",
    };
    for (const char* fen : fens) {
        auto pos = position_from_fen(fen);
        ASSERT_TRUE(pos) << fen;
        auto checked = perft_checked(*pos, 3);
        ASSERT_TRUE(checked) << checked.error().message;
        EXPECT_EQ(*checked, perft(*pos, 3)) << fen;
    }
    for (int n : {0, 518, 959}) {
        auto checked = perft_checked(*startpos::position(n), 4);
        ASSERT_TRUE(checked) << checked.error().message;
        EXPECT_EQ(*checked, perft(*startpos::position(n), 4));
    }
}
