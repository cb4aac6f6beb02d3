// The training data of the learned evaluation: one position per 32-byte record, with the
// engine's score and the game's result. Written by chess960_nnue_data, read by
// chess960_nnue_train.
//
//   occupancy   u64  the occupied squares
//   pieces      16 bytes: a nibble per occupied square in a1..h8 order (low nibble first),
//               colour * 8 + type as chess960::Piece
//   score       i16  centipawns, White's view
//   result      u8   0 Black won, 1 draw, 2 White won
//   side        u8   side to move (0 White, 1 Black)
//   ply         u16  plies since the game's start position
//   reserved    u16  zero
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "chess960/position.hpp"

namespace chess960::nnue_data {

struct Sample {
    std::uint64_t occupancy = 0;
    std::array<std::uint8_t, 16> pieces{};
    std::int16_t score = 0;
    std::uint8_t result = 1;
    std::uint8_t side = 0;
    std::uint16_t ply = 0;
    std::uint16_t reserved = 0;
};
static_assert(sizeof(Sample) == 32);

// A position with more than 32 pieces does not fit (no game reaches one).
inline bool pack(const Position& pos, int white_score, int white_result, int ply, Sample& out) {
    out = Sample{};
    out.occupancy = pos.pieces();
    int n = 0;
    for (Bitboard b = pos.pieces(); b; ++n) {
        if (n == 32) return false;
        const Square s = pop_lsb(b);
        out.pieces[std::size_t(n / 2)] |= std::uint8_t(pos.piece_on(s) << (4 * (n % 2)));
    }
    out.score = std::int16_t(white_score);
    out.result = std::uint8_t(white_result);
    out.side = std::uint8_t(pos.side_to_move());
    out.ply = std::uint16_t(ply);
    return true;
}

// Calls f(piece, square) for each piece of the sample.
template <typename F>
void for_each_piece(const Sample& s, F&& f) {
    int n = 0;
    for (Bitboard b = s.occupancy; b; ++n) {
        const Square sq = pop_lsb(b);
        f(Piece((s.pieces[std::size_t(n / 2)] >> (4 * (n % 2))) & 15), sq);
    }
}

}  // namespace chess960::nnue_data
