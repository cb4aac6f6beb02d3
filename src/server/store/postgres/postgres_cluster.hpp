// What several servers on one PostgreSQL database need (store/cluster.hpp), on the PostgreSQL
// store's own connection (postgres_store.hpp): LISTEN/NOTIFY for the changes the others make
// (postgres_listener.hpp), engine moves claimed by advisory locks, the per-client token buckets
// and engine games in the database's tables (postgres_schema.hpp). Clients are named there by a
// hash of their address.
#pragma once

#include "postgres_store.hpp"
#include "store/cluster.hpp"

namespace chess960::server {

class PostgresCluster final : public Cluster {
  public:
    explicit PostgresCluster(PostgresStore& store) : store_(store) {}

    // LISTEN on a connection of its own; the store's writes notify each change.
    std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)> on_change,
                                          std::function<void(const std::string&)> log) override;
    // A session-level advisory lock on the game (its key a hash of the id): PostgreSQL releases
    // it when the connection ends, so that a server that dies lets another take the game over.
    bool claim_engine(const std::string& game_id) override;
    void release_engine(const std::string& game_id) override;
    // The client_tokens table: one row per client and kind, updated by one upsert.
    int take_token(const std::string& kind, const std::string& client, double rate_per_second,
                   double burst) override;
    std::optional<TokenClaim> token_claim(const std::string& kind, const std::string& client,
                                          double rate_per_second, double burst) override;
    // The engine_game_clients table: an engine game's client until the game ends, counted under
    // a transaction-level advisory lock on the client.
    std::optional<int> insert_engine_game(const GameRow& game, const std::string& client,
                                          int limit) override;
    // Nothing: the table's rows of finished games are forgotten when the client's are counted.
    void engine_game_over(const std::string& /*client*/) override {}

  private:
    PostgresStore& store_;
};

}  // namespace chess960::server
