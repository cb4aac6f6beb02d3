// The legal moves of a position in the order a game database codes them: the likeliest first
// (lichess's idea for its compact games, which sorts by a cheap guess at a move's worth), the
// same order from any position, so that a move is stored as its rank in it. Chess960 castling,
// en passant and promotions are moves like the others; the order depends only on the position.
#pragma once

#include <cstdint>

#include "chess960/position.hpp"

namespace chess960::db {

/// The rank of legal move `m` in `pos`'s order (0: the likeliest); -1 if it is not legal there.
int move_rank(const Position& pos, Move m);

/// The legal move of rank `rank` in `pos`'s order; a null move if there are not that many.
Move move_at_rank(const Position& pos, int rank);

}  // namespace chess960::db
