#include "sqlite_puzzle_store.hpp"

namespace chess960::server {

SqlitePuzzleStore::SqlitePuzzleStore(const std::string& path)
    : SqlPuzzleStore(statements_, session_),
      path_(path),
      session_(path_, db_, SqliteSession::Messages::plain) {
    db_ = open_connection(path_, "puzzles", "PRAGMA synchronous=NORMAL");
}

SqlitePuzzleStore::~SqlitePuzzleStore() {
    session_.finalize();
    sqlite3_close(db_);
}

}  // namespace chess960::server
