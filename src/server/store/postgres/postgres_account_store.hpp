// The accounts' store on PostgreSQL: the game store's database (postgres_store.hpp), on a
// connection of its own. The accounts (sql_account_store.hpp's logic) and their play's stores (in
// PostgreSQL's SQL: postgres_play_statements.hpp) share it, and its mutex; the other servers'
// lobbies hear of the seeks and of who is online through its notices (PgLobbyChanges).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "postgres_session.hpp"
#include "sql_account_store.hpp"
#include "sql_lobby_changes.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

// The lobby's changes on a database other servers share: a notice on the lobby's channel in the
// transaction of each change (delivered once that commits), and a listener of the others'.
class PgLobbyChanges final : public SqlLobbyChanges {
  public:
    // `session` is the accounts' store's, and may be its member: it is not used before a call.
    PgLobbyChanges(std::string uri, SqlSession& session);

    // Tells the other servers' lobbies that the seeks ("seeks") or who is online ("online")
    // changed (in the caller's transaction: delivered once that commits).
    void changed(const char* what) override;
    std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)> on_change,
                                          std::function<void(const std::string&)> log) override;

  private:
    std::string uri_;
    std::string origin_;  // this store's, in its notices (postgres_listener.hpp)
    SqlSession& session_;
};

class PostgresAccountStore final : public SqlAccountStore {
  public:
    // Connects to the database the game store has already opened and migrated. Throws
    // StoreError.
    explicit PostgresAccountStore(const std::string& uri);

  private:
    PgConnection db_;
    PgSession session_;
    PgLobbyChanges changes_;
};

}  // namespace chess960::server
