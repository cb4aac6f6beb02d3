#include "postgres_event_store.hpp"

#include <utility>

#include "store/store.hpp"

namespace chess960::server {

namespace {

constexpr const char* kInsertEvent =
    "INSERT INTO events(id, name, rounds, excluded, allow_repeats, double960, clock_initial_ms, "
    "clock_increment_ms, secret, commitment, organiser_token_hash, created_at, closed_at) "
    "VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";
constexpr const char* kInsertRound =
    "INSERT INTO event_rounds(event_id, round, entropy, reveal_at, start_at, white_number, "
    "black_number, revealed_at, started_at, created_at) "
    "VALUES($1, $2, $3, $4, $5, NULL, NULL, NULL, NULL, $6)";
constexpr const char* kInsertBoard =
    "INSERT INTO event_boards(event_id, round, board, white_name, black_name, white_token_hash, "
    "black_token_hash, game_id) VALUES($1, $2, $3, $4, $5, $6, $7, $8)";
constexpr const char* kSetRevealed =
    "UPDATE event_rounds SET white_number = $3, black_number = $4, revealed_at = $5 "
    "WHERE event_id = $1 AND round = $2 AND revealed_at IS NULL";
constexpr const char* kSetStarted =
    "UPDATE event_rounds SET started_at = $3 WHERE event_id = $1 AND round = $2 AND "
    "revealed_at IS NOT NULL AND started_at IS NULL";
constexpr const char* kMoveReveal =
    "UPDATE event_rounds SET reveal_at = $3, start_at = $4 WHERE event_id = $1 AND round = $2 "
    "AND revealed_at IS NULL";
constexpr const char* kSetClosed =
    "UPDATE events SET closed_at = $2 WHERE id = $1 AND closed_at IS NULL";
constexpr const char* kSelectEvent =
    "SELECT id, name, rounds, excluded, allow_repeats, double960, clock_initial_ms, "
    "clock_increment_ms, secret, commitment, organiser_token_hash, created_at, closed_at "
    "FROM events WHERE id = $1";
constexpr const char* kSelectRounds =
    "SELECT round, entropy, reveal_at, start_at, white_number, black_number, revealed_at, "
    "started_at, created_at FROM event_rounds WHERE event_id = $1 ORDER BY round";
constexpr const char* kSelectBoards =
    "SELECT round, board, white_name, black_name, white_token_hash, black_token_hash, game_id "
    "FROM event_boards WHERE event_id = $1 ORDER BY round, board";
constexpr const char* kSelectPending =
    "SELECT event_id, round, reveal_at, start_at, revealed_at FROM event_rounds "
    "WHERE started_at IS NULL ORDER BY start_at, event_id";

}  // namespace

PostgresEventStore::PostgresEventStore(const std::string& uri) : db_(uri) {
    db_.query("SELECT 1 FROM events LIMIT 1", {}, "reading the events table");
}

void PostgresEventStore::write_one(const char* sql, const PgParams& params, const char* doing) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    const int changed = db_.query(sql, params, doing).changed();
    if (changed != 1)
        throw StoreError(db_.name() + ": " + doing + " changed " + std::to_string(changed) +
                         " rows, not 1");
}

void PostgresEventStore::insert_event(const EventRow& e) {
    write_one(kInsertEvent,
              PgParams()
                  .text(e.id)
                  .text(e.name)
                  .number(e.rounds)
                  .text(excluded_to_text(e.excluded))
                  .number(e.allow_repeats ? 1 : 0)
                  .number(e.double960 ? 1 : 0)
                  .optional_number(e.clock_initial_ms)
                  .optional_number(e.clock_increment_ms)
                  .text(e.secret)
                  .text(e.commitment)
                  .text(e.organiser_token_hash)
                  .number(e.created_at)
                  .optional_number(e.closed_at),
              "inserting an event");
}

void PostgresEventStore::insert_round(const std::string& event_id, const EventRoundRow& r) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    db_.query(kInsertRound,
              PgParams()
                  .text(event_id)
                  .number(r.round)
                  .text(r.entropy)
                  .number(r.reveal_at)
                  .number(r.start_at)
                  .number(r.created_at),
              "inserting a round");
    for (const EventBoardRow& b : r.boards)
        db_.query(kInsertBoard,
                  PgParams()
                      .text(event_id)
                      .number(r.round)
                      .number(b.board)
                      .text(b.white_name)
                      .text(b.black_name)
                      .text(b.white_token_hash)
                      .text(b.black_token_hash)
                      .text(b.game_id),
                  "inserting a board");
    transaction.commit();
}

void PostgresEventStore::set_revealed(const std::string& event_id, int round, int white_number,
                                      int black_number, std::int64_t at) {
    write_one(kSetRevealed,
              PgParams()
                  .text(event_id)
                  .number(round)
                  .number(white_number)
                  .number(black_number)
                  .number(at),
              "revealing a round");
}

void PostgresEventStore::set_started(const std::string& event_id, int round, std::int64_t at) {
    write_one(kSetStarted, PgParams().text(event_id).number(round).number(at), "starting a round");
}

void PostgresEventStore::move_reveal(const std::string& event_id, int round, std::int64_t reveal_at,
                                     std::int64_t start_at) {
    write_one(kMoveReveal,
              PgParams().text(event_id).number(round).number(reveal_at).number(start_at),
              "moving a round's reveal");
}

void PostgresEventStore::set_closed(const std::string& event_id, std::int64_t at) {
    write_one(kSetClosed, PgParams().text(event_id).number(at), "closing an event");
}

std::optional<StoredEvent> PostgresEventStore::load_event(const std::string& id) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    // One snapshot for the event, its rounds and its boards.
    PgTransaction snapshot(db_, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const PgParams key = PgParams().text(id);
    StoredEvent stored;
    {
        PgResult r = db_.query(kSelectEvent, key, "reading an event");
        if (r.rows() == 0) return std::nullopt;
        EventRow& e = stored.event;
        e.id = r.text(0, 0);
        e.name = r.text(0, 1);
        e.rounds = int(r.number(0, 2));
        e.excluded = excluded_from_text(r.text(0, 3));
        e.allow_repeats = r.number(0, 4) != 0;
        e.double960 = r.number(0, 5) != 0;
        e.clock_initial_ms = r.optional_number(0, 6);
        e.clock_increment_ms = r.optional_number(0, 7);
        e.secret = r.text(0, 8);
        e.commitment = r.text(0, 9);
        e.organiser_token_hash = r.text(0, 10);
        e.created_at = r.number(0, 11);
        e.closed_at = r.optional_number(0, 12);
    }
    {
        PgResult r = db_.query(kSelectRounds, key, "reading an event's rounds");
        for (int i = 0; i < r.rows(); ++i) {
            EventRoundRow round;
            round.round = int(r.number(i, 0));
            round.entropy = r.text(i, 1);
            round.reveal_at = r.number(i, 2);
            round.start_at = r.number(i, 3);
            if (auto v = r.optional_number(i, 4)) round.white_number = int(*v);
            if (auto v = r.optional_number(i, 5)) round.black_number = int(*v);
            round.revealed_at = r.optional_number(i, 6);
            round.started_at = r.optional_number(i, 7);
            round.created_at = r.number(i, 8);
            stored.rounds.push_back(std::move(round));
        }
    }
    {
        PgResult r = db_.query(kSelectBoards, key, "reading an event's boards");
        for (int i = 0; i < r.rows(); ++i) {
            const int round = int(r.number(i, 0));
            EventBoardRow b{int(r.number(i, 1)), r.text(i, 2), r.text(i, 3),
                            r.text(i, 4),        r.text(i, 5), r.text(i, 6)};
            for (EventRoundRow& each : stored.rounds)
                if (each.round == round) each.boards.push_back(std::move(b));
        }
    }
    snapshot.commit();
    return stored;
}

std::vector<PendingRound> PostgresEventStore::pending_rounds() {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgResult r = db_.query(kSelectPending, {}, "reading the pending rounds");
    std::vector<PendingRound> pending;
    for (int i = 0; i < r.rows(); ++i)
        pending.push_back(PendingRound{r.text(i, 0), int(r.number(i, 1)), r.number(i, 2),
                                       r.number(i, 3), !r.is_null(i, 4)});
    return pending;
}

}  // namespace chess960::server
