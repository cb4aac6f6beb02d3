// The game store: SQLite (WAL mode) through its C API. One connection, serialised by a mutex;
// every write is one transaction, committed before the caller acknowledges it.
//
// Durability: the database runs in WAL mode with synchronous=NORMAL. A committed transaction is
// in the WAL file (in the operating system's page cache) when the commit returns, so it
// survives the server process being killed (SIGKILL, a crash); it may be lost only if the
// machine itself loses power before the next checkpoint or sync.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace chess960::server {

// One row of the games table.
struct GameRow {
    std::string id;
    std::string white_token;  // empty when the engine holds the seat
    std::string black_token;
    std::string opponent;  // "engine" | "friend"
    std::optional<int> level;
    std::optional<std::string> engine_color;  // "white" | "black"
    std::optional<int> start_number;          // white's arrangement (or both)
    std::optional<int> start_black_number;    // Double Chess960: black's arrangement
    std::string initial_fen;
    // Clock (all absent without a time control).
    std::optional<std::int64_t> clock_initial_ms;
    std::optional<std::int64_t> clock_increment_ms;
    std::int64_t white_ms = 0;
    std::int64_t black_ms = 0;
    std::optional<std::string> clock_running;  // "white" | "black"
    std::int64_t clock_at = 0;                 // epoch ms when clock_running started its turn
    std::optional<std::string> draw_offer;     // "white" | "black"
    std::string result = "*";
    std::optional<std::string> termination;  // the API's termination word
    std::int64_t created_at = 0;
    std::int64_t updated_at = 0;
};

// One row of the moves table.
struct MoveRow {
    int ply = 0;  // 1 = White's first move
    std::string uci;
    std::string san;
    std::string fen;  // after the move
    std::int64_t created_at = 0;
};

struct StoredGame {
    GameRow game;
    std::vector<MoveRow> moves;
};

class Store {
  public:
    // Opens (creating if needed) and migrates the database; throws std::runtime_error.
    explicit Store(const std::string& path);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    static constexpr int kSchemaVersion = 1;

    // Each call is one committed transaction; they throw std::runtime_error on failure.
    void insert_game(const GameRow& game);
    void update_game(const GameRow& game);
    // The move and the game's new state (clock, result, ...) together.
    void add_move(const GameRow& game, const MoveRow& move);
    std::vector<StoredGame> load_all();

  private:
    void close();
    void exec(const char* sql);
    void migrate();
    sqlite3_stmt* prepare(const char* sql);
    [[noreturn]] void fail(const std::string& what);
    void bind_game(sqlite3_stmt* stmt, const GameRow& game);
    void step_done(sqlite3_stmt* stmt, const char* what);

    std::mutex mutex_;
    sqlite3* db_ = nullptr;
    sqlite3_stmt* insert_game_ = nullptr;
    sqlite3_stmt* update_game_ = nullptr;
    sqlite3_stmt* insert_move_ = nullptr;
};

}  // namespace chess960::server
