// The puzzles' store on SQLite: the game store's file, on a connection of its own.
#pragma once

#include <sqlite3.h>

#include <string>

#include "sql_puzzle_store.hpp"
#include "sqlite_session.hpp"

namespace chess960::server {

class SqlitePuzzleStore final : public SqlPuzzleStore {
  public:
    // Opens the file the game store has already opened and migrated. Throws StoreError.
    explicit SqlitePuzzleStore(const std::string& path);
    ~SqlitePuzzleStore() override;
    SqlitePuzzleStore(const SqlitePuzzleStore&) = delete;
    SqlitePuzzleStore& operator=(const SqlitePuzzleStore&) = delete;

  private:
    PuzzleStatements statements_{'?'};
    std::string path_;
    sqlite3* db_ = nullptr;
    SqliteSession session_;
};

}  // namespace chess960::server
