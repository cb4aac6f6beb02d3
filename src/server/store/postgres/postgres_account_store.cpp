#include "postgres_account_store.hpp"

#include "store/secrets.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

#define CHESS960_ACCOUNT_COLUMNS \
    "id, name, name_key, password_hash, display_name, language, theme, role, created_at"

constexpr const char* kSelectByKey =
    "SELECT " CHESS960_ACCOUNT_COLUMNS " FROM accounts WHERE name_key = $1";
constexpr const char* kSelectById =
    "SELECT " CHESS960_ACCOUNT_COLUMNS " FROM accounts WHERE id = $1";

#undef CHESS960_ACCOUNT_COLUMNS

std::optional<AccountRow> read_account(const PgResult& r) {
    if (r.rows() == 0) return std::nullopt;
    return AccountRow{r.text(0, 0), r.text(0, 1), r.text(0, 2), r.text(0, 3),  r.text(0, 4),
                      r.text(0, 5), r.text(0, 6), r.text(0, 7), r.number(0, 8)};
}

}  // namespace

PostgresAccountStore::PostgresAccountStore(const std::string& uri)
    : uri_(uri), origin_(random_hex(8)), db_(uri) {
    db_.query("SELECT 1 FROM accounts LIMIT 1", {}, "reading the accounts table");
}

PgResult PostgresAccountStore::run(const char* sql, const PgParams& params, const char* doing) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    return db_.query(sql, params, doing);
}

AccountInsert PostgresAccountStore::insert_account(const AccountRow& a,
                                                   const std::optional<std::string>& invitation,
                                                   std::int64_t at) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    // ON CONFLICT: of two sign-ups with names that look alike, the second waits for the first's
    // commit and then inserts nothing.
    const int inserted =
        db_.query(
               "INSERT INTO accounts(id, name, name_key, password_hash, display_name, "
               "language, theme, role, created_at) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9) "
               "ON CONFLICT (name_key) DO NOTHING",
               PgParams()
                   .text(a.id)
                   .text(a.name)
                   .text(a.name_key)
                   .text(a.password_hash)
                   .text(a.display_name)
                   .text(a.language)
                   .text(a.theme)
                   .text(a.role)
                   .number(a.created_at),
               "inserting an account")
            .changed();
    if (inserted != 1) return AccountInsert::name_taken;
    if (invitation &&
        db_.query("UPDATE invitations SET used_by = $2, used_at = $3 WHERE token_hash = $1 AND "
                  "used_at IS NULL",
                  PgParams().text(*invitation).text(a.id).number(at), "using an invitation")
                .changed() != 1)
        return AccountInsert::invitation_unusable;
    transaction.commit();
    return AccountInsert::inserted;
}

std::optional<AccountRow> PostgresAccountStore::find_by_key(const std::string& name_key) {
    return read_account(run(kSelectByKey, PgParams().text(name_key), "reading an account"));
}

std::optional<AccountRow> PostgresAccountStore::find_by_id(const std::string& id) {
    return read_account(run(kSelectById, PgParams().text(id), "reading an account"));
}

void PostgresAccountStore::update_account(const AccountRow& a) {
    const int changed =
        run("UPDATE accounts SET password_hash = $2, display_name = $3, language = $4, "
            "theme = $5 WHERE id = $1",
            PgParams()
                .text(a.id)
                .text(a.password_hash)
                .text(a.display_name)
                .text(a.language)
                .text(a.theme),
            "updating an account")
            .changed();
    if (changed != 1) throw StoreError(db_.name() + ": updating an account: no account " + a.id);
}

void PostgresAccountStore::delete_account(const std::string& id) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    const PgParams params = PgParams().text(id);
    db_.query("DELETE FROM account_sessions WHERE account_id = $1", params, "deleting sessions");
    db_.query("DELETE FROM ratings WHERE account_id = $1", params, "deleting ratings");
    db_.query("DELETE FROM seeks WHERE account_id = $1 OR to_account = $1", params,
              "deleting seeks");
    db_.query("DELETE FROM lobby_presence WHERE account_id = $1", params, "deleting presence");
    db_.query("UPDATE event_players SET account_id = NULL WHERE account_id = $1", params,
              "forgetting event players' accounts");
    db_.query("UPDATE account_games SET white_account = NULL WHERE white_account = $1", params,
              "forgetting games");
    db_.query("UPDATE account_games SET black_account = NULL WHERE black_account = $1", params,
              "forgetting games");
    db_.query("UPDATE invitations SET used_by = NULL WHERE used_by = $1", params,
              "forgetting invitations");
    db_.query("UPDATE invitations SET created_by = NULL WHERE created_by = $1", params,
              "forgetting invitations");
    db_.query("DELETE FROM accounts WHERE id = $1", params, "deleting an account");
    notify_lobby("seeks");
    transaction.commit();
}

void PostgresAccountStore::insert_session(const SessionRow& r) {
    run("INSERT INTO account_sessions(token_hash, account_id, created_at, last_seen_at, "
        "expires_at) VALUES($1, $2, $3, $4, $5)",
        PgParams()
            .text(r.token_hash)
            .text(r.account_id)
            .number(r.created_at)
            .number(r.last_seen_at)
            .number(r.expires_at),
        "inserting a session");
}

std::optional<SessionRow> PostgresAccountStore::find_session(const std::string& token_hash,
                                                             std::int64_t now) {
    const PgResult r =
        run("SELECT token_hash, account_id, created_at, last_seen_at, expires_at FROM "
            "account_sessions WHERE token_hash = $1 AND expires_at > $2",
            PgParams().text(token_hash).number(now), "reading a session");
    if (r.rows() == 0) return std::nullopt;
    return SessionRow{r.text(0, 0), r.text(0, 1), r.number(0, 2), r.number(0, 3), r.number(0, 4)};
}

void PostgresAccountStore::touch_session(const std::string& token_hash, std::int64_t last_seen_at,
                                         std::int64_t expires_at) {
    run("UPDATE account_sessions SET last_seen_at = $2, expires_at = $3 WHERE token_hash = $1",
        PgParams().text(token_hash).number(last_seen_at).number(expires_at), "renewing a session");
}

void PostgresAccountStore::delete_session(const std::string& token_hash) {
    run("DELETE FROM account_sessions WHERE token_hash = $1", PgParams().text(token_hash),
        "deleting a session");
}

void PostgresAccountStore::insert_invitation(const InvitationRow& r) {
    run("INSERT INTO invitations(token_hash, created_by, created_at, used_by, used_at) "
        "VALUES($1, $2, $3, $4, $5)",
        PgParams()
            .text(r.token_hash)
            .optional_text(r.created_by)
            .number(r.created_at)
            .optional_text(r.used_by)
            .optional_number(r.used_at),
        "inserting an invitation");
}

std::optional<InvitationRow> PostgresAccountStore::find_invitation(const std::string& token_hash) {
    const PgResult r =
        run("SELECT token_hash, created_by, created_at, used_by, used_at FROM invitations WHERE "
            "token_hash = $1",
            PgParams().text(token_hash), "reading an invitation");
    if (r.rows() == 0) return std::nullopt;
    return InvitationRow{r.text(0, 0), r.optional_text(0, 1), r.number(0, 2), r.optional_text(0, 3),
                         r.optional_number(0, 4)};
}

}  // namespace chess960::server
