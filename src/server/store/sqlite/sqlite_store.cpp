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

#include "kill_points.hpp"
#include "sqlite_play_rows.hpp"
#include "sqlite_statements.hpp"
#include "store/checkpointer.hpp"
#include "store/secrets.hpp"
#include "store/sqlite_schema.hpp"

namespace chess960::server {

static_assert(schema::kVersion == Store::kSchemaVersion);

namespace {

// The one place a failure becomes a message: what is wrong with the file, what SQLite said
// (`doing`: `reason`), and what the person running the server can do about it.
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

// A prepared statement finalised at the end of a scope.
struct Finalize {
    void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

// Leaves a kept statement reset (a SELECT left mid-way holds a read transaction open, which
// keeps the WAL from being checkpointed) and without its bindings, however the scope ends.
class ResetOnExit {
  public:
    explicit ResetOnExit(sqlite3_stmt* stmt) : stmt_(stmt) {}
    ~ResetOnExit() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    ResetOnExit(const ResetOnExit&) = delete;
    ResetOnExit& operator=(const ResetOnExit&) = delete;

  private:
    sqlite3_stmt* stmt_;
};

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
        kill_point();
        if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw_sqlite_error(path_, db_, "BEGIN IMMEDIATE");
    }
    ~Transaction() {
        if (!committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit() {
        kill_point();
        if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw_sqlite_error(path_, db_, "COMMIT");
        committed_ = true;
    }

  private:
    const std::string& path_;
    sqlite3* db_;
    bool committed_ = false;
};

// A read transaction: the game rows and their moves come from one snapshot of the database,
// even if another process writes in between.
class ReadTransaction {
  public:
    ReadTransaction(const std::string& path, sqlite3* db) : db_(db) {
        if (sqlite3_exec(db_, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw_sqlite_error(path, db_, "BEGIN");
    }
    ~ReadTransaction() { sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr); }
    ReadTransaction(const ReadTransaction&) = delete;
    ReadTransaction& operator=(const ReadTransaction&) = delete;

  private:
    sqlite3* db_;
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

// The columns of schema::kInsertGame and the SELECTs, in order.
enum GameColumn {
    kId,
    kWhiteTokenHash,
    kBlackTokenHash,
    kOpponent,
    kLevel,
    kEngineColor,
    kStartNumber,
    kStartBlackNumber,
    kInitialFen,
    kClockInitialMs,
    kClockIncrementMs,
    kWhiteMs,
    kBlackMs,
    kClockRunning,
    kClockAt,
    kDrawOffer,
    kResult,
    kTermination,
    kPlies,
    kCreatedAt,
    kUpdatedAt,
    kTakeback,
    kEventId,
    kClockPerMoveMs,
};
// The ply kUpdateGameAtStoredPly checks, after the columns.
constexpr int kStoredPlyParameter = int(kClockPerMoveMs) + 2;

// Parameters count from 1, result columns from 0.
int parameter(GameColumn column) { return int(column) + 1; }

// Every statement is bound within a ResetOnExit scope, which clears the bindings before the
// bound strings go: bind_text binds without a copy (sqlite_statements.hpp).
using sqlite::bind_optional;
using sqlite::bind_text;
using sqlite::column_optional_int;
using sqlite::column_optional_int64;
using sqlite::column_optional_text;
using sqlite::column_text;

GameRow read_game(sqlite3_stmt* stmt) {
    GameRow g;
    g.id = column_text(stmt, kId);
    g.white_token_hash = column_text(stmt, kWhiteTokenHash);
    g.black_token_hash = column_text(stmt, kBlackTokenHash);
    g.opponent = column_text(stmt, kOpponent);
    g.level = column_optional_int(stmt, kLevel);
    g.engine_color = column_optional_text(stmt, kEngineColor);
    g.start_number = column_optional_int(stmt, kStartNumber);
    g.start_black_number = column_optional_int(stmt, kStartBlackNumber);
    g.initial_fen = column_text(stmt, kInitialFen);
    g.clock_initial_ms = column_optional_int64(stmt, kClockInitialMs);
    g.clock_increment_ms = column_optional_int64(stmt, kClockIncrementMs);
    g.white_ms = sqlite3_column_int64(stmt, kWhiteMs);
    g.black_ms = sqlite3_column_int64(stmt, kBlackMs);
    g.clock_running = column_optional_text(stmt, kClockRunning);
    g.clock_at = sqlite3_column_int64(stmt, kClockAt);
    g.draw_offer = column_optional_text(stmt, kDrawOffer);
    g.result = column_text(stmt, kResult);
    g.termination = column_optional_text(stmt, kTermination);
    g.plies = sqlite3_column_int(stmt, kPlies);
    g.created_at = sqlite3_column_int64(stmt, kCreatedAt);
    g.updated_at = sqlite3_column_int64(stmt, kUpdatedAt);
    g.takeback = column_optional_text(stmt, kTakeback);
    g.event_id = column_optional_text(stmt, kEventId);
    g.clock_per_move_ms = column_optional_int64(stmt, kClockPerMoveMs);
    return g;
}

}  // namespace

namespace {

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
    : path_(path), rater_(std::move(rater)) {
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
        insert_game_ = prepare(schema::kInsertGame);
        update_game_ = prepare(schema::kUpdateGame);
        update_game_at_ply_ = prepare(schema::kUpdateGameAtStoredPly);
        insert_move_ = prepare(schema::kInsertMove);
        insert_move_after_ = prepare(schema::kInsertMoveAfter);
        select_last_move_ = prepare(schema::kSelectLastMove);
        select_game_ = prepare(schema::kSelectGame);
        select_moves_ = prepare(schema::kSelectMoves);
        select_recent_ = prepare(schema::kSelectRecent);
        delete_moves_after_ = prepare(schema::kDeleteMovesAfter);
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
    for (sqlite3_stmt** stmt : {&insert_game_, &update_game_, &update_game_at_ply_, &insert_move_,
                                &insert_move_after_, &select_last_move_, &select_game_,
                                &select_moves_, &select_recent_, &delete_moves_after_}) {
        sqlite3_finalize(*stmt);
        *stmt = nullptr;
    }
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

void sqlite::bind_game(sqlite3_stmt* stmt, const GameRow& game) {
    bind_text(stmt, parameter(kId), game.id);
    bind_text(stmt, parameter(kWhiteTokenHash), game.white_token_hash);
    bind_text(stmt, parameter(kBlackTokenHash), game.black_token_hash);
    bind_text(stmt, parameter(kOpponent), game.opponent);
    bind_optional(stmt, parameter(kLevel), game.level);
    bind_optional(stmt, parameter(kEngineColor), game.engine_color);
    bind_optional(stmt, parameter(kStartNumber), game.start_number);
    bind_optional(stmt, parameter(kStartBlackNumber), game.start_black_number);
    bind_text(stmt, parameter(kInitialFen), game.initial_fen);
    bind_optional(stmt, parameter(kClockInitialMs), game.clock_initial_ms);
    bind_optional(stmt, parameter(kClockIncrementMs), game.clock_increment_ms);
    sqlite3_bind_int64(stmt, parameter(kWhiteMs), game.white_ms);
    sqlite3_bind_int64(stmt, parameter(kBlackMs), game.black_ms);
    bind_optional(stmt, parameter(kClockRunning), game.clock_running);
    sqlite3_bind_int64(stmt, parameter(kClockAt), game.clock_at);
    bind_optional(stmt, parameter(kDrawOffer), game.draw_offer);
    bind_text(stmt, parameter(kResult), game.result);
    bind_optional(stmt, parameter(kTermination), game.termination);
    sqlite3_bind_int(stmt, parameter(kPlies), game.plies);
    sqlite3_bind_int64(stmt, parameter(kCreatedAt), game.created_at);
    sqlite3_bind_int64(stmt, parameter(kUpdatedAt), game.updated_at);
    bind_optional(stmt, parameter(kTakeback), game.takeback);
    bind_optional(stmt, parameter(kEventId), game.event_id);
    bind_optional(stmt, parameter(kClockPerMoveMs), game.clock_per_move_ms);
}

void SqliteStore::step_done(sqlite3_stmt* stmt, const char* what) {
    kill_point();
    if (sqlite3_step(stmt) != SQLITE_DONE) fail(what);
}

namespace {

// A move without its clock (imports, add_move: the game's row has it), or with the clock of the
// game's row after it (SqliteStore::write).
void bind_move(sqlite3_stmt* stmt, const std::string& game_id, const MoveRow& move,
               const GameRow* after = nullptr) {
    bind_text(stmt, 1, game_id);
    sqlite3_bind_int(stmt, 2, move.ply);
    bind_text(stmt, 3, move.uci);
    bind_text(stmt, 4, move.san);
    bind_text(stmt, 5, move.fen);
    sqlite3_bind_int64(stmt, 6, move.created_at);
    if (!after) return;  // unbound parameters are NULL
    sqlite3_bind_int64(stmt, 7, after->white_ms);
    sqlite3_bind_int64(stmt, 8, after->black_ms);
    bind_optional(stmt, 9, after->clock_running);
    sqlite3_bind_int64(stmt, 10, after->clock_at);
}

}  // namespace

void SqliteStore::insert_game(const GameRow& game) {
    std::lock_guard lock(mutex_);
    Transaction transaction(path_, db_);
    {
        ResetOnExit reset(insert_game_);
        sqlite::bind_game(insert_game_, game);
        step_done(insert_game_, "inserting a game");
    }
    transaction.commit();
}

void SqliteStore::update_game(const GameRow& game) {
    std::lock_guard lock(mutex_);
    Transaction transaction(path_, db_);
    {
        ResetOnExit reset(update_game_);
        sqlite::bind_game(update_game_, game);
        step_done(update_game_, "updating a game");
        if (sqlite3_changes(db_) != 1)
            throw StoreError(path_ + ": cannot update game '" + game.id +
                             "': there is no such game");
    }
    transaction.commit();
}

void SqliteStore::add_move(const GameRow& game, const MoveRow& move) {
    std::lock_guard lock(mutex_);
    Transaction transaction(path_, db_);
    {
        ResetOnExit reset(insert_move_);
        bind_move(insert_move_, game.id, move);
        step_done(insert_move_, "inserting a move");
    }
    {
        ResetOnExit reset(update_game_);
        sqlite::bind_game(update_game_, game);
        sqlite3_bind_int(update_game_, parameter(kPlies), move.ply);
        step_done(update_game_, "updating a game");
        if (sqlite3_changes(db_) != 1)
            throw StoreError(path_ + ": cannot add a move to game '" + game.id +
                             "': there is no such game");
    }
    transaction.commit();
}

std::vector<std::optional<WriteRefusal>> SqliteStore::write(std::span<const GameChange> changes) {
    std::vector<std::optional<WriteRefusal>> refused(changes.size());
    std::lock_guard lock(mutex_);
    std::optional<KillScope> scope;
    if (std::ranges::any_of(changes, [](const GameChange& c) { return !c.row.in_play(); }))
        scope.emplace("end_game");
    Transaction transaction(path_, db_);
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const GameChange& change = changes[i];
        const int ply_before = change.move            ? change.move->ply - 1
                               : change.takeback_from ? *change.takeback_from
                                                      : change.row.plies;
        if (change.takeback_from) {
            if (!takeback(change))
                refused[i] = WriteRefusal{WriteRefusal::Reason::NotAtPly,
                                          "game '" + change.row.id + "' is not stored at ply " +
                                              std::to_string(ply_before) +
                                              " (no such game, or a change was lost)"};
            continue;
        }
        if (change.move) {
            // The move's own row, only after the stored game's last move.
            {
                ResetOnExit reset(insert_move_after_);
                bind_move(insert_move_after_, change.row.id, *change.move, &change.row);
                step_done(insert_move_after_, "inserting a move");
            }
            if (sqlite3_changes(db_) == 1 && change.row_changed) {
                ResetOnExit reset(update_game_);
                sqlite::bind_game(update_game_, change.row);
                sqlite3_bind_int(update_game_, parameter(kPlies), change.move->ply);
                step_done(update_game_, "updating a game");
            }
        } else {
            ResetOnExit reset(update_game_at_ply_);
            sqlite::bind_game(update_game_at_ply_, change.row);
            sqlite3_bind_int(update_game_at_ply_, kStoredPlyParameter, ply_before);
            step_done(update_game_at_ply_, "updating a game");
        }
        if (sqlite3_changes(db_) != 1)
            refused[i] = WriteRefusal{WriteRefusal::Reason::NotAtPly,
                                      "game '" + change.row.id + "' is not stored at ply " +
                                          std::to_string(ply_before) +
                                          " (no such game, or a change was lost)"};
    }
    // A game that ends here changes its players' ratings in the same transaction (an account
    // game's: others have none), so that whatever stops the server, a game over is settled.
    if (rater_)
        for (std::size_t i = 0; i < changes.size(); ++i)
            if (!refused[i] && !changes[i].row.in_play())
                sqlite::settle_game(db_, path_, changes[i].row.id, rater_);
    transaction.commit();
    return refused;
}

// The row (at its plies, the ply the takeback goes back to) only if the stored game is at
// takeback_from, then the moves after it: in the caller's transaction, so both or neither.
bool SqliteStore::takeback(const GameChange& change) {
    {
        ResetOnExit reset(update_game_at_ply_);
        sqlite::bind_game(update_game_at_ply_, change.row);
        sqlite3_bind_int(update_game_at_ply_, kStoredPlyParameter, *change.takeback_from);
        step_done(update_game_at_ply_, "taking back moves");
        if (sqlite3_changes(db_) != 1) return false;
    }
    ResetOnExit reset(delete_moves_after_);
    bind_text(delete_moves_after_, 1, change.row.id);
    sqlite3_bind_int(delete_moves_after_, 2, change.row.plies);
    step_done(delete_moves_after_, "taking back moves");
    return true;
}

// plies comes from the moves, as add_move would have left it (the row's own value when a game
// comes without moves).
void SqliteStore::import_games(const std::vector<StoredGame>& games) {
    std::lock_guard lock(mutex_);
    Transaction transaction(path_, db_);
    for (const StoredGame& stored : games) {
        {
            ResetOnExit reset(insert_game_);
            sqlite::bind_game(insert_game_, stored.game);
            if (!stored.moves.empty())
                sqlite3_bind_int(insert_game_, parameter(kPlies), stored.moves.back().ply);
            step_done(insert_game_, "importing a game");
        }
        for (const MoveRow& move : stored.moves) {
            ResetOnExit reset(insert_move_);
            bind_move(insert_move_, stored.game.id, move);
            step_done(insert_move_, "importing a move");
        }
    }
    transaction.commit();
}

std::vector<MoveRow> SqliteStore::moves_of(const std::string& id) {
    ResetOnExit reset(select_moves_);
    bind_text(select_moves_, 1, id);
    std::vector<MoveRow> moves;
    while (step_row(path_, db_, select_moves_, "reading moves"))
        moves.push_back(MoveRow{sqlite3_column_int(select_moves_, 0), column_text(select_moves_, 1),
                                column_text(select_moves_, 2), column_text(select_moves_, 3),
                                sqlite3_column_int64(select_moves_, 4),
                                column_optional_int64(select_moves_, 5),
                                column_optional_int64(select_moves_, 6)});
    return moves;
}

// Moves stored by write() carry the clock after them and leave the game's row as it was: the
// last one, when newer than the row, is the game's state.
void SqliteStore::fold_last_move(GameRow& game) {
    ResetOnExit reset(select_last_move_);
    bind_text(select_last_move_, 1, game.id);
    if (!step_row(path_, db_, select_last_move_, "reading a game's last move")) return;
    const int ply = sqlite3_column_int(select_last_move_, 0);
    if (ply <= game.plies || sqlite3_column_type(select_last_move_, 5) == SQLITE_NULL) return;
    game.plies = ply;
    game.updated_at = sqlite3_column_int64(select_last_move_, 1);
    game.white_ms = sqlite3_column_int64(select_last_move_, 2);
    game.black_ms = sqlite3_column_int64(select_last_move_, 3);
    game.clock_running = column_optional_text(select_last_move_, 4);
    game.clock_at = sqlite3_column_int64(select_last_move_, 5);
}

std::vector<StoredGame> SqliteStore::load_in_play() {
    std::lock_guard lock(mutex_);
    ReadTransaction snapshot(path_, db_);
    std::vector<StoredGame> games;
    {
        Statement stmt(prepare(schema::kSelectInPlay));
        while (step_row(path_, db_, stmt.get(), "reading the games in play"))
            games.push_back(StoredGame{read_game(stmt.get()), {}});
    }
    for (StoredGame& stored : games) {
        stored.moves = moves_of(stored.game.id);
        fold_last_move(stored.game);
    }
    return games;
}

std::optional<StoredGame> SqliteStore::load_game(const std::string& id) {
    std::lock_guard lock(mutex_);
    ReadTransaction snapshot(path_, db_);
    std::optional<StoredGame> stored;
    {
        ResetOnExit reset(select_game_);
        bind_text(select_game_, 1, id);
        if (!step_row(path_, db_, select_game_, "reading a game")) return std::nullopt;
        stored = StoredGame{read_game(select_game_), {}};
    }
    stored->moves = moves_of(id);
    fold_last_move(stored->game);
    return stored;
}

std::vector<GameRow> SqliteStore::recent_games(int limit) {
    // SQLite reads a negative LIMIT as "no limit": the whole table.
    if (limit < 0)
        throw std::invalid_argument("recent_games: a negative limit (" + std::to_string(limit) +
                                    ")");
    std::lock_guard lock(mutex_);
    ResetOnExit reset(select_recent_);
    sqlite3_bind_int(select_recent_, 1, limit);
    std::vector<GameRow> games;
    while (step_row(path_, db_, select_recent_, "reading the recent games"))
        games.push_back(read_game(select_recent_));
    for (GameRow& game : games) fold_last_move(game);
    return games;
}

int SqliteStore::event_games_in_play(const std::string& event_id) {
    std::lock_guard lock(mutex_);
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, schema::kCountEventGamesInPlay, -1, &raw, nullptr) != SQLITE_OK)
        fail("counting an event's games in play");
    sqlite::Statement stmt(raw);
    sqlite::bind_text(stmt.get(), 1, event_id);
    if (!step_row(path_, db_, stmt.get(), "counting an event's games in play")) return 0;
    return sqlite3_column_int(stmt.get(), 0);
}

}  // namespace chess960::server
