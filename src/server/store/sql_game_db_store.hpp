// The game database's store (store/game_db_store.hpp), once for both back ends. Its SQL is the
// same text on both but for the parameters' marks (?1 on SQLite, $1 on PostgreSQL), which the
// back end gives; a back end gives its session and prepares the statements it runs most.
#pragma once

#include <mutex>
#include <string>
#include <unordered_map>

#include "sql_session.hpp"
#include "store/game_db_store.hpp"

namespace chess960::server {

// The statements, in the back end's marks.
struct GameDbStatements {
    explicit GameDbStatements(char mark);

    // Games go kGamesPerInsert to a statement (insert_games); a batch's last few in one made
    // for them (insert_games_text).
    static constexpr std::size_t kGamesPerInsert = 64;

    std::string insert_name, select_name, insert_collection, select_collection, select_collections,
        insert_games, add_start_count, select_summary, select_game, select_start_counts,
        select_games_after, select_white_games, select_black_games;
    char mark;
    // An insert of `games` games (fewer than kGamesPerInsert).
    std::string insert_games_text(int games) const;
    // The condition "g.id is one of the list parameter N" in the back end's SQL.
    std::string id_in_list(int n) const;
};

class SqlGameDbStore : public GameDbStore {
  public:
    // `session` may be the back end's member: it is not used before a call.
    SqlGameDbStore(const GameDbStatements& sql, SqlSession& session, bool ids_may_appear_late)
        : sql_(sql), session_(session), ids_may_appear_late_(ids_may_appear_late) {}

    DbCollection collection(const std::string& name, bool masters) override;
    std::optional<DbCollection> find_collection(const std::string& name) override;
    std::vector<DbCollection> collections() override;
    int add_games(std::vector<DbNewGame>& games) override;
    std::vector<DbGameRow> games_after(std::int64_t id, int limit) override;
    bool ids_may_appear_late() const override { return ids_may_appear_late_; }
    std::vector<std::int64_t> player_games(const std::string& player, bool white) override;
    std::vector<DbGameRow> summaries(const std::vector<std::int64_t>& ids) override;
    std::optional<DbGameRow> game(std::int64_t id) override;
    std::vector<DbGameRow> search(const DbSearch& search) override;
    std::vector<DbStartCount> start_counts() override;

  private:
    // The name's id, made if new (in the caller's transaction); cached while they commit.
    std::int64_t name_id(const std::string& name);
    std::optional<std::int64_t> find_name(const std::string& name);

    const GameDbStatements& sql_;
    SqlSession& session_;
    bool ids_may_appear_late_;
    std::mutex mutex_;
    std::unordered_map<std::string, std::int64_t> names_;  // committed names' ids
};

}  // namespace chess960::server
