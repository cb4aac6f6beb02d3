#include <gtest/gtest.h>

#include "chess960/bitboard.hpp"

using namespace chess960;

TEST(Bitboard, RookAttacksStopAtBlockers) {
    Bitboard occupied = square_bb(D6) | square_bb(B4) | square_bb(D2);
    Bitboard expected = square_bb(D5) | square_bb(D6) | square_bb(C4) | square_bb(B4) |
                        square_bb(E4) | square_bb(F4) | square_bb(G4) | square_bb(H4) |
                        square_bb(D3) | square_bb(D2);
    EXPECT_EQ(rook_attacks(D4, occupied), expected);
}

TEST(Bitboard, BishopAttacksFromCorner) {
    EXPECT_EQ(bishop_attacks(A1, square_bb(D4)), square_bb(B2) | square_bb(C3) | square_bb(D4));
    EXPECT_EQ(popcount(bishop_attacks(A1, 0)), 7);
}

TEST(Bitboard, BetweenAndLine) {
    EXPECT_EQ(between(A1, D1), square_bb(B1) | square_bb(C1));
    EXPECT_EQ(between(A1, B3), 0u);
    EXPECT_EQ(line_through(C1, E3), square_bb(C1) | square_bb(D2) | square_bb(E3) | square_bb(F4) |
                                        square_bb(G5) | square_bb(H6));
    EXPECT_EQ(line_through(B2, B7), file_bb(1));
}

TEST(Bitboard, LeaperAttacks) {
    EXPECT_EQ(popcount(knight_attacks(A1)), 2);
    EXPECT_EQ(popcount(knight_attacks(E4)), 8);
    EXPECT_EQ(popcount(king_attacks(H8)), 3);
    EXPECT_EQ(pawn_attacks(White, E4), square_bb(D5) | square_bb(F5));
    EXPECT_EQ(pawn_attacks(Black, A5), square_bb(B4));
}
