/// @file
/// Position: a legal Chess960 position with fully legal move generation and copy-make.
///
/// Castling follows FIDE's Chess960 rules (Laws 3.8.2, Guidelines II.3): a right is the square of
/// the castling rook; the move is encoded as "king takes own rook"; the king ends on g/c and the
/// rook on f/d whatever their start squares.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>

#include "chess960/bitboard.hpp"
#include "chess960/error.hpp"
#include "chess960/types.hpp"

namespace chess960 {

/// A fixed-capacity list of moves on the stack, left uninitialised beyond its size (making a
/// list costs nothing however large the capacity).
class MoveList {
  public:
    /// How many moves the list holds: room for the legal moves of any position, also one with
    /// material no game can reach (SetupOptions::allow_impossible_material). A bound: a side
    /// with n pieces has at most 27 moves per piece but 10 for the king (27(n-1) + 10), and at
    /// most 16 moves onto each square it does not occupy (the first piece along each of the 8
    /// lines to it, 8 knights), 25 on its promotion rank (3 pawns there make 4 moves each), plus
    /// 2 castlings: 16(64-n) + 9 * 8 + 2. The smaller of the two is at most 682 for every n. Games
    /// reach at most 218.
    static constexpr int kCapacity = 688;

    /// An empty list.
    MoveList() {}
    /// A copy of the moves of `other`.
    MoveList(const MoveList& other) : size_(other.size_) {
        std::copy(other.begin(), other.end(), data());
    }
    /// Replaces the moves with those of `other`.
    MoveList& operator=(const MoveList& other) {
        size_ = other.size_;
        std::copy(other.begin(), other.end(), data());
        return *this;
    }

    /// Appends a move (there is room for the legal moves of any position).
    void push(Move m) { data()[size_++] = m; }
    /// The number of moves.
    int size() const { return size_; }
    /// Whether there are none.
    bool empty() const { return size_ == 0; }
    /// The move at index `i` (0 .. size() - 1).
    Move operator[](int i) const { return begin()[i]; }
    /// The first move, for range-for.
    const Move* begin() const { return std::launder(reinterpret_cast<const Move*>(storage_)); }
    /// The moves, for reordering in place.
    Move* data() { return std::launder(reinterpret_cast<Move*>(storage_)); }
    /// One past the last move.
    const Move* end() const { return begin() + size_; }
    /// Whether `m` is in the list.
    bool contains(Move m) const;

  private:
    // Bytes, not Move objects (whose constructor zeroes them): the moves are written by push().
    alignas(Move) std::byte storage_[kCapacity * sizeof(Move)];
    int size_ = 0;
};

/// A position as a record describes it, not yet checked against the rules: any board, maybe
/// illegal. The FEN reader (fen.hpp) makes one from text; Position::from_setup checks it.
struct Setup {
    /// The piece on each square (a1 = 0 .. h8 = 63), NoPiece where empty.
    std::array<Piece, 64> board;
    /// Whose turn it is.
    Color side_to_move = White;
    /// The squares of the rooks that keep a castling right (FEN's K, Q and file letters already
    /// resolved to rooks). Checked against the board by Position::from_setup.
    Bitboard castling_rooks = 0;
    /// The square a pawn skipped with a double step just played, or NoSquare.
    Square en_passant = NoSquare;
    /// Plies since the last capture or pawn move (Laws 9.3).
    int halfmove_clock = 0;
    /// The number of the move about to be played, starting at 1.
    int fullmove_number = 1;

    Setup() { board.fill(NoPiece); }
};

/// How Position::from_setup treats what it cannot accept as written.
struct SetupOptions {
    /// Drop castling rights that match no king and rook instead of reporting an error.
    bool drop_invalid_castling = false;
    /// Accept material no game can reach: more than 16 pieces or 8 pawns a side, or more pieces
    /// than promotions of the missing pawns explain (as shakmaty's ignore_too_much_material).
    /// Everything else is still checked: one king each, no pawn on the first or last rank, the
    /// side not to move not in check. Rejected by default, with a message that says so.
    bool allow_impossible_material = false;
};

/// A legal position: placement, side to move, castling rights, en passant, the clocks. Made
/// from a Setup (Position::from_setup checks every rule), a start position (startpos.hpp) or a
/// FEN (position_from_fen in fen.hpp). Moves are generated fully legal (Laws 3.1 to 3.10 and
/// the Chess960 castling rules, Guidelines II.3); play() and after() apply them.
class Position {
  public:
    /// The ordinary start position (number 518).
    Position();

    /// Checks `setup` against the rules: one king each, no pawns on the first or last rank,
    /// sensible piece counts, side not to move not in check, castling rights that match a king
    /// and rook, an en passant square a double step could have produced.
    static Result<Position> from_setup(const Setup& setup, SetupOptions options = {});
    /// The position as a Setup (castling rights as rook squares, the en passant square after any
    /// double step): from_setup(to_setup()) gives the position back.
    Setup to_setup() const;

    // --- The board -----------------------------------------------------------------------
    /// The piece on `s`, or NoPiece.
    Piece piece_on(Square s) const { return board_[s]; }
    /// Every occupied square.
    Bitboard pieces() const { return by_color_[White] | by_color_[Black]; }
    /// The squares of `c`'s pieces.
    Bitboard pieces(Color c) const { return by_color_[c]; }
    /// The squares of the pieces of type `t`, both colours.
    Bitboard pieces(PieceType t) const { return by_type_[t]; }
    /// The squares of `c`'s pieces of type `t`.
    Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
    /// The square of `c`'s king.
    Square king_square(Color c) const { return lsb(pieces(c, King)); }
    /// Whose turn it is.
    Color side_to_move() const { return side_; }
    /// Plies since the last capture or pawn move: 100 allows a draw claim (Laws 9.3), 150 ends the
    /// game (Laws 9.6.2).
    int halfmove_clock() const { return halfmove_clock_; }
    /// The number of the move about to be played (1 at the start, raised after Black's move).
    int fullmove_number() const { return fullmove_number_; }
    /// Plies played since move 1 with White to move: 2 * (fullmove_number - 1), plus 1 for Black.
    int game_ply() const { return 2 * (fullmove_number_ - 1) + side_; }

    /// The square behind a pawn that just made a double step, only when an en passant capture
    /// is legal for the side to move; NoSquare otherwise.
    Square en_passant_square() const { return en_passant_; }
    /// The square behind the pawn that just made a double step, capturable or not.
    Square double_step_square() const { return double_step_; }

    // --- Castling ------------------------------------------------------------------------
    /// The square of the rook `c` may still castle with on `side`, or NoSquare.
    Square castling_rook(Color c, CastlingSide side) const { return castling_rook_[c * 2 + side]; }
    /// Whether `c` may still castle to `side` some time (neither its king nor that rook has moved,
    /// Laws 3.8.2.1); whether it may castle now is for the move generator.
    bool has_castling_right(Color c, CastlingSide side) const {
        return castling_rook(c, side) != NoSquare;
    }

    // --- Checks and attacks --------------------------------------------------------------
    /// The opponent's pieces giving check to the side to move (Laws 3.9).
    Bitboard checkers() const { return checkers_; }
    /// Whether the side to move is in check (Laws 3.9).
    bool in_check() const { return checkers_ != 0; }
    /// The pieces of both sides that attack `s` when the board's occupancy is `occupied` (sliders
    /// are blocked by `occupied`, not by the real board).
    Bitboard attackers_to(Square s, Bitboard occupied) const;
    /// Whether a piece of `c` attacks `s` (Laws 3.1: a square is attacked even by a pinned piece).
    bool is_attacked_by(Color c, Square s) const {
        return (attackers_to(s, pieces()) & pieces(c)) != 0;
    }

    // --- Moves ---------------------------------------------------------------------------
    /// The legal moves (Laws 3.10): none leaves the own king in check; castling as king takes own
    /// rook, allowed under Guidelines II.3 (every square the king and rook cross or land on empty
    /// but for them; no square from the king's start to its destination attacked; not out of
    /// check).
    MoveList legal_moves() const;
    /// Appends the legal moves to `out` (as legal_moves()).
    void generate_legal(MoveList& out) const;
    /// Gives the legal moves to `sink` as the generator finds them, with the opponent's attacks
    /// (defined in chess960/movegen.hpp, which says what a sink is).
    template <typename Sink>
    void generate_legal_to(Sink& sink) const;
    /// The number of legal moves, without listing them (perft's last ply).
    int count_legal() const;
    /// Whether `m` is one of the legal moves.
    bool is_legal(Move m) const;
    /// Plays a legal move (the caller guarantees legality; use is_legal for untrusted moves).
    void play(Move m);
    /// The position after a legal move (copy-make: this position is unchanged).
    Position after(Move m) const {
        Position p = *this;
        p.play(m);
        return p;
    }
    /// Make/unmake, for callers that keep one position (a search). play() on a copy (copy-make)
    /// is what perft uses: measured faster here (bench/make_unmake_bench).
    struct Undo {
        std::uint64_t key;                    ///< the zobrist key before the move
        Bitboard checkers;                    ///< the checkers before the move
        Bitboard castling_squares;            ///< king and rook squares of the rights held
        std::array<Square, 4> castling_rook;  ///< the castling rooks before the move
        Square en_passant;                    ///< the legal en passant square before the move
        Square double_step;                   ///< the double-step square before the move
        Piece captured;                       ///< the piece the move captured, or NoPiece
        std::uint16_t halfmove_clock;         ///< the halfmove clock before the move
    };
    /// Plays a legal move and returns what unmake() needs to take it back.
    Undo make(Move m);
    /// Takes back the move make() played; the position is exactly as before.
    void unmake(Move m, const Undo& undo);

    /// The side to move passes (search only; never when in check).
    void play_null();

    /// For a castling move: the side it castles to.
    CastlingSide castling_side(Move m) const {
        return file_of(m.to()) > file_of(m.from()) ? GSide : CSide;
    }
    /// The square a move puts the moving piece on (for castling: the king's destination).
    Square destination(Move m) const {
        return m.is_castling() ? king_castling_destination(side_, castling_side(m)) : m.to();
    }
    /// Whether the move captures (en passant included; castling never does).
    bool is_capture(Move m) const {
        return m.is_en_passant() || (!m.is_castling() && piece_on(m.to()) != NoPiece);
    }

    // --- Identity --------------------------------------------------------------------------
    /// Zobrist key of piece placement, side to move, castling rights and *legal* en passant.
    std::uint64_t key() const { return key_; }
    std::uint64_t compute_key() const;  ///< from scratch, to check the incremental key
    /// Equal placement, side to move, castling rights and legal en passant (not the clocks).
    bool same_position(const Position& other) const;
    /// Same position (same_position) and the same clocks.
    bool operator==(const Position& other) const {
        return same_position(other) && halfmove_clock_ == other.halfmove_clock_ &&
               fullmove_number_ == other.fullmove_number_;
    }

    /// Board diagram, White at the bottom, with file and rank labels.
    std::string diagram() const;

    /// Debug aid: checks every internal invariant (bitboards vs mailbox, key, checkers).
    /// Returns an empty string when all hold, else what is broken.
    std::string validate_internal() const;

  private:
    void put_piece(Piece p, Square s);
    void remove_piece(Square s);
    void move_piece(Square from, Square to);
    void update_castling_rights(Bitboard touched);
    void set_en_passant_after_double_step(Square skipped);
    bool en_passant_capture_legal(Square from, Square ep) const;
    template <Color Us, typename Sink>
    void generate(Sink& out) const;

    std::array<Bitboard, 6> by_type_{};
    std::array<Bitboard, 2> by_color_{};
    std::uint64_t key_ = 0;
    Bitboard checkers_ = 0;
    /// King and castling-rook start squares of the rights still held; a move touching one of
    /// them updates the rights (no Chess960 special case in play()).
    Bitboard castling_squares_ = 0;
    std::array<Square, 4> castling_rook_{NoSquare, NoSquare, NoSquare, NoSquare};
    std::array<Piece, 64> board_{};
    Square en_passant_ = NoSquare;
    Square double_step_ = NoSquare;
    Color side_ = White;
    std::uint16_t halfmove_clock_ = 0;
    std::uint16_t fullmove_number_ = 1;
};

/// The random numbers of the zobrist key (Position::key), fixed for every build.
namespace zobrist {
/// The key of piece `p` on square `s`.
std::uint64_t piece_square(Piece p, Square s);
/// The key of a castling right with its rook on `rook` (one key per possible rook square).
std::uint64_t castling_rook(Square rook);
/// The key of a legal en passant capture on `file`.
std::uint64_t en_passant_file(int file);
/// The key of Black to move.
std::uint64_t side_to_move();
}  // namespace zobrist

inline void Position::play_null() {
    if (en_passant_ != NoSquare) key_ ^= zobrist::en_passant_file(file_of(en_passant_));
    en_passant_ = double_step_ = NoSquare;
    side_ = ~side_;
    key_ ^= zobrist::side_to_move();
    checkers_ = 0;
    if (halfmove_clock_ < 0xFFFF) ++halfmove_clock_;
}

}  // namespace chess960
