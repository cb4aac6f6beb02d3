// The accounts' store's logic, once for both back ends (SqliteAccountStore,
// PostgresAccountStore): accounts, sessions and invitations, their parameters, rows and
// transactions. A back end gives its SQL text (AccountStatements, PlayStatements), a session
// (sql_session.hpp) and its lobby's changes (sql_lobby_changes.hpp). The accounts' play is on the
// same connection and mutex: the store holds its three stores (sql_seek_store.hpp,
// sql_account_game_store.hpp, sql_presence_store.hpp) and gives them (store/open.hpp:
// PlayStores).
#pragma once

#include <array>
#include <mutex>
#include <string>

#include "sql_account_game_store.hpp"
#include "sql_lobby_changes.hpp"
#include "sql_presence_store.hpp"
#include "sql_seek_store.hpp"
#include "sql_session.hpp"
#include "store/account_store.hpp"
#include "store/open.hpp"

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
    std::array<const char*, 12> delete_account;
    const char* insert_session;
    // (token_hash, now): a session that has not expired.
    const char* select_session;
    // (token_hash, last_seen_at, expires_at).
    const char* touch_session;
    const char* delete_session;
    const char* insert_invitation;
    const char* select_invitation;
};

// The play's statements in a back end's SQL, by store: each back end's text written once.
struct PlayStatements {
    SeekStatements seeks;
    AccountGameStatements account_games;
    PresenceStatements presence;
};

class SqlAccountStore : public AccountStore, public PlayStores {
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

    // The play's stores, on the same connection and mutex.
    SeekStore& seeks() override { return seeks_; }
    AccountGameStore& account_games() override { return account_games_; }
    PresenceStore& presence() override { return presence_; }
    LobbyChanges& lobby_changes() override { return changes_; }

  protected:
    // `session` and `changes` may be members of the derived store: neither is used before a
    // call.
    SqlAccountStore(const AccountStatements& sql, const PlayStatements& play, SqlSession& session,
                    SqlLobbyChanges& changes)
        : sql_(sql),
          session_(session),
          changes_(changes),
          seeks_(play.seeks, session, mutex_, changes),
          account_games_(play.account_games, session, mutex_),
          presence_(play.presence, session, mutex_, changes) {}

  private:
    const AccountStatements& sql_;
    SqlSession& session_;
    SqlLobbyChanges& changes_;
    // Guards the connection, for the accounts and the play's stores alike.
    std::mutex mutex_;
    SqlSeekStore seeks_;
    SqlAccountGameStore account_games_;
    SqlPresenceStore presence_;
};

}  // namespace chess960::server
