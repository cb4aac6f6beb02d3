#include "postgres_puzzle_store.hpp"

namespace chess960::server {

PostgresPuzzleStore::PostgresPuzzleStore(const std::string& uri)
    : SqlPuzzleStore(statements_, session_), db_(uri), session_(db_) {
    db_.query("SELECT 1 FROM puzzles LIMIT 1", {}, "reading the puzzles table");
}

}  // namespace chess960::server
