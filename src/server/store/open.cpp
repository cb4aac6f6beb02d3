#include "store/open.hpp"

#include "store/database.hpp"

#include "postgres/postgres_account_store.hpp"
#include "postgres/postgres_cluster.hpp"
#include "postgres/postgres_event_store.hpp"
#include "postgres/postgres_game_db_store.hpp"
#include "postgres/postgres_puzzle_store.hpp"
#include "postgres/postgres_store.hpp"
#include "sqlite/sqlite_account_store.hpp"
#include "sqlite/sqlite_event_store.hpp"
#include "sqlite/sqlite_game_db_store.hpp"
#include "sqlite/sqlite_puzzle_store.hpp"
#include "sqlite/sqlite_store.hpp"

namespace chess960::server {

bool is_postgres_uri(const std::string& db) {
    return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::unique_ptr<Store> open_store(const std::string& db,
                                  std::function<void(const std::string&)> log, Rater rater) {
    if (is_postgres_uri(db)) return std::make_unique<PostgresStore>(db, std::move(rater));
    return std::make_unique<SqliteStore>(db, std::move(log), std::move(rater));
}

std::unique_ptr<EventStore> open_event_store(const std::string& db) {
    if (is_postgres_uri(db)) return std::make_unique<PostgresEventStore>(db);
    return std::make_unique<SqliteEventStore>(db);
}

std::unique_ptr<AccountStore> open_account_store(const std::string& db) {
    if (is_postgres_uri(db)) return std::make_unique<PostgresAccountStore>(db);
    return std::make_unique<SqliteAccountStore>(db);
}

std::unique_ptr<PlayStores> open_play_stores(const std::string& db) {
    if (is_postgres_uri(db)) return std::make_unique<PostgresAccountStore>(db);
    return std::make_unique<SqliteAccountStore>(db);
}

std::unique_ptr<GameDbStore> open_game_db_store(const std::string& db) {
    if (is_postgres_uri(db)) return std::make_unique<PostgresGameDbStore>(db);
    return std::make_unique<SqliteGameDbStore>(db);
}

std::unique_ptr<PuzzleStore> open_puzzle_store(const std::string& db) {
    if (is_postgres_uri(db)) return std::make_unique<PostgresPuzzleStore>(db);
    return std::make_unique<SqlitePuzzleStore>(db);
}

std::unique_ptr<Cluster> open_cluster(Store& store) {
    if (auto* postgres = dynamic_cast<PostgresStore*>(&store))
        return std::make_unique<PostgresCluster>(*postgres);
    return nullptr;
}

Database::Database(const std::string& db, std::function<void(const std::string&)> log, Rater rater)
    : games_(open_store(db, std::move(log), std::move(rater))),
      cluster_(open_cluster(*games_)),
      events_(open_event_store(db)),
      accounts_(open_account_store(db)),
      play_(open_play_stores(db)),
      game_db_(open_game_db_store(db)),
      puzzles_(open_puzzle_store(db)) {}

Database::~Database() = default;

}  // namespace chess960::server
