// A program built for generic x86-64 (no BMI2) that uses a library built with -march=native:
// the sliding attacks it computes through the library's inline header functions must be the
// library's own. The slider implementation (PEXT or magic bitboards) is chosen once, when the
// library is configured, not by each translation unit that includes bitboard.hpp.
#if defined(__BMI2__)
#error "generic_consumer_test.cpp must be compiled without BMI2 (see tests/CMakeLists.txt)"
#endif

#include <gtest/gtest.h>

#include <cstdint>

#include "chess960/bitboard.hpp"
#include "chess960/fen.hpp"
#include "chess960/position.hpp"

using namespace chess960;

namespace {

// Attacks found by walking each ray, for comparison with the table lookups.
Bitboard walk_rays(Square s, Bitboard occupied, const int (&directions)[4][2]) {
    Bitboard result = 0;
    for (const auto& d : directions) {
        int file = file_of(s) + d[0], rank = rank_of(s) + d[1];
        while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
            Bitboard b = square_bb(make_square(file, rank));
            result |= b;
            if (occupied & b) break;
            file += d[0];
            rank += d[1];
        }
    }
    return result;
}

constexpr int kRookDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirections[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

}  // namespace

TEST(GenericConsumer, RookOnA1StopsAtA4) {
    const Bitboard expected =
        square_bb(A2) | square_bb(A3) | square_bb(A4) | (rank_bb(0) & ~square_bb(A1));
    EXPECT_EQ(rook_attacks(A1, square_bb(A4)), expected);
}

TEST(GenericConsumer, SlidersAgreeWithRayWalksAndWithTheLibrary) {
    std::uint64_t state = 0x2545F4914F6CDD1DULL;
    for (int i = 0; i < 20000; ++i) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        const Bitboard occupied = state & (state >> 3);  // about a quarter of the squares
        const Square s = Square(i % 64);
        ASSERT_EQ(rook_attacks(s, occupied), walk_rays(s, occupied, kRookDirections))
            << square_name(s) << " occupied " << occupied;
        ASSERT_EQ(bishop_attacks(s, occupied), walk_rays(s, occupied, kBishopDirections))
            << square_name(s) << " occupied " << occupied;
        // attacks_of is compiled into the library with the library's own flags.
        ASSERT_EQ(queen_attacks(s, occupied), attacks_of(Queen, s, occupied)) << square_name(s);
    }
}

TEST(GenericConsumer, RookMovesAgreeWithTheLibrarysMoveGenerator) {
    // The rook on a1 is blocked by its own pawn on a4: a2, a3, b1, c1 and d1.
    auto pos = position_from_fen("4k3/8/8/8/P7/8/8/R3K3 w - - 0 1");
    ASSERT_TRUE(pos);
    const Bitboard targets = rook_attacks(A1, pos->pieces()) & ~pos->pieces(White);
    EXPECT_EQ(popcount(targets), 5);
    int from_generator = 0;
    for (Move m : pos->legal_moves())
        if (m.from() == A1 && !m.is_castling()) ++from_generator;
    EXPECT_EQ(from_generator, popcount(targets));
}
