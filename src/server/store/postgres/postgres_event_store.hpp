// The events' store on PostgreSQL: the game store's database (postgres_store.hpp), on a
// connection of its own.
#pragma once

#include <mutex>
#include <string>

#include "store/event_store.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PostgresEventStore final : public EventStore {
  public:
    // Connects to the database the game store has already connected to and migrated. Throws
    // StoreError.
    explicit PostgresEventStore(const std::string& uri);

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

  private:
    // Runs one statement in its own transaction; it must change exactly one row.
    void write_one(const char* sql, const PgParams& params, const char* doing);

    std::mutex mutex_;
    PgConnection db_;
};

}  // namespace chess960::server
