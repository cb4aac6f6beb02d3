// The Huffman code of the move ranks (move_code.cpp): canonical, its lengths from the counts in
// rank_frequencies.inc (at most kMaxBits), with a table of the first kTableBits bits for
// decoding.
#pragma once

#include <array>
#include <cstdint>

#include "bit_stream.hpp"

namespace chess960::db {

inline constexpr int kRanks = 256;

struct RankCode {
    std::array<std::uint8_t, kRanks> length{};
    std::array<std::uint32_t, kRanks> code{};  // MSB-first, `length` bits
};

/// The code, built once.
const RankCode& rank_code();

/// The next rank in `in`, or -1 when its bits hold none.
int read_rank(BitReader& in);

}  // namespace chess960::db
