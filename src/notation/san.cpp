#include "chess960/san.hpp"

#include <vector>

#include "chess960/uci_move.hpp"

namespace chess960 {

namespace {

constexpr char kPieceLetters[] = "PNBRQK";

const char* piece_name(PieceType t) {
    constexpr const char* kNames[] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return kNames[t];
}

}  // namespace

std::string to_san_without_suffix(const Position& pos, Move m) {
    if (m.is_castling()) return pos.castling_side(m) == GSide ? "O-O" : "O-O-O";
    const Square from = m.from(), to = m.to();
    const PieceType piece = type_of(pos.piece_on(from));
    std::string san;
    if (piece == Pawn) {
        if (file_of(from) != file_of(to)) {
            san += char('a' + file_of(from));
            san += 'x';
        }
        san += square_name(to);
        if (m.is_promotion()) {
            san += '=';
            san += kPieceLetters[m.promotion()];
        }
        return san;
    }
    san += kPieceLetters[piece];
    if (piece != King) {
        // Other pieces of the same type that can legally go to the same square.
        bool ambiguous = false, same_file = false, same_rank = false;
        for (Move other : pos.legal_moves()) {
            if (other == m || other.to() != to || other.is_castling() ||
                type_of(pos.piece_on(other.from())) != piece)
                continue;
            ambiguous = true;
            same_file |= file_of(other.from()) == file_of(from);
            same_rank |= rank_of(other.from()) == rank_of(from);
        }
        if (ambiguous) {
            if (!same_file)
                san += char('a' + file_of(from));
            else if (!same_rank)
                san += char('1' + rank_of(from));
            else
                san += square_name(from);
        }
    }
    if (pos.is_capture(m)) san += 'x';
    san += square_name(to);
    return san;
}

std::string to_san(const Position& pos, Move m) {
    std::string san = to_san_without_suffix(pos, m);
    Position next = pos.after(m);
    if (next.in_check()) san += next.legal_moves().empty() ? '#' : '+';
    return san;
}

namespace {

struct SanParts {
    PieceType piece = Pawn;
    int from_file = -1, from_rank = -1;
    Square to = NoSquare;
    PieceType promotion = NoPieceType;
};

// The letters SAN names pieces by, and those a promotion may name (any case there).
bool is_piece_letter(char c) { return c == 'N' || c == 'B' || c == 'R' || c == 'Q' || c == 'K'; }
bool is_promotion_letter(char c) {
    switch (c) {
        case 'Q':
        case 'R':
        case 'B':
        case 'N':
        case 'q':
        case 'r':
        case 'b':
        case 'n':
            return true;
        default:
            return false;
    }
}

std::unexpected<Error> san_error(ErrorCode code, std::string_view text, const std::string& why) {
    return make_error(code,
                      (code == ErrorCode::InvalidMove ? "malformed move '" : "illegal move '") +
                          std::string(text) + "': " + why);
}

// The one legal move `p` describes, found without generating every legal move: the pieces
// that could make the move by its geometry, each checked for leaving its own king attacked
// (the board after the move, which covers pins, checks and en passant). NoMove (Move()) when
// no move or more than one matches: the caller then looks at every legal move to tell which
// and to name them. Castling is not looked at (a king move is never castling).
// Whether two squares share a rank, file or diagonal (arithmetic: no table look-up).
bool on_a_line(Square a, Square b) {
    const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
    return df == 0 || dr == 0 || df == dr || df == -dr;
}

Move unique_match(const Position& pos, const SanParts& p) {
    const Color us = pos.side_to_move(), them = ~us;
    const Bitboard occupied = pos.pieces(), target = square_bb(p.to);
    if (pos.pieces(us) & target) return Move();
    Bitboard from_mask = ~Bitboard{0};
    if (p.from_file >= 0) from_mask &= file_bb(p.from_file);
    if (p.from_rank >= 0) from_mask &= rank_bb(p.from_rank);
    const Square king = pos.king_square(us);
    if (p.piece == King) {
        if (p.promotion != NoPieceType || !(king_attacks(p.to) & square_bb(king) & from_mask) ||
            (pos.attackers_to(p.to, occupied ^ square_bb(king)) & pos.pieces(them)))
            return Move();
        return Move(king, p.to);
    }
    Bitboard froms = 0;       // pieces that reach the square by a normal move or capture
    Bitboard en_passant = 0;  // pawns that capture en passant onto it
    if (p.piece == Pawn) {
        const bool last_rank = rank_of(p.to) == relative_rank(us, 7);
        if (last_rank != (p.promotion != NoPieceType)) return Move();
        const Bitboard pawns = pos.pieces(us, Pawn) & from_mask;
        if (p.from_file < 0 || p.from_file == file_of(p.to)) {
            // Pushes: one step, or two from the pawn's start rank over an empty square.
            if (!(occupied & target)) {
                const Bitboard one = us == White ? target >> 8 : target << 8;
                if (pawns & one) {
                    froms = pawns & one;
                } else if (!(occupied & one) && rank_of(p.to) == relative_rank(us, 3)) {
                    froms = pawns & (us == White ? one >> 8 : one << 8);
                }
            }
        } else {
            const Bitboard capturers = pawn_attacks(them, p.to) & pawns;
            if (pos.pieces(them) & target)
                froms = capturers;
            else if (p.to == pos.en_passant_square())
                en_passant = capturers;
        }
    } else {
        if (p.promotion != NoPieceType) return Move();
        const Bitboard own = pos.pieces(us, p.piece) & from_mask;
        if (p.piece == Knight) {
            froms = own & knight_attacks(p.to);
        } else {
            // A slider reaches the square along its lines with nothing between: the small
            // `between` table, not the large sliding-attack tables whose look-ups miss the
            // cache (a few pieces of the type to try, usually one).
            for (Bitboard b = own; b;) {
                const Square s = pop_lsb(b);
                const int df = file_of(s) - file_of(p.to), dr = rank_of(s) - rank_of(p.to);
                const bool straight = df == 0 || dr == 0, diagonal = df == dr || df == -dr;
                const bool moves_so = p.piece == Rook     ? straight
                                      : p.piece == Bishop ? diagonal
                                                          : straight || diagonal;
                if (moves_so && !(between(s, p.to) & occupied)) froms |= square_bb(s);
            }
        }
    }
    Move found;
    int count = 0;
    const bool in_check = pos.in_check();
    for (Bitboard b = froms | en_passant; b;) {
        const Square from = pop_lsb(b);
        // Out of check, a move other than en passant can expose the king only by uncovering
        // a line to it: a piece on no line with its king moves freely (the common case).
        if (!in_check && !(en_passant & square_bb(from)) && !on_a_line(king, from)) {
            found = p.promotion != NoPieceType ? Move(from, p.to, Move::Promotion, p.promotion)
                                               : Move(from, p.to);
            if (++count > 1) return Move();
            continue;
        }
        Bitboard after = (occupied ^ square_bb(from)) | target;
        Bitboard removed = target;  // the captured piece
        Move m = Move(from, p.to);
        if (en_passant & square_bb(from)) {
            const Square captured = Square(us == White ? p.to - 8 : p.to + 8);
            after ^= square_bb(captured);
            removed = square_bb(captured);
            m = Move(from, p.to, Move::EnPassant);
        } else if (p.promotion != NoPieceType) {
            m = Move(from, p.to, Move::Promotion, p.promotion);
        }
        if (pos.attackers_to(king, after) & pos.pieces(them) & ~removed) continue;
        found = m;
        if (++count > 1) return Move();
    }
    return count == 1 ? found : Move();
}

// Explains why no legal move matches; `parts` parsed fine.
std::unexpected<Error> explain_no_match(const Position& pos, std::string_view text,
                                        const SanParts& p) {
    const Color us = pos.side_to_move();
    Bitboard candidates = pos.pieces(us, p.piece);
    if (p.from_file >= 0) candidates &= file_bb(p.from_file);
    if (p.from_rank >= 0) candidates &= rank_bb(p.from_rank);
    // Pieces that could reach the square if check were ignored.
    Bitboard reaching = 0;
    if (p.piece == Pawn) {
        Bitboard b = candidates;
        while (b) {
            Square s = pop_lsb(b);
            int forward = us == White ? 8 : -8;
            bool capture = pawn_attacks(us, s) & square_bb(p.to) & pos.pieces(~us);
            bool ep = pawn_attacks(us, s) & square_bb(p.to) && p.to == pos.double_step_square();
            bool push = s + forward == p.to && pos.piece_on(p.to) == NoPiece;
            bool dbl = s + 2 * forward == p.to && rank_of(s) == relative_rank(us, 1) &&
                       pos.piece_on(Square(s + forward)) == NoPiece &&
                       pos.piece_on(p.to) == NoPiece;
            if (capture || ep || push || dbl) reaching |= square_bb(s);
        }
    } else {
        reaching = candidates & attacks_of(p.piece, p.to, pos.pieces());
        if (pos.pieces(us) & square_bb(p.to)) reaching = 0;
    }
    std::string target = square_name(p.to);
    if (!reaching) {
        if (!candidates)
            return san_error(ErrorCode::IllegalMove, text,
                             std::string("no ") + piece_name(p.piece) +
                                 (p.from_file >= 0 || p.from_rank >= 0 ? " there" : "") +
                                 " to move");
        if (pos.pieces(us) & square_bb(p.to))
            return san_error(ErrorCode::IllegalMove, text, "own piece on " + target);
        return san_error(ErrorCode::IllegalMove, text,
                         std::string("no ") + piece_name(p.piece) + " can move to " + target);
    }
    if (p.piece == Pawn && rank_of(p.to) == relative_rank(us, 7) && p.promotion == NoPieceType)
        return san_error(ErrorCode::IllegalMove, text,
                         "a promotion needs its piece, like " + target + "=Q");
    if (pos.in_check())
        return san_error(ErrorCode::IllegalMove, text, "it does not answer the check");
    return san_error(ErrorCode::IllegalMove, text, "it leaves the king in check");
}

Result<Move> parse_castling(const Position& pos, std::string_view text, CastlingSide side) {
    for (Move m : pos.legal_moves())
        if (m.is_castling() && pos.castling_side(m) == side) return m;
    const char* name = side == GSide ? "g-side" : "c-side";
    if (!pos.has_castling_right(pos.side_to_move(), side))
        return san_error(ErrorCode::IllegalMove, text,
                         std::string("no castling right on the ") + name);
    if (pos.in_check())
        return san_error(ErrorCode::IllegalMove, text, "cannot castle out of check");
    return san_error(ErrorCode::IllegalMove, text,
                     std::string(name) + " castling path is blocked or passes through check");
}

}  // namespace

Result<Move> parse_san(const Position& pos, std::string_view original) {
    std::string_view text = original;
    // Annotations and check marks at the end; " e.p." after an en passant capture.
    while (!text.empty() &&
           (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?'))
        text.remove_suffix(1);
    if (!text.empty() && (text.back() == '.' || text.back() == 'p'))
        for (std::string_view suffix : {" e.p.", "e.p.", " ep"})
            if (text.size() > suffix.size() && text.ends_with(suffix))
                text.remove_suffix(suffix.size());
    if (text.empty()) return san_error(ErrorCode::InvalidMove, original, "empty move");

    if (text[0] == 'O' || text[0] == '0') {
        if (text == "O-O" || text == "0-0") return parse_castling(pos, original, GSide);
        if (text == "O-O-O" || text == "0-0-0") return parse_castling(pos, original, CSide);
    }

    // UCI text (e2e4, e7e8q, e1h1 as king takes own rook).
    if ((text.size() == 4 || text.size() == 5) && parse_square(text.substr(0, 2)) != NoSquare &&
        parse_square(text.substr(2, 2)) != NoSquare &&
        (text.size() == 4 || (is_promotion_letter(text[4]) && text[4] >= 'a'))) {
        auto m = parse_uci(pos, text, CastlingMode::Chess960);
        if (!m) return std::unexpected(Error{m.error().code, m.error().message, -1});
        return m;
    }

    SanParts p;
    std::size_t i = 0;
    if (is_piece_letter(text[0])) {
        p.piece = type_of(piece_from_char(text[0]));
        i = 1;
    }
    // The rest: [from file][from rank][-|x]<to square>[=][promotion]
    std::string_view body = text.substr(i);
    // A promotion: "=Q", else a piece letter at the end ("e8Q"). (A loop, not find(): a
    // library call per move costs more than these few characters.)
    std::size_t promo_at = std::string_view::npos;
    for (std::size_t k = 0; k < body.size(); ++k)
        if (body[k] == '=') {
            promo_at = k;
            break;
        }
    if (promo_at == std::string_view::npos && body.size() >= 3 && is_promotion_letter(body.back()))
        promo_at = body.size() - 1;
    std::string_view squares = body.substr(0, promo_at);
    if (promo_at != std::string_view::npos) {
        std::string_view promo = body.substr(promo_at);
        if (!promo.empty() && promo[0] == '=') promo.remove_prefix(1);
        if (promo.size() != 1 || !is_promotion_letter(promo[0]))
            return san_error(ErrorCode::InvalidMove, original,
                             "promotion piece must be Q, R, B or N");
        if (p.piece != Pawn)
            return san_error(ErrorCode::InvalidMove, original, "only pawns promote");
        p.promotion = type_of(piece_from_char(char(promo[0] & ~0x20)));
    }
    if (squares.size() < 2)
        return san_error(ErrorCode::InvalidMove, original, "no destination square");
    p.to = parse_square(squares.substr(squares.size() - 2));
    if (p.to == NoSquare)
        return san_error(ErrorCode::InvalidMove, original, "no destination square");
    std::string_view from = squares.substr(0, squares.size() - 2);
    if (!from.empty() && (from.back() == 'x' || from.back() == '-' || from.back() == ':'))
        from.remove_suffix(1);
    if (from.size() > 2)
        return san_error(ErrorCode::InvalidMove, original, "unexpected characters");
    for (char c : from) {
        if (c >= 'a' && c <= 'h' && p.from_file < 0 && p.from_rank < 0)
            p.from_file = c - 'a';
        else if (c >= '1' && c <= '8' && p.from_rank < 0)
            p.from_rank = c - '1';
        else
            return san_error(ErrorCode::InvalidMove, original,
                             std::string("unexpected '") + c + "'");
    }
    if (p.piece == Pawn && p.from_file < 0 && !from.empty())
        return san_error(ErrorCode::InvalidMove, original, "a pawn capture names the pawn's file");

    // The usual case, one matching move, without generating every legal move.
    if (Move m = unique_match(pos, p)) return m;

    // None or several: every legal move, to name the candidates or explain why none fits.
    // Their SAN (which costs another move generation each) is written only when several match.
    MoveList matching;
    for (Move m : pos.legal_moves()) {
        if (m.is_castling() || m.to() != p.to) continue;  // a king move is never castling
        if (type_of(pos.piece_on(m.from())) != p.piece) continue;
        if (p.from_file >= 0 && file_of(m.from()) != p.from_file) continue;
        if (p.from_rank >= 0 && rank_of(m.from()) != p.from_rank) continue;
        if (m.is_promotion() ? m.promotion() != p.promotion : p.promotion != NoPieceType) continue;
        // A pawn move without a file is a push: "d5" never means a capture onto d5.
        if (p.piece == Pawn && p.from_file < 0 && file_of(m.from()) != file_of(p.to)) continue;
        matching.push(m);
    }
    if (matching.size() == 1) return matching[0];
    if (matching.size() > 1) {
        std::vector<std::string> candidates;
        for (Move m : matching) candidates.push_back(to_san_without_suffix(pos, m));
        // "ambiguous between Nbd2 and Nfd2", "... between Qa1b2, Q3b2 and Qcb2"
        std::string list;
        for (std::size_t k = 0; k < candidates.size(); ++k)
            list += (k == 0 ? "" : k + 1 == candidates.size() ? " and " : ", ") + candidates[k];
        return san_error(ErrorCode::IllegalMove, original, "ambiguous between " + list);
    }
    return explain_no_match(pos, original, p);
}

}  // namespace chess960
