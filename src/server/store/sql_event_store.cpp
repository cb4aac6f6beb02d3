#include "sql_event_store.hpp"

#include <utility>

#include "store/store.hpp"

namespace chess960::server {

namespace {

SqlValues bye_values(const std::string& event_id, const EventByeRow& bye) {
    return SqlValues()
        .text(event_id)
        .number(bye.round)
        .number(bye.player)
        .text(std::string(1, bye.kind))
        .number(bye.created_at);
}

// A player's columns up to withdrawn_after ($1 .. $11), as both statements bind them.
SqlValues player_values(const std::string& event_id, const EventPlayerRow& p) {
    SqlValues values;
    values.text(event_id)
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
    return values;
}

SqlValues new_player_values(const std::string& event_id, const EventPlayerRow& p) {
    SqlValues values = player_values(event_id, p);
    values.number(p.created_at).number(p.updated_at).optional_text(p.account_id);
    return values;
}

EventRow read_event(const SqlRow& row) {
    EventRow e;
    e.id = row.text(0);
    e.name = row.text(1);
    e.rounds = row.integer(2);
    e.excluded = excluded_from_text(row.text(3));
    e.allow_repeats = row.number(4) != 0;
    e.double960 = row.number(5) != 0;
    e.clock_initial_ms = row.optional_number(6);
    e.clock_increment_ms = row.optional_number(7);
    e.secret = row.text(8);
    e.commitment = row.text(9);
    e.organiser_token_hash = row.text(10);
    e.created_at = row.number(11);
    e.closed_at = row.optional_number(12);
    e.kind = row.text(13);
    e.tiebreaks = row.text(14);
    e.join_token_hash = row.optional_text(15);
    return e;
}

EventRoundRow read_round(const SqlRow& row) {
    EventRoundRow r;
    r.round = row.integer(0);
    r.entropy = row.text(1);
    r.reveal_at = row.number(2);
    r.start_at = row.number(3);
    r.white_number = row.optional_integer(4);
    r.black_number = row.optional_integer(5);
    r.revealed_at = row.optional_number(6);
    r.started_at = row.optional_number(7);
    r.created_at = row.number(8);
    return r;
}

// Column 0 is the board's round.
EventBoardRow read_board(const SqlRow& row) {
    return EventBoardRow{row.integer(1),
                         row.text(2),
                         row.text(3),
                         row.text(4),
                         row.text(5),
                         row.text(6),
                         row.optional_integer(7),
                         row.optional_integer(8)};
}

EventPlayerRow read_player(const SqlRow& row) {
    EventPlayerRow p;
    p.number = row.integer(0);
    p.name = row.text(1);
    p.rating = row.optional_integer(2);
    p.title = row.text(3);
    p.federation = row.text(4);
    p.fide_id = row.text(5);
    p.token_hash = row.text(6);
    p.joined_round = row.integer(7);
    p.late_points = row.integer(8);
    p.withdrawn_after = row.optional_integer(9);
    p.created_at = row.number(10);
    p.updated_at = row.number(11);
    p.account_id = row.optional_text(12);
    p.account_name = row.text(13);
    return p;
}

EventByeRow read_bye(const SqlRow& row) {
    const std::string kind = row.text(2);
    return EventByeRow{row.integer(0), row.integer(1), kind.empty() ? ' ' : kind[0], row.number(3)};
}

EventResultRow read_result(const SqlRow& row) {
    return EventResultRow{row.integer(0), row.integer(1), row.integer(2), row.text(3),
                          row.text(4),    row.text(5),    row.number(6)};
}

PendingRound read_pending(const SqlRow& row) {
    return PendingRound{row.text(0), row.integer(1), row.number(2), row.number(3), !row.is_null(4)};
}

}  // namespace

void SqlEventStore::write_one(const char* sql, const SqlValues& values, const char* doing) {
    std::lock_guard lock(mutex_);
    const int changed = session_.run(sql, values, doing);
    if (changed != 1)
        throw StoreError(session_.name() + ": " + doing + " changed " + std::to_string(changed) +
                         " rows, not 1");
}

void SqlEventStore::insert_event(const EventRow& e) {
    write_one(sql_.insert_event,
              SqlValues()
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

void SqlEventStore::insert_round(const std::string& event_id, const EventRoundRow& r,
                                 const std::vector<EventByeRow>& byes) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    session_.run(sql_.insert_round,
                 SqlValues()
                     .text(event_id)
                     .number(r.round)
                     .text(r.entropy)
                     .number(r.reveal_at)
                     .number(r.start_at)
                     .number(r.created_at),
                 "inserting a round");
    for (const EventBoardRow& b : r.boards)
        session_.run(sql_.insert_board,
                     SqlValues()
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
        session_.run(sql_.set_bye, bye_values(event_id, bye), "inserting a bye");
    transaction.commit();
}

void SqlEventStore::set_revealed(const std::string& event_id, int round, int white_number,
                                 int black_number, std::int64_t at) {
    write_one(sql_.set_revealed,
              SqlValues()
                  .text(event_id)
                  .number(round)
                  .number(white_number)
                  .number(black_number)
                  .number(at),
              "revealing a round");
}

void SqlEventStore::set_started(const std::string& event_id, int round, std::int64_t at) {
    write_one(sql_.set_started, SqlValues().text(event_id).number(round).number(at),
              "starting a round");
}

void SqlEventStore::move_reveal(const std::string& event_id, int round, std::int64_t reveal_at,
                                std::int64_t start_at) {
    write_one(sql_.move_reveal,
              SqlValues().text(event_id).number(round).number(reveal_at).number(start_at),
              "moving a round's reveal");
}

void SqlEventStore::set_closed(const std::string& event_id, std::int64_t at) {
    write_one(sql_.set_closed, SqlValues().text(event_id).number(at), "closing an event");
}

void SqlEventStore::insert_player(const std::string& event_id, const EventPlayerRow& p) {
    write_one(sql_.insert_player, new_player_values(event_id, p), "inserting a player");
}

void SqlEventStore::update_player(const std::string& event_id, const EventPlayerRow& p) {
    SqlValues values = player_values(event_id, p);
    values.number(p.updated_at).optional_text(p.account_id);
    write_one(sql_.update_player, values, "updating a player");
}

void SqlEventStore::renumber_players(const std::string& event_id,
                                     const std::vector<EventPlayerRow>& players,
                                     const std::vector<EventByeRow>& byes) {
    std::lock_guard lock(mutex_);
    SqlTransaction transaction(session_);
    const SqlValues event = SqlValues().text(event_id);
    session_.run(sql_.delete_byes, event, "renumbering the players");
    session_.run(sql_.delete_players, event, "renumbering the players");
    for (const EventPlayerRow& p : players)
        session_.run(sql_.insert_player, new_player_values(event_id, p), "renumbering the players");
    for (const EventByeRow& bye : byes)
        session_.run(sql_.set_bye, bye_values(event_id, bye), "renumbering the players");
    transaction.commit();
}

void SqlEventStore::set_bye(const std::string& event_id, const EventByeRow& bye) {
    write_one(sql_.set_bye, bye_values(event_id, bye), "setting a bye");
}

void SqlEventStore::remove_bye(const std::string& event_id, int round, int player) {
    write_one(sql_.remove_bye, SqlValues().text(event_id).number(round).number(player),
              "removing a bye");
}

void SqlEventStore::append_result(const std::string& event_id, const EventResultRow& r) {
    write_one(sql_.append_result,
              SqlValues()
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

void SqlEventStore::set_join_token(const std::string& event_id,
                                   const std::optional<std::string>& token_hash) {
    write_one(sql_.set_join_token, SqlValues().text(event_id).optional_text(token_hash),
              "setting the join link");
}

std::optional<StoredEvent> SqlEventStore::load_event(const std::string& id) {
    std::lock_guard lock(mutex_);
    // One snapshot for the event, its rounds and its boards.
    SqlTransaction snapshot(session_, SqlTransactionKind::read);
    const SqlValues key = SqlValues().text(id);
    std::optional<EventRow> event =
        query_first(session_, sql_.select_event, key, "reading an event", read_event);
    if (!event) return std::nullopt;
    StoredEvent stored;
    stored.event = std::move(*event);
    stored.rounds =
        query_all(session_, sql_.select_rounds, key, "reading an event's rounds", read_round);
    session_.query(sql_.select_boards, key, "reading an event's boards", [&](const SqlRow& row) {
        const int round = row.integer(0);
        for (EventRoundRow& r : stored.rounds)
            if (r.round == round) r.boards.push_back(read_board(row));
    });
    stored.players =
        query_all(session_, sql_.select_players, key, "reading an event's players", read_player);
    stored.byes = query_all(session_, sql_.select_byes, key, "reading an event's byes", read_bye);
    stored.results =
        query_all(session_, sql_.select_results, key, "reading an event's results", read_result);
    snapshot.commit();
    return stored;
}

std::vector<PendingRound> SqlEventStore::pending_rounds() {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_pending, {}, "reading the pending rounds", read_pending);
}

}  // namespace chess960::server
