// A game's moves in a few bits each, for a game database: each move as its rank in the order
// of db/move_order.hpp, the ranks Huffman coded with a code trained on engine games
// (src/db/rank_frequencies.inc, made by tools/db/move_rank_stats). The start position is not
// stored here (a game's record keeps its number or FEN); any legal position works, Chess960's
// castling in both directions, Double Chess960 and positions from FEN alike.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960::db {

/// The moves from `start`, coded. Each must be legal where it is played (checked: an
/// IllegalMove error names the ply otherwise).
Result<std::vector<std::uint8_t>> encode_moves(const Position& start, std::span<const Move> moves);

/// The first `plies` moves coded in `bytes` from `start`; an InvalidMove error when `plies` is
/// negative, or when the bytes end first or name a rank the position has no move for (damaged
/// or another start's bytes).
Result<std::vector<Move>> decode_moves(const Position& start, std::span<const std::uint8_t> bytes,
                                       int plies);

/// The bits the code gives the move of rank `rank` (for statistics).
int rank_code_bits(int rank);

/// How often each rank (0..255) of db/move_order.hpp was played in the engine games the code is
/// trained on, plus one (src/db/rank_frequencies.inc): the weights the code is built from, and a
/// model of which rank a player picks (bench/make_pgn_corpus --moves policy samples from it).
std::span<const std::uint64_t> rank_frequencies();

}  // namespace chess960::db
