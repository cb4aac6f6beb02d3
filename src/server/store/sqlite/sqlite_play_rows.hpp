// The rows of the accounts' play on SQLite that more than one connection reads and writes: an
// account game (with its game's columns) and a rating, and the settlement of a game's ratings,
// which the accounts' store runs on its own (rate_game: the sweep of games over) and the game
// store runs in the transaction that stores a game's end (SqliteStore::write), so that a game
// ends and changes its players' ratings together.
#pragma once

#include <sqlite3.h>

#include <string>

#include "store/play_store.hpp"

namespace chess960::server::sqlite {

// The columns of an account game with its game's, in read_account_game's order; a WHERE clause
// follows.
extern const char* const kAccountGameSelect;
AccountGameRow read_account_game(sqlite3_stmt* stmt);

// The columns of a rating, in read_rating's order; a WHERE clause follows.
extern const char* const kRatingSelect;
RatingRow read_rating(sqlite3_stmt* stmt);

// Settles the account game `game_id` in the caller's transaction on `db` (the file `path`): the
// stored game and both players' ratings in its pool go to `rater`, and its answer is written with
// settled_at = the game's last change. Unknown (no account game: a friend's, the engine's or an
// event's game), already settled and in play change nothing. Every statement is a kill point
// (kill_points.hpp). Throws StoreError.
RateOutcome settle_game(sqlite3* db, const std::string& path, const std::string& game_id,
                        const Rater& rater);

}  // namespace chess960::server::sqlite
