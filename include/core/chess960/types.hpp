// Basic types of the chess960 library: colours, pieces, squares, moves, bitboards.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace chess960 {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, NoPieceType };

// A coloured piece: colour * 8 + type, so that type and colour are cheap to extract.
enum Piece : std::uint8_t {
    WhitePawn = 0,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn = 8,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
    NoPiece = 16
};

constexpr Piece make_piece(Color c, PieceType t) { return Piece(c * 8 + t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// Squares a1 = 0 .. h8 = 63, file-major within a rank.
enum Square : std::uint8_t {
    // clang-format off
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    // clang-format on
    NoSquare = 64
};

constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }
// The square as seen from `c`'s side of the board (a1 <-> a8 for Black).
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relative_rank(Color c, int rank) { return c == White ? rank : 7 - rank; }
constexpr int back_rank(Color c) { return c == White ? 0 : 7; }

// Castling sides. The g-side ("king side", O-O) puts the king on g and the rook on f; the c-side
// ("queen side", O-O-O) the king on c and the rook on d, whatever their start squares.
enum CastlingSide : std::uint8_t { GSide = 0, CSide = 1 };

constexpr Square king_castling_destination(Color c, CastlingSide side) {
    return relative_square(c, side == GSide ? G1 : C1);
}
constexpr Square rook_castling_destination(Color c, CastlingSide side) {
    return relative_square(c, side == GSide ? F1 : D1);
}

// A move in 16 bits: from (6), to (6), promotion piece (2), kind (2).
// Castling is encoded as "king takes own rook": `to` is the castling rook's square.
class Move {
  public:
    enum Kind : std::uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

    constexpr Move() = default;
    constexpr Move(Square from, Square to, Kind kind = Normal, PieceType promotion = Knight)
        : data_(std::uint16_t(from | (to << 6) | ((promotion - Knight) << 12) | (kind << 14))) {}

    static constexpr Move none() { return Move(); }
    static constexpr Move from_raw(std::uint16_t raw) {
        Move m;
        m.data_ = raw;
        return m;
    }

    constexpr Square from() const { return Square(data_ & 63); }
    constexpr Square to() const { return Square((data_ >> 6) & 63); }
    constexpr Kind kind() const { return Kind(data_ >> 14); }
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + Knight); }
    constexpr bool is_castling() const { return kind() == Castling; }
    constexpr bool is_promotion() const { return kind() == Promotion; }
    constexpr bool is_en_passant() const { return kind() == EnPassant; }
    constexpr std::uint16_t raw() const { return data_; }
    constexpr explicit operator bool() const { return data_ != 0; }
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data_ = 0;
};

// "e4", "h8"; NoSquare gives "-".
std::string square_name(Square s);
// Parses "e4"; returns NoSquare for anything else.
Square parse_square(std::string_view text);
char piece_char(Piece p);                  // 'P', 'n', ...
Piece piece_from_char(char c);             // NoPiece if not a piece letter
char file_char(int file, bool uppercase);  // 'a'..'h' or 'A'..'H'

}  // namespace chess960
