// The accounts' store: the tables of schema version 8 (sqlite_schema.hpp) in the game store's
// database, on a connection of its own, SQLite's or PostgreSQL's as the game store's. The game
// store (store.hpp) opens, checks and migrates the database first; this store only reads and
// writes the account tables, each call one committed transaction. It knows rows, not rules: the
// accounts' service (src/server/accounts/) hashes the passwords and the tokens.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace chess960::server {

// One account. `name_key` is the name's confusable skeleton (text/names.hpp), unique, so that
// two names that look alike cannot both be taken; `password_hash` is libsodium's Argon2id
// string ($argon2id$v=19$...); `role` is "admin" or "player".
struct AccountRow {
    std::string id;
    std::string name;
    std::string name_key;
    std::string password_hash;
    std::string display_name;
    std::string language;
    std::string theme;
    std::string role = "player";
    std::int64_t created_at = 0;
};

// A signed-in session: its token only as a SHA-256.
struct SessionRow {
    std::string token_hash;
    std::string account_id;
    std::int64_t created_at = 0;
    std::int64_t last_seen_at = 0;
    std::int64_t expires_at = 0;
};

// An invitation to sign up (invite-only servers): its token as a SHA-256, the admin who made it
// and, once used, the account it made (empty again when that account is deleted; used_at stays,
// so that the invitation is not used twice).
struct InvitationRow {
    std::string token_hash;
    std::optional<std::string> created_by;
    std::int64_t created_at = 0;
    std::optional<std::string> used_by;
    std::optional<std::int64_t> used_at;
};

enum class AccountInsert { inserted, name_taken, invitation_unusable };

class AccountStore {
  public:
    virtual ~AccountStore() = default;

    // Inserts the account unless its name_key is taken; with an invitation, only if that
    // invitation exists and is unused, which it then marks used by the account (one
    // transaction: both or neither).
    virtual AccountInsert insert_account(const AccountRow& account,
                                         const std::optional<std::string>& invitation_hash,
                                         std::int64_t at) = 0;
    virtual std::optional<AccountRow> find_by_key(const std::string& name_key) = 0;
    virtual std::optional<AccountRow> find_by_id(const std::string& id) = 0;
    // Display name, language, theme and password hash (the other columns stay).
    virtual void update_account(const AccountRow& account) = 0;
    // The account and what it holds of a person: its sessions, its name on invitations.
    virtual void delete_account(const std::string& id) = 0;

    virtual void insert_session(const SessionRow& session) = 0;
    // The session if it exists and has not expired at `now`.
    virtual std::optional<SessionRow> find_session(const std::string& token_hash,
                                                   std::int64_t now) = 0;
    virtual void touch_session(const std::string& token_hash, std::int64_t last_seen_at,
                               std::int64_t expires_at) = 0;
    virtual void delete_session(const std::string& token_hash) = 0;

    virtual void insert_invitation(const InvitationRow& invitation) = 0;
    virtual std::optional<InvitationRow> find_invitation(const std::string& token_hash) = 0;
};

}  // namespace chess960::server
