#include "sqlite_game_db_store.hpp"

namespace chess960::server {

SqliteGameDbStore::SqliteGameDbStore(const std::string& path)
    : SqlGameDbStore(statements_, session_, false),
      path_(path),
      session_(path_, db_, SqliteSession::Messages::plain) {
    // A larger page cache (64 MiB): an import writes the hashes' index all over its pages.
    db_ = open_connection(path_, "db_games", "PRAGMA synchronous=NORMAL; PRAGMA cache_size=-65536");
    for (const std::string* sql :
         {&statements_.insert_game, &statements_.select_name, &statements_.insert_name,
          &statements_.select_summary, &statements_.select_games_after})
        session_.keep(sql->c_str());
}

SqliteGameDbStore::~SqliteGameDbStore() {
    session_.finalize();
    sqlite3_close(db_);
}

}  // namespace chess960::server
