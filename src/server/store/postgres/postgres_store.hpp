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
#include <string>
#include <utility>

#include "postgres_session.hpp"
#include "sql_store.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PostgresStore final : public SqlStore {
  public:
    // Connects to the database `uri` names, creates its tables if it has none (one server at a
    // time: an advisory lock) and checks the schema version. Throws StoreError (cannot connect,
    // a newer schema, another program's tables).
    // `rater` settles the ratings of an account game in the transaction that stores its end
    // (write); none: a game's end changes no rating (tools, tests of the games alone).
    explicit PostgresStore(const std::string& uri, Rater rater = {});

  private:
    // What only a cluster of servers does (postgres_cluster.hpp) runs on this store's connection:
    // an engine move's claim is the connection's, and PostgreSQL lets it go when the connection
    // ends.
    friend class PostgresCluster;

    void begin_changes(std::span<const GameChange> changes) override;
    std::optional<WriteRefusal> claim(const GameChange& change) override;
    void changes_saved(const std::vector<std::string>& game_ids) override;

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

    std::string uri_;
    std::string origin_;         // this store in notices: random
    std::string notify_;         // the notice of the games a write changed
    unsigned tokens_taken_ = 0;  // the buckets that have refilled are forgotten now and then
    std::map<std::pair<std::string, std::string>, Grant> grants_;  // the write's, being given
    PgConnection db_;
    PgSession session_;
};

}  // namespace chess960::server
