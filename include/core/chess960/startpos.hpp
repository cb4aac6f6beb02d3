// The 960 start positions and their Scharnagl numbers (0..959, 518 = ordinary chess).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960::startpos {

constexpr int kCount = 960;
constexpr int kStandard = 518;  // RNBQKBNR

// The eight pieces of a back rank, a-file first.
using BackRank = std::array<PieceType, 8>;

// Scharnagl numbering (RULES.md section 1). Error for a number outside 0..959.
Result<BackRank> back_rank(int number);
// The number of an arrangement; error if it is not a Chess960 arrangement (king between the
// rooks, bishops on opposite colours, one king, one queen, two of each other piece).
Result<int> number_of(const BackRank& rank);
// "RNBQKBNR"
std::string to_string(const BackRank& rank);
Result<BackRank> parse_back_rank(std::string_view text);

// The start position with the given number for both sides, or (Double Chess960) a different
// arrangement for each side.
Result<Position> position(int number);
Result<Position> position(int white_number, int black_number);

struct Numbers {
    int white;
    int black;
    bool is_double() const { return white != black; }
};
// The numbers of a start position: pawns on their start squares, each side's pieces on its
// back rank in a Chess960 arrangement, all four castling rights, White to move and no en passant
// (the move counters are ignored). The error says what differs from a start position.
Result<Numbers> numbers_of(const Position& pos);
// Same, but only for an ordinary Chess960 start (both sides mirror each other).
Result<int> number_of(const Position& pos);

// A reproducible random draw in which every number is equally likely.
class Random {
  public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    // A number in 0..959; with exclude_standard, in 0..959 without 518 (each of the 959 equally
    // likely).
    int draw(bool exclude_standard = false);
    // A uniform integer in [0, bound).
    std::uint64_t below(std::uint64_t bound);

  private:
    std::uint64_t next();
    std::uint64_t state_;
};

// A seed from the system's entropy source, for draws that need not be reproduced.
std::uint64_t random_seed();

}  // namespace chess960::startpos
