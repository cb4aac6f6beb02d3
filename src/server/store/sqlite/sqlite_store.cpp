#include "sqlite_store.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <utility>

#include "sqlite_play_statements.hpp"
#include "sqlite_session.hpp"
#include "sqlite_statements.hpp"
#include "store/checkpointer.hpp"
#include "store/secrets.hpp"
#include "store/sqlite_schema.hpp"

namespace chess960::server {

static_assert(schema::kVersion == Store::kSchemaVersion);

namespace {

std::string errno_text(int error) { return std::strerror(error); }

std::string directory_of(const std::string& path) {
    std::string dir = std::filesystem::path(path).parent_path().string();
    return dir.empty() ? "." : dir;
}

// Checks made before SQLite sees the file, because SQLite hides them: it opens a file it may
// not write read-only without a word, and only fails later, when it must create the -wal and
// -shm files beside it. Creates a missing database file with mode 0600 (a fresh empty file is
// an empty database to SQLite; the -wal and -shm files SQLite makes later get the same mode).
void check_file(const std::string& path) {
    if (path.empty()) throw StoreError("the database path is empty: give the path of a file");
    const std::string dir = directory_of(path);
    struct stat info {};
    if (stat(path.c_str(), &info) == 0) {
        if (!S_ISREG(info.st_mode))
            throw StoreError(path +
                             ": not a regular file. Give the path of a database file (it "
                             "is created if missing).");
        if (faccessat(AT_FDCWD, path.c_str(), R_OK, AT_EACCESS) != 0)
            throw_store_error(path, SQLITE_CANTOPEN, "access(R_OK)", errno_text(errno));
        if (faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0)
            throw_store_error(path, SQLITE_READONLY, "access(W_OK)", errno_text(errno));
    } else if (errno == ENOENT) {
        const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd < 0) {
            const int error = errno;
            if (error == ENOENT)
                throw StoreError(path + ": cannot create the database (open: " + errno_text(error) +
                                 "). Check that the directory " + dir + " exists.");
            if (error != EACCES && error != EROFS && error != EPERM)
                throw_store_error(path, SQLITE_CANTOPEN, "open", errno_text(error));
            // A directory we may not write: the message below says so.
        } else {
            // The umask can only take bits away from 0600, but a umask that takes the owner's
            // own would leave a file the server cannot use.
            const bool mode_set = fchmod(fd, 0600) == 0;
            const int error = errno;
            ::close(fd);
            if (!mode_set) throw_store_error(path, SQLITE_CANTOPEN, "fchmod", errno_text(error));
        }
    } else {
        throw_store_error(path, SQLITE_CANTOPEN, "stat", errno_text(errno));
    }
    // WAL mode creates (and deletes on close) the -wal and -shm files, so the directory must be
    // writable even when the file is.
    if (faccessat(AT_FDCWD, dir.c_str(), W_OK | X_OK, AT_EACCESS) != 0) {
        const std::string name = std::filesystem::path(path).filename().string();
        throw StoreError(path + ": the directory " + dir +
                         " is read-only (access(W_OK): " + errno_text(errno) +
                         "), and SQLite must create " + name + "-wal and " + name +
                         "-shm in it. Make the directory writable by the user running "
                         "the server, or put the database in a directory that is.");
    }
}

using sqlite::column_text;
using sqlite::Statement;

// True for a row, false at the end; any other result is an error, never "no more rows".
bool step_row(const std::string& path, sqlite3* db, sqlite3_stmt* stmt, const char* doing) {
    const int rc = sqlite3_step(stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw_sqlite_error(path, db, doing);
}

// One write transaction. BEGIN IMMEDIATE takes the write lock at once (waiting up to the busy
// timeout), so a write never fails half-way for want of the lock; rolled back unless committed.
class Transaction {
  public:
    Transaction(const std::string& path, sqlite3* db) : path_(path), db_(db) {
        if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw_sqlite_error(path_, db_, "BEGIN IMMEDIATE");
    }
    ~Transaction() {
        if (!committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit() {
        if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw_sqlite_error(path_, db_, "COMMIT");
        committed_ = true;
    }

  private:
    const std::string& path_;
    sqlite3* db_;
    bool committed_ = false;
};

// seat_token_hash(token): the SHA-256 of a seat token, '' for '' (the engine's seat). The
// version 2 migration hashes the version 1 plain tokens with it.
void seat_token_hash(sqlite3_context* context, int, sqlite3_value** args) {
    const unsigned char* text = sqlite3_value_text(args[0]);
    const int size = sqlite3_value_bytes(args[0]);
    if (!text || size == 0) {
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    try {
        const std::string hash =
            sha256_hex(std::string_view(reinterpret_cast<const char*>(text), std::size_t(size)));
        sqlite3_result_text(context, hash.data(), int(hash.size()), SQLITE_TRANSIENT);
    } catch (const std::exception& e) {
        sqlite3_result_error(context, e.what(), -1);
    }
}

}  // namespace

namespace {

constexpr GameStatements kStatements = CHESS960_GAME_STATEMENTS(schema);

// A checkpoint copies every page the log holds into the database file and syncs it. The pages
// of the games in play change again and again: checkpointing every 16,384 pages (64 MiB of log)
// instead of SQLite's 1,000 copies each of them once where it would be copied many times (a
// quarter of the store's time under load with 1,000 games, by perf).
constexpr int kCheckpointPages = 16384;

int on_commit(void* checkpointer, sqlite3*, const char*, int pages) {
    static_cast<StoreCheckpointer*>(checkpointer)->log_grew(pages);
    return SQLITE_OK;
}

}  // namespace

SqliteStore::SqliteStore(const std::string& path, std::function<void(const std::string&)> log,
                         Rater rater)
    : SqlStore(kStatements, sqlite::kAccountGameStatements.settlement, session_, std::move(rater)),
      path_(path),
      session_(path_, db_, SqliteSession::Messages::advice) {
    check_file(path_);
    // The file exists now: no SQLITE_OPEN_CREATE, so a file removed in between is an error
    // rather than a new database with the wrong mode.
    const int rc = sqlite3_open_v2(path_.c_str(), &db_,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        const std::string reason = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        close();
        throw_store_error(path_, rc, "sqlite3_open_v2", reason);
    }
    try {
        sqlite3_extended_result_codes(db_, 1);
        sqlite3_busy_timeout(db_, 5000);
        check_usable();
        migrate();
        for (const char* sql :
             {kStatements.insert_game, kStatements.update_game, kStatements.update_game_at_ply,
              kStatements.insert_move, kStatements.insert_move_after,
              kStatements.delete_moves_after, kStatements.select_game, kStatements.select_in_play,
              kStatements.select_recent, kStatements.select_moves, kStatements.select_last_move,
              kStatements.count_event_games_in_play})
            session_.keep(sql);
        if (!log) log = [](const std::string& line) { std::cerr << line << std::endl; };
        checkpointer_ =
            std::make_unique<StoreCheckpointer>(path_, kCheckpointPages, std::move(log));
        sqlite3_wal_autocheckpoint(db_, 0);
        sqlite3_wal_hook(db_, on_commit, checkpointer_.get());
    } catch (...) {
        close();  // no destructor runs after a throwing constructor
        throw;
    }
}

SqliteStore::~SqliteStore() { close(); }

void SqliteStore::close() {
    if (db_) sqlite3_wal_hook(db_, nullptr, nullptr);
    checkpointer_.reset();
    session_.finalize();
    sqlite3_close(db_);
    db_ = nullptr;
}

void SqliteStore::fail(const std::string& what) { throw_sqlite_error(path_, db_, what); }

void SqliteStore::exec(const char* sql) {
    char* message = nullptr;
    const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        const std::string reason = message ? message : sqlite3_errstr(rc);
        sqlite3_free(message);
        // A migration is long: its first line says which statement it was.
        std::string doing(sql, std::strcspn(sql, "\n"));
        throw_store_error(path_, sqlite3_extended_errcode(db_), doing, reason);
    }
}

sqlite3_stmt* SqliteStore::prepare(const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) fail(sql);
    return stmt;
}

// What SQLite can tell once the file is open: that it is a database, undamaged, writable, and
// of a schema this program knows.
void SqliteStore::check_usable() {
    // SQLite falls back to read-only when the file cannot be opened for writing.
    if (sqlite3_db_readonly(db_, "main") == 1)
        throw_store_error(path_, SQLITE_READONLY, "sqlite3_open_v2",
                          "SQLite could only open it for reading");

    // The first read of the header: a file that is not a database fails here.
    int version = 0;
    bool has_tables = false;
    {
        Statement stmt(prepare("PRAGMA user_version"));
        if (step_row(path_, db_, stmt.get(), "PRAGMA user_version"))
            version = sqlite3_column_int(stmt.get(), 0);
        Statement tables(prepare("SELECT 1 FROM sqlite_schema LIMIT 1"));
        has_tables = step_row(path_, db_, tables.get(), "reading the schema");
    }

    // quick_check reads every page and checks each b-tree's structure (not that the indexes
    // agree with their tables, which integrity_check would add at several times the cost).
    {
        Statement stmt(prepare("PRAGMA quick_check(5)"));
        std::string problems;
        while (step_row(path_, db_, stmt.get(), "PRAGMA quick_check")) {
            const std::string line = column_text(stmt.get(), 0);
            if (line == "ok") continue;
            problems += (problems.empty() ? "" : "; ") + line;
        }
        if (!problems.empty())
            throw_store_error(path_, SQLITE_CORRUPT, "PRAGMA quick_check", problems);
    }

    if (version > Store::kSchemaVersion)
        throw StoreError(path_ + ": the database has schema version " + std::to_string(version) +
                         ", newer than this program's (" + std::to_string(Store::kSchemaVersion) +
                         "): a newer chess960 wrote it. Run that version, or move the file "
                         "aside to start with an empty database.");
    if (version == 0 && has_tables)
        throw StoreError(path_ +
                         ": an SQLite database, but not a chess960 one (it has tables and no "
                         "schema version). Check the path, or move the file aside to start "
                         "with an empty database.");

    {
        Statement stmt(prepare("PRAGMA journal_mode=WAL"));
        const bool row = step_row(path_, db_, stmt.get(), "PRAGMA journal_mode=WAL");
        const std::string mode = row ? column_text(stmt.get(), 0) : "";
        if (mode != "wal")
            throw StoreError(path_ + ": cannot switch the database to WAL mode (it stays in '" +
                             mode +
                             "' mode). Put it on a local disk that supports shared "
                             "memory (not a network file system).");
    }
    // See the header: WAL + NORMAL keeps every commit across a process kill.
    exec("PRAGMA synchronous=NORMAL");
    // The pages of the games in play and of their indexes stay in memory (16 MiB).
    exec("PRAGMA cache_size=-16384");

    exec("PRAGMA foreign_keys=ON");

    // A real write, so that whatever access() could not tell (a read-only -wal or -shm file,
    // an immutable file, a full disk) stops the start rather than the first move. Writing the
    // schema version back dirties the header page; the commit writes it to the WAL.
    Transaction transaction(path_, db_);
    exec(("PRAGMA user_version=" + std::to_string(version)).c_str());
    transaction.commit();
}

void SqliteStore::migrate() {
    if (sqlite3_create_function(db_, "seat_token_hash", 1,
                                SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_DIRECTONLY, nullptr,
                                seat_token_hash, nullptr, nullptr) != SQLITE_OK)
        fail("registering seat_token_hash");
    int version = 0;
    {
        Statement stmt(prepare("PRAGMA user_version"));
        if (step_row(path_, db_, stmt.get(), "PRAGMA user_version"))
            version = sqlite3_column_int(stmt.get(), 0);
    }
    const int first = version;
    for (; version < Store::kSchemaVersion; ++version) {
        Transaction transaction(path_, db_);
        exec(schema::kMigrations[version]);
        exec(("PRAGMA user_version=" + std::to_string(version + 1)).c_str());
        transaction.commit();
    }
    // The version 1 plain tokens must not outlive the migration anywhere in the files. Updated
    // and dropped columns leave their old bytes in the pages' free space (even with
    // secure_delete, a page rebuilt by a b-tree rebalance keeps them: the tests found a token
    // there), so the migrated database is rebuilt into fresh pages (VACUUM), and the WAL, which
    // held the pages in between, is copied into the database and cut to nothing. Once, on the
    // first start after the upgrade (about 2 s for 100,000 games).
    if (first == 1) {
        exec("VACUUM");
        exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
}

}  // namespace chess960::server
