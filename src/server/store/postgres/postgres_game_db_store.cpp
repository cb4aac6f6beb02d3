#include "postgres_game_db_store.hpp"

namespace chess960::server {

PostgresGameDbStore::PostgresGameDbStore(const std::string& uri)
    : SqlGameDbStore(statements_, session_, true), db_(uri), session_(db_) {
    db_.query("SELECT 1 FROM db_games LIMIT 1", {}, "reading the db_games table");
    session_.prepare("db_insert_game", statements_.insert_game.c_str());
    session_.prepare("db_select_name", statements_.select_name.c_str());
    session_.prepare("db_select_games_after", statements_.select_games_after.c_str());
    session_.prepare("db_select_summary", statements_.select_summary.c_str());
}

}  // namespace chess960::server
