// The account games' logic (store/account_game_store.hpp), once for both back ends: an account's
// ratings and games, and a game's settlement (sql_play_rows.hpp), with their parameters, rows and
// transactions. A back end gives its SQL text (AccountGameStatements; its row locks are in that
// text); the accounts' store (sql_account_store.hpp) gives its session on its connection and its
// mutex.
#pragma once

#include <mutex>
#include <string>

#include "sql_play_rows.hpp"
#include "sql_session.hpp"
#include "store/account_game_store.hpp"

namespace chess960::server {

// The account games' statements in a back end's SQL, with the same parameters on both.
struct AccountGameStatements {
    const char* select_ratings;       // (account) its ratings, by pool
    const char* select_account_game;  // (game)
    // (account, pool, start number, before, outcome, limit, only those in play: 1 or 0).
    const char* select_account_games;
    const char* select_unsettled;  // (limit) the games over and not settled, oldest first
    SettlementStatements settlement;
};

class SqlAccountGameStore final : public AccountGameStore {
  public:
    // `session` and `mutex` are the accounts' store's (its connection), and may be its members:
    // neither is used before a call.
    SqlAccountGameStore(const AccountGameStatements& sql, SqlSession& session, std::mutex& mutex)
        : sql_(sql), session_(session), mutex_(mutex) {}

    std::vector<RatingRow> ratings(const std::string& account_id) override;
    std::optional<AccountGameRow> find_account_game(const std::string& game_id) override;
    std::vector<AccountGameRow> account_games(const AccountGameQuery& query) override;
    RateOutcome rate_game(const std::string& game_id, const Rater& rater) override;
    std::vector<std::string> unsettled_games(int limit) override;

  private:
    const AccountGameStatements& sql_;
    SqlSession& session_;
    std::mutex& mutex_;
};

}  // namespace chess960::server
