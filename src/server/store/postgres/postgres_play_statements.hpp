// The accounts' play's statements in PostgreSQL's SQL, by store (sql_seek_store.hpp,
// sql_account_game_store.hpp, sql_presence_store.hpp), for the accounts' store and, their
// settlement, the game store. Several servers may share the database: the rows a
// transaction reads before it writes are locked (FOR UPDATE), always in one order. Lists are
// text[] literals.
#pragma once

#include "postgres_schema.hpp"
#include "sql_account_store.hpp"

namespace chess960::server::pg_statements {

inline constexpr SeekStatements kSeekStatements{
    .insert_seek = "INSERT INTO seeks(" CHESS960_SEEK_COLUMNS
                   ") VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, "
                   "$16)",
    .select_seeks = CHESS960_SEEK_SELECT "ORDER BY s.created_at, s.id LIMIT $1",
    .count_seeks = "SELECT COUNT(*) FROM seeks WHERE account_id = $1",
    .delete_seek = "DELETE FROM seeks WHERE id = $1 AND (account_id = $2 OR to_account = $2)",
    .delete_seeks_of = "DELETE FROM seeks WHERE account_id = $1",
    // A second server accepting the same seek waits for this one's commit, then finds no row.
    .select_seek_to_take = CHESS960_SEEK_SELECT "WHERE s.id = $1 FOR UPDATE OF s",
    .lock_two_seeks = "SELECT id FROM seeks WHERE id IN ($1, $2) ORDER BY id FOR UPDATE",
    .insert_game = pg_schema::kInsertGame,
    .insert_account_game = "INSERT INTO account_games(" CHESS960_ACCOUNT_GAME_COLUMNS
                           ") VALUES($1, $2, $3, $4, $5, $6, $7, $8)",
    .take_seek = "DELETE FROM seeks WHERE id = $1",
    .take_two_seeks = "DELETE FROM seeks WHERE id IN ($1, $2)",
    .select_game_of_seek =
        CHESS960_ACCOUNT_GAME_SELECT("GREATEST") "WHERE ag.seek_id = $1 OR ag.second_seek_id = $1",
};

inline constexpr AccountGameStatements kAccountGameStatements{
    .select_ratings = CHESS960_RATING_SELECT "WHERE account_id = $1 ORDER BY pool",
    .select_account_game = CHESS960_ACCOUNT_GAME_SELECT("GREATEST") "WHERE ag.game_id = $1",
    // The result from the account's side: its colour's win, the other's, or a draw.
    .select_account_games =
        CHESS960_ACCOUNT_GAME_SELECT("GREATEST")
        "WHERE (ag.white_account = $1 OR ag.black_account = $1) "
        "AND ($2::text IS NULL OR ag.pool = $2::text) "
        "AND ($3::integer IS NULL OR g.start_number = $3::integer) "
        "AND ($4::bigint IS NULL OR ag.created_at < $4::bigint) "
        "AND ($5::text IS NULL OR ($5::text = 'draw' AND g.result = '1/2-1/2') OR "
        "($5::text = 'win' AND ((g.result = '1-0' AND ag.white_account = $1) OR "
        "(g.result = '0-1' AND ag.black_account = $1))) OR "
        "($5::text = 'loss' AND ((g.result = '0-1' AND ag.white_account = $1) OR "
        "(g.result = '1-0' AND ag.black_account = $1)))) "
        "AND ($7::integer = 0 OR (g.result = '*' AND g.termination IS NULL)) "
        "ORDER BY ag.created_at DESC, ag.game_id LIMIT $6",
    .select_unsettled =
        "SELECT ag.game_id FROM account_games ag JOIN games g ON g.id = ag.game_id "
        "WHERE ag.settled_at IS NULL AND (g.result <> '*' OR g.termination IS NOT NULL) "
        "ORDER BY ag.created_at LIMIT $1",
    .settlement =
        {
            // Another server settling the same game waits, then sees it settled.
            .select_game =
                CHESS960_ACCOUNT_GAME_SELECT("GREATEST") "WHERE ag.game_id = $1 FOR UPDATE OF ag",
            .lock_players =
                "SELECT id FROM accounts WHERE id = $1 OR id = $2 ORDER BY id FOR UPDATE",
            .select_rating = CHESS960_RATING_SELECT "WHERE account_id = $1 AND pool = $2",
            .write_rating =
                "INSERT INTO ratings(" CHESS960_RATING_COLUMNS
                ") VALUES($1, $2, $3, $4, $5, $6, $7) ON CONFLICT(account_id, pool) "
                "DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
                "volatility = excluded.volatility, games = excluded.games, "
                "last_played = excluded.last_played",
            .settle =
                "UPDATE account_games SET settled_at = $2, white_before_rating = $3, "
                "white_before_deviation = $4, white_before_volatility = $5, "
                "white_after_rating = $6, white_after_deviation = $7, "
                "white_after_volatility = $8, black_before_rating = $9, "
                "black_before_deviation = $10, black_before_volatility = $11, "
                "black_after_rating = $12, black_after_deviation = $13, "
                "black_after_volatility = $14 WHERE game_id = $1",
        },
};

inline constexpr PresenceStatements kPresenceStatements{
    .renew_server = "UPDATE lobby_servers SET seen_at = $2 WHERE server_id = $1",
    .insert_server =
        "INSERT INTO lobby_servers(server_id, seen_at) VALUES($1, $2) "
        "ON CONFLICT (server_id) DO UPDATE SET seen_at = EXCLUDED.seen_at",
    .add_presence =
        "INSERT INTO lobby_presence(server_id, account_id) SELECT $1, id FROM accounts "
        "WHERE id = ANY($2::text[]) ON CONFLICT DO NOTHING",
    .remove_presence =
        "DELETE FROM lobby_presence WHERE server_id = $1 AND account_id = ANY($2::text[])",
    .select_online =
        "SELECT DISTINCT a.id, a.name FROM lobby_presence p "
        "JOIN lobby_servers v ON v.server_id = p.server_id AND v.seen_at >= $1 "
        "JOIN accounts a ON a.id = p.account_id ORDER BY a.name",
    .select_online_elsewhere =
        "SELECT 1 FROM lobby_presence p JOIN lobby_servers v ON v.server_id = p.server_id "
        "WHERE p.account_id = $1 AND p.server_id <> $2 AND v.seen_at >= $3 LIMIT 1",
    // Locks the servers' rows first: two servers dropping the same dead one, the second finds
    // it gone.
    .delete_servers_before = "DELETE FROM lobby_servers WHERE seen_at < $1 RETURNING server_id",
    .delete_presence_on =
        "DELETE FROM lobby_presence p WHERE p.server_id = ANY($1::text[]) RETURNING p.account_id",
    .select_presence_of = "SELECT 1 FROM lobby_presence WHERE account_id = $1 LIMIT 1",
    .delete_server_presence = "DELETE FROM lobby_presence WHERE server_id = $1",
    .delete_server = "DELETE FROM lobby_servers WHERE server_id = $1",
};

inline constexpr PlayStatements kPlayStatements{kSeekStatements, kAccountGameStatements,
                                                kPresenceStatements};

}  // namespace chess960::server::pg_statements
