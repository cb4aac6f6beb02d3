#include "sql_seek_store.hpp"

#include "kill_points.hpp"
#include "sql_store.hpp"

namespace chess960::server {

void SqlSeekStore::insert_seek(const SeekRow& k) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    session_.run(sql_.insert_seek,
                 SqlValues()
                     .text(k.id)
                     .text(k.account_id)
                     .boolean(k.rated)
                     .text(k.pool)
                     .optional_number(k.clock_initial_ms)
                     .optional_number(k.clock_increment_ms)
                     .text(k.color)
                     .text(k.start_type)
                     .optional_number(k.start_number)
                     .optional_number(k.start_black)
                     .optional_number(k.min_rating)
                     .optional_number(k.max_rating)
                     .number(k.created_at)
                     .optional_text(k.to_account)
                     .optional_number(k.days_per_move)
                     .optional_text(k.quick),
                 "inserting a seek");
    changes_.changed("seeks");
    transaction.commit();
}

std::vector<SeekRow> SqlSeekStore::seeks(int limit) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_seeks, SqlValues().number(limit), "reading the seeks",
                     read_seek);
}

int SqlSeekStore::count_seeks(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.count_seeks, SqlValues().text(account_id), "counting seeks",
                       [](const SqlRow& row) { return row.integer(0); })
        .value_or(0);
}

bool SqlSeekStore::delete_seek(const std::string& id, const std::string& account_id) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    const bool deleted = session_.run(sql_.delete_seek, SqlValues().text(id).text(account_id),
                                      "deleting a seek") == 1;
    if (deleted) changes_.changed("seeks");
    transaction.commit();
    return deleted;
}

int SqlSeekStore::delete_seeks_of(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    const int deleted =
        session_.run(sql_.delete_seeks_of, SqlValues().text(account_id), "deleting seeks");
    if (deleted > 0) changes_.changed("seeks");
    transaction.commit();
    return deleted;
}

void SqlSeekStore::insert_new_game(const NewAccountGame& game) {
    session_.run(sql_.insert_game, game_values(game.game), "inserting a game");
    const AccountGameRow& g = game.account_game;
    session_.run(sql_.insert_account_game,
                 SqlValues()
                     .text(g.game_id)
                     .optional_text(g.white_account)
                     .optional_text(g.black_account)
                     .boolean(g.rated)
                     .text(g.pool)
                     .number(g.created_at)
                     .optional_text(g.seek_id)
                     .optional_text(g.second_seek_id),
                 "inserting an account game");
}

std::optional<SeekRow> SqlSeekStore::accept_seek(
    const std::string& id, const std::function<NewAccountGame(const SeekRow&)>& make) {
    std::lock_guard lock(mutex_);
    KillScope scope("accept_seek");
    // The seek taken, the game's row and its account game: all or nothing. A second server
    // accepting the same seek waits for this commit (its lock), then finds no seek.
    SqlTransaction transaction(session_);
    std::optional<SeekRow> seek = query_first(session_, sql_.select_seek_to_take,
                                              SqlValues().text(id), "reading a seek", read_seek);
    if (!seek) return std::nullopt;
    insert_new_game(make(*seek));
    session_.run(sql_.take_seek, SqlValues().text(id), "taking a seek");
    changes_.changed("seeks");
    transaction.commit();
    return seek;
}

bool SqlSeekStore::pair_seeks(const std::string& first, const std::string& second,
                              const NewAccountGame& game) {
    if (first == second) return false;
    std::lock_guard lock(mutex_);
    KillScope scope("pair_seeks");
    // Both seeks locked in id order: two servers pairing overlapping seeks wait for each other
    // in the same order (never a deadlock), and the second then finds one gone.
    SqlTransaction transaction(session_);
    const SqlValues both = SqlValues().text(first).text(second);
    if (session_.query(sql_.lock_two_seeks, both, "reading two seeks", [](const SqlRow&) {}) != 2)
        return false;
    insert_new_game(game);
    session_.run(sql_.take_two_seeks, both, "taking two seeks");
    changes_.changed("seeks");
    transaction.commit();
    return true;
}

std::optional<AccountGameRow> SqlSeekStore::find_game_of_seek(const std::string& seek_id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_game_of_seek, SqlValues().text(seek_id),
                       "reading a seek's game", read_account_game);
}

}  // namespace chess960::server
