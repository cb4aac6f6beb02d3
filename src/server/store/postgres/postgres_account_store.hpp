// The accounts' store on PostgreSQL: the game store's database (postgres_store.hpp), on a
// connection of its own. The accounts (sql_account_store.hpp's logic) and their play
// (sql_play_store.hpp's, in PostgreSQL's SQL: postgres_play_statements.hpp) share it, and its
// mutex; the other servers' lobbies hear of the seeks and of who is online through its notices.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "postgres_session.hpp"
#include "sql_account_store.hpp"
#include "sql_play_store.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PostgresAccountStore final : public SqlAccountStore, public SqlPlayStore {
  public:
    // Connects to the database the game store has already opened and migrated. Throws
    // StoreError.
    explicit PostgresAccountStore(const std::string& uri);

    std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)> on_change,
                                          std::function<void(const std::string&)> log) override;

  private:
    void account_deleted() override;
    // Tells the other servers' lobbies that the seeks ("seeks") or who is online ("online")
    // changed (in the caller's transaction: delivered once that commits).
    void lobby_changed(const char* what) override;

    std::string uri_;
    std::string origin_;  // this store's, in its notices (postgres_listener.hpp)
    PgConnection db_;
    PgSession session_;
};

}  // namespace chess960::server
