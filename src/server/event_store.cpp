#include "server/event_store.hpp"

#include "server/postgres_event_store.hpp"
#include "server/sqlite_event_store.hpp"
#include "server/store.hpp"

namespace chess960::server {

EventStore::EventStore(const std::string& db) {
    if (is_postgres_uri(db))
        backend_ = std::make_unique<PostgresEventStore>(db);
    else
        backend_ = std::make_unique<SqliteEventStore>(db);
}

EventStore::~EventStore() = default;

}  // namespace chess960::server
