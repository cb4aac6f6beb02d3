#include "sql_play_store.hpp"

#include <algorithm>

#include "kill_points.hpp"
#include "sql_store.hpp"

namespace chess960::server {

std::vector<RatingRow> SqlPlayStore::ratings(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_ratings, SqlValues().text(account_id), "reading ratings",
                     read_rating);
}

void SqlPlayStore::insert_seek(const SeekRow& k) {
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
    lobby_changed("seeks");
    transaction.commit();
}

std::vector<SeekRow> SqlPlayStore::seeks(int limit) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_seeks, SqlValues().number(limit), "reading the seeks",
                     read_seek);
}

int SqlPlayStore::count_seeks(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.count_seeks, SqlValues().text(account_id), "counting seeks",
                       [](const SqlRow& row) { return row.integer(0); })
        .value_or(0);
}

bool SqlPlayStore::delete_seek(const std::string& id, const std::string& account_id) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    const bool deleted = session_.run(sql_.delete_seek, SqlValues().text(id).text(account_id),
                                      "deleting a seek") == 1;
    if (deleted) lobby_changed("seeks");
    transaction.commit();
    return deleted;
}

int SqlPlayStore::delete_seeks_of(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    const int deleted =
        session_.run(sql_.delete_seeks_of, SqlValues().text(account_id), "deleting seeks");
    if (deleted > 0) lobby_changed("seeks");
    transaction.commit();
    return deleted;
}

void SqlPlayStore::insert_new_game(const NewAccountGame& game) {
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

std::optional<SeekRow> SqlPlayStore::accept_seek(
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
    lobby_changed("seeks");
    transaction.commit();
    return seek;
}

bool SqlPlayStore::pair_seeks(const std::string& first, const std::string& second,
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
    lobby_changed("seeks");
    transaction.commit();
    return true;
}

std::optional<AccountGameRow> SqlPlayStore::find_account_game(const std::string& game_id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_account_game, SqlValues().text(game_id),
                       "reading an account game", read_account_game);
}

std::optional<AccountGameRow> SqlPlayStore::find_game_of_seek(const std::string& seek_id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_game_of_seek, SqlValues().text(seek_id),
                       "reading a seek's game", read_account_game);
}

std::vector<AccountGameRow> SqlPlayStore::account_games(const AccountGameQuery& q) {
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

RateOutcome SqlPlayStore::rate_game(const std::string& game_id, const Rater& rater) {
    std::lock_guard lock(mutex_);
    KillScope scope("rate_game");
    SqlTransaction transaction(session_);
    const RateOutcome outcome = settle_game(session_, sql_.settlement, game_id, rater);
    transaction.commit();
    return outcome;
}

std::vector<std::string> SqlPlayStore::unsettled_games(int limit) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_unsettled, SqlValues().number(limit),
                     "reading the unsettled games", [](const SqlRow& row) { return row.text(0); });
}

// --- Who is online -------------------------------------------------------------------------------

bool SqlPlayStore::update_presence(const std::string& server,
                                   const std::vector<std::string>& joined,
                                   const std::vector<std::string>& left, std::int64_t now) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    const SqlValues seen = SqlValues().text(server).number(now);
    const bool known = session_.run(sql_.renew_server, seen, "renewing a server's presence") == 1;
    if (!known) session_.run(sql_.insert_server, seen, "recording a server's presence");
    if (!joined.empty())
        session_.run(sql_.add_presence, SqlValues().text(server).texts(joined),
                     "recording accounts online");
    if (!left.empty())
        session_.run(sql_.remove_presence, SqlValues().text(server).texts(left),
                     "recording accounts gone");
    if (!joined.empty() || !left.empty()) lobby_changed("online");
    transaction.commit();
    return known;
}

std::vector<PresenceRow> SqlPlayStore::online(std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_online, SqlValues().number(alive_since),
                     "reading who is online", [](const SqlRow& row) {
                         return PresenceRow{row.text(0), row.text(1)};
                     });
}

bool SqlPlayStore::online_elsewhere(const std::string& account_id, const std::string& except,
                                    std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    return session_.query(sql_.select_online_elsewhere,
                          SqlValues().text(account_id).text(except).number(alive_since),
                          "looking for an account online", [](const SqlRow&) {}) > 0;
}

std::vector<std::string> SqlPlayStore::drop_servers_seen_before(std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    // The servers' rows first: two servers dropping the same dead one return its accounts once
    // (the second waits for the first's commit, then deletes nothing).
    const auto text = [](const SqlRow& row) { return row.text(0); };
    std::vector<std::string> servers =
        query_all(session_, sql_.delete_servers_before, SqlValues().number(alive_since),
                  "forgetting servers gone", text);
    if (servers.empty()) return {};
    const std::vector<std::string> gone =
        query_all(session_, sql_.delete_presence_on, SqlValues().texts(std::move(servers)),
                  "forgetting the accounts of servers gone", text);
    std::vector<std::string> orphaned;
    for (const std::string& account : gone) {
        const bool elsewhere =
            session_.query(sql_.select_presence_of, SqlValues().text(account),
                           "looking for an account online", [](const SqlRow&) {}) > 0;
        if (!elsewhere && std::ranges::find(orphaned, account) == orphaned.end())
            orphaned.push_back(account);
    }
    lobby_changed("online");
    transaction.commit();
    return orphaned;
}

void SqlPlayStore::drop_server(const std::string& server) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    session_.run(sql_.delete_server_presence, SqlValues().text(server),
                 "forgetting a server's accounts");
    session_.run(sql_.delete_server, SqlValues().text(server), "forgetting a server");
    lobby_changed("online");
    transaction.commit();
}

}  // namespace chess960::server
