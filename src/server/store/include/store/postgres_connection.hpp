// One libpq connection to PostgreSQL, for the stores' PostgreSQL back ends: statements prepared
// once (and again after a reconnection), parameters and results as text, and every failure as a
// StoreError that names the database (its URI without the password) and says what to do.
// Not thread-safe: each store guards its connection with its own mutex.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct pg_conn;
struct pg_result;

namespace chess960::server {

// The URI with its password (user:PASSWORD@ or ?password=...) replaced by ***: what messages and
// logs show.
std::string redact_postgres_uri(const std::string& uri);

// A statement's parameters, in order ($1, $2, ...), as text; nullopt is SQL NULL.
class PgParams {
  public:
    PgParams& text(std::string value) {
        values_.emplace_back(std::move(value));
        return *this;
    }
    PgParams& number(std::int64_t value) { return text(std::to_string(value)); }
    PgParams& null() {
        values_.emplace_back(std::nullopt);
        return *this;
    }
    PgParams& optional_text(const std::optional<std::string>& value) {
        return value ? text(*value) : null();
    }
    template <typename Int>
    PgParams& optional_number(const std::optional<Int>& value) {
        return value ? number(std::int64_t(*value)) : null();
    }
    // Sets parameter `index` (from 1) again: a statement run many times with one value changed.
    void set(int index, std::string value) {
        values_.at(std::size_t(index - 1)) = std::move(value);
    }
    int size() const { return int(values_.size()); }
    std::vector<const char*> pointers() const;

  private:
    std::vector<std::optional<std::string>> values_;
};

// A query's rows, as text. Owns the libpq result.
class PgResult {
  public:
    explicit PgResult(pg_result* result) : result_(result) {}
    ~PgResult();
    PgResult(PgResult&& other) noexcept : result_(std::exchange(other.result_, nullptr)) {}
    PgResult& operator=(PgResult&&) = delete;
    PgResult(const PgResult&) = delete;

    int rows() const;
    // Rows an INSERT, UPDATE or DELETE changed.
    int changed() const;
    bool is_null(int row, int column) const;
    std::string text(int row, int column) const;
    std::optional<std::string> optional_text(int row, int column) const;
    std::int64_t number(int row, int column) const;
    std::optional<std::int64_t> optional_number(int row, int column) const;

  private:
    pg_result* result_;
};

class PgConnection {
  public:
    // Connects (waiting at most 10 s unless the URI says otherwise). Throws StoreError.
    explicit PgConnection(const std::string& uri);
    ~PgConnection();
    PgConnection(const PgConnection&) = delete;
    PgConnection& operator=(const PgConnection&) = delete;

    // The URI without its password, for messages.
    const std::string& name() const { return name_; }
    // The libpq connection itself (LISTEN's socket: postgres_listener.cpp).
    pg_conn* raw() { return conn_; }

    // Reconnects if the connection was lost (the server restarted, a network hiccup), preparing
    // the statements again; the caller's next statement then runs on the new connection.
    void ensure_connected();
    // Runs SQL without parameters (several statements are allowed). Throws StoreError.
    void exec(const std::string& sql, const char* doing);
    // Prepares `sql` under `name` (kept for reconnections). Throws StoreError.
    void prepare(const std::string& name, const std::string& sql);
    // Runs a prepared statement, or SQL with parameters. Throws StoreError.
    PgResult run(const std::string& name, const PgParams& params, const char* doing);
    PgResult query(const std::string& sql, const PgParams& params, const char* doing);

    // The StoreError for a failed call: the SQLSTATE picks the advice.
    [[noreturn]] void fail(const std::string& doing, const std::string& reason,
                           const std::string& sqlstate) const;

  private:
    PgResult check(pg_result* result, const char* doing);
    void prepare_on_server(const std::string& name, const std::string& sql);

    std::string uri_;
    std::string name_;
    pg_conn* conn_ = nullptr;
    std::vector<std::pair<std::string, std::string>> prepared_;
};

// One transaction on a connection: BEGIN (or `begin`) now, ROLLBACK unless committed.
class PgTransaction {
  public:
    explicit PgTransaction(PgConnection& connection, const char* begin = "BEGIN");
    ~PgTransaction();
    PgTransaction(const PgTransaction&) = delete;
    PgTransaction& operator=(const PgTransaction&) = delete;
    void commit();

  private:
    PgConnection& connection_;
    bool done_ = false;
};

}  // namespace chess960::server
