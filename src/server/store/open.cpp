#include "store/store.hpp"

#include "postgres_store.hpp"
#include "sqlite_store.hpp"

namespace chess960::server {

bool is_postgres_uri(const std::string& db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::unique_ptr<StoreBackend> open_store(const std::string& db,
                                         std::function<void(const std::string&)> log) {
    if (is_postgres_uri(db)) return std::make_unique<PostgresStore>(db);
    return std::make_unique<SqliteStore>(db, std::move(log));
}

Store::Store(const std::string& db, std::function<void(const std::string&)> log)
    : backend_(open_store(db, std::move(log))) {}

Store::~Store() = default;

}  // namespace chess960::server
