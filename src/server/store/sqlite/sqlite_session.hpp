// The stores' shared logic on SQLite (sql_session.hpp): one connection's statements, parameters
// bound without a copy (the values outlive the step), rows read through the C API, BEGIN
// IMMEDIATE for a write. The connection itself is its store's, which opens and closes it.
#pragma once

#include <sqlite3.h>

#include <map>
#include <string>

#include "sql_session.hpp"
#include "sqlite_statements.hpp"

namespace chess960::server {

// The one place an SQLite failure becomes a message: what is wrong with the file, what SQLite
// said (`doing`: `reason`), and what the person running the server can do about it.
[[noreturn]] void throw_store_error(const std::string& path, int code, const std::string& doing,
                                    const std::string& reason);
[[noreturn]] void throw_sqlite_error(const std::string& path, sqlite3* db,
                                     const std::string& doing);

// A connection of its own to `path`, which the game store has opened, checked and migrated, for
// the events' or the accounts' store (`what`: "events", "accounts"): `pragmas` run on it (the
// game store set WAL mode, which stays with the file; these are per connection) and the table
// `what` read, so that a store missing its table stops the start. Throws StoreError.
sqlite3* open_connection(const std::string& path, const std::string& what, const char* pragmas);
namespace sqlite {
// Binds `values` to the statement's parameters ?1, ?2, ... without a copy (but for a list, bound
// as a JSON array for json_each): they must outlive its step.
void bind_values(sqlite3_stmt* stmt, const SqlValues& values);
}  // namespace sqlite

class SqliteSession final : public SqlSession {
  public:
    // How a failure reads: with advice by SQLite's result code (the game store, which opens and
    // checks the file), or as "path: doing failed (what SQLite said)" (the stores opened after).
    enum class Messages { advice, plain };

    // `db` is the store's connection, opened (and closed) by the store; the session reads it
    // when it runs a statement.
    SqliteSession(const std::string& path, sqlite3* const& db, Messages messages);
    ~SqliteSession() override { finalize(); }
    SqliteSession(const SqliteSession&) = delete;
    SqliteSession& operator=(const SqliteSession&) = delete;

    // Prepares `sql` now and keeps it for every run (the game store's statements, run often);
    // any other statement is prepared when run and finalized after.
    void keep(const char* sql);
    // Finalizes the kept statements: before the store closes the connection.
    void finalize();

    const std::string& name() const override { return path_; }
    void rollback() noexcept override;

    [[noreturn]] void fail(const std::string& doing) const;

  private:
    int execute(const char* sql, const SqlValues& values, const char* doing) override;
    int select(const char* sql, const SqlValues& values, const char* doing,
               const SqlRowVisitor& each) override;
    void start(SqlTransactionKind kind) override;
    void finish() override;

    // A statement ready to step with `values` bound: a kept one or one of its own.
    class Bound;

    std::string path_;
    sqlite3* const& db_;
    Messages messages_;
    std::map<const char*, sqlite3_stmt*> kept_;
};

}  // namespace chess960::server
