// The accounts' store on SQLite: the game store's file (sqlite_store.hpp), on a connection of its
// own. The accounts (sql_account_store.hpp's logic) and their play (sqlite_play_store.cpp) share
// it.
#pragma once

#include <sqlite3.h>

#include <mutex>
#include <string>
#include <type_traits>

#include "kill_points.hpp"
#include "sql_account_store.hpp"
#include "sqlite_session.hpp"
#include "sqlite_statements.hpp"
#include "store/play_store.hpp"

namespace chess960::server {

class SqliteAccountStore final : public SqlAccountStore, public PlayStore {
  public:
    // Opens the file the game store has already opened and migrated. Throws StoreError.
    explicit SqliteAccountStore(const std::string& path);
    ~SqliteAccountStore() override;
    SqliteAccountStore(const SqliteAccountStore&) = delete;
    SqliteAccountStore& operator=(const SqliteAccountStore&) = delete;

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
    [[noreturn]] void fail(const std::string& doing);
    // Runs one statement with `bind` applied (the caller holds the mutex); returns the rows
    // it changed.
    template <typename Bind>
    int step(const char* sql, const char* doing, Bind bind);
    // Runs a query with `bind` applied and gives `read` its first row, if any.
    template <typename Bind, typename Read>
    bool query(const char* sql, const char* doing, Bind bind, Read read);
    // As query, with `read` given every row (the caller holds the mutex); how many.
    template <typename Bind, typename Read>
    int query_all(const char* sql, const char* doing, Bind bind, Read read);
    void insert_game_row(const AccountGameRow& game);
    // The game's row and its account game (the caller's transaction).
    void insert_new_game(const NewAccountGame& game);
    void begin();
    void commit();
    void rollback();
    // Runs `body` in one transaction (the caller holds the mutex): committed when it returns,
    // rolled back when it throws. Gives what `body` gives.
    template <typename Body>
    auto in_transaction(Body body) -> decltype(body());

    std::string path_;
    sqlite3* db_ = nullptr;
    SqliteSession session_;
};

template <typename Bind>
int SqliteAccountStore::step(const char* sql, const char* doing, Bind bind) {
    kill_point();
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) fail(doing);
    sqlite::Statement stmt(raw);
    bind(stmt.get());
    if (sqlite3_step(stmt.get()) != SQLITE_DONE) fail(doing);
    return sqlite3_changes(db_);
}

template <typename Bind, typename Read>
bool SqliteAccountStore::query(const char* sql, const char* doing, Bind bind, Read read) {
    std::lock_guard lock(mutex_);
    kill_point();
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) fail(doing);
    sqlite::Statement stmt(raw);
    bind(stmt.get());
    const int rc = sqlite3_step(stmt.get());
    if (rc == SQLITE_DONE) return false;
    if (rc != SQLITE_ROW) fail(doing);
    read(stmt.get());
    return true;
}

template <typename Bind, typename Read>
int SqliteAccountStore::query_all(const char* sql, const char* doing, Bind bind, Read read) {
    kill_point();
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) fail(doing);
    sqlite::Statement stmt(raw);
    bind(stmt.get());
    int rows = 0;
    for (;;) {
        const int rc = sqlite3_step(stmt.get());
        if (rc == SQLITE_DONE) return rows;
        if (rc != SQLITE_ROW) fail(doing);
        read(stmt.get());
        ++rows;
    }
}

template <typename Body>
auto SqliteAccountStore::in_transaction(Body body) -> decltype(body()) {
    begin();
    if constexpr (std::is_void_v<decltype(body())>) {
        try {
            body();
        } catch (...) {
            rollback();
            throw;
        }
        commit();
    } else {
        auto result = [&] {
            try {
                return body();
            } catch (...) {
                rollback();
                throw;
            }
        }();
        commit();
        return result;
    }
}

}  // namespace chess960::server
