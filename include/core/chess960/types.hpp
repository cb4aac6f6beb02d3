/// @file
/// Basic types of the chess960 library: colours, pieces, squares, moves, bitboards.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

/// The chess960 library: the rules of Chess960 and ordinary chess (core), their notations
/// (notation) and the record of a game (game).
namespace chess960 {

/// A set of squares, one bit per square (bit 0 = a1, bit 63 = h8).
using Bitboard = std::uint64_t;

/// The two sides.
enum Color : std::uint8_t { White = 0, Black = 1 };
/// The other side.
constexpr Color operator~(Color c) { return Color(c ^ 1); }

/// The kinds of piece; NoPieceType for none.
enum PieceType : std::uint8_t { Pawn, Knight, Bishop, Rook, Queen, King, NoPieceType };

/// A coloured piece: colour * 8 + type, so that type and colour are cheap to extract.
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

/// The piece of colour `c` and type `t`.
constexpr Piece make_piece(Color c, PieceType t) { return Piece(c * 8 + t); }
/// The type of a piece (NoPiece has none: do not ask).
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
/// The colour of a piece.
constexpr Color color_of(Piece p) { return Color(p >> 3); }

/// Squares a1 = 0 .. h8 = 63, file-major within a rank.
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

/// The square on `file` (0 = a .. 7 = h) and `rank` (0 = rank 1 .. 7 = rank 8).
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
/// The file of a square, 0 (a) .. 7 (h).
constexpr int file_of(Square s) { return s & 7; }
/// The rank of a square, 0 (rank 1) .. 7 (rank 8).
constexpr int rank_of(Square s) { return s >> 3; }
/// The set holding only `s`.
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }
/// The square as seen from `c`'s side of the board (a1 <-> a8 for Black).
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
/// The rank as seen from `c`'s side (rank 0 is White's first rank and Black's eighth).
constexpr int relative_rank(Color c, int rank) { return c == White ? rank : 7 - rank; }
/// The rank of `c`'s pieces at the start: 0 for White, 7 for Black.
constexpr int back_rank(Color c) { return c == White ? 0 : 7; }

/// Castling sides. The g-side ("king side", O-O) puts the king on g and the rook on f; the c-side
/// ("queen side", O-O-O) the king on c and the rook on d, whatever their start squares.
enum CastlingSide : std::uint8_t { GSide = 0, CSide = 1 };

/// Where the king ends after castling to `side`: g1/c1 (g8/c8), whatever its start square
/// (Guidelines II.3.2.6).
constexpr Square king_castling_destination(Color c, CastlingSide side) {
    return relative_square(c, side == GSide ? G1 : C1);
}
/// Where the rook ends after castling to `side`: f1/d1 (f8/d8), whatever its start square
/// (Guidelines II.3.2.6).
constexpr Square rook_castling_destination(Color c, CastlingSide side) {
    return relative_square(c, side == GSide ? F1 : D1);
}

/// A move in 16 bits: from (6), to (6), promotion piece (2), kind (2).
/// Castling is encoded as "king takes own rook": `to` is the castling rook's square.
class Move {
  public:
    /// What kind of move: the special moves need more than from and to (Laws 3.7, 3.8.2).
    enum Kind : std::uint16_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

    constexpr Move() = default;
    /// A move from `from` to `to`; for castling `to` is the castling rook's square, for a
    /// promotion `promotion` is the new piece (knight to queen).
    constexpr Move(Square from, Square to, Kind kind = Normal, PieceType promotion = Knight)
        : data_(std::uint16_t(from | (to << 6) | ((promotion - Knight) << 12) | (kind << 14))) {}

    /// The null move (all bits zero), as no move.
    static constexpr Move none() { return Move(); }
    /// The move whose 16-bit encoding raw() returned.
    static constexpr Move from_raw(std::uint16_t raw) {
        Move m;
        m.data_ = raw;
        return m;
    }

    /// The square the moving piece (for castling, the king) leaves.
    constexpr Square from() const { return Square(data_ & 63); }
    /// The square it goes to; for castling, the square of the castling rook.
    constexpr Square to() const { return Square((data_ >> 6) & 63); }
    /// Normal, promotion, en passant or castling.
    constexpr Kind kind() const { return Kind(data_ >> 14); }
    /// The piece a pawn promotes to (only meaningful for a promotion).
    constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + Knight); }
    /// Whether the move castles (king takes own rook in this encoding).
    constexpr bool is_castling() const { return kind() == Castling; }
    /// Whether a pawn promotes (Laws 3.7).
    constexpr bool is_promotion() const { return kind() == Promotion; }
    /// Whether a pawn captures en passant (Laws 3.7).
    constexpr bool is_en_passant() const { return kind() == EnPassant; }
    /// The 16-bit encoding, for storing a move compactly.
    constexpr std::uint16_t raw() const { return data_; }
    /// Whether this is a move rather than none().
    constexpr explicit operator bool() const { return data_ != 0; }
    /// Same from, to, kind and promotion.
    constexpr bool operator==(const Move&) const = default;

  private:
    std::uint16_t data_ = 0;
};

/// "white" or "black": a colour as data and messages name it (FEN errors, the server's JSON).
const char* color_name(Color c);
/// "White" or "Black": a colour as a sentence or a PGN comment begins with it ("White to move").
const char* color_title(Color c);
/// "e4", "h8"; NoSquare gives "-".
std::string square_name(Square s);
/// Parses "e4"; returns NoSquare for anything else.
Square parse_square(std::string_view text);
/// The FEN letter of a piece: upper case for White ('P', 'N', ...), lower case for Black.
char piece_char(Piece p);
/// The piece a FEN letter stands for; NoPiece if it is not a piece letter.
Piece piece_from_char(char c);
/// The letter of a file (0..7): 'a'..'h', or 'A'..'H' with `uppercase`.
char file_char(int file, bool uppercase);

}  // namespace chess960
