// The game store on SQLite (WAL mode) through its C API: the embedded default. One connection,
// serialised by a mutex; every write is one transaction, committed before the caller
// acknowledges it.
//
// Durability: the database runs in WAL mode with synchronous=NORMAL. A committed transaction is
// in the WAL file (in the operating system's page cache) when the commit returns, so it
// survives the server process being killed (SIGKILL, a crash); it may be lost only if the
// machine itself loses power before the next checkpoint or sync.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "store/play_store.hpp"
#include "store/store.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace chess960::server {

class StoreCheckpointer;

class SqliteStore final : public Store {
  public:
    // Opens (creating it 0600 if needed) and migrates the database. Throws StoreError when the
    // file fails PRAGMA quick_check, is read-only (or its directory is), has a newer schema,
    // or cannot be read.
    // Checkpoints of the log run on a thread of their own (StoreCheckpointer); `log` gets a line
    // when one fails (standard error when not given).
    // `rater` settles the ratings of an account game in the transaction that stores its end
    // (write); none: a game's end changes no rating (tools, tests of the games alone).
    explicit SqliteStore(const std::string& path, std::function<void(const std::string&)> log = {},
                         Rater rater = {});
    ~SqliteStore() override;
    SqliteStore(const SqliteStore&) = delete;
    SqliteStore& operator=(const SqliteStore&) = delete;

    void insert_game(const GameRow& game) override;
    void update_game(const GameRow& game) override;
    void add_move(const GameRow& game, const MoveRow& move) override;
    std::vector<std::optional<WriteRefusal>> write(std::span<const GameChange> changes) override;
    void import_games(const std::vector<StoredGame>& games) override;
    std::vector<StoredGame> load_in_play() override;
    std::optional<StoredGame> load_game(const std::string& id) override;
    std::vector<GameRow> recent_games(int limit) override;
    int event_games_in_play(const std::string& event_id) override;

  private:
    void close();
    void exec(const char* sql);
    void check_usable();
    void migrate();
    sqlite3_stmt* prepare(const char* sql);
    [[noreturn]] void fail(const std::string& what);
    void step_done(sqlite3_stmt* stmt, const char* what);
    bool takeback(const GameChange& change);
    std::vector<MoveRow> moves_of(const std::string& id);
    void fold_last_move(GameRow& game);

    std::string path_;
    Rater rater_;
    std::unique_ptr<StoreCheckpointer> checkpointer_;
    std::mutex mutex_;
    sqlite3* db_ = nullptr;
    sqlite3_stmt* insert_game_ = nullptr;
    sqlite3_stmt* update_game_ = nullptr;
    sqlite3_stmt* update_game_at_ply_ = nullptr;
    sqlite3_stmt* insert_move_ = nullptr;
    sqlite3_stmt* insert_move_after_ = nullptr;
    sqlite3_stmt* select_last_move_ = nullptr;
    sqlite3_stmt* select_game_ = nullptr;
    sqlite3_stmt* select_moves_ = nullptr;
    sqlite3_stmt* select_recent_ = nullptr;
    sqlite3_stmt* delete_moves_after_ = nullptr;
};

}  // namespace chess960::server
