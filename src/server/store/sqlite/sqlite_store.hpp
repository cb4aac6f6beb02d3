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
#include <string>

#include "sql_store.hpp"
#include "sqlite_session.hpp"

namespace chess960::server {

class StoreCheckpointer;

class SqliteStore final : public SqlStore {
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

  private:
    void close();
    void exec(const char* sql);
    void check_usable();
    void migrate();
    sqlite3_stmt* prepare(const char* sql);
    [[noreturn]] void fail(const std::string& what);

    std::string path_;
    std::unique_ptr<StoreCheckpointer> checkpointer_;
    sqlite3* db_ = nullptr;
    SqliteSession session_;
};

}  // namespace chess960::server
