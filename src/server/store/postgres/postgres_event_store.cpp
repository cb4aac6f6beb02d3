#include "postgres_event_store.hpp"

#include <utility>

#include "store/store.hpp"

namespace chess960::server {

namespace {

constexpr const char* kInsertEvent =
    "INSERT INTO events(id, name, rounds, excluded, allow_repeats, double960, clock_initial_ms, "
    "clock_increment_ms, secret, commitment, organiser_token_hash, created_at, closed_at, kind, "
    "tiebreaks, join_token_hash) "
    "VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";
constexpr const char* kInsertRound =
    "INSERT INTO event_rounds(event_id, round, entropy, reveal_at, start_at, white_number, "
    "black_number, revealed_at, started_at, created_at) "
    "VALUES($1, $2, $3, $4, $5, NULL, NULL, NULL, NULL, $6)";
constexpr const char* kInsertBoard =
    "INSERT INTO event_boards(event_id, round, board, white_name, black_name, white_token_hash, "
    "black_token_hash, game_id, white_number, black_number) "
    "VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
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
    "clock_increment_ms, secret, commitment, organiser_token_hash, created_at, closed_at, kind, "
    "tiebreaks, join_token_hash FROM events WHERE id = $1";
constexpr const char* kSelectRounds =
    "SELECT round, entropy, reveal_at, start_at, white_number, black_number, revealed_at, "
    "started_at, created_at FROM event_rounds WHERE event_id = $1 ORDER BY round";
constexpr const char* kSelectBoards =
    "SELECT round, board, white_name, black_name, white_token_hash, black_token_hash, game_id, "
    "white_number, black_number FROM event_boards WHERE event_id = $1 ORDER BY round, board";
constexpr const char* kInsertPlayer =
    "INSERT INTO event_players(event_id, number, name, rating, title, federation, fide_id, "
    "token_hash, joined_round, late_points, withdrawn_after, created_at, updated_at, account_id) "
    "VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";
constexpr const char* kUpdatePlayer =
    "UPDATE event_players SET name = $3, rating = $4, title = $5, federation = $6, fide_id = $7, "
    "token_hash = $8, joined_round = $9, late_points = $10, withdrawn_after = $11, "
    "updated_at = $12, account_id = $13 WHERE event_id = $1 AND number = $2";
constexpr const char* kSelectPlayers =
    "SELECT p.number, p.name, p.rating, p.title, p.federation, p.fide_id, p.token_hash, "
    "p.joined_round, p.late_points, p.withdrawn_after, p.created_at, p.updated_at, p.account_id, "
    "COALESCE(a.name, '') FROM event_players p LEFT JOIN accounts a ON a.id = p.account_id "
    "WHERE p.event_id = $1 ORDER BY p.number";
constexpr const char* kSetBye =
    "INSERT INTO event_byes(event_id, round, player, kind, created_at) "
    "VALUES($1, $2, $3, $4, $5) ON CONFLICT (event_id, round, player) DO UPDATE SET "
    "kind = EXCLUDED.kind, created_at = EXCLUDED.created_at";
constexpr const char* kDeletePlayers = "DELETE FROM event_players WHERE event_id = $1";
constexpr const char* kDeleteByes = "DELETE FROM event_byes WHERE event_id = $1";
constexpr const char* kRemoveBye =
    "DELETE FROM event_byes WHERE event_id = $1 AND round = $2 AND player = $3";
constexpr const char* kSelectByes =
    "SELECT round, player, kind, created_at FROM event_byes WHERE event_id = $1 "
    "ORDER BY round, player";
// The board's next seq only, as SQLite's: a row is never replaced.
constexpr const char* kAppendResult =
    "INSERT INTO event_results(event_id, round, board, seq, result, reason, set_by, set_at) "
    "SELECT $1::text, $2::integer, $3::integer, $4::integer, $5::text, $6::text, $7::text, "
    "$8::bigint WHERE $4::integer = 1 + (SELECT count(*) FROM event_results WHERE event_id = "
    "$1::text AND round = $2::integer AND board = $3::integer)";
constexpr const char* kSelectResults =
    "SELECT round, board, seq, result, reason, set_by, set_at FROM event_results "
    "WHERE event_id = $1 ORDER BY round, board, seq";
constexpr const char* kSetJoinToken = "UPDATE events SET join_token_hash = $2 WHERE id = $1";

PgParams bye_params(const std::string& event_id, const EventByeRow& bye) {
    return PgParams()
        .text(event_id)
        .number(bye.round)
        .number(bye.player)
        .text(std::string(1, bye.kind))
        .number(bye.created_at);
}

// The player's columns from $3 on, as both statements bind them.
PgParams player_params(const std::string& event_id, const EventPlayerRow& p) {
    PgParams params;
    params.text(event_id)
        .number(p.number)
        .text(p.name)
        .optional_number(p.rating)
        .text(p.title)
        .text(p.federation)
        .text(p.fide_id)
        .text(p.token_hash)
        .number(p.joined_round)
        .number(p.late_points)
        .optional_number(p.withdrawn_after);
    return params;
}
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
                  .optional_number(e.closed_at)
                  .text(e.kind)
                  .text(e.tiebreaks)
                  .optional_text(e.join_token_hash),
              "inserting an event");
}

void PostgresEventStore::insert_round(const std::string& event_id, const EventRoundRow& r,
                                      const std::vector<EventByeRow>& byes) {
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
                      .text(b.game_id)
                      .optional_number(b.white_number)
                      .optional_number(b.black_number),
                  "inserting a board");
    for (const EventByeRow& bye : byes)
        db_.query(kSetBye, bye_params(event_id, bye), "inserting a bye");
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

void PostgresEventStore::insert_player(const std::string& event_id, const EventPlayerRow& p) {
    PgParams params = player_params(event_id, p);
    params.number(p.created_at).number(p.updated_at).optional_text(p.account_id);
    write_one(kInsertPlayer, params, "inserting a player");
}

void PostgresEventStore::update_player(const std::string& event_id, const EventPlayerRow& p) {
    PgParams params = player_params(event_id, p);
    params.number(p.updated_at).optional_text(p.account_id);
    write_one(kUpdatePlayer, params, "updating a player");
}

void PostgresEventStore::renumber_players(const std::string& event_id,
                                          const std::vector<EventPlayerRow>& players,
                                          const std::vector<EventByeRow>& byes) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    db_.query(kDeleteByes, PgParams().text(event_id), "renumbering the players");
    db_.query(kDeletePlayers, PgParams().text(event_id), "renumbering the players");
    for (const EventPlayerRow& p : players) {
        PgParams params = player_params(event_id, p);
        params.number(p.created_at).number(p.updated_at).optional_text(p.account_id);
        db_.query(kInsertPlayer, params, "renumbering the players");
    }
    for (const EventByeRow& bye : byes)
        db_.query(kSetBye, bye_params(event_id, bye), "renumbering the players");
    transaction.commit();
}

void PostgresEventStore::set_bye(const std::string& event_id, const EventByeRow& bye) {
    write_one(kSetBye, bye_params(event_id, bye), "setting a bye");
}

void PostgresEventStore::remove_bye(const std::string& event_id, int round, int player) {
    write_one(kRemoveBye, PgParams().text(event_id).number(round).number(player), "removing a bye");
}

void PostgresEventStore::append_result(const std::string& event_id, const EventResultRow& r) {
    write_one(kAppendResult,
              PgParams()
                  .text(event_id)
                  .number(r.round)
                  .number(r.board)
                  .number(r.seq)
                  .text(r.result)
                  .text(r.reason)
                  .text(r.set_by)
                  .number(r.set_at),
              "adding a result");
}

void PostgresEventStore::set_join_token(const std::string& event_id,
                                        const std::optional<std::string>& token_hash) {
    write_one(kSetJoinToken, PgParams().text(event_id).optional_text(token_hash),
              "setting the join link");
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
        e.kind = r.text(0, 13);
        e.tiebreaks = r.text(0, 14);
        if (!r.is_null(0, 15)) e.join_token_hash = r.text(0, 15);
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
            EventBoardRow b;
            b.board = int(r.number(i, 1));
            b.white_name = r.text(i, 2);
            b.black_name = r.text(i, 3);
            b.white_token_hash = r.text(i, 4);
            b.black_token_hash = r.text(i, 5);
            b.game_id = r.text(i, 6);
            if (auto v = r.optional_number(i, 7)) b.white_number = int(*v);
            if (auto v = r.optional_number(i, 8)) b.black_number = int(*v);
            for (EventRoundRow& each : stored.rounds)
                if (each.round == round) each.boards.push_back(std::move(b));
        }
    }
    {
        PgResult r = db_.query(kSelectPlayers, key, "reading an event's players");
        for (int i = 0; i < r.rows(); ++i) {
            EventPlayerRow p;
            p.number = int(r.number(i, 0));
            p.name = r.text(i, 1);
            if (auto v = r.optional_number(i, 2)) p.rating = int(*v);
            p.title = r.text(i, 3);
            p.federation = r.text(i, 4);
            p.fide_id = r.text(i, 5);
            p.token_hash = r.text(i, 6);
            p.joined_round = int(r.number(i, 7));
            p.late_points = int(r.number(i, 8));
            if (auto v = r.optional_number(i, 9)) p.withdrawn_after = int(*v);
            p.created_at = r.number(i, 10);
            p.updated_at = r.number(i, 11);
            p.account_id = r.optional_text(i, 12);
            p.account_name = r.text(i, 13);
            stored.players.push_back(std::move(p));
        }
    }
    {
        PgResult r = db_.query(kSelectByes, key, "reading an event's byes");
        for (int i = 0; i < r.rows(); ++i) {
            const std::string kind = r.text(i, 2);
            stored.byes.push_back(EventByeRow{int(r.number(i, 0)), int(r.number(i, 1)),
                                              kind.empty() ? ' ' : kind[0], r.number(i, 3)});
        }
    }
    {
        PgResult r = db_.query(kSelectResults, key, "reading an event's results");
        for (int i = 0; i < r.rows(); ++i)
            stored.results.push_back(EventResultRow{int(r.number(i, 0)), int(r.number(i, 1)),
                                                    int(r.number(i, 2)), r.text(i, 3), r.text(i, 4),
                                                    r.text(i, 5), r.number(i, 6)});
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
