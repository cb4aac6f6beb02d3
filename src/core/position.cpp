#include "chess960/position.hpp"

#include <algorithm>
#include <sstream>

#include "chess960/movegen.hpp"

namespace chess960 {

namespace zobrist {
namespace {

constexpr std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Keys {
    std::uint64_t piece[16][64]{};
    std::uint64_t castling[64]{};
    std::uint64_t en_passant[8]{};
    std::uint64_t side = 0;
};

constexpr Keys make_keys() {
    Keys k;
    std::uint64_t state = 0x3243F6A8885A308DULL;  // digits of pi: nothing up our sleeve
    for (auto& row : k.piece)
        for (auto& key : row) key = splitmix(state);
    for (auto& key : k.castling) key = splitmix(state);
    for (auto& key : k.en_passant) key = splitmix(state);
    k.side = splitmix(state);
    return k;
}

constexpr Keys kKeys = make_keys();

}  // namespace

std::uint64_t piece_square(Piece p, Square s) { return kKeys.piece[p][s]; }
std::uint64_t castling_rook(Square rook) { return kKeys.castling[rook]; }
std::uint64_t en_passant_file(int file) { return kKeys.en_passant[file]; }
std::uint64_t side_to_move() { return kKeys.side; }

}  // namespace zobrist

bool MoveList::contains(Move m) const { return std::find(begin(), end(), m) != end(); }

namespace {

constexpr int pawn_push(Color c) { return c == White ? 8 : -8; }

}  // namespace

// --- Board updates ---------------------------------------------------------------------------

void Position::put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[type_of(p)] |= square_bb(s);
    by_color_[color_of(p)] |= square_bb(s);
    key_ ^= zobrist::kKeys.piece[p][s];
}

void Position::remove_piece(Square s) {
    Piece p = board_[s];
    by_type_[type_of(p)] ^= square_bb(s);
    by_color_[color_of(p)] ^= square_bb(s);
    board_[s] = NoPiece;
    key_ ^= zobrist::kKeys.piece[p][s];
}

void Position::move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard from_to = square_bb(from) | square_bb(to);
    by_type_[type_of(p)] ^= from_to;
    by_color_[color_of(p)] ^= from_to;
    board_[from] = NoPiece;
    board_[to] = p;
    key_ ^= zobrist::kKeys.piece[p][from] ^ zobrist::kKeys.piece[p][to];
}

Position::Position() {
    board_.fill(NoPiece);
    constexpr PieceType kBackRank[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
    for (int f = 0; f < 8; ++f) {
        put_piece(make_piece(White, kBackRank[f]), make_square(f, 0));
        put_piece(make_piece(White, Pawn), make_square(f, 1));
        put_piece(make_piece(Black, Pawn), make_square(f, 6));
        put_piece(make_piece(Black, kBackRank[f]), make_square(f, 7));
    }
    castling_rook_ = {H1, A1, H8, A8};
    castling_squares_ = square_bb(E1) | square_bb(E8) | square_bb(A1) | square_bb(H1) |
                        square_bb(A8) | square_bb(H8);
    for (Square r : castling_rook_) key_ ^= zobrist::castling_rook(r);
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(Black, s) & pieces(White, Pawn)) |
           (pawn_attacks(White, s) & pieces(Black, Pawn)) | (knight_attacks(s) & by_type_[Knight]) |
           (king_attacks(s) & by_type_[King]) |
           (rook_attacks(s, occupied) & (by_type_[Rook] | by_type_[Queen])) |
           (bishop_attacks(s, occupied) & (by_type_[Bishop] | by_type_[Queen]));
}

// A move that starts or ends on a square in castling_squares_ (a king or castling rook on its
// start square) removes the rights tied to that square; capturing the rook removes its right.
void Position::update_castling_rights(Bitboard touched) {
    for (int i = 0; i < 4; ++i) {
        Square rook = castling_rook_[i];
        if (rook == NoSquare) continue;
        Color c = Color(i >> 1);
        if (touched & (square_bb(rook) | square_bb(king_square(c)))) {
            key_ ^= zobrist::castling_rook(rook);
            castling_rook_[i] = NoSquare;
        }
    }
    castling_squares_ = 0;
    for (int i = 0; i < 4; ++i)
        if (castling_rook_[i] != NoSquare)
            castling_squares_ |= square_bb(castling_rook_[i]) | pieces(Color(i >> 1), King);
}

// Whether the pawn on `from` of the side to move may legally capture en passant onto `ep`.
// Judged on the whole board after the capture, which covers every pin (also the horizontal
// one through both pawns) and checks the capture does or does not answer.
bool Position::en_passant_capture_legal(Square from, Square ep) const {
    Color us = side_;
    Square captured = Square(ep - pawn_push(us));
    Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    Square king = king_square(us);
    Bitboard attackers = attackers_to(king, occupied) & pieces(~us) & ~square_bb(captured);
    return attackers == 0;
}

void Position::set_en_passant_after_double_step(Square skipped) {
    double_step_ = skipped;
    Bitboard capturers = pawn_attacks(~side_, skipped) & pieces(side_, Pawn);
    while (capturers) {
        if (en_passant_capture_legal(pop_lsb(capturers), skipped)) {
            en_passant_ = skipped;
            key_ ^= zobrist::kKeys.en_passant[file_of(skipped)];
            return;
        }
    }
}

void Position::play(Move m) {
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    const Piece moving = board_[from];

    if (en_passant_ != NoSquare) key_ ^= zobrist::kKeys.en_passant[file_of(en_passant_)];
    en_passant_ = double_step_ = NoSquare;
    // The clocks saturate at 65535 (the most FEN and from_setup accept) instead of wrapping.
    if (halfmove_clock_ < 0xFFFF) ++halfmove_clock_;

    // Rights are updated before the king moves, while king_square() is still its start square.
    const Bitboard touched = square_bb(from) | square_bb(to);
    if (castling_squares_ & touched) update_castling_rights(touched);

    switch (m.kind()) {
        case Move::Castling: {
            CastlingSide side = castling_side(m);
            Square king_to = king_castling_destination(us, side);
            Square rook_to = rook_castling_destination(us, side);
            Piece rook = board_[to];
            remove_piece(from);
            remove_piece(to);
            put_piece(moving, king_to);
            put_piece(rook, rook_to);
            break;
        }
        case Move::EnPassant:
            remove_piece(Square(to - pawn_push(us)));
            move_piece(from, to);
            halfmove_clock_ = 0;
            break;
        case Move::Promotion:
            if (board_[to] != NoPiece) remove_piece(to);
            remove_piece(from);
            put_piece(make_piece(us, m.promotion()), to);
            halfmove_clock_ = 0;
            break;
        case Move::Normal:
            if (board_[to] != NoPiece) {
                remove_piece(to);
                halfmove_clock_ = 0;
            }
            move_piece(from, to);
            if (type_of(moving) == Pawn) {
                halfmove_clock_ = 0;
                if ((int(to) ^ int(from)) == 16) {
                    side_ = them;  // the en passant test is made for the side that may capture
                    set_en_passant_after_double_step(Square((from + to) / 2));
                    side_ = us;
                }
            }
            break;
    }

    side_ = them;
    key_ ^= zobrist::kKeys.side;
    if (us == Black && fullmove_number_ < 0xFFFF) ++fullmove_number_;
    checkers_ = attackers_to(king_square(them), pieces()) & pieces(us);
}

Position::Undo Position::make(Move m) {
    Undo undo{key_,
              checkers_,
              castling_squares_,
              castling_rook_,
              en_passant_,
              double_step_,
              m.is_castling() ? NoPiece : board_[m.to()],
              halfmove_clock_};
    play(m);
    return undo;
}

void Position::unmake(Move m, const Undo& undo) {
    const Color them = side_, us = ~them;
    const Square from = m.from(), to = m.to();
    side_ = us;
    if (us == Black) --fullmove_number_;
    switch (m.kind()) {
        case Move::Castling: {
            CastlingSide side = castling_side(m);
            Square king_to = king_castling_destination(us, side);
            Square rook_to = rook_castling_destination(us, side);
            remove_piece(king_to);
            remove_piece(rook_to);
            put_piece(make_piece(us, King), from);
            put_piece(make_piece(us, Rook), to);
            break;
        }
        case Move::EnPassant:
            move_piece(to, from);
            put_piece(make_piece(them, Pawn), Square(to - pawn_push(us)));
            break;
        case Move::Promotion:
            remove_piece(to);
            put_piece(make_piece(us, Pawn), from);
            if (undo.captured != NoPiece) put_piece(undo.captured, to);
            break;
        case Move::Normal:
            move_piece(to, from);
            if (undo.captured != NoPiece) put_piece(undo.captured, to);
            break;
    }
    key_ = undo.key;
    checkers_ = undo.checkers;
    castling_squares_ = undo.castling_squares;
    castling_rook_ = undo.castling_rook;
    en_passant_ = undo.en_passant;
    double_step_ = undo.double_step;
    halfmove_clock_ = undo.halfmove_clock;
}

// --- Legal move generation -------------------------------------------------------------------

namespace {

// Where generated moves go: into a list, or (for perft's last ply) only counted.
struct ListSink {
    MoveList& list;
    void attacks(Bitboard, Bitboard) {}
    void move(Move m) { list.push(m); }
    void targets(PieceType, Square from, Bitboard t) {
        while (t) list.push(Move(from, pop_lsb(t)));
    }
    void pawns(Bitboard t, int delta, bool promotion) {
        while (t) {
            Square to = pop_lsb(t);
            Square from = Square(to - delta);
            if (promotion) {
                list.push(Move(from, to, Move::Promotion, Queen));
                list.push(Move(from, to, Move::Promotion, Rook));
                list.push(Move(from, to, Move::Promotion, Bishop));
                list.push(Move(from, to, Move::Promotion, Knight));
            } else {
                list.push(Move(from, to));
            }
        }
    }
};

struct CountSink {
    int count = 0;
    void attacks(Bitboard, Bitboard) {}
    void move(Move) { ++count; }
    void targets(PieceType, Square, Bitboard t) { count += popcount(t); }
    void pawns(Bitboard t, int, bool promotion) { count += popcount(t) * (promotion ? 4 : 1); }
};

}  // namespace

void Position::generate_legal(MoveList& out) const {
    ListSink sink{out};
    generate_legal_to(sink);
}

int Position::count_legal() const {
    CountSink sink;
    generate_legal_to(sink);
    return sink.count;
}

MoveList Position::legal_moves() const {
    MoveList list;
    generate_legal(list);
    return list;
}

bool Position::is_legal(Move m) const { return legal_moves().contains(m); }

// --- Identity --------------------------------------------------------------------------------

std::uint64_t Position::compute_key() const {
    std::uint64_t k = 0;
    for (int s = 0; s < 64; ++s)
        if (board_[s] != NoPiece) k ^= zobrist::piece_square(board_[s], Square(s));
    for (Square r : castling_rook_)
        if (r != NoSquare) k ^= zobrist::castling_rook(r);
    if (en_passant_ != NoSquare) k ^= zobrist::en_passant_file(file_of(en_passant_));
    if (side_ == Black) k ^= zobrist::side_to_move();
    return k;
}

bool Position::same_position(const Position& other) const {
    return board_ == other.board_ && side_ == other.side_ &&
           castling_rook_ == other.castling_rook_ && en_passant_ == other.en_passant_;
}

std::string Position::validate_internal() const {
    std::ostringstream problems;
    for (int s = 0; s < 64; ++s) {
        Piece p = board_[s];
        for (int t = Pawn; t <= King; ++t) {
            bool in_bb = by_type_[t] & square_bb(Square(s));
            bool expected = p != NoPiece && type_of(p) == t;
            if (in_bb != expected)
                problems << "type bitboard " << t << " disagrees with the board on "
                         << square_name(Square(s)) << "; ";
        }
        for (int c = 0; c < 2; ++c) {
            bool in_bb = by_color_[c] & square_bb(Square(s));
            bool expected = p != NoPiece && color_of(p) == c;
            if (in_bb != expected)
                problems << "colour bitboard disagrees with the board on " << square_name(Square(s))
                         << "; ";
        }
    }
    if (popcount(pieces(White, King)) != 1 || popcount(pieces(Black, King)) != 1)
        problems << "not exactly one king per side; ";
    else if (checkers_ != (attackers_to(king_square(side_), pieces()) & pieces(~side_)))
        problems << "checkers out of date; ";
    if (key_ != compute_key())
        problems << "incremental zobrist key differs from the computed one; ";
    for (int i = 0; i < 4; ++i) {
        Square r = castling_rook_[i];
        Color c = Color(i >> 1);
        if (r != NoSquare && (piece_on(r) != make_piece(c, Rook) || rank_of(r) != back_rank(c)))
            problems << "castling right without its rook on " << square_name(r) << "; ";
    }
    return problems.str();
}

std::string Position::diagram() const {
    std::string out;
    for (int r = 7; r >= 0; --r) {
        out += char('1' + r);
        out += ' ';
        for (int f = 0; f < 8; ++f) {
            Piece p = board_[make_square(f, r)];
            out += ' ';
            out += p == NoPiece ? '.' : piece_char(p);
        }
        out += '\n';
    }
    out += "   a b c d e f g h\n";
    return out;
}

// --- From a setup ----------------------------------------------------------------------------

Result<Position> Position::from_setup(const Setup& setup, SetupOptions options) {
    Position pos;
    pos.by_type_.fill(0);
    pos.by_color_.fill(0);
    pos.board_.fill(NoPiece);
    pos.key_ = 0;
    pos.castling_rook_.fill(NoSquare);
    pos.castling_squares_ = 0;
    for (int s = 0; s < 64; ++s) {
        Piece p = setup.board[s];
        if (p == NoPiece) continue;
        if ((p & 7) > King || p > BlackKing)
            return make_error(ErrorCode::InvalidPosition,
                              "invalid piece code on " + square_name(Square(s)));
        pos.put_piece(p, Square(s));
    }
    pos.side_ = setup.side_to_move;
    if (setup.side_to_move == Black) pos.key_ ^= zobrist::side_to_move();

    for (Color c : {White, Black}) {
        int kings = popcount(pos.pieces(c, King));
        if (kings == 0)
            return make_error(ErrorCode::InvalidPosition,
                              std::string(color_name(c)) + " king is missing");
        if (kings > 1)
            return make_error(ErrorCode::InvalidPosition, std::string(color_name(c)) + " has " +
                                                              std::to_string(kings) + " kings");
        if (options.allow_impossible_material) continue;
        // Material a game can reach: 16 pieces, 8 pawns, and every piece beyond the initial set
        // a promoted pawn.
        constexpr const char* impossible =
            " (no game reaches this material; SetupOptions::allow_impossible_material accepts it)";
        int pawns = popcount(pos.pieces(c, Pawn));
        if (popcount(pos.pieces(c)) > 16)
            return make_error(ErrorCode::InvalidPosition,
                              std::string(color_name(c)) + " has more than 16 pieces" + impossible);
        if (pawns > 8)
            return make_error(ErrorCode::InvalidPosition,
                              std::string(color_name(c)) + " has more than 8 pawns" + impossible);
        int promoted = std::max(0, popcount(pos.pieces(c, Queen)) - 1) +
                       std::max(0, popcount(pos.pieces(c, Rook)) - 2) +
                       std::max(0, popcount(pos.pieces(c, Bishop)) - 2) +
                       std::max(0, popcount(pos.pieces(c, Knight)) - 2);
        if (promoted > 8 - pawns)
            return make_error(ErrorCode::InvalidPosition,
                              std::string(color_name(c)) +
                                  " has more pieces than promotions of its " +
                                  std::to_string(pawns) + " pawns allow" + impossible);
    }
    if (pos.pieces(Pawn) & (rank_bb(0) | rank_bb(7))) {
        Square s = lsb(pos.pieces(Pawn) & (rank_bb(0) | rank_bb(7)));
        return make_error(ErrorCode::InvalidPosition,
                          "pawn on the first or last rank (" + square_name(s) + ")");
    }
    const Color us = setup.side_to_move, them = ~us;
    if (pos.attackers_to(pos.king_square(them), pos.pieces()) & pos.pieces(us))
        return make_error(ErrorCode::InvalidPosition,
                          std::string("side not to move (") + color_name(them) + ") is in check");

    // Castling: each right names the square of its rook, which must be an own rook on the own
    // back rank with the own king on that rank; at most one rook per side of the king (the
    // outermost is kept when rights are dropped on request).
    if (Bitboard elsewhere = setup.castling_rooks & ~(rank_bb(0) | rank_bb(7)))
        return make_error(ErrorCode::InvalidCastling,
                          "castling right " + square_name(lsb(elsewhere)) +
                              ": castling rooks stand on the first or last rank");
    for (Color c : {White, Black}) {
        const int rank = back_rank(c);
        const Square king = pos.king_square(c);
        // Outermost first on each side: from h towards the king, then from a towards it.
        std::array<int, 8> files{};
        int n = 0;
        const int king_file = rank_of(king) == rank ? file_of(king) : 8;
        for (int f = 7; f > king_file; --f) files[n++] = f;
        for (int f = 0; f < std::min(king_file + 1, 8); ++f) files[n++] = f;
        for (int i = 0; i < n; ++i) {
            const Square rook = make_square(files[i], rank);
            if (!(setup.castling_rooks & square_bb(rook))) continue;
            const std::string what = std::string("castling right ") + square_name(rook);
            std::string problem;
            CastlingSide side = file_of(rook) > file_of(king) ? GSide : CSide;
            if (rank_of(king) != rank)
                problem = std::string(color_name(c)) + " king is not on its back rank";
            else if (pos.piece_on(rook) != make_piece(c, Rook))
                problem = std::string("no ") + color_name(c) + " rook on " + square_name(rook);
            else if (Square taken = pos.castling_rook_[c * 2 + side]; taken != NoSquare)
                problem = std::string("two castling rooks on the ") + (side == GSide ? "g" : "c") +
                          "-side of the " + color_name(c) + " king (" + square_name(taken) +
                          " and " + square_name(rook) + ")";
            if (problem.empty())
                pos.castling_rook_[c * 2 + side] = rook;
            else if (!options.drop_invalid_castling)
                return make_error(ErrorCode::InvalidCastling, what + ": " + problem);
        }
    }
    for (int i = 0; i < 4; ++i) {
        if (pos.castling_rook_[i] == NoSquare) continue;
        pos.key_ ^= zobrist::castling_rook(pos.castling_rook_[i]);
        pos.castling_squares_ |= square_bb(pos.castling_rook_[i]) | pos.pieces(Color(i >> 1), King);
    }

    // En passant: the square must be empty, behind an enemy pawn that could just have made a
    // double step from an empty square. Kept only when a capture is legal.
    if (setup.en_passant != NoSquare) {
        Square ep = setup.en_passant;
        Square pawn = Square(ep - pawn_push(us));
        Square origin = Square(ep + pawn_push(us));
        std::string what = "en passant square " + square_name(ep);
        if (rank_of(ep) != relative_rank(us, 5))
            return make_error(ErrorCode::InvalidEnPassant,
                              what + " is not on rank " + (us == White ? "6" : "3") + " with " +
                                  color_name(us) + " to move");
        if (pos.piece_on(pawn) != make_piece(them, Pawn))
            return make_error(ErrorCode::InvalidEnPassant,
                              what + ": no " + color_name(them) + " pawn on " + square_name(pawn));
        if (pos.piece_on(ep) != NoPiece || pos.piece_on(origin) != NoPiece)
            return make_error(ErrorCode::InvalidEnPassant,
                              what + ": " + square_name(ep) + " and " + square_name(origin) +
                                  " must be empty after a double step");
        pos.set_en_passant_after_double_step(ep);
    }

    if (setup.halfmove_clock < 0 || setup.halfmove_clock > 65535)
        return make_error(ErrorCode::InvalidPosition, "halfmove clock out of range");
    if (setup.fullmove_number < 1 || setup.fullmove_number > 65535)
        return make_error(ErrorCode::InvalidPosition, "fullmove number out of range");
    pos.halfmove_clock_ = std::uint16_t(setup.halfmove_clock);
    pos.fullmove_number_ = std::uint16_t(setup.fullmove_number);
    pos.checkers_ = pos.attackers_to(pos.king_square(us), pos.pieces()) & pos.pieces(them);
    return pos;
}

Setup Position::to_setup() const {
    Setup s;
    s.board = board_;
    s.side_to_move = side_;
    for (Square rook : castling_rook_)
        if (rook != NoSquare) s.castling_rooks |= square_bb(rook);
    s.en_passant = double_step_;
    s.halfmove_clock = halfmove_clock_;
    s.fullmove_number = fullmove_number_;
    return s;
}

}  // namespace chess960
