// The events' store on SQLite: the game store's file (sqlite_store.hpp), on a connection of its
// own; its logic is sql_event_store.hpp's.
#pragma once

#include <string>

#include "sql_event_store.hpp"
#include "sqlite_session.hpp"

namespace chess960::server {

class SqliteEventStore final : public SqlEventStore {
  public:
    // Opens the file the game store has already opened and migrated. Throws StoreError.
    explicit SqliteEventStore(const std::string& path);
    ~SqliteEventStore() override;
    SqliteEventStore(const SqliteEventStore&) = delete;
    SqliteEventStore& operator=(const SqliteEventStore&) = delete;

  private:
    std::string path_;
    sqlite3* db_ = nullptr;
    SqliteSession session_;
};

}  // namespace chess960::server
