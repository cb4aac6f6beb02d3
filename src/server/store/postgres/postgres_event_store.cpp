#include "postgres_event_store.hpp"

namespace chess960::server {

namespace {

// The events' statements in PostgreSQL's SQL (sql_event_store.hpp).
constexpr EventStatements kStatements{
    .insert_event = "INSERT INTO events(" CHESS960_EVENT_COLUMNS
                    ") VALUES($1, $2, $3, $4, $5, $6, $7, $8, "
                    "$9, $10, $11, $12, $13, $14, $15, $16)",
    .set_closed = "UPDATE events SET closed_at = $2 WHERE id = $1 AND closed_at IS NULL",
    .set_join_token = "UPDATE events SET join_token_hash = $2 WHERE id = $1",
    .select_event = "SELECT " CHESS960_EVENT_COLUMNS " FROM events WHERE id = $1",
    .insert_round = "INSERT INTO event_rounds(event_id, " CHESS960_EVENT_ROUND_COLUMNS
                    ") VALUES($1, $2, $3, $4, $5, NULL, NULL, NULL, NULL, $6)",
    .insert_board = "INSERT INTO event_boards(event_id, " CHESS960_EVENT_BOARD_COLUMNS
                    ") VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    .set_revealed =
        "UPDATE event_rounds SET white_number = $3, black_number = $4, revealed_at = $5 "
        "WHERE event_id = $1 AND round = $2 AND revealed_at IS NULL",
    .set_started =
        "UPDATE event_rounds SET started_at = $3 WHERE event_id = $1 AND "
        "round = $2 AND revealed_at IS NOT NULL AND started_at IS NULL",
    .move_reveal =
        "UPDATE event_rounds SET reveal_at = $3, start_at = $4 WHERE "
        "event_id = $1 AND round = $2 AND revealed_at IS NULL",
    .select_rounds = "SELECT " CHESS960_EVENT_ROUND_COLUMNS
                     " FROM event_rounds WHERE event_id = $1 ORDER BY round",
    .select_boards = "SELECT " CHESS960_EVENT_BOARD_COLUMNS
                     " FROM event_boards WHERE event_id = $1 ORDER BY round, board",
    .select_pending =
        "SELECT event_id, round, reveal_at, start_at, revealed_at FROM event_rounds "
        "WHERE started_at IS NULL ORDER BY start_at, event_id",
    .insert_player = "INSERT INTO event_players(event_id, " CHESS960_EVENT_PLAYER_COLUMNS
                     ") VALUES($1, $2, $3, $4, $5, $6, $7, "
                     "$8, $9, $10, $11, $12, $13, $14)",
    .update_player =
        "UPDATE event_players SET name = $3, rating = $4, title = $5, "
        "federation = $6, fide_id = $7, token_hash = $8, joined_round = $9, "
        "late_points = $10, withdrawn_after = $11, updated_at = $12, account_id = $13 "
        "WHERE event_id = $1 AND number = $2",
    .delete_players = "DELETE FROM event_players WHERE event_id = $1",
    .select_players =
        "SELECT p.number, p.name, p.rating, p.title, p.federation, p.fide_id, p.token_hash, "
        "p.joined_round, p.late_points, p.withdrawn_after, p.created_at, p.updated_at, "
        "p.account_id, COALESCE(a.name, '') FROM event_players p LEFT JOIN accounts a "
        "ON a.id = p.account_id WHERE p.event_id = $1 ORDER BY p.number",
    .set_bye = "INSERT INTO event_byes(event_id, " CHESS960_EVENT_BYE_COLUMNS
               ") VALUES($1, $2, $3, $4, $5) ON CONFLICT (event_id, round, player) DO UPDATE SET "
               "kind = EXCLUDED.kind, created_at = EXCLUDED.created_at",
    .remove_bye = "DELETE FROM event_byes WHERE event_id = $1 AND round = $2 AND player = $3",
    .delete_byes = "DELETE FROM event_byes WHERE event_id = $1",
    .select_byes = "SELECT " CHESS960_EVENT_BYE_COLUMNS
                   " FROM event_byes WHERE event_id = $1 "
                   "ORDER BY round, player",
    .append_result =
        "INSERT INTO event_results(event_id, " CHESS960_EVENT_RESULT_COLUMNS
        ") SELECT $1::text, $2::integer, $3::integer, $4::integer, $5::text, $6::text, $7::text, "
        "$8::bigint WHERE $4::integer = 1 + (SELECT count(*) FROM event_results WHERE event_id = "
        "$1::text AND round = $2::integer AND board = $3::integer)",
    .select_results = "SELECT " CHESS960_EVENT_RESULT_COLUMNS
                      " FROM event_results WHERE event_id = $1 ORDER BY round, board, seq",
};

}  // namespace

PostgresEventStore::PostgresEventStore(const std::string& uri)
    : SqlEventStore(kStatements, session_), db_(uri), session_(db_) {
    db_.query("SELECT 1 FROM events LIMIT 1", {}, "reading the events table");
}

}  // namespace chess960::server
