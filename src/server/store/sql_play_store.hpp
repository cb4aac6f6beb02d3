// The accounts' play's logic (store/play_store.hpp), once for both back ends: ratings, seeks,
// the games made from them (the seek taken, the game's row and its account game in one
// transaction), their settlement (sql_play_rows.hpp) and who is online, with their parameters,
// rows and transactions. A back end gives its SQL text (PlayStatements; its row locks are in
// that text), a session (sql_session.hpp) on the accounts' store's connection with that store's
// mutex, and, where other servers share the database, its notices (lobby_changed) and listener.
#pragma once

#include <mutex>
#include <string>

#include "sql_play_rows.hpp"
#include "sql_session.hpp"
#include "store/play_store.hpp"

namespace chess960::server {

// The play's statements in a back end's SQL, with the same parameters on both (lists of
// accounts and servers as SqlValues::texts).
struct PlayStatements {
    const char* select_ratings;   // (account) its ratings, by pool
    const char* insert_seek;      // (CHESS960_SEEK_COLUMNS)
    const char* select_seeks;     // (limit) the oldest first
    const char* count_seeks;      // (account)
    const char* delete_seek;      // (seek, account) its seeker's or, a challenge, its challenged's
    const char* delete_seeks_of;  // (account)
    // Taking seeks: (seek) it, locked where the back end locks rows; (first, second) the ids of
    // those two still there, locked in id order; then the game's row (store/game_columns.hpp),
    // its account game (CHESS960_ACCOUNT_GAME_COLUMNS), and the seek or seeks deleted.
    const char* select_seek_to_take;
    const char* lock_two_seeks;
    const char* insert_game;
    const char* insert_account_game;
    const char* take_seek;
    const char* take_two_seeks;
    const char* select_account_game;  // (game)
    const char* select_game_of_seek;  // (seek) the game made from it, as either seek
    // (account, pool, start number, before, outcome, limit, only those in play: 1 or 0).
    const char* select_account_games;
    const char* select_unsettled;  // (limit) the games over and not settled, oldest first
    SettlementStatements settlement;
    // Who is online: (server, now) its row renewed, or inserted; (server, accounts) those that
    // exist added, or removed.
    const char* renew_server;
    const char* insert_server;
    const char* add_presence;
    const char* remove_presence;
    const char* select_online;            // (alive since) the accounts, by name
    const char* select_online_elsewhere;  // (account, server, alive since)
    // Dropping servers: (alive since) those not seen since deleted, giving their ids; (servers)
    // their accounts' rows deleted, giving the accounts; (account) whether it is still online.
    const char* delete_servers_before;
    const char* delete_presence_on;
    const char* select_presence_of;
    const char* delete_server_presence;  // (server)
    const char* delete_server;           // (server)
};

class SqlPlayStore : public PlayStore {
  public:
    std::vector<RatingRow> ratings(const std::string& account_id) override;
    void insert_seek(const SeekRow& seek) override;
    std::vector<SeekRow> seeks(int limit) override;
    int count_seeks(const std::string& account_id) override;
    bool delete_seek(const std::string& id, const std::string& account_id) override;
    int delete_seeks_of(const std::string& account_id) override;
    std::optional<SeekRow> accept_seek(
        const std::string& id, const std::function<NewAccountGame(const SeekRow&)>& make) override;
    bool pair_seeks(const std::string& first, const std::string& second,
                    const NewAccountGame& game) override;
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

  protected:
    // `session` and `mutex` are the accounts' store's (the same connection), and may be members
    // of the derived store: neither is used before a call.
    SqlPlayStore(const PlayStatements& sql, SqlSession& session, std::mutex& mutex)
        : sql_(sql), session_(session), mutex_(mutex) {}

    // Inside the transaction of a change to the seeks ("seeks") or to who is online ("online"):
    // a database other servers share tells their lobbies (once it commits). Nothing by default.
    virtual void lobby_changed(const char* /*what*/) {}

  private:
    // The game's row and its account game, in the caller's transaction.
    void insert_new_game(const NewAccountGame& game);

    const PlayStatements& sql_;
    SqlSession& session_;
    std::mutex& mutex_;
};

}  // namespace chess960::server
