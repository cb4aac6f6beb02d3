// What the stores' shared logic (sql_store.cpp, sql_event_store.cpp, sql_account_store.cpp,
// sql_seek_store.cpp, ...) needs of a database, so that it is written once for both back ends: a
// statement's parameters (SqlValues), a result's row (SqlRow) and a connection that runs
// statements and transactions (SqlSession). Each back end implements them
// (sqlite/sqlite_session.hpp, postgres/postgres_session.hpp); what differs between the two is
// only the SQL text each store gives, and how each locks (its transactions).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "kill_points.hpp"

namespace chess960::server {

// A list of texts as one parameter, for `IN` / `= ANY`: each back end writes it as its SQL
// reads a list (PostgreSQL a text[] literal, SQLite a JSON array for json_each).
struct SqlTexts {
    std::vector<std::string> values;
};

// Bytes as one parameter (SQLite's BLOB, PostgreSQL's BYTEA).
struct SqlBlob {
    std::string bytes;
};

// One parameter's value: NULL, an integer, a real, text, a list of texts or bytes.
using SqlValue = std::variant<std::monostate, std::int64_t, double, std::string, SqlTexts, SqlBlob>;

// A statement's parameters in order (?1 / $1, ?2 / $2, ...).
class SqlValues {
  public:
    SqlValues& text(std::string value) {
        values_.emplace_back(std::move(value));
        return *this;
    }
    SqlValues& number(std::int64_t value) {
        values_.emplace_back(value);
        return *this;
    }
    SqlValues& real(double value) {
        values_.emplace_back(value);
        return *this;
    }
    // 1 or 0: SQLite's integer, and PostgreSQL's BOOLEAN reads "1" and "0" as true and false.
    SqlValues& boolean(bool value) { return number(value ? 1 : 0); }
    SqlValues& texts(std::vector<std::string> values) {
        values_.emplace_back(SqlTexts{std::move(values)});
        return *this;
    }
    SqlValues& blob(std::string bytes) {
        values_.emplace_back(SqlBlob{std::move(bytes)});
        return *this;
    }
    SqlValues& null() {
        values_.emplace_back(std::monostate{});
        return *this;
    }
    SqlValues& optional_text(const std::optional<std::string>& value) {
        return value ? text(*value) : null();
    }
    template <typename Int>
    SqlValues& optional_number(const std::optional<Int>& value) {
        return value ? number(std::int64_t(*value)) : null();
    }
    // Parameter `index` (from 1) again: a row's values with one of them changed.
    void set(int index, std::int64_t value) { values_.at(std::size_t(index - 1)) = value; }
    const std::vector<SqlValue>& values() const { return values_; }

  private:
    std::vector<SqlValue> values_;
};

// One row of a result; columns count from 0. NULL reads as 0 or "" (nullopt from optional_*).
class SqlRow {
  public:
    virtual bool is_null(int column) const = 0;
    virtual std::string text(int column) const = 0;
    virtual std::int64_t number(int column) const = 0;
    virtual double real(int column) const = 0;
    virtual bool boolean(int column) const = 0;
    virtual std::string blob(int column) const = 0;  // a BLOB's (BYTEA's) bytes

    int integer(int column) const { return int(number(column)); }
    std::optional<std::string> optional_text(int column) const {
        if (is_null(column)) return std::nullopt;
        return text(column);
    }
    std::optional<std::int64_t> optional_number(int column) const {
        if (is_null(column)) return std::nullopt;
        return number(column);
    }
    std::optional<int> optional_integer(int column) const {
        if (is_null(column)) return std::nullopt;
        return integer(column);
    }

  protected:
    ~SqlRow() = default;
};

using SqlRowVisitor = std::function<void(const SqlRow&)>;

// A write transaction takes the database's write lock (SQLite: BEGIN IMMEDIATE, so that a check
// and the write after it see no other connection's write in between); a read transaction is one
// snapshot (PostgreSQL: REPEATABLE READ, READ ONLY).
enum class SqlTransactionKind { write, read };

// One connection. Not thread-safe: its store's mutex guards it. Every failure throws StoreError.
// Each statement, BEGIN and COMMIT is a boundary where a test may kill the process
// (kill_points.hpp), on either back end.
class SqlSession {
  public:
    virtual ~SqlSession() = default;

    // The database in messages: SQLite's path, PostgreSQL's URI without its password.
    virtual const std::string& name() const = 0;
    // Runs a statement; the rows it changed.
    int run(const char* sql, const SqlValues& values, const char* doing) {
        kill_point();
        return execute(sql, values, doing);
    }
    // Runs a query, giving `each` every row in order; how many rows.
    int query(const char* sql, const SqlValues& values, const char* doing,
              const SqlRowVisitor& each) {
        kill_point();
        return select(sql, values, doing, each);
    }
    void begin(SqlTransactionKind kind) {
        kill_point();
        start(kind);
    }
    void commit() {
        kill_point();
        finish();
    }
    // Never throws: a connection that is gone has rolled back already.
    virtual void rollback() noexcept = 0;

  protected:
    virtual int execute(const char* sql, const SqlValues& values, const char* doing) = 0;
    virtual int select(const char* sql, const SqlValues& values, const char* doing,
                       const SqlRowVisitor& each) = 0;
    virtual void start(SqlTransactionKind kind) = 0;
    virtual void finish() = 0;
};

// A transaction of a session: begun now, rolled back unless committed.
class SqlTransaction {
  public:
    explicit SqlTransaction(SqlSession& session,
                            SqlTransactionKind kind = SqlTransactionKind::write)
        : session_(session) {
        session_.begin(kind);
    }
    ~SqlTransaction() {
        if (!done_) session_.rollback();
    }
    SqlTransaction(const SqlTransaction&) = delete;
    SqlTransaction& operator=(const SqlTransaction&) = delete;
    void commit() {
        session_.commit();
        done_ = true;
    }

  private:
    SqlSession& session_;
    bool done_ = false;
};

// `sql` written with ?N parameter marks, in the back end's marks (`mark`N: ? for SQLite, $ for
// PostgreSQL), for a store whose SQL is the same text on both.
inline std::string with_marks(std::string sql, char mark) {
    if (mark != '?') std::replace(sql.begin(), sql.end(), '?', mark);
    return sql;
}

// The first row of a query read by `read`, or nullopt when there is none.
template <typename Read>
auto query_first(SqlSession& session, const char* sql, const SqlValues& values, const char* doing,
                 Read read) -> std::optional<decltype(read(std::declval<const SqlRow&>()))> {
    std::optional<decltype(read(std::declval<const SqlRow&>()))> first;
    session.query(sql, values, doing, [&](const SqlRow& row) {
        if (!first) first = read(row);
    });
    return first;
}

// Every row of a query, each read by `read`.
template <typename Read>
auto query_all(SqlSession& session, const char* sql, const SqlValues& values, const char* doing,
               Read read) -> std::vector<decltype(read(std::declval<const SqlRow&>()))> {
    std::vector<decltype(read(std::declval<const SqlRow&>()))> rows;
    session.query(sql, values, doing, [&](const SqlRow& row) { rows.push_back(read(row)); });
    return rows;
}

}  // namespace chess960::server
