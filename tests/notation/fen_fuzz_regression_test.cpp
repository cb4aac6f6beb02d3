// Regression tests for invariant failures of the FEN fuzz target (fuzz/fen_fuzzer.cpp).
#include <gtest/gtest.h>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"

using namespace chess960;

namespace {

// The fuzz target's round trips for a position reached by a move.
void expect_round_trips(const Position& pos) {
    auto back = position_from_fen(write_fen(pos));
    ASSERT_TRUE(back) << write_fen(pos) << ": " << back.error().to_string();
    EXPECT_TRUE(*back == pos) << write_fen(pos);
    auto again = Position::from_setup(pos.to_setup());
    ASSERT_TRUE(again) << write_fen(pos) << ": " << again.error().to_string();
    EXPECT_TRUE(*again == pos) << write_fen(pos);
}

}  // namespace

// The fullmove number wrapped from 65535 to 0 after Black's move: the FEN ended in "1 0" and
// from_setup(to_setup()) rejected the position ("fullmove number out of range").
TEST(FenFuzzRegression, FullmoveNumberSaturatesAt65535) {
    auto pos = position_from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 65535");
    ASSERT_TRUE(pos);
    for (Move m : pos->legal_moves()) {
        Position child = pos->after(m);
        EXPECT_EQ(child.fullmove_number(), 65535);
        EXPECT_EQ(child.halfmove_clock(), 1);
        EXPECT_EQ(child.game_ply(), 2 * 65534);
        expect_round_trips(child);
    }
}

// The halfmove clock wrapped from 65535 to 0 after a quiet move.
TEST(FenFuzzRegression, HalfmoveClockSaturatesAt65535) {
    auto pos = position_from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 65535 40");
    ASSERT_TRUE(pos);
    for (Move m : pos->legal_moves()) {
        Position child = pos->after(m);
        bool pawn_move = type_of(pos->piece_on(m.from())) == Pawn;
        EXPECT_EQ(child.halfmove_clock(), pawn_move ? 0 : 65535);
        EXPECT_EQ(child.fullmove_number(), 40);
        expect_round_trips(child);
    }
}
