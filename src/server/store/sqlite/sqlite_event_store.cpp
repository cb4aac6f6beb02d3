#include "sqlite_event_store.hpp"

#include <sqlite3.h>

#include <memory>
#include <utility>

#include "sqlite_statements.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

using sqlite::bind_optional;
using sqlite::column_optional_int;
using sqlite::column_optional_int64;
using sqlite::column_optional_text;
using sqlite::column_text;
using sqlite::Statement;
// The statements here are finalized, not reset, and some bind temporaries: SQLite copies.
void bind_text(sqlite3_stmt* stmt, int index, const std::string& text) {
    sqlite::bind_text_copy(stmt, index, text);
}

void bind_bye(sqlite3_stmt* s, const std::string& event_id, const EventByeRow& bye) {
    bind_text(s, 1, event_id);
    sqlite3_bind_int(s, 2, bye.round);
    sqlite3_bind_int(s, 3, bye.player);
    bind_text(s, 4, std::string(1, bye.kind));
    sqlite3_bind_int64(s, 5, bye.created_at);
}

void bind_player(sqlite3_stmt* s, const std::string& event_id, const EventPlayerRow& p) {
    bind_text(s, 1, event_id);
    sqlite3_bind_int(s, 2, p.number);
    bind_text(s, 3, p.name);
    bind_optional(s, 4, p.rating);
    bind_text(s, 5, p.title);
    bind_text(s, 6, p.federation);
    bind_text(s, 7, p.fide_id);
    bind_text(s, 8, p.token_hash);
    sqlite3_bind_int(s, 9, p.joined_round);
    sqlite3_bind_int(s, 10, p.late_points);
    bind_optional(s, 11, p.withdrawn_after);
    sqlite3_bind_int64(s, 12, p.created_at);
    sqlite3_bind_int64(s, 13, p.updated_at);
    bind_optional(s, 14, p.account_id);
}

constexpr const char* kInsertEvent =
    "INSERT INTO events(id, name, rounds, excluded, allow_repeats, double960, clock_initial_ms, "
    "clock_increment_ms, secret, commitment, organiser_token_hash, created_at, closed_at, kind, "
    "tiebreaks, join_token_hash) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)";
constexpr const char* kInsertRound =
    "INSERT INTO event_rounds(event_id, round, entropy, reveal_at, start_at, white_number, "
    "black_number, revealed_at, started_at, created_at) "
    "VALUES(?1, ?2, ?3, ?4, ?5, NULL, NULL, NULL, NULL, ?6)";
constexpr const char* kInsertBoard =
    "INSERT INTO event_boards(event_id, round, board, white_name, black_name, white_token_hash, "
    "black_token_hash, game_id, white_number, black_number) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";
constexpr const char* kSetRevealed =
    "UPDATE event_rounds SET white_number = ?3, black_number = ?4, revealed_at = ?5 "
    "WHERE event_id = ?1 AND round = ?2 AND revealed_at IS NULL";
constexpr const char* kSetStarted =
    "UPDATE event_rounds SET started_at = ?3 WHERE event_id = ?1 AND round = ?2 AND "
    "revealed_at IS NOT NULL AND started_at IS NULL";
constexpr const char* kMoveReveal =
    "UPDATE event_rounds SET reveal_at = ?3, start_at = ?4 WHERE event_id = ?1 AND round = ?2 "
    "AND revealed_at IS NULL";
constexpr const char* kSetClosed =
    "UPDATE events SET closed_at = ?2 WHERE id = ?1 AND closed_at IS NULL";
constexpr const char* kSelectEvent =
    "SELECT id, name, rounds, excluded, allow_repeats, double960, clock_initial_ms, "
    "clock_increment_ms, secret, commitment, organiser_token_hash, created_at, closed_at, kind, "
    "tiebreaks, join_token_hash FROM events WHERE id = ?1";
constexpr const char* kSelectRounds =
    "SELECT round, entropy, reveal_at, start_at, white_number, black_number, revealed_at, "
    "started_at, created_at FROM event_rounds WHERE event_id = ?1 ORDER BY round";
constexpr const char* kSelectBoards =
    "SELECT round, board, white_name, black_name, white_token_hash, black_token_hash, game_id, "
    "white_number, black_number FROM event_boards WHERE event_id = ?1 ORDER BY round, board";
constexpr const char* kInsertPlayer =
    "INSERT INTO event_players(event_id, number, name, rating, title, federation, fide_id, "
    "token_hash, joined_round, late_points, withdrawn_after, created_at, updated_at, account_id) "
    "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)";
constexpr const char* kUpdatePlayer =
    "UPDATE event_players SET name = ?3, rating = ?4, title = ?5, federation = ?6, fide_id = ?7, "
    "token_hash = ?8, joined_round = ?9, late_points = ?10, withdrawn_after = ?11, "
    "updated_at = ?13, account_id = ?14 WHERE event_id = ?1 AND number = ?2";
constexpr const char* kSelectPlayers =
    "SELECT p.number, p.name, p.rating, p.title, p.federation, p.fide_id, p.token_hash, "
    "p.joined_round, p.late_points, p.withdrawn_after, p.created_at, p.updated_at, p.account_id, "
    "COALESCE(a.name, '') FROM event_players p LEFT JOIN accounts a ON a.id = p.account_id "
    "WHERE p.event_id = ?1 ORDER BY p.number";
constexpr const char* kSetBye =
    "INSERT INTO event_byes(event_id, round, player, kind, created_at) "
    "VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT(event_id, round, player) DO UPDATE SET "
    "kind = excluded.kind, created_at = excluded.created_at";
constexpr const char* kDeletePlayers = "DELETE FROM event_players WHERE event_id = ?1";
constexpr const char* kDeleteByes = "DELETE FROM event_byes WHERE event_id = ?1";
constexpr const char* kRemoveBye =
    "DELETE FROM event_byes WHERE event_id = ?1 AND round = ?2 AND player = ?3";
constexpr const char* kSelectByes =
    "SELECT round, player, kind, created_at FROM event_byes WHERE event_id = ?1 "
    "ORDER BY round, player";
// The board's next seq only: a row is never replaced (the primary key refuses a second one).
constexpr const char* kAppendResult =
    "INSERT INTO event_results(event_id, round, board, seq, result, reason, set_by, set_at) "
    "SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE ?4 = 1 + (SELECT count(*) FROM event_results "
    "WHERE event_id = ?1 AND round = ?2 AND board = ?3)";
constexpr const char* kSelectResults =
    "SELECT round, board, seq, result, reason, set_by, set_at FROM event_results "
    "WHERE event_id = ?1 ORDER BY round, board, seq";
constexpr const char* kSetJoinToken = "UPDATE events SET join_token_hash = ?2 WHERE id = ?1";
// The WHERE clause is the partial index's own, for SQLite to use it.
constexpr const char* kSelectPending =
    "SELECT event_id, round, reveal_at, start_at, revealed_at FROM event_rounds "
    "WHERE started_at IS NULL ORDER BY start_at, event_id";

}  // namespace

SqliteEventStore::SqliteEventStore(const std::string& path) : path_(path) {
    const int rc = sqlite3_open_v2(path_.c_str(), &db_,
                                   SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        const std::string reason = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
        close();
        throw StoreError(path_ + ": cannot open the database for the events (" + reason + ")");
    }
    try {
        sqlite3_extended_result_codes(db_, 1);
        sqlite3_busy_timeout(db_, 5000);
        // The game store set WAL mode, which stays with the file; these are per connection.
        exec("PRAGMA synchronous=NORMAL", "PRAGMA synchronous=NORMAL");
        exec("PRAGMA foreign_keys=ON", "PRAGMA foreign_keys=ON");
        Statement check;
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db_, "SELECT 1 FROM events LIMIT 1", -1, &stmt, nullptr) !=
            SQLITE_OK)
            fail("reading the events table");
        check.reset(stmt);
    } catch (...) {
        close();
        throw;
    }
}

SqliteEventStore::~SqliteEventStore() { close(); }

void SqliteEventStore::close() {
    sqlite3_close(db_);
    db_ = nullptr;
}

void SqliteEventStore::fail(const std::string& doing) {
    throw StoreError(path_ + ": " + doing + " failed (" + sqlite3_errmsg(db_) + ")");
}

void SqliteEventStore::exec(const char* sql, const char* doing) {
    if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) fail(doing);
}

namespace {

// One write transaction (BEGIN IMMEDIATE: the write lock at once), rolled back unless committed.
class WriteTransaction {
  public:
    explicit WriteTransaction(sqlite3* db) : db_(db) {}
    bool begin() { return sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == 0; }
    bool commit() {
        committed_ = sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK;
        return committed_;
    }
    ~WriteTransaction() {
        if (!committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    WriteTransaction(const WriteTransaction&) = delete;
    WriteTransaction& operator=(const WriteTransaction&) = delete;

  private:
    sqlite3* db_;
    bool committed_ = false;
};

}  // namespace

template <typename Bind>
void SqliteEventStore::step(const char* sql, const char* doing, Bind bind) {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) fail(doing);
    Statement stmt(raw);
    bind(stmt.get());
    if (sqlite3_step(stmt.get()) != SQLITE_DONE) fail(doing);
}

template <typename Bind>
void SqliteEventStore::write(const char* sql, const char* doing, Bind bind, int changes) {
    std::lock_guard lock(mutex_);
    WriteTransaction transaction(db_);
    if (!transaction.begin()) fail("BEGIN IMMEDIATE");
    step(sql, doing, bind);
    if (changes >= 0 && sqlite3_changes(db_) != changes)
        throw StoreError(path_ + ": " + doing + " changed " + std::to_string(sqlite3_changes(db_)) +
                         " rows, not " + std::to_string(changes));
    if (!transaction.commit()) fail("COMMIT");
}

void SqliteEventStore::insert_event(const EventRow& e) {
    write(kInsertEvent, "inserting an event", [&](sqlite3_stmt* s) {
        bind_text(s, 1, e.id);
        bind_text(s, 2, e.name);
        sqlite3_bind_int(s, 3, e.rounds);
        bind_text(s, 4, excluded_to_text(e.excluded));
        sqlite3_bind_int(s, 5, e.allow_repeats ? 1 : 0);
        sqlite3_bind_int(s, 6, e.double960 ? 1 : 0);
        bind_optional(s, 7, e.clock_initial_ms);
        bind_optional(s, 8, e.clock_increment_ms);
        bind_text(s, 9, e.secret);
        bind_text(s, 10, e.commitment);
        bind_text(s, 11, e.organiser_token_hash);
        sqlite3_bind_int64(s, 12, e.created_at);
        bind_optional(s, 13, e.closed_at);
        bind_text(s, 14, e.kind);
        bind_text(s, 15, e.tiebreaks);
        if (e.join_token_hash)
            bind_text(s, 16, *e.join_token_hash);
        else
            sqlite3_bind_null(s, 16);
    });
}

void SqliteEventStore::insert_round(const std::string& event_id, const EventRoundRow& r,
                                    const std::vector<EventByeRow>& byes) {
    std::lock_guard lock(mutex_);
    WriteTransaction transaction(db_);
    if (!transaction.begin()) fail("BEGIN IMMEDIATE");
    step(kInsertRound, "inserting a round", [&](sqlite3_stmt* s) {
        bind_text(s, 1, event_id);
        sqlite3_bind_int(s, 2, r.round);
        bind_text(s, 3, r.entropy);
        sqlite3_bind_int64(s, 4, r.reveal_at);
        sqlite3_bind_int64(s, 5, r.start_at);
        sqlite3_bind_int64(s, 6, r.created_at);
    });
    for (const EventBoardRow& b : r.boards)
        step(kInsertBoard, "inserting a board", [&](sqlite3_stmt* s) {
            bind_text(s, 1, event_id);
            sqlite3_bind_int(s, 2, r.round);
            sqlite3_bind_int(s, 3, b.board);
            bind_text(s, 4, b.white_name);
            bind_text(s, 5, b.black_name);
            bind_text(s, 6, b.white_token_hash);
            bind_text(s, 7, b.black_token_hash);
            bind_text(s, 8, b.game_id);
            bind_optional(s, 9, b.white_number);
            bind_optional(s, 10, b.black_number);
        });
    for (const EventByeRow& bye : byes)
        step(kSetBye, "inserting a bye", [&](sqlite3_stmt* s) { bind_bye(s, event_id, bye); });
    if (!transaction.commit()) fail("COMMIT");
}

void SqliteEventStore::set_revealed(const std::string& event_id, int round, int white_number,
                                    int black_number, std::int64_t at) {
    write(kSetRevealed, "revealing a round", [&](sqlite3_stmt* s) {
        bind_text(s, 1, event_id);
        sqlite3_bind_int(s, 2, round);
        sqlite3_bind_int(s, 3, white_number);
        sqlite3_bind_int(s, 4, black_number);
        sqlite3_bind_int64(s, 5, at);
    });
}

void SqliteEventStore::set_started(const std::string& event_id, int round, std::int64_t at) {
    write(kSetStarted, "starting a round", [&](sqlite3_stmt* s) {
        bind_text(s, 1, event_id);
        sqlite3_bind_int(s, 2, round);
        sqlite3_bind_int64(s, 3, at);
    });
}

void SqliteEventStore::move_reveal(const std::string& event_id, int round, std::int64_t reveal_at,
                                   std::int64_t start_at) {
    write(kMoveReveal, "moving a round's reveal", [&](sqlite3_stmt* s) {
        bind_text(s, 1, event_id);
        sqlite3_bind_int(s, 2, round);
        sqlite3_bind_int64(s, 3, reveal_at);
        sqlite3_bind_int64(s, 4, start_at);
    });
}

void SqliteEventStore::set_closed(const std::string& event_id, std::int64_t at) {
    write(kSetClosed, "closing an event", [&](sqlite3_stmt* s) {
        bind_text(s, 1, event_id);
        sqlite3_bind_int64(s, 2, at);
    });
}

void SqliteEventStore::insert_player(const std::string& event_id, const EventPlayerRow& p) {
    write(kInsertPlayer, "inserting a player",
          [&](sqlite3_stmt* s) { bind_player(s, event_id, p); });
}

void SqliteEventStore::update_player(const std::string& event_id, const EventPlayerRow& p) {
    write(kUpdatePlayer, "updating a player",
          [&](sqlite3_stmt* s) { bind_player(s, event_id, p); });
}

void SqliteEventStore::renumber_players(const std::string& event_id,
                                        const std::vector<EventPlayerRow>& players,
                                        const std::vector<EventByeRow>& byes) {
    std::lock_guard lock(mutex_);
    WriteTransaction transaction(db_);
    if (!transaction.begin()) fail("BEGIN IMMEDIATE");
    auto event = [&](sqlite3_stmt* s) { bind_text(s, 1, event_id); };
    step(kDeleteByes, "renumbering the players", event);
    step(kDeletePlayers, "renumbering the players", event);
    for (const EventPlayerRow& p : players)
        step(kInsertPlayer, "renumbering the players",
             [&](sqlite3_stmt* s) { bind_player(s, event_id, p); });
    for (const EventByeRow& bye : byes)
        step(kSetBye, "renumbering the players",
             [&](sqlite3_stmt* s) { bind_bye(s, event_id, bye); });
    if (!transaction.commit()) fail("COMMIT");
}

void SqliteEventStore::set_bye(const std::string& event_id, const EventByeRow& bye) {
    write(kSetBye, "setting a bye", [&](sqlite3_stmt* s) { bind_bye(s, event_id, bye); });
}

void SqliteEventStore::remove_bye(const std::string& event_id, int round, int player) {
    write(kRemoveBye, "removing a bye", [&](sqlite3_stmt* s) {
        bind_text(s, 1, event_id);
        sqlite3_bind_int(s, 2, round);
        sqlite3_bind_int(s, 3, player);
    });
}

void SqliteEventStore::append_result(const std::string& event_id, const EventResultRow& r) {
    write(kAppendResult, "adding a result", [&](sqlite3_stmt* s) {
        bind_text(s, 1, event_id);
        sqlite3_bind_int(s, 2, r.round);
        sqlite3_bind_int(s, 3, r.board);
        sqlite3_bind_int(s, 4, r.seq);
        bind_text(s, 5, r.result);
        bind_text(s, 6, r.reason);
        bind_text(s, 7, r.set_by);
        sqlite3_bind_int64(s, 8, r.set_at);
    });
}

void SqliteEventStore::set_join_token(const std::string& event_id,
                                      const std::optional<std::string>& token_hash) {
    write(kSetJoinToken, "setting the join link", [&](sqlite3_stmt* s) {
        bind_text(s, 1, event_id);
        if (token_hash)
            bind_text(s, 2, *token_hash);
        else
            sqlite3_bind_null(s, 2);
    });
}

std::optional<StoredEvent> SqliteEventStore::load_event(const std::string& id) {
    std::lock_guard lock(mutex_);
    // One snapshot for the event, its rounds and its boards.
    if (sqlite3_exec(db_, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK) fail("BEGIN");
    struct EndRead {
        sqlite3* db;
        ~EndRead() { sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr); }
    } end{db_};
    auto prepare = [&](const char* sql, const char* doing) {
        sqlite3_stmt* raw = nullptr;
        if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) fail(doing);
        Statement stmt(raw);
        bind_text(stmt.get(), 1, id);
        return stmt;
    };
    auto row = [&](sqlite3_stmt* stmt, const char* doing) {
        const int rc = sqlite3_step(stmt);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        fail(doing);
    };

    StoredEvent stored;
    {
        Statement stmt = prepare(kSelectEvent, "reading an event");
        if (!row(stmt.get(), "reading an event")) return std::nullopt;
        sqlite3_stmt* s = stmt.get();
        EventRow& e = stored.event;
        e.id = column_text(s, 0);
        e.name = column_text(s, 1);
        e.rounds = sqlite3_column_int(s, 2);
        e.excluded = excluded_from_text(column_text(s, 3));
        e.allow_repeats = sqlite3_column_int(s, 4) != 0;
        e.double960 = sqlite3_column_int(s, 5) != 0;
        e.clock_initial_ms = column_optional_int64(s, 6);
        e.clock_increment_ms = column_optional_int64(s, 7);
        e.secret = column_text(s, 8);
        e.commitment = column_text(s, 9);
        e.organiser_token_hash = column_text(s, 10);
        e.created_at = sqlite3_column_int64(s, 11);
        e.closed_at = column_optional_int64(s, 12);
        e.kind = column_text(s, 13);
        e.tiebreaks = column_text(s, 14);
        if (sqlite3_column_type(s, 15) != SQLITE_NULL) e.join_token_hash = column_text(s, 15);
    }
    {
        Statement stmt = prepare(kSelectRounds, "reading an event's rounds");
        while (row(stmt.get(), "reading an event's rounds")) {
            sqlite3_stmt* s = stmt.get();
            EventRoundRow r;
            r.round = sqlite3_column_int(s, 0);
            r.entropy = column_text(s, 1);
            r.reveal_at = sqlite3_column_int64(s, 2);
            r.start_at = sqlite3_column_int64(s, 3);
            r.white_number = column_optional_int(s, 4);
            r.black_number = column_optional_int(s, 5);
            r.revealed_at = column_optional_int64(s, 6);
            r.started_at = column_optional_int64(s, 7);
            r.created_at = sqlite3_column_int64(s, 8);
            stored.rounds.push_back(std::move(r));
        }
    }
    {
        Statement stmt = prepare(kSelectBoards, "reading an event's boards");
        while (row(stmt.get(), "reading an event's boards")) {
            sqlite3_stmt* s = stmt.get();
            const int round = sqlite3_column_int(s, 0);
            EventBoardRow b{sqlite3_column_int(s, 1),  column_text(s, 2),        column_text(s, 3),
                            column_text(s, 4),         column_text(s, 5),        column_text(s, 6),
                            column_optional_int(s, 7), column_optional_int(s, 8)};
            for (EventRoundRow& r : stored.rounds)
                if (r.round == round) r.boards.push_back(std::move(b));
        }
    }
    {
        Statement stmt = prepare(kSelectPlayers, "reading an event's players");
        while (row(stmt.get(), "reading an event's players")) {
            sqlite3_stmt* s = stmt.get();
            EventPlayerRow p;
            p.number = sqlite3_column_int(s, 0);
            p.name = column_text(s, 1);
            p.rating = column_optional_int(s, 2);
            p.title = column_text(s, 3);
            p.federation = column_text(s, 4);
            p.fide_id = column_text(s, 5);
            p.token_hash = column_text(s, 6);
            p.joined_round = sqlite3_column_int(s, 7);
            p.late_points = sqlite3_column_int(s, 8);
            p.withdrawn_after = column_optional_int(s, 9);
            p.created_at = sqlite3_column_int64(s, 10);
            p.updated_at = sqlite3_column_int64(s, 11);
            p.account_id = column_optional_text(s, 12);
            p.account_name = column_text(s, 13);
            stored.players.push_back(std::move(p));
        }
    }
    {
        Statement stmt = prepare(kSelectByes, "reading an event's byes");
        while (row(stmt.get(), "reading an event's byes")) {
            sqlite3_stmt* s = stmt.get();
            const std::string kind = column_text(s, 2);
            stored.byes.push_back(EventByeRow{sqlite3_column_int(s, 0), sqlite3_column_int(s, 1),
                                              kind.empty() ? ' ' : kind[0],
                                              sqlite3_column_int64(s, 3)});
        }
    }
    {
        Statement stmt = prepare(kSelectResults, "reading an event's results");
        while (row(stmt.get(), "reading an event's results")) {
            sqlite3_stmt* s = stmt.get();
            stored.results.push_back(
                EventResultRow{sqlite3_column_int(s, 0), sqlite3_column_int(s, 1),
                               sqlite3_column_int(s, 2), column_text(s, 3), column_text(s, 4),
                               column_text(s, 5), sqlite3_column_int64(s, 6)});
        }
    }
    return stored;
}

std::vector<PendingRound> SqliteEventStore::pending_rounds() {
    std::lock_guard lock(mutex_);
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, kSelectPending, -1, &raw, nullptr) != SQLITE_OK)
        fail("reading the pending rounds");
    Statement stmt(raw);
    std::vector<PendingRound> pending;
    for (;;) {
        const int rc = sqlite3_step(stmt.get());
        if (rc == SQLITE_DONE) break;
        if (rc != SQLITE_ROW) fail("reading the pending rounds");
        sqlite3_stmt* s = stmt.get();
        pending.push_back(PendingRound{column_text(s, 0), sqlite3_column_int(s, 1),
                                       sqlite3_column_int64(s, 2), sqlite3_column_int64(s, 3),
                                       sqlite3_column_type(s, 4) != SQLITE_NULL});
    }
    return pending;
}

}  // namespace chess960::server
