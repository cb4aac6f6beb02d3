// What only several servers sharing one database need (PostgreSQL): hearing of the changes the
// others make, one server computing each engine move, per-client limits that hold in total
// whichever servers a client goes through, and a client's engine games counted in the database.
// One object, which a single server on its own database (SQLite) does not have (open_cluster
// gives none): the game service then keeps these in memory (games/single_server.hpp).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "store/store.hpp"

namespace chess960::server {

// Hears of the changes other servers make to the shared database (Cluster::listen) until
// destroyed.
class StoreListener {
  public:
    virtual ~StoreListener() = default;
};

class Cluster {
  public:
    virtual ~Cluster() = default;

    // Other servers' changes: `on_change` gets the id of each game another server changed, once
    // its change is committed, or "" when some may have been missed; on a thread of the
    // listener's, until the listener is destroyed. Null where no other server writes.
    virtual std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)> on_change,
                                                  std::function<void(const std::string&)> log) = 0;

    // The right to compute the engine's next move in a game, for one server among those sharing
    // the database, until released or until that server's connection ends (it died): false when
    // another server holds it.
    virtual bool claim_engine(const std::string& game_id) = 0;
    virtual void release_engine(const std::string& game_id) = 0;

    // A token from `client`'s bucket of `kind` (a token bucket: `rate_per_second` tokens a
    // second up to `burst`, <= 0: no limit): 0 when allowed, else the seconds to wait (>= 1).
    // `client` is a client's address; a shared database keeps a hash of it.
    virtual int take_token(const std::string& kind, const std::string& client,
                           double rate_per_second, double burst) = 0;
    // The token a change takes from `client`'s bucket of `kind` in the transaction that stores it
    // (Store::write), so that a limit several servers share costs no round trip of its own; none
    // where the server's own bucket is the limit.
    virtual std::optional<TokenClaim> token_claim(const std::string& kind,
                                                  const std::string& client, double rate_per_second,
                                                  double burst) = 0;

    // Inserts an engine game created by `client` if the client has fewer than `limit` engine
    // games in play (counted whichever server created or finished them; one client's creations
    // take turns): nullopt when inserted, else the number in play.
    virtual std::optional<int> insert_engine_game(const GameRow& game, const std::string& client,
                                                  int limit) = 0;
    // An engine game insert_engine_game counted has ended (its result or abort is stored or on
    // its way).
    virtual void engine_game_over(const std::string& client) = 0;
};

}  // namespace chess960::server
