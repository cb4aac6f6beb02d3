#include "sqlite_session.hpp"

#include <sqlite3.h>

#include <cstdio>

#include "store/store.hpp"

namespace chess960::server {

[[noreturn]] void throw_store_error(const std::string& path, int code, const std::string& doing,
                                    const std::string& reason) {
    const std::string said = " (" + doing + ": " + reason + ")";
    switch (code & 0xff) {  // the primary result code of an extended one
        case SQLITE_NOTADB:
            throw StoreError(path + ": the file is not an SQLite database" + said +
                             ". Check the path, or move the file aside to start with an empty "
                             "database.");
        case SQLITE_CORRUPT:
            throw StoreError(path + ": the database is damaged" + said +
                             ". Restore it from a backup, or move it aside to start with an "
                             "empty one.");
        case SQLITE_READONLY:
            throw StoreError(path + ": the database is read-only" + said +
                             ". Make the file, its -wal and -shm files and its directory "
                             "writable by the user running the server.");
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            throw StoreError(path + ": the database is locked by another program" + said +
                             ". Stop the other program (another chess960 serve?), or use "
                             "another database file.");
        case SQLITE_FULL:
            throw StoreError(path + ": the disk is full" + said + ". Free some space.");
        case SQLITE_CANTOPEN:
        case SQLITE_IOERR:
        case SQLITE_PERM:
        case SQLITE_AUTH:
            throw StoreError(path + ": the database cannot be read or written" + said +
                             ". Check the path, and that the user running the server may read "
                             "and write the file and its directory.");
        default:
            throw StoreError(path + ": " + doing + " failed (" + reason + ")");
    }
}

[[noreturn]] void throw_sqlite_error(const std::string& path, sqlite3* db,
                                     const std::string& doing) {
    throw_store_error(path, sqlite3_extended_errcode(db), doing, sqlite3_errmsg(db));
}

namespace {

// The texts as a JSON array of strings (RFC 8259's escapes), which json_each reads.
std::string json_array(const std::vector<std::string>& texts) {
    std::string json = "[";
    for (const std::string& text : texts) {
        json += json.size() > 1 ? ",\"" : "\"";
        for (const char c : text) {
            if (c == '"' || c == '\\') {
                json += '\\';
                json += c;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", unsigned(c));
                json += escaped;
            } else {
                json += c;
            }
        }
        json += '"';
    }
    return json + "]";
}

}  // namespace

void sqlite::bind_values(sqlite3_stmt* stmt, const SqlValues& values) {
    int index = 1;
    for (const SqlValue& value : values.values()) {
        if (const auto* number = std::get_if<std::int64_t>(&value))
            sqlite3_bind_int64(stmt, index, sqlite3_int64(*number));
        else if (const auto* real = std::get_if<double>(&value))
            sqlite3_bind_double(stmt, index, *real);
        else if (const auto* text = std::get_if<std::string>(&value))
            sqlite::bind_text(stmt, index, *text);
        else if (const auto* texts = std::get_if<SqlTexts>(&value))
            sqlite::bind_text_copy(stmt, index, json_array(texts->values));
        else if (const auto* blob = std::get_if<SqlBlob>(&value))
            sqlite3_bind_blob64(stmt, index, blob->bytes.data(), blob->bytes.size(), SQLITE_STATIC);
        else
            sqlite3_bind_null(stmt, index);
        ++index;
    }
}

sqlite3* open_connection(const std::string& path, const std::string& what, const char* pragmas) {
    sqlite3* db = nullptr;
    const int rc =
        sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        const std::string reason = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
        sqlite3_close(db);
        throw StoreError(path + ": cannot open the database for the " + what + " (" + reason + ")");
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, 5000);
    const std::string check = "SELECT 1 FROM " + what + " LIMIT 1";
    if (sqlite3_exec(db, pragmas, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_exec(db, check.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
        const std::string reason = sqlite3_errmsg(db);
        sqlite3_close(db);
        throw StoreError(path + ": reading the " + what + " table failed (" + reason + ")");
    }
    return db;
}

SqliteSession::SqliteSession(const std::string& path, sqlite3* const& db, Messages messages)
    : path_(path), db_(db), messages_(messages) {}

void SqliteSession::fail(const std::string& doing) const {
    if (messages_ == Messages::advice) throw_sqlite_error(path_, db_, doing);
    throw StoreError(path_ + ": " + doing + " failed (" + sqlite3_errmsg(db_) + ")");
}

void SqliteSession::keep(const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) fail(sql);
    kept_[sql] = stmt;
}

void SqliteSession::finalize() {
    for (auto& [sql, stmt] : kept_) sqlite3_finalize(stmt);
    kept_.clear();
}

// A kept statement is left reset (a SELECT left mid-way holds a read transaction open, which
// keeps the WAL from being checkpointed) and without its bindings, however the scope ends; one
// of its own is finalized. The values are bound without a copy: they outlive this scope.
class SqliteSession::Bound {
  public:
    Bound(SqliteSession& session, const char* sql, const SqlValues& values, const char* doing) {
        if (auto kept = session.kept_.find(sql); kept != session.kept_.end()) {
            stmt_ = kept->second;
            kept_ = true;
        } else if (sqlite3_prepare_v2(session.db_, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
            session.fail(doing);
        }
        sqlite::bind_values(stmt_, values);
    }
    ~Bound() {
        if (!kept_) {
            sqlite3_finalize(stmt_);
            return;
        }
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    Bound(const Bound&) = delete;
    Bound& operator=(const Bound&) = delete;
    sqlite3_stmt* get() const { return stmt_; }

  private:
    sqlite3_stmt* stmt_ = nullptr;
    bool kept_ = false;
};

namespace {

class SqliteRow final : public SqlRow {
  public:
    explicit SqliteRow(sqlite3_stmt* stmt) : stmt_(stmt) {}
    bool is_null(int column) const override {
        return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
    }
    std::string text(int column) const override { return sqlite::column_text(stmt_, column); }
    std::int64_t number(int column) const override {
        return std::int64_t(sqlite3_column_int64(stmt_, column));
    }
    double real(int column) const override { return sqlite3_column_double(stmt_, column); }
    bool boolean(int column) const override { return sqlite3_column_int(stmt_, column) != 0; }
    std::string blob(int column) const override {
        const void* bytes = sqlite3_column_blob(stmt_, column);
        const int size = sqlite3_column_bytes(stmt_, column);
        return bytes ? std::string(static_cast<const char*>(bytes), std::size_t(size)) : "";
    }

  private:
    sqlite3_stmt* stmt_;
};

}  // namespace

int SqliteSession::execute(const char* sql, const SqlValues& values, const char* doing) {
    Bound stmt(*this, sql, values, doing);
    if (sqlite3_step(stmt.get()) != SQLITE_DONE) fail(doing);
    return sqlite3_changes(db_);
}

int SqliteSession::select(const char* sql, const SqlValues& values, const char* doing,
                          const SqlRowVisitor& each) {
    Bound stmt(*this, sql, values, doing);
    const SqliteRow row(stmt.get());
    int rows = 0;
    for (;;) {
        const int rc = sqlite3_step(stmt.get());
        if (rc == SQLITE_DONE) return rows;
        if (rc != SQLITE_ROW) fail(doing);  // an error is never "no more rows"
        each(row);
        ++rows;
    }
}

void SqliteSession::start(SqlTransactionKind kind) {
    const char* begin = kind == SqlTransactionKind::write ? "BEGIN IMMEDIATE" : "BEGIN";
    if (sqlite3_exec(db_, begin, nullptr, nullptr, nullptr) != SQLITE_OK) fail(begin);
}

void SqliteSession::finish() {
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) fail("COMMIT");
}

void SqliteSession::rollback() noexcept {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace chess960::server
