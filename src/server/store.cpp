#include "server/store.hpp"

#include <sqlite3.h>

#include <stdexcept>

namespace chess960::server {

namespace {

// The games table's columns in binding order (?1 .. ?20).
constexpr const char* kGameColumns[] = {
    "id",          "white_token",      "black_token",        "opponent",
    "level",       "engine_color",     "start_number",       "start_black_number",
    "initial_fen", "clock_initial_ms", "clock_increment_ms", "white_ms",
    "black_ms",    "clock_running",    "clock_at",           "draw_offer",
    "result",      "termination",      "created_at",         "updated_at"};
constexpr int kGameColumnCount = int(std::size(kGameColumns));

std::string insert_game_sql() {
    std::string sql = "INSERT INTO games(";
    std::string values;
    for (int i = 0; i < kGameColumnCount; ++i) {
        sql += (i ? "," : "") + std::string(kGameColumns[i]);
        values += (i ? ",?" : "?") + std::to_string(i + 1);
    }
    return sql + ") VALUES(" + values + ")";
}

std::string update_game_sql() {
    std::string sql = "UPDATE games SET ";
    for (int i = 1; i < kGameColumnCount; ++i)
        sql += (i > 1 ? "," : "") + std::string(kGameColumns[i]) + "=?" + std::to_string(i + 1);
    return sql + " WHERE id=?1";
}

std::string select_games_sql() {
    std::string sql = "SELECT ";
    for (int i = 0; i < kGameColumnCount; ++i) sql += (i ? "," : "") + std::string(kGameColumns[i]);
    return sql + " FROM games ORDER BY created_at";
}

void bind_text(sqlite3_stmt* stmt, int index, const std::string& text) {
    sqlite3_bind_text(stmt, index, text.data(), int(text.size()), SQLITE_TRANSIENT);
}
void bind_optional(sqlite3_stmt* stmt, int index, const std::optional<std::string>& text) {
    if (text)
        bind_text(stmt, index, *text);
    else
        sqlite3_bind_null(stmt, index);
}
template <typename Int>
void bind_optional(sqlite3_stmt* stmt, int index, const std::optional<Int>& value) {
    if (value)
        sqlite3_bind_int64(stmt, index, sqlite3_int64(*value));
    else
        sqlite3_bind_null(stmt, index);
}

std::string column_text(sqlite3_stmt* stmt, int index) {
    const unsigned char* text = sqlite3_column_text(stmt, index);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              std::size_t(sqlite3_column_bytes(stmt, index)))
                : std::string();
}
std::optional<std::string> column_optional_text(sqlite3_stmt* stmt, int index) {
    if (sqlite3_column_type(stmt, index) == SQLITE_NULL) return std::nullopt;
    return column_text(stmt, index);
}
std::optional<std::int64_t> column_optional_int(sqlite3_stmt* stmt, int index) {
    if (sqlite3_column_type(stmt, index) == SQLITE_NULL) return std::nullopt;
    return std::int64_t(sqlite3_column_int64(stmt, index));
}

// Each migration takes the schema from version i to i + 1.
constexpr const char* kMigrations[] = {
    R"(CREATE TABLE games (
         id TEXT PRIMARY KEY,
         white_token TEXT NOT NULL,
         black_token TEXT NOT NULL,
         opponent TEXT NOT NULL,
         level INTEGER,
         engine_color TEXT,
         start_number INTEGER,
         start_black_number INTEGER,
         initial_fen TEXT NOT NULL,
         clock_initial_ms INTEGER,
         clock_increment_ms INTEGER,
         white_ms INTEGER NOT NULL,
         black_ms INTEGER NOT NULL,
         clock_running TEXT,
         clock_at INTEGER NOT NULL,
         draw_offer TEXT,
         result TEXT NOT NULL,
         termination TEXT,
         created_at INTEGER NOT NULL,
         updated_at INTEGER NOT NULL);
       CREATE INDEX games_updated ON games(updated_at);
       CREATE TABLE moves (
         game_id TEXT NOT NULL REFERENCES games(id),
         ply INTEGER NOT NULL,
         uci TEXT NOT NULL,
         san TEXT NOT NULL,
         fen TEXT NOT NULL,
         created_at INTEGER NOT NULL,
         PRIMARY KEY (game_id, ply)) WITHOUT ROWID;)",
};
static_assert(std::size(kMigrations) == Store::kSchemaVersion);

// Rolls back an open transaction unless committed.
class Transaction {
  public:
    explicit Transaction(sqlite3* db) : db_(db) {
        if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("database: cannot begin: ") + sqlite3_errmsg(db_));
    }
    ~Transaction() {
        if (!committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    void commit() {
        if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
            throw std::runtime_error(std::string("database: cannot commit: ") +
                                     sqlite3_errmsg(db_));
        committed_ = true;
    }

  private:
    sqlite3* db_;
    bool committed_ = false;
};

}  // namespace

Store::Store(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        nullptr) != SQLITE_OK) {
        std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw std::runtime_error("cannot open database '" + path + "': " + message);
    }
    sqlite3_busy_timeout(db_, 5000);
    try {
        exec("PRAGMA journal_mode=WAL");
        // See the header: WAL + NORMAL keeps every commit across a process kill.
        exec("PRAGMA synchronous=NORMAL");
        exec("PRAGMA foreign_keys=ON");
        migrate();
        insert_game_ = prepare(insert_game_sql().c_str());
        update_game_ = prepare(update_game_sql().c_str());
        insert_move_ = prepare(
            "INSERT INTO moves(game_id, ply, uci, san, fen, created_at) "
            "VALUES(?1,?2,?3,?4,?5,?6)");
    } catch (...) {
        close();  // no destructor runs after a throwing constructor
        throw;
    }
}

Store::~Store() { close(); }

void Store::close() {
    sqlite3_finalize(insert_game_);
    sqlite3_finalize(update_game_);
    sqlite3_finalize(insert_move_);
    sqlite3_close(db_);
    insert_game_ = update_game_ = insert_move_ = nullptr;
    db_ = nullptr;
}

void Store::fail(const std::string& what) {
    throw std::runtime_error("database: " + what + ": " + sqlite3_errmsg(db_));
}

void Store::exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        std::string text = message ? message : "error";
        sqlite3_free(message);
        throw std::runtime_error("database: " + text);
    }
}

sqlite3_stmt* Store::prepare(const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) fail("prepare");
    return stmt;
}

void Store::migrate() {
    sqlite3_stmt* stmt = prepare("PRAGMA user_version");
    int version = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : 0;
    sqlite3_finalize(stmt);
    if (version > kSchemaVersion)
        throw std::runtime_error("database schema version " + std::to_string(version) +
                                 " is newer than this program's (" +
                                 std::to_string(kSchemaVersion) + ")");
    for (; version < kSchemaVersion; ++version) {
        Transaction transaction(db_);
        exec(kMigrations[version]);
        exec(("PRAGMA user_version=" + std::to_string(version + 1)).c_str());
        transaction.commit();
    }
}

void Store::bind_game(sqlite3_stmt* stmt, const GameRow& game) {
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt);
    bind_text(stmt, 1, game.id);
    bind_text(stmt, 2, game.white_token);
    bind_text(stmt, 3, game.black_token);
    bind_text(stmt, 4, game.opponent);
    bind_optional(stmt, 5, game.level);
    bind_optional(stmt, 6, game.engine_color);
    bind_optional(stmt, 7, game.start_number);
    bind_optional(stmt, 8, game.start_black_number);
    bind_text(stmt, 9, game.initial_fen);
    bind_optional(stmt, 10, game.clock_initial_ms);
    bind_optional(stmt, 11, game.clock_increment_ms);
    sqlite3_bind_int64(stmt, 12, game.white_ms);
    sqlite3_bind_int64(stmt, 13, game.black_ms);
    bind_optional(stmt, 14, game.clock_running);
    sqlite3_bind_int64(stmt, 15, game.clock_at);
    bind_optional(stmt, 16, game.draw_offer);
    bind_text(stmt, 17, game.result);
    bind_optional(stmt, 18, game.termination);
    sqlite3_bind_int64(stmt, 19, game.created_at);
    sqlite3_bind_int64(stmt, 20, game.updated_at);
}

void Store::step_done(sqlite3_stmt* stmt, const char* what) {
    int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    if (rc != SQLITE_DONE) fail(what);
}

void Store::insert_game(const GameRow& game) {
    std::lock_guard lock(mutex_);
    bind_game(insert_game_, game);
    step_done(insert_game_, "insert game");
}

void Store::update_game(const GameRow& game) {
    std::lock_guard lock(mutex_);
    bind_game(update_game_, game);
    step_done(update_game_, "update game");
}

void Store::add_move(const GameRow& game, const MoveRow& move) {
    std::lock_guard lock(mutex_);
    Transaction transaction(db_);
    sqlite3_reset(insert_move_);
    bind_text(insert_move_, 1, game.id);
    sqlite3_bind_int(insert_move_, 2, move.ply);
    bind_text(insert_move_, 3, move.uci);
    bind_text(insert_move_, 4, move.san);
    bind_text(insert_move_, 5, move.fen);
    sqlite3_bind_int64(insert_move_, 6, move.created_at);
    step_done(insert_move_, "insert move");
    bind_game(update_game_, game);
    step_done(update_game_, "update game");
    transaction.commit();
}

std::vector<StoredGame> Store::load_all() {
    std::lock_guard lock(mutex_);
    std::vector<StoredGame> games;
    sqlite3_stmt* stmt = prepare(select_games_sql().c_str());
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        GameRow g;
        g.id = column_text(stmt, 0);
        g.white_token = column_text(stmt, 1);
        g.black_token = column_text(stmt, 2);
        g.opponent = column_text(stmt, 3);
        if (auto v = column_optional_int(stmt, 4)) g.level = int(*v);
        g.engine_color = column_optional_text(stmt, 5);
        if (auto v = column_optional_int(stmt, 6)) g.start_number = int(*v);
        if (auto v = column_optional_int(stmt, 7)) g.start_black_number = int(*v);
        g.initial_fen = column_text(stmt, 8);
        g.clock_initial_ms = column_optional_int(stmt, 9);
        g.clock_increment_ms = column_optional_int(stmt, 10);
        g.white_ms = sqlite3_column_int64(stmt, 11);
        g.black_ms = sqlite3_column_int64(stmt, 12);
        g.clock_running = column_optional_text(stmt, 13);
        g.clock_at = sqlite3_column_int64(stmt, 14);
        g.draw_offer = column_optional_text(stmt, 15);
        g.result = column_text(stmt, 16);
        g.termination = column_optional_text(stmt, 17);
        g.created_at = sqlite3_column_int64(stmt, 18);
        g.updated_at = sqlite3_column_int64(stmt, 19);
        games.push_back(StoredGame{std::move(g), {}});
    }
    sqlite3_finalize(stmt);

    stmt =
        prepare("SELECT ply, uci, san, fen, created_at FROM moves WHERE game_id=?1 ORDER BY ply");
    for (StoredGame& stored : games) {
        sqlite3_reset(stmt);
        bind_text(stmt, 1, stored.game.id);
        while (sqlite3_step(stmt) == SQLITE_ROW)
            stored.moves.push_back(MoveRow{sqlite3_column_int(stmt, 0), column_text(stmt, 1),
                                           column_text(stmt, 2), column_text(stmt, 3),
                                           sqlite3_column_int64(stmt, 4)});
    }
    sqlite3_finalize(stmt);
    return games;
}

}  // namespace chess960::server
