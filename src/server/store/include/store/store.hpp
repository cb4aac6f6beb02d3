// The game store: one interface, two back ends (store/open.hpp opens one). A path is an SQLite
// file (the embedded default); a libpq connection URI (postgresql://... or postgres://...) is a
// PostgreSQL database, which several servers can share. Both keep the same tables with
// the same meaning, and Store::write checks each change's ply inside the transaction that stores
// it on both, so that a change is stored exactly once whichever server made it.
//
// Each call is one committed transaction, done before the caller acknowledges the change.
// Only the games still in play are loaded at start; a finished game is read when asked for,
// and the list of recent games comes from an index, so start-up time and memory do not grow
// with the number of finished games.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace chess960::server {

// A database the server must not start on (damaged, read-only, newer schema, unreadable,
// unreachable) or a write that failed: the message names the database and says what to do.
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
    std::optional<std::string> takeback;       // "white" | "black": the seat asking (v5)
    std::optional<std::string> event_id;       // the event of which it is a board (v6)
    // A time for each move instead (correspondence: days per move, v9); clock_initial_ms is
    // then that time too.
    std::optional<std::int64_t> clock_per_move_ms;
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
    // The times left after the move (read back for takebacks); none for a move stored without
    // them (before version 4, imports, add_move).
    std::optional<std::int64_t> white_ms = std::nullopt;
    std::optional<std::int64_t> black_ms = std::nullopt;
};

// A token taken from `client`'s bucket of `kind` (Cluster::take_token's buckets) inside the
// transaction that stores a change (Store::write), so that a limit several servers share costs
// no round trip of its own: the per-client move limit on a shared database (Cluster::token_claim).
// Every claim of one kind in a write has the same rate and burst (they come from one server's
// options).
struct TokenClaim {
    std::string kind;
    std::string client;  // as the buckets name it: a hash of the address
    double rate_per_second = 0;
    double burst = 0;
};

// One change of a game, for Store::write: the game's row after it, and the move that made it
// (if a move did). With a move, the row's plies is the move's ply, and the move is stored with
// the row's clock; the row itself is written only if `row_changed` (the move changed more than
// the clock: a draw offer, the result), so that a move costs one row.
//
// An accepted takeback sets `takeback_from`: the stored game must be at that ply (its last
// stored ply, as a change other than a move is checked); then its moves after row.plies are
// deleted and the row written, together, so that a move stored meanwhile (another server's)
// makes the takeback fail instead of taking back the wrong move.
struct GameChange {
    GameRow row;
    std::optional<MoveRow> move;
    bool row_changed = true;
    std::optional<int> takeback_from = std::nullopt;
    // A token the change needs (a move's, from its client's bucket on a shared database).
    std::optional<TokenClaim> token = std::nullopt;
};

// Why Store::write (or the StoreWriter) did not save a change.
struct WriteRefusal {
    enum class Reason {
        NotAtPly,  // the stored game is not at the ply before the change: another server changed
                   // it first, or a change before it was lost
        NoToken,   // its TokenClaim's bucket was empty; retry_after_seconds says for how long
        Failed,    // the transaction failed or the server is stopping: nothing was saved
    };
    Reason reason = Reason::Failed;
    std::string message;
    int retry_after_seconds = 0;
};

struct StoredGame {
    GameRow game;
    std::vector<MoveRow> moves;
};

// The game store's interface; its implementations are SQLite's (sqlite_store.hpp) and
// PostgreSQL's (postgres_store.hpp), which open_store (store/open.hpp) chooses between. Each
// call is one committed transaction; they throw StoreError on failure. What only several servers
// sharing a database need is not here but in a Cluster (store/cluster.hpp).
class Store {
  public:
    virtual ~Store() = default;

    static constexpr int kSchemaVersion = 14;

    virtual void insert_game(const GameRow& game) = 0;
    virtual void update_game(const GameRow& game) = 0;
    // The move and the game's new state (clock, result, ...) together; sets plies to move.ply.
    virtual void add_move(const GameRow& game, const MoveRow& move) = 0;
    // Many changes of games in play in one transaction (group commit): each change is saved
    // only if it follows the stored game (its game is at the ply before it), so that a change
    // made after a lost one is never saved on its own, and a move is saved once however many
    // servers send it. A change with a TokenClaim is saved only if its bucket gives the token
    // (PostgreSQL, where Cluster::token_claim makes them; on SQLite, one server per file, the
    // server limits in memory and claims are not looked at). The answer says, for each change,
    // why it was not saved (nullopt: saved). Throws StoreError when the transaction fails (then
    // nothing is saved).
    virtual std::vector<std::optional<WriteRefusal>> write(std::span<const GameChange> changes) = 0;
    // Many games with their moves in one transaction (imports, tests, migrations).
    virtual void import_games(const std::vector<StoredGame>& games) = 0;

    // The games still in play, with their moves. Any read error throws.
    virtual std::vector<StoredGame> load_in_play() = 0;
    // One game with its moves, or nullopt if there is no such id.
    virtual std::optional<StoredGame> load_game(const std::string& id) = 0;
    // The `limit` most recently updated games (no moves), newest first, from the index.
    // Throws std::invalid_argument for a negative limit.
    virtual std::vector<GameRow> recent_games(int limit) = 0;
    // How many of an event's games are in play (whichever server plays them).
    virtual int event_games_in_play(const std::string& event_id) = 0;
};

}  // namespace chess960::server
