// What an opening explorer indexes of a game: the positions it reaches, each with the move played
// from it. A position is the zobrist key of Position::key() (placement, side to move, castling
// rights by their rooks' squares as Chess960 has them, en passant only when a capture is legal),
// so that transpositions meet. A game counts once for a position it reaches twice: the first
// time, with the move played then (as lila's indexer counts).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "chess960/position.hpp"

namespace chess960::db {

/// The plies an explorer indexes of a game by default (lila-openingexplorer's limit).
inline constexpr int kIndexedPlies = 50;

/// A position a game reached and the move played from it (Move::none() where the game ended).
struct IndexedPosition {
    std::uint64_t key;
    Move move;
};

/// The positions before each of the first `limit` plies of `moves` from `start`, and the final
/// position when the game has fewer than `limit` plies, each once (its first occurrence), in
/// order. `moves` must be legal (a replayed game's); a negative `limit` indexes the whole game.
std::vector<IndexedPosition> indexed_positions(const Position& start, std::span<const Move> moves,
                                               int limit = kIndexedPlies);

}  // namespace chess960::db
