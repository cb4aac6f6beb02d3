// The rows of the accounts' play on PostgreSQL that more than one connection reads and writes: an
// account game (with its game's columns) and a rating, and the settlement of a game's ratings,
// which the accounts' store runs on its own (rate_game: the sweep of games over) and the game
// store runs in the transaction that stores a game's end (PostgresStore::write), so that a game
// ends and changes its players' ratings together.
#pragma once

#include <optional>
#include <string>

#include "store/play_store.hpp"
#include "store/postgres_connection.hpp"

// The columns of an account game with its game's, in read_account_game's order; a WHERE clause
// follows.
#define CHESS960_PG_ACCOUNT_GAME_SELECT                                                         \
    "SELECT ag.game_id, ag.white_account, ag.black_account, ag.rated, ag.pool, ag.created_at, " \
    "ag.settled_at, ag.white_before_rating, ag.white_before_deviation, "                        \
    "ag.white_before_volatility, ag.white_after_rating, ag.white_after_deviation, "             \
    "ag.white_after_volatility, ag.black_before_rating, ag.black_before_deviation, "            \
    "ag.black_before_volatility, ag.black_after_rating, ag.black_after_deviation, "             \
    "ag.black_after_volatility, g.result, g.termination, "                                      \
    "GREATEST(g.plies, COALESCE((SELECT MAX(ply) FROM moves m WHERE m.game_id = g.id), 0)), "   \
    "g.start_number, "                                                                          \
    "g.start_black_number, g.updated_at, COALESCE(wa.name, ''), COALESCE(ba.name, ''), "        \
    "ag.seek_id "                                                                               \
    "FROM account_games ag JOIN games g ON g.id = ag.game_id "                                  \
    "LEFT JOIN accounts wa ON wa.id = ag.white_account "                                        \
    "LEFT JOIN accounts ba ON ba.id = ag.black_account "
// The columns of a rating, in read_rating's order; a WHERE clause follows.
#define CHESS960_PG_RATING_SELECT \
    "SELECT pool, rating, deviation, volatility, games, last_played FROM ratings "

namespace chess960::server::pg_rows {

// A double PRECISION as PostgreSQL writes it (shortest text that reads back exactly, since
// PostgreSQL 12), and as this writes it: 17 significant digits, exact.
double real(const PgResult& r, int row, int column);
std::string real_text(double value);
bool boolean(const PgResult& r, int row, int column);
std::optional<int> optional_int(const PgResult& r, int row, int column);

AccountGameRow read_account_game(const PgResult& r, int row);
RatingRow read_rating(const PgResult& r, int row);

// Settles the account game `game_id` in the caller's transaction on `db`: the stored game
// (locked) and both players' ratings in its pool (the accounts locked in one order) go to
// `rater`, and its answer is written with settled_at = the game's last change. Unknown (no
// account game: a friend's, the engine's or an event's game), already settled and in play change
// nothing. Throws StoreError.
RateOutcome settle_game(PgConnection& db, const std::string& game_id, const Rater& rater);

}  // namespace chess960::server::pg_rows
