/// @file
/// Bitboards and attack tables. Sliding attacks use PEXT or magic bitboards, as the library was
/// configured (CHESS960_USE_PEXT in the generated chess960/config.hpp); both index the same kind
/// of table. The choice is the library's, not each including file's: a program compiled without
/// BMI2 that links a library built with -march=native must index the tables the same way.
#pragma once

#include <bit>
#include <cstdint>

#include "chess960/config.hpp"
#include "chess960/types.hpp"

#if CHESS960_USE_PEXT
#include <immintrin.h>
#endif

namespace chess960 {

/// The a-file.
constexpr Bitboard kFileA = 0x0101010101010101ULL;
/// The first rank.
constexpr Bitboard kRank1 = 0xFFULL;
/// The squares of a file (0 = a .. 7 = h).
constexpr Bitboard file_bb(int file) { return kFileA << file; }
/// The squares of a rank (0 = rank 1 .. 7 = rank 8).
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }

/// The number of squares in the set.
inline int popcount(Bitboard b) { return std::popcount(b); }
/// The lowest square of a non-empty set (a1 first, then b1, ...).
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
/// Removes the lowest square of a non-empty set and returns it.
inline Square pop_lsb(Bitboard& b) {
    Square s = lsb(b);
    b &= b - 1;
    return s;
}
/// Whether the set holds two squares or more.
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

namespace detail {

#if CHESS960_USE_PEXT
// The library indexes its tables with PEXT. The target attribute lets a file compiled without
// BMI2 use the instruction here; where BMI2 is enabled anyway the call is inlined as usual.
[[gnu::target("bmi2")]] inline std::uint64_t pext(std::uint64_t value, std::uint64_t mask) {
    return _pext_u64(value, mask);
}
#endif

struct SliderTable {
    Bitboard mask[64];
    Bitboard magic[64];
    Bitboard* attacks[64];
    unsigned shift[64];

    Bitboard lookup(Square s, Bitboard occupied) const {
#if CHESS960_USE_PEXT
        return attacks[s][pext(occupied, mask[s])];
#else
        return attacks[s][((occupied & mask[s]) * magic[s]) >> shift[s]];
#endif
    }
};

struct Tables {
    Bitboard pawn_attacks[2][64];
    Bitboard knight_attacks[64];
    Bitboard king_attacks[64];
    Bitboard between[64][64];  ///< squares strictly between two aligned squares, else 0
    Bitboard line[64][64];     ///< the whole line through two aligned squares, else 0
    SliderTable rook;
    SliderTable bishop;
};

extern Tables tables;

}  // namespace detail

/// The squares a pawn of colour `c` on `s` attacks (diagonally forward, Laws 3.7).
inline Bitboard pawn_attacks(Color c, Square s) { return detail::tables.pawn_attacks[c][s]; }
/// The squares a knight on `s` attacks (Laws 3.6).
inline Bitboard knight_attacks(Square s) { return detail::tables.knight_attacks[s]; }
/// The squares next to `s`, which a king there attacks (Laws 3.8.1).
inline Bitboard king_attacks(Square s) { return detail::tables.king_attacks[s]; }
/// The squares a rook on `s` attacks along its rank and file, each ray up to and including
/// the first occupied square (Laws 3.3).
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
    return detail::tables.rook.lookup(s, occupied);
}
/// The squares a bishop on `s` attacks along its diagonals, each ray up to and including the
/// first occupied square (Laws 3.2).
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
    return detail::tables.bishop.lookup(s, occupied);
}
/// The squares a queen on `s` attacks: rook and bishop lines together (Laws 3.4).
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
    return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; else none.
inline Bitboard between(Square a, Square b) { return detail::tables.between[a][b]; }
/// The whole line (edge to edge) through `a` and `b` when they share a rank, file or diagonal;
/// else none.
inline Bitboard line_through(Square a, Square b) { return detail::tables.line[a][b]; }

/// Squares from a to b on one rank, both included (a and b on the same rank).
inline Bitboard rank_span(Square a, Square b) {
    return between(a, b) | square_bb(a) | square_bb(b);
}

/// Attacks of a piece of type t (not pawn) from s.
Bitboard attacks_of(PieceType t, Square s, Bitboard occupied);

/// Which slider implementation this build uses: "pext" or "magic".
const char* slider_implementation();

}  // namespace chess960
