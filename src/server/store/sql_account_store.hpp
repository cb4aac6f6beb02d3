// The accounts' store's logic, once for both back ends (SqliteAccountStore,
// PostgresAccountStore): accounts, sessions and invitations, their parameters, rows and
// transactions. A back end gives its SQL text (AccountStatements) and a session
// (sql_session.hpp); its play (store/play_store.hpp) is its own, on the same connection and
// mutex.
#pragma once

#include <array>
#include <mutex>
#include <string>

#include "sql_session.hpp"
#include "store/account_store.hpp"

namespace chess960::server {

// An account's columns, in AccountRow's order, as both back ends' SELECTs read them.
#define CHESS960_ACCOUNT_COLUMNS \
    "id, name, name_key, password_hash, display_name, language, theme, role, created_at"

// The accounts' statements in a back end's SQL, with the same parameters on both.
struct AccountStatements {
    // The account's columns in order; nothing when its name_key is taken.
    const char* insert_account;
    // (invitation, account, at): only an unused invitation.
    const char* use_invitation;
    const char* select_by_key;
    const char* select_by_id;
    // (id, password_hash, display_name, language, theme).
    const char* update_account;
    // What an account holds of a person, in kDeleteAccountSteps' order, each with its id as $1;
    // the account last.
    std::array<const char*, 10> delete_account;
    const char* insert_session;
    // (token_hash, now): a session that has not expired.
    const char* select_session;
    // (token_hash, last_seen_at, expires_at).
    const char* touch_session;
    const char* delete_session;
    const char* insert_invitation;
    const char* select_invitation;
};

class SqlAccountStore : public AccountStore {
  public:
    AccountInsert insert_account(const AccountRow& account,
                                 const std::optional<std::string>& invitation_hash,
                                 std::int64_t at) override;
    std::optional<AccountRow> find_by_key(const std::string& name_key) override;
    std::optional<AccountRow> find_by_id(const std::string& id) override;
    void update_account(const AccountRow& account) override;
    void delete_account(const std::string& id) override;
    void insert_session(const SessionRow& session) override;
    std::optional<SessionRow> find_session(const std::string& token_hash,
                                           std::int64_t now) override;
    void touch_session(const std::string& token_hash, std::int64_t last_seen_at,
                       std::int64_t expires_at) override;
    void delete_session(const std::string& token_hash) override;
    void insert_invitation(const InvitationRow& invitation) override;
    std::optional<InvitationRow> find_invitation(const std::string& token_hash) override;

  protected:
    // `session` may be a member of the derived store: it is not used before a call.
    SqlAccountStore(const AccountStatements& sql, SqlSession& session)
        : sql_(sql), session_(session) {}

    // Inside delete_account's transaction, after the account's rows went (a shared database:
    // tell the other servers' lobbies that its seeks did). Nothing by default.
    virtual void account_deleted() {}

    // Guards the connection: the derived store's play runs on it too.
    std::mutex mutex_;

  private:
    const AccountStatements& sql_;
    SqlSession& session_;
};

}  // namespace chess960::server
