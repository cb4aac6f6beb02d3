// The game store: SQLite (WAL mode) through its C API. One connection, serialised by a mutex;
// every write is one transaction, committed before the caller acknowledges it.
//
// Durability: the database runs in WAL mode with synchronous=NORMAL. A committed transaction is
// in the WAL file (in the operating system's page cache) when the commit returns, so it
// survives the server process being killed (SIGKILL, a crash); it may be lost only if the
// machine itself loses power before the next checkpoint or sync.
//
// Only the games still in play are loaded at start; a finished game is read when asked for,
// and the list of recent games comes from an index, so start-up time and memory do not grow
// with the number of finished games.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace chess960::server {

class StoreCheckpointer;

// A database the server must not start on (damaged, read-only, newer schema, unreadable):
// the message names the file and says what to do.
class StoreError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One row of the games table.
struct GameRow {
    std::string id;
    // SHA-256 (hex) of each seat's token; empty when the engine holds the seat.
    std::string white_token_hash;
    std::string black_token_hash;
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
    std::optional<std::string> termination;  // the API's termination word ("aborted", ...)
    int plies = 0;                           // moves played (kept by add_move)
    std::int64_t created_at = 0;
    std::int64_t updated_at = 0;

    // Still in play: no result and no termination.
    bool in_play() const { return result == "*" && !termination; }
};

// One row of the moves table.
struct MoveRow {
    int ply = 0;  // 1 = White's first move
    std::string uci;
    std::string san;
    std::string fen;  // after the move
    std::int64_t created_at = 0;
};

// One change of a game, for Store::write: the game's row after it, and the move that made it
// (if a move did). With a move, the row's plies is the move's ply, and the move is stored with
// the row's clock; the row itself is written only if `row_changed` (the move changed more than
// the clock: a draw offer, the result), so that a move costs one row.
struct GameChange {
    GameRow row;
    std::optional<MoveRow> move;
    bool row_changed = true;
};

struct StoredGame {
    GameRow game;
    std::vector<MoveRow> moves;
};

class Store {
  public:
    // Opens (creating it 0600 if needed) and migrates the database. Throws StoreError when the
    // file fails PRAGMA quick_check, is read-only (or its directory is), has a newer schema,
    // or cannot be read.
    // Checkpoints of the log run on a thread of their own (StoreCheckpointer); `log` gets a line
    // when one fails (standard error when not given).
    explicit Store(const std::string& path, std::function<void(const std::string&)> log = {});
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    static constexpr int kSchemaVersion = 4;

    // Each call is one committed transaction; they throw StoreError on failure.
    void insert_game(const GameRow& game);
    void update_game(const GameRow& game);
    // The move and the game's new state (clock, result, ...) together; sets plies to move.ply.
    void add_move(const GameRow& game, const MoveRow& move);
    // Many changes of games in play in one transaction (group commit): each change is saved
    // only if it follows the stored game (its game is at the ply before it), so that a change
    // made after a lost one is never saved on its own. The answer says, for each change, why it
    // was not saved (nullopt: saved). Throws StoreError when the transaction fails (then
    // nothing is saved).
    std::vector<std::optional<std::string>> write(std::span<const GameChange> changes);
    // Many games with their moves in one transaction (imports, tests).
    void import_games(const std::vector<StoredGame>& games);

    // The games still in play, with their moves. Any read error throws.
    std::vector<StoredGame> load_in_play();
    // One game with its moves, or nullopt if there is no such id.
    std::optional<StoredGame> load_game(const std::string& id);
    // The `limit` most recently updated games (no moves), newest first, from the index.
    std::vector<GameRow> recent_games(int limit);

  private:
    void close();
    void exec(const char* sql);
    void check_usable();
    void migrate();
    sqlite3_stmt* prepare(const char* sql);
    [[noreturn]] void fail(const std::string& what);
    void bind_game(sqlite3_stmt* stmt, const GameRow& game);
    void step_done(sqlite3_stmt* stmt, const char* what);
    std::vector<MoveRow> moves_of(const std::string& id);
    void fold_last_move(GameRow& game);

    std::string path_;
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
};

}  // namespace chess960::server
