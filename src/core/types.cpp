#include "chess960/types.hpp"

namespace chess960 {

const char* color_name(Color c) { return c == White ? "white" : "black"; }

const char* color_title(Color c) { return c == White ? "White" : "Black"; }

std::string square_name(Square s) {
    if (s >= NoSquare) return "-";
    return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view text) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
        return NoSquare;
    return make_square(text[0] - 'a', text[1] - '1');
}

char piece_char(Piece p) {
    constexpr const char* kLetters = "PNBRQK";
    if (p == NoPiece || type_of(p) > King) return '?';
    char c = kLetters[type_of(p)];
    return color_of(p) == White ? c : char(c | 0x20);
}

Piece piece_from_char(char c) {
    switch (c) {
        case 'P':
            return WhitePawn;
        case 'N':
            return WhiteKnight;
        case 'B':
            return WhiteBishop;
        case 'R':
            return WhiteRook;
        case 'Q':
            return WhiteQueen;
        case 'K':
            return WhiteKing;
        case 'p':
            return BlackPawn;
        case 'n':
            return BlackKnight;
        case 'b':
            return BlackBishop;
        case 'r':
            return BlackRook;
        case 'q':
            return BlackQueen;
        case 'k':
            return BlackKing;
        default:
            return NoPiece;
    }
}

char file_char(int file, bool uppercase) { return char((uppercase ? 'A' : 'a') + file); }

}  // namespace chess960
