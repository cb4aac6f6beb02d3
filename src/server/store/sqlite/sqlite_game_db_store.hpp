// The game database's store on SQLite: the game store's file, on a connection of its own.
#pragma once

#include <sqlite3.h>

#include <string>

#include "sql_game_db_store.hpp"
#include "sqlite_session.hpp"

namespace chess960::server {

class SqliteGameDbStore final : public SqlGameDbStore {
  public:
    // Opens the file the game store has already opened and migrated. Throws StoreError.
    explicit SqliteGameDbStore(const std::string& path);
    ~SqliteGameDbStore() override;
    SqliteGameDbStore(const SqliteGameDbStore&) = delete;
    SqliteGameDbStore& operator=(const SqliteGameDbStore&) = delete;

  private:
    GameDbStatements statements_{'?'};
    std::string path_;
    sqlite3* db_ = nullptr;
    SqliteSession session_;
};

}  // namespace chess960::server
