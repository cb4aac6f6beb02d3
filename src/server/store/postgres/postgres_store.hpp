// The game store on PostgreSQL through libpq (postgres_connection.hpp): for several servers on one
// database. One connection per store, serialised by a mutex, as SQLite's; every write is one
// transaction, committed (with PostgreSQL's synchronous_commit, on by default: in its WAL on
// disk) before the caller acknowledges it.
//
// Several servers may write the same game: Store::write's ply checks run inside the
// transaction, and a move's primary key (game, ply) lets exactly one of two servers storing the
// same ply at once store it (postgres_schema.hpp); each write notifies the other servers of the
// games it changed (postgres_listener.hpp).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "store/play_store.hpp"
#include "store/postgres_connection.hpp"
#include "store/store.hpp"

namespace chess960::server {

class PostgresStore final : public Store {
  public:
    // Connects to the database `uri` names, creates its tables if it has none (one server at a
    // time: an advisory lock) and checks the schema version. Throws StoreError (cannot connect,
    // a newer schema, another program's tables).
    // `rater` settles the ratings of an account game in the transaction that stores its end
    // (write); none: a game's end changes no rating (tools, tests of the games alone).
    explicit PostgresStore(const std::string& uri, Rater rater = {});

    void insert_game(const GameRow& game) override;
    void update_game(const GameRow& game) override;
    void add_move(const GameRow& game, const MoveRow& move) override;
    std::vector<std::optional<WriteRefusal>> write(std::span<const GameChange> changes) override;
    void import_games(const std::vector<StoredGame>& games) override;
    std::vector<StoredGame> load_in_play() override;
    std::optional<StoredGame> load_game(const std::string& id) override;
    std::vector<GameRow> recent_games(int limit) override;
    int event_games_in_play(const std::string& event_id) override;

  private:
    // What only a cluster of servers does (postgres_cluster.hpp) runs on this store's connection:
    // an engine move's claim is the connection's, and PostgreSQL lets it go when the connection
    // ends.
    friend class PostgresCluster;

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
    std::string origin_;  // this store in notices: random
    Rater rater_;
    unsigned tokens_taken_ = 0;  // the buckets that have refilled are forgotten now and then
    std::mutex mutex_;
    PgConnection db_;
};

}  // namespace chess960::server
