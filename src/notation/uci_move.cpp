#include "chess960/uci_move.hpp"

namespace chess960 {

namespace {

// A castle in the ordinary-chess geometry: king from the e-file to the g- or c-file.
bool is_standard_castle(const Position& pos, Move m) {
    Square king_to = pos.destination(m);
    return file_of(m.from()) == 4 && (file_of(king_to) == 6 || file_of(king_to) == 2);
}

}  // namespace

std::string to_uci(const Position& pos, Move m, CastlingMode mode) {
    if (!m) return "0000";
    Square to = m.to();
    if (m.is_castling() && mode == CastlingMode::Standard && is_standard_castle(pos, m))
        to = pos.destination(m);
    std::string text = square_name(m.from()) + square_name(to);
    if (m.is_promotion()) text += char(piece_char(make_piece(Black, m.promotion())));
    return text;
}

Result<Move> parse_uci(const Position& pos, std::string_view text, CastlingMode mode) {
    auto malformed = [&](const std::string& why) {
        return make_error(ErrorCode::InvalidMove,
                          "malformed move '" + std::string(text) + "': " + why);
    };
    if (text.size() != 4 && text.size() != 5)
        return malformed("a UCI move is 4 or 5 characters, like e2e4 or e7e8q");
    Square from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
    if (from == NoSquare || to == NoSquare) return malformed("squares must be a1..h8");
    PieceType promotion = NoPieceType;
    if (text.size() == 5) {
        Piece p = piece_from_char(text[4]);
        if (p == NoPiece || color_of(p) != Black || type_of(p) == Pawn || type_of(p) == King)
            return malformed("promotion piece must be q, r, b or n");
        promotion = type_of(p);
    }
    const MoveList legal = pos.legal_moves();
    for (Move m : legal) {
        if (m.from() != from) continue;
        bool promotes = m.is_promotion();
        if (promotes != (promotion != NoPieceType)) continue;
        if (promotes && m.promotion() != promotion) continue;
        if (m.to() == to) {
            // King takes own rook: the Chess960 castle, accepted in both modes.
            return m;
        }
        if (m.is_castling() && mode == CastlingMode::Standard && is_standard_castle(pos, m) &&
            pos.destination(m) == to)
            return m;
    }
    std::string illegal = "illegal move '" + std::string(text) + "'";
    Piece moving = pos.piece_on(from);
    if (moving == NoPiece)
        return make_error(ErrorCode::IllegalMove, illegal + ": no piece on " + square_name(from));
    if (color_of(moving) != pos.side_to_move())
        return make_error(ErrorCode::IllegalMove, illegal + ": the piece on " + square_name(from) +
                                                      " is not the side to move's");
    if (promotion == NoPieceType && type_of(moving) == Pawn &&
        rank_of(to) == relative_rank(pos.side_to_move(), 7))
        return make_error(ErrorCode::IllegalMove, illegal + ": a promotion needs its piece, like " +
                                                      std::string(text) + "q");
    if (type_of(moving) == King && mode == CastlingMode::Chess960) {
        for (Move m : legal)
            if (m.is_castling() && m.from() == from && pos.destination(m) == to)
                return make_error(
                    ErrorCode::IllegalMove,
                    illegal + ": with UCI_Chess960 castling is written king takes own rook, " +
                        to_uci(pos, m, mode));
    }
    if (type_of(moving) == King && pos.piece_on(to) == make_piece(pos.side_to_move(), Rook)) {
        if (mode == CastlingMode::Standard || !(pos.has_castling_right(pos.side_to_move(), GSide) ||
                                                pos.has_castling_right(pos.side_to_move(), CSide)))
            return make_error(ErrorCode::IllegalMove,
                              illegal + ": no castling right with that rook");
        return make_error(ErrorCode::IllegalMove,
                          illegal +
                              ": castling not allowed now (no right, path blocked, or king in "
                              "or passing through check)");
    }
    if (pos.in_check())
        return make_error(ErrorCode::IllegalMove, illegal + ": it does not answer the check");
    return make_error(ErrorCode::IllegalMove, illegal);
}

}  // namespace chess960
