/// @file
/// The 960 start positions and their Scharnagl numbers (0..959, 518 = ordinary chess).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

/// The 960 start positions (Guidelines II.2), by Scharnagl number.
namespace chess960::startpos {

/// How many start positions there are: the arrangements with the king between the rooks and
/// the bishops on opposite colours (Guidelines II.2.1, II.2.2).
constexpr int kCount = 960;
/// The number of ordinary chess's arrangement, RNBQKBNR.
constexpr int kStandard = 518;

/// The eight pieces of a back rank, a-file first.
using BackRank = std::array<PieceType, 8>;

/// The arrangement with Scharnagl number `number` (every one meets Guidelines II.2): 0 =
/// BBQNNRKR, 518 = RNBQKBNR, 959 = RKRNNQBB. Error for a number outside 0..959.
Result<BackRank> back_rank(int number);
/// The number of an arrangement; error if it is not a Chess960 arrangement (king between the
/// rooks, bishops on opposite colours, one king, one queen, two of each other piece:
/// Guidelines II.2.1, II.2.2).
Result<int> number_of(const BackRank& rank);
/// The arrangement as eight letters, a-file first: "RNBQKBNR".
std::string to_string(const BackRank& rank);
/// Reads eight letters K, Q, R, B, N (either case) as an arrangement; error if the text is not
/// a Chess960 arrangement, naming the letter or the rule it breaks.
Result<BackRank> parse_back_rank(std::string_view text);

/// The start position with the given number for both sides, the black pieces opposite the
/// white ones (Guidelines II.2.3): pawns on ranks 2 and 7, all four castling rights, White to
/// move. Error for a number outside 0..959.
Result<Position> position(int number);
/// A Double Chess960 start: White's arrangement `white_number`, Black's `black_number` (not
/// FIDE's rules, which mirror one arrangement, but a common variation).
Result<Position> position(int white_number, int black_number);

/// The arrangement numbers of a start position, one per side.
struct Numbers {
    int white;  ///< White's arrangement
    int black;  ///< Black's arrangement
    /// Whether the sides have different arrangements (Double Chess960).
    bool is_double() const { return white != black; }
};
/// The numbers of a start position: pawns on their start squares, each side's pieces on its
/// back rank in a Chess960 arrangement, all four castling rights, White to move and no en passant
/// (the move counters are ignored). The error says what differs from a start position.
Result<Numbers> numbers_of(const Position& pos);
/// Same, but only for an ordinary Chess960 start (both sides mirror each other).
Result<int> number_of(const Position& pos);

/// A reproducible random draw in which every number is equally likely.
class Random {
  public:
    /// A draw that gives the same numbers for the same seed.
    explicit Random(std::uint64_t seed) : state_(seed) {}
    /// A number in 0..959; with exclude_standard, in 0..959 without 518 (each of the 959 equally
    /// likely).
    int draw(bool exclude_standard = false);
    /// A uniform integer in [0, bound).
    std::uint64_t below(std::uint64_t bound);

  private:
    std::uint64_t next();
    std::uint64_t state_;
};

/// A seed from the system's entropy source, for draws that need not be reproduced.
std::uint64_t random_seed();

}  // namespace chess960::startpos
