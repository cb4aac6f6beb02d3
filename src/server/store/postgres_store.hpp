// The game store on PostgreSQL through libpq (postgres_connection.hpp): for several servers on one
// database. One connection per store, serialised by a mutex, as SQLite's; every write is one
// transaction, committed (with PostgreSQL's synchronous_commit, on by default: in its WAL on
// disk) before the caller acknowledges it.
//
// Several servers may write the same game: Store::write's ply checks run inside the
// transaction, and a move's primary key (game, ply) lets exactly one of two servers storing the
// same ply at once store it (postgres_schema.hpp).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "store/postgres_connection.hpp"
#include "store/store.hpp"

namespace chess960::server {

class PostgresStore final : public StoreBackend {
  public:
    // Connects to the database `uri` names, creates its tables if it has none (one server at a
    // time: an advisory lock) and checks the schema version. Throws StoreError (cannot connect,
    // a newer schema, another program's tables).
    explicit PostgresStore(const std::string& uri);

    void insert_game(const GameRow& game) override;
    void update_game(const GameRow& game) override;
    void add_move(const GameRow& game, const MoveRow& move) override;
    std::vector<std::optional<WriteRefusal>> write(std::span<const GameChange> changes) override;
    void import_games(const std::vector<StoredGame>& games) override;
    std::vector<StoredGame> load_in_play() override;
    std::optional<StoredGame> load_game(const std::string& id) override;
    std::vector<GameRow> recent_games(int limit) override;
    int event_games_in_play(const std::string& event_id) override;
    // LISTEN on a connection of its own (postgres_listener.hpp); write() notifies each change.
    std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)> on_change,
                                          std::function<void(const std::string&)> log) override;
    bool shared() const override { return true; }
    // A session-level advisory lock on the game (its key a hash of the id): PostgreSQL releases
    // it when the connection ends, so that a server that dies lets another take the game over.
    bool claim_engine(const std::string& game_id) override;
    void release_engine(const std::string& game_id) override;
    // The client_tokens table: one row per client and kind, updated by one upsert.
    int take_token(const std::string& kind, const std::string& client, double rate_per_second,
                   double burst) override;
    // The engine_game_clients table: an engine game's client until the game ends, counted under
    // a transaction-level advisory lock on the client.
    std::optional<int> insert_engine_game(const GameRow& game, const std::string& client,
                                          int limit) override;

  private:
    // The tokens a write's changes claim (TokenClaim), taken from the client_tokens table in the
    // write's transaction: per kind and client, how many of its claims are given and the
    // tokens left after them.
    struct Grant {
        int to_give;
        double tokens_left;
    };
    std::map<std::pair<std::string, std::string>, Grant> take_claimed_tokens(
        std::span<const GameChange> changes);
    void migrate();
    void upgrade(int version);
    int takeback(const GameChange& change);
    std::vector<MoveRow> moves_of(const std::string& id);
    void fold_last_move(GameRow& game);

    std::string uri_;
    std::string origin_;         // this store in notices: random
    unsigned tokens_taken_ = 0;  // the buckets that have refilled are forgotten now and then
    std::mutex mutex_;
    PgConnection db_;
};

}  // namespace chess960::server
