// The events' store: the tables of schema version 3 (sqlite_schema.hpp) in the game store's
// database, on a connection of its own, SQLite's or PostgreSQL's as the game store's. The game
// store (store.hpp) opens, checks and migrates the database first; this store only reads and writes
// the event tables, each write one committed transaction, as the game store does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace chess960::server {

// One row of the events table: the published parameters, the draw's secret (hex) and its
// commitment, the organiser's token as a SHA-256, and the time it was closed.
struct EventRow {
    std::string id;
    std::string name;
    int rounds = 0;
    std::vector<int> excluded;  // ascending
    bool allow_repeats = false;
    bool double960 = false;
    std::optional<std::int64_t> clock_initial_ms;
    std::optional<std::int64_t> clock_increment_ms;
    std::string secret;
    std::string commitment;
    std::string organiser_token_hash;
    std::int64_t created_at = 0;
    std::optional<std::int64_t> closed_at;
};

// The excluded numbers as both back ends keep them, one text column: {518, 534} <-> "518,534"
// (a short list, read and written whole).
std::string excluded_to_text(const std::vector<int>& numbers);
std::vector<int> excluded_from_text(const std::string& text);

// One board of a round: the players' names, their seat tokens' hashes, and the game the board
// plays (its id is chosen when the round is entered; the game exists from the round's start).
struct EventBoardRow {
    int board = 0;  // 1-based
    std::string white_name;
    std::string black_name;
    std::string white_token_hash;
    std::string black_token_hash;
    std::string game_id;
};

struct EventRoundRow {
    int round = 0;  // 1-based
    std::string entropy;
    std::int64_t reveal_at = 0;       // epoch ms: the position is shown from then
    std::int64_t start_at = 0;        // epoch ms: the games are made then (>= reveal_at)
    std::optional<int> white_number;  // set at the reveal
    std::optional<int> black_number;
    std::optional<std::int64_t> revealed_at;
    std::optional<std::int64_t> started_at;
    std::int64_t created_at = 0;
    std::vector<EventBoardRow> boards;  // by board

    bool revealed() const { return revealed_at.has_value(); }
    bool started() const { return started_at.has_value(); }
};

struct StoredEvent {
    EventRow event;
    std::vector<EventRoundRow> rounds;  // by round
};

// A round whose games have not started yet, for the server's timer.
struct PendingRound {
    std::string event_id;
    int round = 0;
    std::int64_t reveal_at = 0;
    std::int64_t start_at = 0;
    bool revealed = false;
};

// The events' store's interface; its implementations are SQLite's (sqlite_event_store.hpp) and
// PostgreSQL's (postgres_event_store.hpp), which open_event_store (store/open.hpp) chooses
// between. Each write is one committed transaction; every call throws StoreError on failure.
class EventStore {
  public:
    virtual ~EventStore() = default;

    virtual void insert_event(const EventRow& event) = 0;
    // The round with its boards.
    virtual void insert_round(const std::string& event_id, const EventRoundRow& round) = 0;
    // A round is revealed once: a second reveal throws.
    virtual void set_revealed(const std::string& event_id, int round, int white_number,
                              int black_number, std::int64_t at) = 0;
    virtual void set_started(const std::string& event_id, int round, std::int64_t at) = 0;
    // Moves a round's reveal (and its start, when it was earlier) to `at`.
    virtual void move_reveal(const std::string& event_id, int round, std::int64_t reveal_at,
                             std::int64_t start_at) = 0;
    virtual void set_closed(const std::string& event_id, std::int64_t at) = 0;

    // The event with its rounds and boards, from one snapshot; nullopt if there is none.
    virtual std::optional<StoredEvent> load_event(const std::string& id) = 0;
    // Every round whose games have not started, soonest first (from event_rounds_pending).
    virtual std::vector<PendingRound> pending_rounds() = 0;
};

}  // namespace chess960::server
