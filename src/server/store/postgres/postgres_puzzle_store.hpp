// The puzzles' store on PostgreSQL: the game store's database, on a connection of its own.
#pragma once

#include <string>

#include "postgres_session.hpp"
#include "sql_puzzle_store.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PostgresPuzzleStore final : public SqlPuzzleStore {
  public:
    // Connects to the database the game store has already opened and migrated. Throws
    // StoreError.
    explicit PostgresPuzzleStore(const std::string& uri);

  private:
    PuzzleStatements statements_{'$'};
    PgConnection db_;
    PgSession session_;
};

}  // namespace chess960::server
