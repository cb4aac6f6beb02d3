// The events' store on SQLite: the game store's file (sqlite_store.hpp), on a connection of its
// own.
#pragma once

#include <mutex>
#include <string>

#include "store/event_store.hpp"

struct sqlite3;

namespace chess960::server {

class SqliteEventStore final : public EventStore {
  public:
    // Opens the file the game store has already opened and migrated. Throws StoreError.
    explicit SqliteEventStore(const std::string& path);
    ~SqliteEventStore() override;
    SqliteEventStore(const SqliteEventStore&) = delete;
    SqliteEventStore& operator=(const SqliteEventStore&) = delete;

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
    void close();
    [[noreturn]] void fail(const std::string& doing);
    void exec(const char* sql, const char* doing);
    // Runs one statement with `bind` applied; it must change exactly `changes` rows (-1: any).
    template <typename Bind>
    void write(const char* sql, const char* doing, Bind bind, int changes = 1);
    // Runs one statement with `bind` applied, inside a transaction the caller holds.
    template <typename Bind>
    void step(const char* sql, const char* doing, Bind bind);

    std::string path_;
    std::mutex mutex_;
    sqlite3* db_ = nullptr;
};

}  // namespace chess960::server
