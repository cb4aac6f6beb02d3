// The game database's store on PostgreSQL: the game store's database, on a connection of its
// own; every server of a cluster reads and feeds the same tables.
#pragma once

#include <string>

#include "postgres_session.hpp"
#include "sql_game_db_store.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PostgresGameDbStore final : public SqlGameDbStore {
  public:
    // Connects to the database the game store has already opened and migrated. Throws
    // StoreError.
    explicit PostgresGameDbStore(const std::string& uri);

  private:
    GameDbStatements statements_{'$'};
    PgConnection db_;
    PgSession session_;
};

}  // namespace chess960::server
