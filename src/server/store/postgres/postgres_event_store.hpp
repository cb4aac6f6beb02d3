// The events' store on PostgreSQL: the game store's database (postgres_store.hpp), on a
// connection of its own; its logic is sql_event_store.hpp's.
#pragma once

#include <string>

#include "postgres_session.hpp"
#include "sql_event_store.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PostgresEventStore final : public SqlEventStore {
  public:
    // Connects to the database the game store has already connected to and migrated. Throws
    // StoreError.
    explicit PostgresEventStore(const std::string& uri);

  private:
    PgConnection db_;
    PgSession session_;
};

}  // namespace chess960::server
