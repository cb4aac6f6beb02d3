#include "chess960/outcome.hpp"

namespace chess960 {

namespace {

constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;

}  // namespace

bool can_checkmate(const Position& pos, Color c) {
    const Color them = ~c;
    if (pos.pieces(c, Pawn) | pos.pieces(c, Rook) | pos.pieces(c, Queen)) return true;
    const Bitboard knights = pos.pieces(c, Knight), bishops = pos.pieces(c, Bishop);
    const Bitboard their_others = pos.pieces(them) & ~pos.pieces(them, King);
    if (!knights && !bishops) return false;  // a lone king
    if (knights && bishops) return true;
    if (knights) {
        // Two knights can mate with the opponent's help; one knight only if the opponent has a
        // piece to block its own king.
        return more_than_one(knights) || their_others != 0;
    }
    // Only bishops: all on one colour cannot mate unless the opponent has something other than
    // bishops of that same colour to block with.
    const bool light = bishops & kLightSquares, dark = bishops & ~kLightSquares;
    if (light && dark) return true;
    const Bitboard same_colour = light ? kLightSquares : ~kLightSquares;
    const Bitboard blockers = their_others & ~(pos.pieces(them, Bishop) & same_colour);
    return blockers != 0;
}

bool is_insufficient_material(const Position& pos) {
    return !can_checkmate(pos, White) && !can_checkmate(pos, Black);
}

}  // namespace chess960
