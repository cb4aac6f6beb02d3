// A game as the game database keeps it (store/game_db_store.hpp), made from a replayed PGN game
// or the server's own: its tags read (players, ratings, result, date, lichess's speed from the
// TimeControl, rated from lichess's Event), its moves coded (db/move_code.hpp), its start as a
// number (or its FEN), the explorer's rows of the positions it reaches (db/game_index.hpp), and
// the hash of its content that identifies it. And back: a stored game as a PGN record.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "chess960/error.hpp"
#include "chess960/pgn.hpp"
#include "store/game_db_store.hpp"

namespace chess960::server::gamedb {

// Where a game goes: its collection (kServerCollection for the server's own), whether that
// indexes games whole (a masters collection) or their first db::kIndexedPlies plies, and the
// server's id of its own game.
struct DbDestination {
    int collection = kServerCollection;
    bool masters = false;
    std::optional<std::string> server_game_id;
};

// The database's game of a replayed one (its tags, start, moves and result). An error when its
// moves cannot be coded (never for a replayed game's legal moves).
Result<DbNewGame> make_db_game(const pgn::Replayer::MainLine& game, const DbDestination& to);

// The explorer's rows of a game (its id, result, speed, rating, date and collection as stored)
// from `start` with its `moves` (at least its first db::kIndexedPlies + 1 when there are more;
// `plies` says how many it has); none for a game without a result. Indexed whole for a masters
// collection.
std::vector<DbIndexRow> index_rows(const DbGameRow& game, const Position& start,
                                   std::span<const Move> moves, bool masters);

// The PGN record of a stored game (DbGameRow with its moves); an error when its moves do not
// decode (a damaged row).
Result<pgn::GameRecord> record_of(const DbGameRow& row);

// The start position of a stored game; an error for a damaged FEN or number.
Result<Position> start_of(const DbGameRow& row);

// A stored result (0 unknown, 1 White won, 2 Black won, 3 drawn) as a GameResult, and back.
GameResult game_result(int stored);
int stored_result(GameResult result);
// A stored date (yyyymmdd, 0 for an unknown part) as PGN writes it: "2025.03.??".
std::string date_text(int date);

// The first `plies` moves of a stored game from its `start` (db::decode_moves on its bytes).
Result<std::vector<Move>> stored_moves(const DbGameRow& row, const Position& start, int plies);

}  // namespace chess960::server::gamedb
