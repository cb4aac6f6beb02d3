// Position's legal move generator, as a template over where the moves go (a "sink"), for callers
// that want more from it than a list: Position::generate_legal and count_legal use it, and the
// game database's move order (src/db/move_order.cpp) computes each move's key as it is generated,
// from what the generator already knows (the moving piece, the opponent's attacks), without
// listing the moves first.
//
// A sink has:
//   void attacks(Bitboard by_pawns, Bitboard by_any)   first: the squares the opponent's pawns
//        attack, and all its pieces, on the board as it stands (the side to move's king not lifted)
//   void targets(PieceType piece, Square from, Bitboard to)   a piece's moves to each of `to`
//   void pawns(Bitboard to, int delta, bool promotion)   a pawn's move to each of `to` from
//        to - delta; a promotion stands for four moves (queen, rook, bishop, knight, in order)
//   void move(Move m)   one move (an en passant capture, a castling)
// The moves come in a fixed order: the king's, the knights', the diagonal then the orthogonal
// sliders', the pawns' pushes (promotions after the others), double steps and captures, en
// passant, castling.
#pragma once

#include "chess960/bitboard.hpp"
#include "chess960/position.hpp"

namespace chess960 {

namespace detail {
template <Color C>
constexpr Bitboard shift_up(Bitboard b) {
    return C == White ? b << 8 : b >> 8;
}
}  // namespace detail

template <typename Sink>
void Position::generate_legal_to(Sink& sink) const {
    if (side_ == White)
        generate<White>(sink);
    else
        generate<Black>(sink);
}

template <Color Us, typename Sink>
void Position::generate(Sink& out) const {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == White ? 8 : -8;
    constexpr int UpLeft = Us == White ? 7 : -9;   // capture towards the a-file
    constexpr int UpRight = Us == White ? 9 : -7;  // capture towards the h-file
    const Square king = king_square(Us);
    const Bitboard occupied = pieces();
    const Bitboard ours = pieces(Us), theirs = pieces(Them);

    // Squares the enemy attacks as the board stands (given to the sink), then with our king
    // lifted, so that it cannot hide behind itself: only a slider giving check attacks through
    // the king's square, so its line beyond the king is all that lifting adds.
    Bitboard attacked = 0;
    {
        Bitboard b = pieces(Them, Pawn);
        attacked |= Them == White ? ((b & ~file_bb(0)) << 7) | ((b & ~file_bb(7)) << 9)
                                  : ((b & ~file_bb(0)) >> 9) | ((b & ~file_bb(7)) >> 7);
        const Bitboard by_pawns = attacked;
        b = pieces(Them, Knight);
        while (b) attacked |= knight_attacks(pop_lsb(b));
        b = pieces(Them, Bishop) | pieces(Them, Queen);
        while (b) attacked |= bishop_attacks(pop_lsb(b), occupied);
        b = pieces(Them, Rook) | pieces(Them, Queen);
        while (b) attacked |= rook_attacks(pop_lsb(b), occupied);
        attacked |= king_attacks(king_square(Them));
        out.attacks(by_pawns, attacked);
        b = checkers_ & ~pieces(Pawn) & ~pieces(Knight);
        while (b) {
            const Square slider = pop_lsb(b);
            attacked |= line_through(king, slider) & ~square_bb(slider);
        }
    }

    Bitboard king_targets = king_attacks(king) & ~ours & ~attacked;
    out.targets(King, king, king_targets);

    if (more_than_one(checkers_)) return;

    // Squares a non-king move must land on: anywhere, or on the check line / the checker.
    const Bitboard check_mask =
        checkers_ ? between(king, lsb(checkers_)) | checkers_ : ~Bitboard{0};
    const Bitboard targets = ~ours & check_mask;

    // Pins: rays from the king through exactly one of our pieces to an enemy slider.
    Bitboard pin_orth = 0, pin_diag = 0;
    {
        Bitboard snipers = rook_attacks(king, theirs) & (pieces(Them, Rook) | pieces(Them, Queen));
        while (snipers) {
            Square s = pop_lsb(snipers);
            Bitboard ray = between(king, s);
            if (popcount(ray & occupied) == 1 && (ray & ours)) pin_orth |= ray | square_bb(s);
        }
        snipers = bishop_attacks(king, theirs) & (pieces(Them, Bishop) | pieces(Them, Queen));
        while (snipers) {
            Square s = pop_lsb(snipers);
            Bitboard ray = between(king, s);
            if (popcount(ray & occupied) == 1 && (ray & ours)) pin_diag |= ray | square_bb(s);
        }
    }
    const Bitboard pinned = (pin_orth | pin_diag) & ours;

    // Knights: a pinned knight never moves.
    Bitboard b = pieces(Us, Knight) & ~pinned;
    while (b) {
        Square from = pop_lsb(b);
        Bitboard t = knight_attacks(from) & targets;
        out.targets(Knight, from, t);
    }
    // Diagonal sliders: a piece pinned on a diagonal may move along it.
    const Bitboard diagonal = pieces(Us, Bishop) | pieces(Us, Queen);
    b = diagonal & ~pinned;
    while (b) {
        Square from = pop_lsb(b);
        Bitboard t = bishop_attacks(from, occupied) & targets;
        out.targets(type_of(board_[from]), from, t);
    }
    b = diagonal & pin_diag;
    while (b) {
        Square from = pop_lsb(b);
        Bitboard t = bishop_attacks(from, occupied) & targets & pin_diag;
        out.targets(type_of(board_[from]), from, t);
    }
    const Bitboard orthogonal = pieces(Us, Rook) | pieces(Us, Queen);
    b = orthogonal & ~pinned;
    while (b) {
        Square from = pop_lsb(b);
        Bitboard t = rook_attacks(from, occupied) & targets;
        out.targets(type_of(board_[from]), from, t);
    }
    b = orthogonal & pin_orth;
    while (b) {
        Square from = pop_lsb(b);
        Bitboard t = rook_attacks(from, occupied) & targets & pin_orth;
        out.targets(type_of(board_[from]), from, t);
    }

    // Pawns. A pawn pinned on a file may only push; one pinned on a diagonal may only capture
    // along that diagonal; one pinned on a rank cannot move.
    {
        constexpr Bitboard kPromotionRank = rank_bb(Us == White ? 7 : 0);
        constexpr Bitboard kDoubleStepRank = rank_bb(Us == White ? 2 : 5);  // after one step
        const Bitboard pawns = pieces(Us, Pawn);
        const Bitboard empty = ~occupied;

        const Bitboard pushers = (pawns & ~pinned) | (pawns & pin_orth);
        Bitboard single = detail::shift_up<Us>(pushers) & empty;
        Bitboard dbl = detail::shift_up<Us>(single & kDoubleStepRank) & empty & check_mask;
        single &= check_mask;
        // A file-pinned pawn's push must stay on the pin ray.
        if (pawns & pin_orth) {
            Bitboard pinned_pushers = pawns & pin_orth;
            Bitboard bad_single = detail::shift_up<Us>(pinned_pushers) & ~pin_orth;
            Bitboard bad_double =
                detail::shift_up<Us>(detail::shift_up<Us>(pinned_pushers)) & ~pin_orth;
            // Remove only pushes whose pawn is pinned: a free pawn behind cannot reach there.
            single &= ~bad_single;
            dbl &= ~bad_double;
        }
        out.pawns(single & ~kPromotionRank, Up, false);
        out.pawns(single & kPromotionRank, Up, true);
        out.pawns(dbl, 2 * Up, false);

        const Bitboard capturers = (pawns & ~pinned) | (pawns & pin_diag);
        const Bitboard capture_targets = theirs & check_mask;
        Bitboard left =
            (Us == White ? (capturers & ~file_bb(0)) << 7 : (capturers & ~file_bb(0)) >> 9) &
            capture_targets;
        Bitboard right =
            (Us == White ? (capturers & ~file_bb(7)) << 9 : (capturers & ~file_bb(7)) >> 7) &
            capture_targets;
        if (pawns & pin_diag) {
            // A diagonally pinned pawn may only capture onto its pin ray.
            Bitboard pinned_capturers = pawns & pin_diag;
            Bitboard l = (Us == White ? (pinned_capturers & ~file_bb(0)) << 7
                                      : (pinned_capturers & ~file_bb(0)) >> 9);
            Bitboard r = (Us == White ? (pinned_capturers & ~file_bb(7)) << 9
                                      : (pinned_capturers & ~file_bb(7)) >> 7);
            left &= ~(l & ~pin_diag);
            right &= ~(r & ~pin_diag);
        }
        out.pawns(left & ~kPromotionRank, UpLeft, false);
        out.pawns(left & kPromotionRank, UpLeft, true);
        out.pawns(right & ~kPromotionRank, UpRight, false);
        out.pawns(right & kPromotionRank, UpRight, true);

        if (en_passant_ != NoSquare) {
            Bitboard ep_capturers = pawn_attacks(Them, en_passant_) & pawns;
            while (ep_capturers) {
                Square from = pop_lsb(ep_capturers);
                if (en_passant_capture_legal(from, en_passant_))
                    out.move(Move(from, en_passant_, Move::EnPassant));
            }
        }
    }

    // Castling (Laws 3.8.2, Guidelines II.3): not out of check; every square the king and rook
    // cross or land on empty but for the two castling pieces; no square from the king's start to
    // its destination attacked, judged with the castling rook lifted off the board.
    if (checkers_) return;
    for (CastlingSide side : {GSide, CSide}) {
        Square rook = castling_rook_[Us * 2 + side];
        if (rook == NoSquare) continue;
        Square king_to = king_castling_destination(Us, side);
        Square rook_to = rook_castling_destination(Us, side);
        Bitboard castlers = square_bb(king) | square_bb(rook);
        Bitboard must_be_empty = (rank_span(king, king_to) | rank_span(rook, rook_to)) & ~castlers;
        if (occupied & must_be_empty) continue;
        Bitboard king_path = rank_span(king, king_to);
        Bitboard occ_without = occupied ^ castlers;
        bool safe = true;
        while (king_path && safe) {
            Square s = pop_lsb(king_path);
            if (attackers_to(s, occ_without) & theirs) safe = false;
        }
        if (safe) out.move(Move(king, rook, Move::Castling));
    }
}

}  // namespace chess960
