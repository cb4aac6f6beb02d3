#include "sql_account_game_store.hpp"

#include "kill_points.hpp"

namespace chess960::server {

std::vector<RatingRow> SqlAccountGameStore::ratings(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_ratings, SqlValues().text(account_id), "reading ratings",
                     read_rating);
}

std::optional<AccountGameRow> SqlAccountGameStore::find_account_game(const std::string& game_id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_account_game, SqlValues().text(game_id),
                       "reading an account game", read_account_game);
}

std::vector<AccountGameRow> SqlAccountGameStore::account_games(const AccountGameQuery& q) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_account_games,
                     SqlValues()
                         .text(q.account_id)
                         .optional_text(q.pool)
                         .optional_number(q.start_number)
                         .optional_number(q.before)
                         .optional_text(q.outcome)
                         .number(q.limit)
                         .number(q.in_play ? 1 : 0),
                     "reading an account's games", read_account_game);
}

RateOutcome SqlAccountGameStore::rate_game(const std::string& game_id, const Rater& rater) {
    std::lock_guard lock(mutex_);
    KillScope scope("rate_game");
    SqlTransaction transaction(session_);
    const RateOutcome outcome = settle_game(session_, sql_.settlement, game_id, rater);
    transaction.commit();
    return outcome;
}

std::vector<std::string> SqlAccountGameStore::unsettled_games(int limit) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_unsettled, SqlValues().number(limit),
                     "reading the unsettled games", [](const SqlRow& row) { return row.text(0); });
}

}  // namespace chess960::server
