#include "postgres_account_store.hpp"

#include <utility>

#include "postgres_listener.hpp"
#include "postgres_play_statements.hpp"
#include "store/secrets.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

// The accounts' statements in PostgreSQL's SQL (sql_account_store.hpp).
constexpr AccountStatements kStatements{
    .insert_account =
        "INSERT INTO accounts(" CHESS960_ACCOUNT_COLUMNS
        ") VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (name_key) DO NOTHING",
    .use_invitation =
        "UPDATE invitations SET used_by = $2, used_at = $3 WHERE token_hash = $1 "
        "AND used_at IS NULL",
    .select_by_key = "SELECT " CHESS960_ACCOUNT_COLUMNS " FROM accounts WHERE name_key = $1",
    .select_by_id = "SELECT " CHESS960_ACCOUNT_COLUMNS " FROM accounts WHERE id = $1",
    .update_account =
        "UPDATE accounts SET password_hash = $2, display_name = $3, language = $4, "
        "theme = $5 WHERE id = $1",
    .delete_account =
        {
            "DELETE FROM account_sessions WHERE account_id = $1",
            "DELETE FROM ratings WHERE account_id = $1",
            "DELETE FROM puzzle_players WHERE account_id = $1",
            "DELETE FROM puzzle_attempts WHERE account_id = $1",
            "DELETE FROM seeks WHERE account_id = $1 OR to_account = $1",
            "DELETE FROM lobby_presence WHERE account_id = $1",
            "UPDATE event_players SET account_id = NULL WHERE account_id = $1",
            "UPDATE account_games SET white_account = NULL WHERE white_account = $1",
            "UPDATE account_games SET black_account = NULL WHERE black_account = $1",
            "UPDATE invitations SET used_by = NULL WHERE used_by = $1",
            "UPDATE invitations SET created_by = NULL WHERE created_by = $1",
            "DELETE FROM accounts WHERE id = $1",
        },
    .insert_session =
        "INSERT INTO account_sessions(token_hash, account_id, created_at, "
        "last_seen_at, expires_at) VALUES($1, $2, $3, $4, $5)",
    .select_session =
        "SELECT token_hash, account_id, created_at, last_seen_at, expires_at FROM "
        "account_sessions WHERE token_hash = $1 AND expires_at > $2",
    .touch_session =
        "UPDATE account_sessions SET last_seen_at = $2, expires_at = $3 WHERE "
        "token_hash = $1",
    .delete_session = "DELETE FROM account_sessions WHERE token_hash = $1",
    .insert_invitation =
        "INSERT INTO invitations(token_hash, created_by, created_at, used_by, "
        "used_at) VALUES($1, $2, $3, $4, $5)",
    .select_invitation =
        "SELECT token_hash, created_by, created_at, used_by, used_at FROM "
        "invitations WHERE token_hash = $1",
};

}  // namespace

PgLobbyChanges::PgLobbyChanges(std::string uri, SqlSession& session)
    : uri_(std::move(uri)), origin_(random_hex(8)), session_(session) {}

void PgLobbyChanges::changed(const char* what) {
    session_.run("SELECT pg_notify($1, $2)",
                 SqlValues().text(kLobbyChannel).text(origin_ + " " + what),
                 "telling the other servers");
}

std::unique_ptr<StoreListener> PgLobbyChanges::listen(
    std::function<void(const std::string&)> on_change,
    std::function<void(const std::string&)> log) {
    return std::make_unique<PostgresListener>(uri_, kLobbyChannel, origin_, std::move(on_change),
                                              std::move(log));
}

PostgresAccountStore::PostgresAccountStore(const std::string& uri)
    : SqlAccountStore(kStatements, pg_statements::kPlayStatements, session_, changes_),
      db_(uri),
      session_(db_),
      changes_(uri, session_) {
    db_.query("SELECT 1 FROM accounts LIMIT 1", {}, "reading the accounts table");
}

}  // namespace chess960::server
