// The accounts' store on PostgreSQL: the game store's database (postgres_store.hpp), on a
// connection of its own. The accounts (sql_account_store.hpp's logic) and their play
// (postgres_play_store.cpp) share it.
#pragma once

#include <mutex>
#include <string>

#include "postgres_session.hpp"
#include "sql_account_store.hpp"
#include "store/play_store.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PostgresAccountStore final : public SqlAccountStore, public PlayStore {
  public:
    // Connects to the database the game store has already opened and migrated. Throws
    // StoreError.
    explicit PostgresAccountStore(const std::string& uri);

    std::vector<RatingRow> ratings(const std::string& account_id) override;
    void insert_seek(const SeekRow& seek) override;
    std::vector<SeekRow> seeks(int limit) override;
    int count_seeks(const std::string& account_id) override;
    bool delete_seek(const std::string& id, const std::string& account_id) override;
    int delete_seeks_of(const std::string& account_id) override;
    bool pair_seeks(const std::string& first, const std::string& second,
                    const NewAccountGame& game) override;
    std::optional<SeekRow> accept_seek(
        const std::string& id, const std::function<NewAccountGame(const SeekRow&)>& make) override;
    std::optional<AccountGameRow> find_account_game(const std::string& game_id) override;
    std::optional<AccountGameRow> find_game_of_seek(const std::string& seek_id) override;
    std::vector<AccountGameRow> account_games(const AccountGameQuery& query) override;
    RateOutcome rate_game(const std::string& game_id, const Rater& rater) override;
    std::vector<std::string> unsettled_games(int limit) override;
    bool update_presence(const std::string& server, const std::vector<std::string>& joined,
                         const std::vector<std::string>& left, std::int64_t now) override;
    std::vector<PresenceRow> online(std::int64_t alive_since) override;
    bool online_elsewhere(const std::string& account_id, const std::string& except,
                          std::int64_t alive_since) override;
    std::vector<std::string> drop_servers_seen_before(std::int64_t alive_since) override;
    void drop_server(const std::string& server) override;
    std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)> on_change,
                                          std::function<void(const std::string&)> log) override;

  private:
    void account_deleted() override;
    // Inserts an account game (the caller holds the mutex).
    void insert_game_row(const AccountGameRow& game);
    // The game's row and its account game (the caller's transaction).
    void insert_new_game(const NewAccountGame& game);
    PgResult run(const char* sql, const PgParams& params, const char* doing);
    // Tells the other servers' lobbies that the seeks ("seeks") or who is online ("online")
    // changed (the caller holds the mutex; in its transaction: delivered once that commits).
    void notify_lobby(const char* what);

    std::string uri_;
    std::string origin_;  // this store's, in its notices (postgres_listener.hpp)
    PgConnection db_;
    PgSession session_;
};

}  // namespace chess960::server
