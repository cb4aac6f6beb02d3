// The cluster of one: what a server on a database of its own (SQLite) does where servers sharing
// one would ask the database (store/cluster.hpp). Nobody else changes its games, so there is
// nothing to hear; every engine move is its own to compute; the per-client limits are buckets in
// memory, and a client's engine games in play are counted in memory.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "common/rate_limit.hpp"
#include "store/cluster.hpp"

namespace chess960::server {

class SingleServer final : public Cluster {
  public:
    explicit SingleServer(Store& store) : store_(store) {}

    std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)>,
                                          std::function<void(const std::string&)>) override {
        return nullptr;
    }
    bool claim_engine(const std::string&) override { return true; }
    void release_engine(const std::string&) override {}
    // From this server's bucket of `kind` (made at the first call, with its rate and burst).
    int take_token(const std::string& kind, const std::string& client, double rate_per_second,
                   double burst) override;
    // None: the caller's own bucket is the limit.
    std::optional<TokenClaim> token_claim(const std::string&, const std::string&, double,
                                          double) override {
        return std::nullopt;
    }
    std::optional<int> insert_engine_game(const GameRow& game, const std::string& client,
                                          int limit) override;
    void engine_game_over(const std::string& client) override;

  private:
    Store& store_;
    std::mutex mutex_;
    std::map<std::string, std::unique_ptr<RateLimiter>> buckets_;  // by kind
    std::unordered_map<std::string, int> engine_games_;            // in play, by client
};

}  // namespace chess960::server
