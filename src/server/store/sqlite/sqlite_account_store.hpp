// The accounts' store on SQLite: the game store's file (sqlite_store.hpp), on a connection of its
// own. The accounts (sql_account_store.hpp's logic) and their play's stores (in SQLite's SQL:
// sqlite_play_statements.hpp) share it, and its mutex. A SQLite database is one server's: nobody
// else changes the lobby (sql_lobby_changes.hpp's default).
#pragma once

#include <sqlite3.h>

#include <string>

#include "sql_account_store.hpp"
#include "sql_lobby_changes.hpp"
#include "sqlite_session.hpp"

namespace chess960::server {

class SqliteAccountStore final : public SqlAccountStore {
  public:
    // Opens the file the game store has already opened and migrated. Throws StoreError.
    explicit SqliteAccountStore(const std::string& path);
    ~SqliteAccountStore() override;
    SqliteAccountStore(const SqliteAccountStore&) = delete;
    SqliteAccountStore& operator=(const SqliteAccountStore&) = delete;

  private:
    std::string path_;
    sqlite3* db_ = nullptr;
    SqliteSession session_;
    SqlLobbyChanges changes_;
};

}  // namespace chess960::server
