// The accounts' play on SQLite (play_store.hpp): ratings, seeks, account games, on the accounts'
// store's connection (sqlite_account_store.hpp).
#include <string>

#include "kill_points.hpp"
#include "sql_store.hpp"
#include "sqlite_account_store.hpp"
#include "sqlite_play_rows.hpp"
#include "sqlite_session.hpp"
#include "store/sqlite_schema.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

using sqlite::column_optional_int;
using sqlite::column_optional_int64;
using sqlite::column_optional_text;
using sqlite::column_text;

constexpr const char* kSeekSelect =
    "SELECT s.id, s.account_id, s.rated, s.pool, s.clock_initial_ms, s.clock_increment_ms, "
    "s.color, s.start_type, s.start_number, s.start_black, s.min_rating, s.max_rating, "
    "s.created_at, a.name, r.rating, r.deviation, r.volatility, r.games, r.last_played, "
    "s.to_account, COALESCE(t.name, ''), s.days_per_move, s.quick "
    "FROM seeks s JOIN accounts a ON a.id = s.account_id "
    "LEFT JOIN ratings r ON r.account_id = s.account_id AND r.pool = s.pool "
    "LEFT JOIN accounts t ON t.id = s.to_account ";

SeekRow read_seek(sqlite3_stmt* s) {
    SeekRow k;
    k.id = column_text(s, 0);
    k.account_id = column_text(s, 1);
    k.rated = sqlite3_column_int(s, 2) != 0;
    k.pool = column_text(s, 3);
    k.clock_initial_ms = column_optional_int64(s, 4);
    k.clock_increment_ms = column_optional_int64(s, 5);
    k.color = column_text(s, 6);
    k.start_type = column_text(s, 7);
    k.start_number = column_optional_int(s, 8);
    k.start_black = column_optional_int(s, 9);
    k.min_rating = column_optional_int(s, 10);
    k.max_rating = column_optional_int(s, 11);
    k.created_at = sqlite3_column_int64(s, 12);
    k.account_name = column_text(s, 13);
    if (sqlite3_column_type(s, 14) != SQLITE_NULL)
        k.seeker_rating = RatingRow{k.pool,
                                    sqlite3_column_double(s, 14),
                                    sqlite3_column_double(s, 15),
                                    sqlite3_column_double(s, 16),
                                    sqlite3_column_int(s, 17),
                                    column_optional_int64(s, 18)};
    k.to_account = column_optional_text(s, 19);
    k.to_name = column_text(s, 20);
    k.days_per_move = column_optional_int(s, 21);
    k.quick = column_optional_text(s, 22);
    return k;
}

}  // namespace

std::vector<RatingRow> SqliteAccountStore::ratings(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    std::vector<RatingRow> rows;
    query_all((std::string(sqlite::kRatingSelect) + "WHERE account_id = ?1 ORDER BY pool").c_str(),
              "reading ratings", [&](sqlite3_stmt* s) { sqlite::bind_text_copy(s, 1, account_id); },
              [&](sqlite3_stmt* s) { rows.push_back(sqlite::read_rating(s)); });
    return rows;
}

void SqliteAccountStore::insert_seek(const SeekRow& k) {
    std::lock_guard lock(mutex_);
    step(
        "INSERT INTO seeks(id, account_id, rated, pool, clock_initial_ms, clock_increment_ms, "
        "color, start_type, start_number, start_black, min_rating, max_rating, created_at, "
        "to_account, days_per_move, quick) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
        "?12, ?13, ?14, ?15, ?16)",
        "inserting a seek", [&](sqlite3_stmt* s) {
            sqlite::bind_text_copy(s, 1, k.id);
            sqlite::bind_text_copy(s, 2, k.account_id);
            sqlite3_bind_int(s, 3, k.rated ? 1 : 0);
            sqlite::bind_text_copy(s, 4, k.pool);
            sqlite::bind_optional(s, 5, k.clock_initial_ms);
            sqlite::bind_optional(s, 6, k.clock_increment_ms);
            sqlite::bind_text_copy(s, 7, k.color);
            sqlite::bind_text_copy(s, 8, k.start_type);
            sqlite::bind_optional(s, 9, k.start_number);
            sqlite::bind_optional(s, 10, k.start_black);
            sqlite::bind_optional(s, 11, k.min_rating);
            sqlite::bind_optional(s, 12, k.max_rating);
            sqlite3_bind_int64(s, 13, k.created_at);
            sqlite::bind_optional(s, 14, k.to_account);
            sqlite::bind_optional(s, 15, k.days_per_move);
            sqlite::bind_optional(s, 16, k.quick);
        });
}

std::vector<SeekRow> SqliteAccountStore::seeks(int limit) {
    std::lock_guard lock(mutex_);
    std::vector<SeekRow> rows;
    query_all((std::string(kSeekSelect) + "ORDER BY s.created_at, s.id LIMIT ?1").c_str(),
              "reading the seeks", [&](sqlite3_stmt* s) { sqlite3_bind_int(s, 1, limit); },
              [&](sqlite3_stmt* s) { rows.push_back(read_seek(s)); });
    return rows;
}

int SqliteAccountStore::count_seeks(const std::string& account_id) {
    int count = 0;
    query(
        "SELECT COUNT(*) FROM seeks WHERE account_id = ?1", "counting seeks",
        [&](sqlite3_stmt* s) { sqlite::bind_text_copy(s, 1, account_id); },
        [&](sqlite3_stmt* s) { count = sqlite3_column_int(s, 0); });
    return count;
}

bool SqliteAccountStore::delete_seek(const std::string& id, const std::string& account_id) {
    std::lock_guard lock(mutex_);
    return step("DELETE FROM seeks WHERE id = ?1 AND (account_id = ?2 OR to_account = ?2)",
                "deleting a seek", [&](sqlite3_stmt* s) {
                    sqlite::bind_text_copy(s, 1, id);
                    sqlite::bind_text_copy(s, 2, account_id);
                }) == 1;
}

int SqliteAccountStore::delete_seeks_of(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    return step("DELETE FROM seeks WHERE account_id = ?1", "deleting seeks",
                [&](sqlite3_stmt* s) { sqlite::bind_text_copy(s, 1, account_id); });
}

void SqliteAccountStore::insert_game_row(const AccountGameRow& g) {
    step(
        "INSERT INTO account_games(game_id, white_account, black_account, rated, pool, "
        "created_at, seek_id, second_seek_id) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        "inserting an account game", [&](sqlite3_stmt* s) {
            sqlite::bind_text_copy(s, 1, g.game_id);
            sqlite::bind_optional(s, 2, g.white_account);
            sqlite::bind_optional(s, 3, g.black_account);
            sqlite3_bind_int(s, 4, g.rated ? 1 : 0);
            sqlite::bind_text_copy(s, 5, g.pool);
            sqlite3_bind_int64(s, 6, g.created_at);
            sqlite::bind_optional(s, 7, g.seek_id);
            sqlite::bind_optional(s, 8, g.second_seek_id);
        });
}

void SqliteAccountStore::insert_new_game(const NewAccountGame& game) {
    kill_point();
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, schema::kInsertGame, -1, &raw, nullptr) != SQLITE_OK)
        fail("inserting a game");
    sqlite::Statement stmt(raw);
    const SqlValues values = game_values(game.game);
    sqlite::bind_values(stmt.get(), values);
    if (sqlite3_step(stmt.get()) != SQLITE_DONE) fail("inserting a game");
    insert_game_row(game.account_game);
}

std::optional<SeekRow> SqliteAccountStore::accept_seek(
    const std::string& id, const std::function<NewAccountGame(const SeekRow&)>& make) {
    std::lock_guard lock(mutex_);
    KillScope scope("accept_seek");
    // The seek taken, the game's row and its account game: all or nothing.
    return in_transaction([&] {
        std::optional<SeekRow> seek;
        query_all((std::string(kSeekSelect) + "WHERE s.id = ?1").c_str(), "reading a seek",
                  [&](sqlite3_stmt* s) { sqlite::bind_text_copy(s, 1, id); },
                  [&](sqlite3_stmt* s) { seek = read_seek(s); });
        if (seek) {
            insert_new_game(make(*seek));
            step("DELETE FROM seeks WHERE id = ?1", "taking a seek",
                 [&](sqlite3_stmt* s) { sqlite::bind_text_copy(s, 1, id); });
        }
        return seek;
    });
}

bool SqliteAccountStore::pair_seeks(const std::string& first, const std::string& second,
                                    const NewAccountGame& game) {
    if (first == second) return false;
    std::lock_guard lock(mutex_);
    KillScope scope("pair_seeks");
    // BEGIN IMMEDIATE holds the file's write lock: no other connection takes either seek
    // between the count and the deletes.
    return in_transaction([&] {
        int found = 0;
        query_all(
            "SELECT COUNT(*) FROM seeks WHERE id IN (?1, ?2)", "reading two seeks",
            [&](sqlite3_stmt* s) {
                sqlite::bind_text_copy(s, 1, first);
                sqlite::bind_text_copy(s, 2, second);
            },
            [&](sqlite3_stmt* s) { found = sqlite3_column_int(s, 0); });
        if (found != 2) return false;
        insert_new_game(game);
        step("DELETE FROM seeks WHERE id IN (?1, ?2)", "taking two seeks", [&](sqlite3_stmt* s) {
            sqlite::bind_text_copy(s, 1, first);
            sqlite::bind_text_copy(s, 2, second);
        });
        return true;
    });
}

std::optional<AccountGameRow> SqliteAccountStore::find_account_game(const std::string& game_id) {
    std::lock_guard lock(mutex_);
    std::optional<AccountGameRow> found;
    query_all((std::string(sqlite::kAccountGameSelect) + "WHERE ag.game_id = ?1").c_str(),
              "reading an account game",
              [&](sqlite3_stmt* s) { sqlite::bind_text_copy(s, 1, game_id); },
              [&](sqlite3_stmt* s) { found = sqlite::read_account_game(s); });
    return found;
}

std::optional<AccountGameRow> SqliteAccountStore::find_game_of_seek(const std::string& seek_id) {
    std::lock_guard lock(mutex_);
    std::optional<AccountGameRow> found;
    query_all((std::string(sqlite::kAccountGameSelect) +
               "WHERE ag.seek_id = ?1 OR ag.second_seek_id = ?1")
                  .c_str(),
              "reading a seek's game",
              [&](sqlite3_stmt* s) { sqlite::bind_text_copy(s, 1, seek_id); },
              [&](sqlite3_stmt* s) { found = sqlite::read_account_game(s); });
    return found;
}

std::vector<AccountGameRow> SqliteAccountStore::account_games(const AccountGameQuery& q) {
    // The result from the account's side: its colour's win, the other's, or a draw.
    std::string sql = std::string(sqlite::kAccountGameSelect) +
                      "WHERE (ag.white_account = ?1 OR ag.black_account = ?1) "
                      "AND (?2 IS NULL OR ag.pool = ?2) "
                      "AND (?3 IS NULL OR g.start_number = ?3) "
                      "AND (?4 IS NULL OR ag.created_at < ?4) "
                      "AND (?5 IS NULL OR (?5 = 'draw' AND g.result = '1/2-1/2') OR "
                      "(?5 = 'win' AND ((g.result = '1-0' AND ag.white_account = ?1) OR "
                      "(g.result = '0-1' AND ag.black_account = ?1))) OR "
                      "(?5 = 'loss' AND ((g.result = '0-1' AND ag.white_account = ?1) OR "
                      "(g.result = '1-0' AND ag.black_account = ?1)))) "
                      "AND (?7 = 0 OR (g.result = '*' AND g.termination IS NULL)) "
                      "ORDER BY ag.created_at DESC, ag.game_id LIMIT ?6";
    std::lock_guard lock(mutex_);
    std::vector<AccountGameRow> rows;
    query_all(
        sql.c_str(), "reading an account's games",
        [&](sqlite3_stmt* s) {
            sqlite::bind_text_copy(s, 1, q.account_id);
            sqlite::bind_optional(s, 2, q.pool);
            sqlite::bind_optional(s, 3, q.start_number);
            sqlite::bind_optional(s, 4, q.before);
            sqlite::bind_optional(s, 5, q.outcome);
            sqlite3_bind_int(s, 6, q.limit);
            sqlite3_bind_int(s, 7, q.in_play ? 1 : 0);
        },
        [&](sqlite3_stmt* s) { rows.push_back(sqlite::read_account_game(s)); });
    return rows;
}

RateOutcome SqliteAccountStore::rate_game(const std::string& game_id, const Rater& rater) {
    std::lock_guard lock(mutex_);
    KillScope scope("rate_game");
    // BEGIN IMMEDIATE holds the file's write lock: no other connection settles it or changes a
    // rating between the reads and the writes.
    return in_transaction([&] { return sqlite::settle_game(db_, path_, game_id, rater); });
}

std::vector<std::string> SqliteAccountStore::unsettled_games(int limit) {
    std::lock_guard lock(mutex_);
    std::vector<std::string> ids;
    query_all(
        "SELECT ag.game_id FROM account_games ag JOIN games g ON g.id = ag.game_id "
        "WHERE ag.settled_at IS NULL AND (g.result <> '*' OR g.termination IS NOT NULL) "
        "ORDER BY ag.created_at LIMIT ?1",
        "reading the unsettled games", [&](sqlite3_stmt* s) { sqlite3_bind_int(s, 1, limit); },
        [&](sqlite3_stmt* s) { ids.push_back(column_text(s, 0)); });
    return ids;
}

// --- Who is online -------------------------------------------------------------------------------

bool SqliteAccountStore::update_presence(const std::string& server,
                                         const std::vector<std::string>& joined,
                                         const std::vector<std::string>& left, std::int64_t now) {
    std::lock_guard lock(mutex_);
    return in_transaction([&] {
        const bool known = step("UPDATE lobby_servers SET seen_at = ?2 WHERE server_id = ?1",
                                "renewing a server's presence", [&](sqlite3_stmt* s) {
                                    sqlite::bind_text_copy(s, 1, server);
                                    sqlite3_bind_int64(s, 2, now);
                                }) == 1;
        if (!known)
            step("INSERT INTO lobby_servers(server_id, seen_at) VALUES(?1, ?2)",
                 "recording a server's presence", [&](sqlite3_stmt* s) {
                     sqlite::bind_text_copy(s, 1, server);
                     sqlite3_bind_int64(s, 2, now);
                 });
        for (const std::string& account : joined)
            step(
                "INSERT OR IGNORE INTO lobby_presence(server_id, account_id) "
                "SELECT ?1, id FROM accounts WHERE id = ?2",
                "recording an account online", [&](sqlite3_stmt* s) {
                    sqlite::bind_text_copy(s, 1, server);
                    sqlite::bind_text_copy(s, 2, account);
                });
        for (const std::string& account : left)
            step("DELETE FROM lobby_presence WHERE server_id = ?1 AND account_id = ?2",
                 "recording an account gone", [&](sqlite3_stmt* s) {
                     sqlite::bind_text_copy(s, 1, server);
                     sqlite::bind_text_copy(s, 2, account);
                 });
        return known;
    });
}

std::vector<PresenceRow> SqliteAccountStore::online(std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    std::vector<PresenceRow> rows;
    query_all(
        "SELECT DISTINCT a.id, a.name FROM lobby_presence p "
        "JOIN lobby_servers v ON v.server_id = p.server_id AND v.seen_at >= ?1 "
        "JOIN accounts a ON a.id = p.account_id ORDER BY a.name",
        "reading who is online", [&](sqlite3_stmt* s) { sqlite3_bind_int64(s, 1, alive_since); },
        [&](sqlite3_stmt* s) {
            rows.push_back({column_text(s, 0), column_text(s, 1)});
        });
    return rows;
}

bool SqliteAccountStore::online_elsewhere(const std::string& account_id, const std::string& except,
                                          std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    bool found = false;
    query_all(
        "SELECT 1 FROM lobby_presence p JOIN lobby_servers v ON v.server_id = p.server_id "
        "WHERE p.account_id = ?1 AND p.server_id <> ?2 AND v.seen_at >= ?3 LIMIT 1",
        "looking for an account online",
        [&](sqlite3_stmt* s) {
            sqlite::bind_text_copy(s, 1, account_id);
            sqlite::bind_text_copy(s, 2, except);
            sqlite3_bind_int64(s, 3, alive_since);
        },
        [&](sqlite3_stmt*) { found = true; });
    return found;
}

std::vector<std::string> SqliteAccountStore::drop_servers_seen_before(std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    return in_transaction([&] {
        std::vector<std::string> orphaned;
        auto bind = [&](sqlite3_stmt* s) { sqlite3_bind_int64(s, 1, alive_since); };
        query_all(
            "SELECT DISTINCT p.account_id FROM lobby_presence p JOIN lobby_servers v "
            "ON v.server_id = p.server_id WHERE v.seen_at < ?1 AND NOT EXISTS ("
            "SELECT 1 FROM lobby_presence q JOIN lobby_servers w ON w.server_id = q.server_id "
            "WHERE q.account_id = p.account_id AND w.seen_at >= ?1)",
            "finding the accounts of servers gone", bind,
            [&](sqlite3_stmt* s) { orphaned.push_back(column_text(s, 0)); });
        step(
            "DELETE FROM lobby_presence WHERE server_id IN "
            "(SELECT server_id FROM lobby_servers WHERE seen_at < ?1)",
            "forgetting the accounts of servers gone", bind);
        step("DELETE FROM lobby_servers WHERE seen_at < ?1", "forgetting servers gone", bind);
        return orphaned;
    });
}

void SqliteAccountStore::drop_server(const std::string& server) {
    std::lock_guard lock(mutex_);
    in_transaction([&] {
        auto bind = [&](sqlite3_stmt* s) { sqlite::bind_text_copy(s, 1, server); };
        step("DELETE FROM lobby_presence WHERE server_id = ?1", "forgetting a server's accounts",
             bind);
        step("DELETE FROM lobby_servers WHERE server_id = ?1", "forgetting a server", bind);
    });
}

std::unique_ptr<StoreListener> SqliteAccountStore::listen(std::function<void(const std::string&)>,
                                                          std::function<void(const std::string&)>) {
    // A SQLite database is one server's: nobody else changes it.
    return nullptr;
}

}  // namespace chess960::server
