// The rows of the accounts' play (store/seek_store.hpp, store/account_game_store.hpp) as both
// back ends read them, a seek, an account game with its game's columns and a rating, and the
// settlement of a game's ratings, which the account game store runs on its own (rate_game: the
// sweep of games over) and the game store runs in the transaction that stores a game's end
// (SqlStore::write), so that a game ends and changes its players' ratings together. A back end
// gives the SQL text; the column lists are these.
#pragma once

#include <string>

#include "sql_session.hpp"
#include "store/account_game_store.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

// A seek's columns, as inserted.
#define CHESS960_SEEK_COLUMNS                                                                \
    "id, account_id, rated, pool, clock_initial_ms, clock_increment_ms, color, start_type, " \
    "start_number, start_black, min_rating, max_rating, created_at, to_account, "            \
    "days_per_move, quick"
// A seek with its seeker's name and rating and its challenged account's name, in read_seek's
// order; a WHERE clause follows.
#define CHESS960_SEEK_SELECT                                                                 \
    "SELECT s.id, s.account_id, s.rated, s.pool, s.clock_initial_ms, s.clock_increment_ms, " \
    "s.color, s.start_type, s.start_number, s.start_black, s.min_rating, s.max_rating, "     \
    "s.created_at, a.name, r.rating, r.deviation, r.volatility, r.games, r.last_played, "    \
    "s.to_account, COALESCE(t.name, ''), s.days_per_move, s.quick "                          \
    "FROM seeks s JOIN accounts a ON a.id = s.account_id "                                   \
    "LEFT JOIN ratings r ON r.account_id = s.account_id AND r.pool = s.pool "                \
    "LEFT JOIN accounts t ON t.id = s.to_account "
// An account game's columns, as inserted.
#define CHESS960_ACCOUNT_GAME_COLUMNS \
    "game_id, white_account, black_account, rated, pool, created_at, seek_id, second_seek_id"
// An account game with its game's columns, in read_account_game's order; a WHERE clause follows.
// A move leaves the game's row as it was (store.hpp: GameChange): the moves say the ply, the
// larger of the two by `greatest` (SQLite's MAX, PostgreSQL's GREATEST).
#define CHESS960_ACCOUNT_GAME_SELECT(greatest)                                                  \
    "SELECT ag.game_id, ag.white_account, ag.black_account, ag.rated, ag.pool, ag.created_at, " \
    "ag.settled_at, ag.white_before_rating, ag.white_before_deviation, "                        \
    "ag.white_before_volatility, ag.white_after_rating, ag.white_after_deviation, "             \
    "ag.white_after_volatility, ag.black_before_rating, ag.black_before_deviation, "            \
    "ag.black_before_volatility, ag.black_after_rating, ag.black_after_deviation, "             \
    "ag.black_after_volatility, g.result, g.termination, " greatest                             \
    "(g.plies, COALESCE((SELECT MAX(ply) FROM moves m WHERE m.game_id = g.id), 0)), "           \
    "g.start_number, g.start_black_number, g.updated_at, COALESCE(wa.name, ''), "               \
    "COALESCE(ba.name, ''), ag.seek_id "                                                        \
    "FROM account_games ag JOIN games g ON g.id = ag.game_id "                                  \
    "LEFT JOIN accounts wa ON wa.id = ag.white_account "                                        \
    "LEFT JOIN accounts ba ON ba.id = ag.black_account "
// A rating's columns, as written.
#define CHESS960_RATING_COLUMNS \
    "account_id, pool, rating, deviation, volatility, games, last_played"
// A rating, in read_rating's order; a WHERE clause follows.
#define CHESS960_RATING_SELECT \
    "SELECT pool, rating, deviation, volatility, games, last_played FROM ratings "

SeekRow read_seek(const SqlRow& row);
AccountGameRow read_account_game(const SqlRow& row);
RatingRow read_rating(const SqlRow& row);

// The settlement's statements in a back end's SQL, with the same parameters on both.
struct SettlementStatements {
    // (game) the account game with its game's columns, locked where the back end locks rows.
    const char* select_game;
    // (white account, black account) both accounts locked, in one order; null where the
    // transaction's write lock already keeps every other writer out (SQLite).
    const char* lock_players;
    // (account, pool) the account's rating in the pool.
    const char* select_rating;
    // (CHESS960_RATING_COLUMNS) the rating inserted, or updated where the account has one.
    const char* write_rating;
    // (game, settled_at, then rating, deviation and volatility: white's before and after,
    // black's before and after) the account game settled.
    const char* settle;
};

// Settles the account game `game_id` in the caller's transaction on `session`: the stored game
// and both players' ratings in its pool go to `rater`, and its answer is written with settled_at
// = the game's last change. Unknown (no account game: a friend's, the engine's or an event's
// game), already settled and in play change nothing. Throws StoreError.
RateOutcome settle_game(SqlSession& session, const SettlementStatements& sql,
                        const std::string& game_id, const Rater& rater);

}  // namespace chess960::server
