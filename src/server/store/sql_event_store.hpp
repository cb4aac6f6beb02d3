// The events' store's logic, once for both back ends (SqliteEventStore, PostgresEventStore): each
// operation's parameters, rows and transactions. A back end gives its SQL text (EventStatements)
// and a session (sql_session.hpp).
#pragma once

#include <mutex>
#include <string>

#include "sql_session.hpp"
#include "store/event_store.hpp"

namespace chess960::server {

// The columns of the events' tables as both back ends' SQL lists them, in the order the shared
// row readers (sql_event_store.cpp) read them.
#define CHESS960_EVENT_COLUMNS                                                                     \
    "id, name, rounds, excluded, allow_repeats, double960, clock_initial_ms, clock_increment_ms, " \
    "secret, commitment, organiser_token_hash, created_at, closed_at, kind, tiebreaks, "           \
    "join_token_hash"
#define CHESS960_EVENT_ROUND_COLUMNS                                                             \
    "round, entropy, reveal_at, start_at, white_number, black_number, revealed_at, started_at, " \
    "created_at"
#define CHESS960_EVENT_BOARD_COLUMNS                                                      \
    "round, board, white_name, black_name, white_token_hash, black_token_hash, game_id, " \
    "white_number, black_number"
#define CHESS960_EVENT_PLAYER_COLUMNS                                                           \
    "number, name, rating, title, federation, fide_id, token_hash, joined_round, late_points, " \
    "withdrawn_after, created_at, updated_at, account_id"
#define CHESS960_EVENT_RESULT_COLUMNS "round, board, seq, result, reason, set_by, set_at"
#define CHESS960_EVENT_BYE_COLUMNS "round, player, kind, created_at"

// The events' statements in a back end's SQL, with the same parameters and columns on both.
struct EventStatements {
    const char* insert_event;
    const char* set_closed;
    const char* set_join_token;
    const char* select_event;
    const char* insert_round;
    const char* insert_board;
    const char* set_revealed;
    const char* set_started;
    const char* move_reveal;
    const char* select_rounds;
    const char* select_boards;
    const char* select_pending;
    // A player's 14 columns ($1 event, $2 number ... $12 created_at, $13 updated_at, $14 account);
    // update_player's 13 are the same without created_at.
    const char* insert_player;
    const char* update_player;
    const char* delete_players;
    const char* select_players;
    const char* set_bye;
    const char* remove_bye;
    const char* delete_byes;
    const char* select_byes;
    // Only the board's next seq: a row is never replaced.
    const char* append_result;
    const char* select_results;
};

class SqlEventStore : public EventStore {
  public:
    void insert_event(const EventRow& event) override;
    void insert_round(const std::string& event_id, const EventRoundRow& round,
                      const std::vector<EventByeRow>& byes) override;
    void set_revealed(const std::string& event_id, int round, int white_number, int black_number,
                      std::int64_t at) override;
    void set_started(const std::string& event_id, int round, std::int64_t at) override;
    void move_reveal(const std::string& event_id, int round, std::int64_t reveal_at,
                     std::int64_t start_at) override;
    void set_closed(const std::string& event_id, std::int64_t at) override;
    void insert_player(const std::string& event_id, const EventPlayerRow& player) override;
    void update_player(const std::string& event_id, const EventPlayerRow& player) override;
    void renumber_players(const std::string& event_id, const std::vector<EventPlayerRow>& players,
                          const std::vector<EventByeRow>& byes) override;
    void set_bye(const std::string& event_id, const EventByeRow& bye) override;
    void remove_bye(const std::string& event_id, int round, int player) override;
    void append_result(const std::string& event_id, const EventResultRow& result) override;
    void set_join_token(const std::string& event_id,
                        const std::optional<std::string>& token_hash) override;
    std::optional<StoredEvent> load_event(const std::string& id) override;
    std::vector<PendingRound> pending_rounds() override;

  protected:
    // `session` may be a member of the derived store: it is not used before a call.
    SqlEventStore(const EventStatements& sql, SqlSession& session) : sql_(sql), session_(session) {}

  private:
    // Runs one statement; it must change exactly one row.
    void write_one(const char* sql, const SqlValues& values, const char* doing);

    const EventStatements& sql_;
    SqlSession& session_;
    std::mutex mutex_;
};

}  // namespace chess960::server
