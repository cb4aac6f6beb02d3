// The accounts' store on SQLite: the game store's file (sqlite_store.hpp), on a connection of its
// own. The accounts (sql_account_store.hpp's logic) and their play (sql_play_store.hpp's, in
// SQLite's SQL: sqlite_play_statements.hpp) share it, and its mutex.
#pragma once

#include <sqlite3.h>

#include <functional>
#include <memory>
#include <string>

#include "sql_account_store.hpp"
#include "sql_play_store.hpp"
#include "sqlite_session.hpp"

namespace chess960::server {

class SqliteAccountStore final : public SqlAccountStore, public SqlPlayStore {
  public:
    // Opens the file the game store has already opened and migrated. Throws StoreError.
    explicit SqliteAccountStore(const std::string& path);
    ~SqliteAccountStore() override;
    SqliteAccountStore(const SqliteAccountStore&) = delete;
    SqliteAccountStore& operator=(const SqliteAccountStore&) = delete;

    // A SQLite database is one server's: nobody else changes it.
    std::unique_ptr<StoreListener> listen(
        std::function<void(const std::string&)> /*on_change*/,
        std::function<void(const std::string&)> /*log*/) override {
        return nullptr;
    }

  private:
    std::string path_;
    sqlite3* db_ = nullptr;
    SqliteSession session_;
};

}  // namespace chess960::server
