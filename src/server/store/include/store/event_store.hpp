// The events' store: the tables of schema versions 3 and 7 (sqlite_schema.hpp) in the game store's
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
    // Version 7: "typed" (pairings entered by the organiser), "swiss" (FIDE Dutch),
    // "round_robin" or "double_round_robin" (Berger tables); the tie-breaks in order, as the
    // pairing library names them ("BH-C1,SB"); the join link's token while entries are open.
    std::string kind = "typed";
    std::string tiebreaks;
    std::optional<std::string> join_token_hash;
};

// One player of a paired event, by pairing number (1-based, in the order entered).
struct EventPlayerRow {
    int number = 0;
    std::string name;
    std::optional<int> rating;
    std::string title;       // "GM", "IM"... or ""
    std::string federation;  // "GER" or ""
    std::string fide_id;     // digits or ""
    std::string token_hash;  // the player's token (byes, withdrawal, the player's view)
    int joined_round = 1;    // a late entrant's first round
    int late_points = 0;     // tenths of a point given for the rounds before joined_round
    std::optional<int> withdrawn_after;  // withdrew after this round (0: before round 1)
    std::int64_t created_at = 0;
    std::int64_t updated_at = 0;
    // The account that is this player, if any (its session acts as the player's token); its name
    // is read with it.
    std::optional<std::string> account_id = std::nullopt;
    std::string account_name = {};
};

// A bye of a round: 'H' half point or 'Z' zero point (asked for), 'U' (the pairing's).
struct EventByeRow {
    int round = 0;
    int player = 0;
    char kind = 'H';
    std::int64_t created_at = 0;
};

// A result the arbiter set on a board, one row of the audit list (never changed):
// result "1-0", "0-1", "1/2-1/2", "+-", "-+" (forfeits), "--" (double forfeit), "0-0";
// reason "forfeit", "double_forfeit", "correction" or "adjudication"; who set it.
struct EventResultRow {
    int round = 0;
    int board = 0;
    int seq = 0;  // 1, 2, ... per board, in the order set
    std::string result;
    std::string reason;
    std::string set_by;
    std::int64_t set_at = 0;
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
    std::optional<int> white_number;  // a paired event's players (version 7)
    std::optional<int> black_number;
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
    std::vector<EventRoundRow> rounds;    // by round
    std::vector<EventPlayerRow> players;  // by number
    std::vector<EventByeRow> byes;        // by round, then player
    std::vector<EventResultRow> results;  // by round, board, seq: the whole audit list
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
    // The round with its boards, and the byes of the round (the pairing's 'U', and those asked
    // for, already stored, are kept) in the same transaction.
    virtual void insert_round(const std::string& event_id, const EventRoundRow& round,
                              const std::vector<EventByeRow>& byes = {}) = 0;
    // A round is revealed once: a second reveal throws.
    virtual void set_revealed(const std::string& event_id, int round, int white_number,
                              int black_number, std::int64_t at) = 0;
    virtual void set_started(const std::string& event_id, int round, std::int64_t at) = 0;
    // Moves a round's reveal (and its start, when it was earlier) to `at`.
    virtual void move_reveal(const std::string& event_id, int round, std::int64_t reveal_at,
                             std::int64_t start_at) = 0;
    virtual void set_closed(const std::string& event_id, std::int64_t at) = 0;

    // Version 7. A player's number must be new (insert) or present (update, every column but
    // the number and created_at).
    virtual void insert_player(const std::string& event_id, const EventPlayerRow& player) = 0;
    virtual void update_player(const std::string& event_id, const EventPlayerRow& player) = 0;
    // Before the first round: the event's players and byes replaced by these (the players
    // numbered anew as the initial ranking list, their byes following them), in one
    // transaction, so that a crash leaves the old numbering or the new, never a mix.
    virtual void renumber_players(const std::string& event_id,
                                  const std::vector<EventPlayerRow>& players,
                                  const std::vector<EventByeRow>& byes) = 0;
    // Sets (or replaces) a player's bye for a round; remove_bye takes it back.
    virtual void set_bye(const std::string& event_id, const EventByeRow& bye) = 0;
    virtual void remove_bye(const std::string& event_id, int round, int player) = 0;
    // Adds a row to the audit list: its seq must be the board's next.
    virtual void append_result(const std::string& event_id, const EventResultRow& result) = 0;
    // Opens (a hash) or closes (nullopt) the join link.
    virtual void set_join_token(const std::string& event_id,
                                const std::optional<std::string>& token_hash) = 0;

    // The event with its rounds and boards, from one snapshot; nullopt if there is none.
    virtual std::optional<StoredEvent> load_event(const std::string& id) = 0;
    // Every round whose games have not started, soonest first (from event_rounds_pending).
    virtual std::vector<PendingRound> pending_rounds() = 0;
};

}  // namespace chess960::server
