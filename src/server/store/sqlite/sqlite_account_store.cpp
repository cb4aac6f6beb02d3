#include "sqlite_account_store.hpp"

#include <sqlite3.h>

#include "sqlite_statements.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

using sqlite::column_optional_int64;
using sqlite::column_optional_text;
using sqlite::column_text;
using sqlite::Statement;

void bind_text(sqlite3_stmt* stmt, int index, const std::string& text) {
    sqlite::bind_text_copy(stmt, index, text);
}

constexpr const char* kAccountColumns =
    "id, name, name_key, password_hash, display_name, language, theme, role, created_at";

AccountRow read_account(sqlite3_stmt* s) {
    AccountRow a;
    a.id = column_text(s, 0);
    a.name = column_text(s, 1);
    a.name_key = column_text(s, 2);
    a.password_hash = column_text(s, 3);
    a.display_name = column_text(s, 4);
    a.language = column_text(s, 5);
    a.theme = column_text(s, 6);
    a.role = column_text(s, 7);
    a.created_at = sqlite3_column_int64(s, 8);
    return a;
}

std::string select_account(const char* where) {
    return std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE " + where;
}

const std::string kSelectByKey = select_account("name_key = ?1");
const std::string kSelectById = select_account("id = ?1");

}  // namespace

SqliteAccountStore::SqliteAccountStore(const std::string& path) : path_(path) {
    const int rc = sqlite3_open_v2(path_.c_str(), &db_,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        const std::string reason = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        sqlite3_close(db_);
        throw StoreError(path_ + ": cannot open the database for the accounts (" + reason + ")");
    }
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, 5000);
    // The game store set WAL mode, which stays with the file; these are per connection.
    // secure_delete: a deleted account's rows are overwritten with zeros in their pages, not
    // left in the free space until some later write reuses it.
    if (sqlite3_exec(db_,
                     "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON; "
                     "PRAGMA secure_delete=ON",
                     nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_exec(db_, "SELECT 1 FROM accounts LIMIT 1", nullptr, nullptr, nullptr) !=
            SQLITE_OK) {
        const std::string reason = sqlite3_errmsg(db_);
        sqlite3_close(db_);
        throw StoreError(path_ + ": reading the accounts table failed (" + reason + ")");
    }
}

SqliteAccountStore::~SqliteAccountStore() { sqlite3_close(db_); }

void SqliteAccountStore::fail(const std::string& doing) {
    throw StoreError(path_ + ": " + doing + " failed (" + sqlite3_errmsg(db_) + ")");
}

// BEGIN IMMEDIATE: the write lock at once, so that a check and the write after it see no other
// connection's write in between.
void SqliteAccountStore::begin() {
    kill_point();
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
        fail("BEGIN IMMEDIATE");
}
void SqliteAccountStore::commit() {
    kill_point();
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        rollback();
        fail("COMMIT");
    }
}
void SqliteAccountStore::rollback() { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }

AccountInsert SqliteAccountStore::insert_account(const AccountRow& a,
                                                 const std::optional<std::string>& invitation,
                                                 std::int64_t at) {
    std::lock_guard lock(mutex_);
    begin();
    try {
        const int inserted = step(
            "INSERT INTO accounts(id, name, name_key, password_hash, display_name, language, "
            "theme, role, created_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) "
            "ON CONFLICT(name_key) DO NOTHING",
            "inserting an account", [&](sqlite3_stmt* s) {
                bind_text(s, 1, a.id);
                bind_text(s, 2, a.name);
                bind_text(s, 3, a.name_key);
                bind_text(s, 4, a.password_hash);
                bind_text(s, 5, a.display_name);
                bind_text(s, 6, a.language);
                bind_text(s, 7, a.theme);
                bind_text(s, 8, a.role);
                sqlite3_bind_int64(s, 9, a.created_at);
            });
        if (inserted != 1) {
            rollback();
            return AccountInsert::name_taken;
        }
        if (invitation) {
            const int used = step(
                "UPDATE invitations SET used_by = ?2, used_at = ?3 WHERE token_hash = ?1 AND "
                "used_at IS NULL",
                "using an invitation", [&](sqlite3_stmt* s) {
                    bind_text(s, 1, *invitation);
                    bind_text(s, 2, a.id);
                    sqlite3_bind_int64(s, 3, at);
                });
            if (used != 1) {
                rollback();
                return AccountInsert::invitation_unusable;
            }
        }
    } catch (...) {
        rollback();
        throw;
    }
    commit();
    return AccountInsert::inserted;
}

std::optional<AccountRow> SqliteAccountStore::find_by_key(const std::string& name_key) {
    std::optional<AccountRow> found;
    query(
        kSelectByKey.c_str(), "reading an account",
        [&](sqlite3_stmt* s) { bind_text(s, 1, name_key); },
        [&](sqlite3_stmt* s) { found = read_account(s); });
    return found;
}

std::optional<AccountRow> SqliteAccountStore::find_by_id(const std::string& id) {
    std::optional<AccountRow> found;
    query(
        kSelectById.c_str(), "reading an account", [&](sqlite3_stmt* s) { bind_text(s, 1, id); },
        [&](sqlite3_stmt* s) { found = read_account(s); });
    return found;
}

void SqliteAccountStore::update_account(const AccountRow& a) {
    std::lock_guard lock(mutex_);
    const int changed = step(
        "UPDATE accounts SET password_hash = ?2, display_name = ?3, language = ?4, "
        "theme = ?5 WHERE id = ?1",
        "updating an account", [&](sqlite3_stmt* s) {
            bind_text(s, 1, a.id);
            bind_text(s, 2, a.password_hash);
            bind_text(s, 3, a.display_name);
            bind_text(s, 4, a.language);
            bind_text(s, 5, a.theme);
        });
    if (changed != 1) throw StoreError(path_ + ": updating an account: no account " + a.id);
}

void SqliteAccountStore::delete_account(const std::string& id) {
    std::lock_guard lock(mutex_);
    begin();
    try {
        auto bind = [&](sqlite3_stmt* s) { bind_text(s, 1, id); };
        step("DELETE FROM account_sessions WHERE account_id = ?1", "deleting sessions", bind);
        step("DELETE FROM ratings WHERE account_id = ?1", "deleting ratings", bind);
        step("DELETE FROM seeks WHERE account_id = ?1 OR to_account = ?1", "deleting seeks", bind);
        step("DELETE FROM lobby_presence WHERE account_id = ?1", "deleting presence", bind);
        step("UPDATE event_players SET account_id = NULL WHERE account_id = ?1",
             "forgetting event players' accounts", bind);
        step("UPDATE account_games SET white_account = NULL WHERE white_account = ?1",
             "forgetting games", bind);
        step("UPDATE account_games SET black_account = NULL WHERE black_account = ?1",
             "forgetting games", bind);
        step("UPDATE invitations SET used_by = NULL WHERE used_by = ?1", "forgetting invitations",
             bind);
        step("UPDATE invitations SET created_by = NULL WHERE created_by = ?1",
             "forgetting invitations", bind);
        step("DELETE FROM accounts WHERE id = ?1", "deleting an account", bind);
    } catch (...) {
        rollback();
        throw;
    }
    commit();
}

void SqliteAccountStore::insert_session(const SessionRow& r) {
    std::lock_guard lock(mutex_);
    step(
        "INSERT INTO account_sessions(token_hash, account_id, created_at, last_seen_at, "
        "expires_at) VALUES(?1, ?2, ?3, ?4, ?5)",
        "inserting a session", [&](sqlite3_stmt* s) {
            bind_text(s, 1, r.token_hash);
            bind_text(s, 2, r.account_id);
            sqlite3_bind_int64(s, 3, r.created_at);
            sqlite3_bind_int64(s, 4, r.last_seen_at);
            sqlite3_bind_int64(s, 5, r.expires_at);
        });
}

std::optional<SessionRow> SqliteAccountStore::find_session(const std::string& token_hash,
                                                           std::int64_t now) {
    std::optional<SessionRow> found;
    query(
        "SELECT token_hash, account_id, created_at, last_seen_at, expires_at FROM "
        "account_sessions WHERE token_hash = ?1 AND expires_at > ?2",
        "reading a session",
        [&](sqlite3_stmt* s) {
            bind_text(s, 1, token_hash);
            sqlite3_bind_int64(s, 2, now);
        },
        [&](sqlite3_stmt* s) {
            found = SessionRow{column_text(s, 0), column_text(s, 1), sqlite3_column_int64(s, 2),
                               sqlite3_column_int64(s, 3), sqlite3_column_int64(s, 4)};
        });
    return found;
}

void SqliteAccountStore::touch_session(const std::string& token_hash, std::int64_t last_seen_at,
                                       std::int64_t expires_at) {
    std::lock_guard lock(mutex_);
    step("UPDATE account_sessions SET last_seen_at = ?2, expires_at = ?3 WHERE token_hash = ?1",
         "renewing a session", [&](sqlite3_stmt* s) {
             bind_text(s, 1, token_hash);
             sqlite3_bind_int64(s, 2, last_seen_at);
             sqlite3_bind_int64(s, 3, expires_at);
         });
}

void SqliteAccountStore::delete_session(const std::string& token_hash) {
    std::lock_guard lock(mutex_);
    step("DELETE FROM account_sessions WHERE token_hash = ?1", "deleting a session",
         [&](sqlite3_stmt* s) { bind_text(s, 1, token_hash); });
}

void SqliteAccountStore::insert_invitation(const InvitationRow& r) {
    std::lock_guard lock(mutex_);
    step(
        "INSERT INTO invitations(token_hash, created_by, created_at, used_by, used_at) "
        "VALUES(?1, ?2, ?3, ?4, ?5)",
        "inserting an invitation", [&](sqlite3_stmt* s) {
            bind_text(s, 1, r.token_hash);
            sqlite::bind_optional(s, 2, r.created_by);
            sqlite3_bind_int64(s, 3, r.created_at);
            sqlite::bind_optional(s, 4, r.used_by);
            sqlite::bind_optional(s, 5, r.used_at);
        });
}

std::optional<InvitationRow> SqliteAccountStore::find_invitation(const std::string& token_hash) {
    std::optional<InvitationRow> found;
    query(
        "SELECT token_hash, created_by, created_at, used_by, used_at FROM invitations WHERE "
        "token_hash = ?1",
        "reading an invitation", [&](sqlite3_stmt* s) { bind_text(s, 1, token_hash); },
        [&](sqlite3_stmt* s) {
            found = InvitationRow{column_text(s, 0), column_optional_text(s, 1),
                                  sqlite3_column_int64(s, 2), column_optional_text(s, 3),
                                  column_optional_int64(s, 4)};
        });
    return found;
}

}  // namespace chess960::server
