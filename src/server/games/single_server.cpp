#include "games/single_server.hpp"

#include "common/now.hpp"

namespace chess960::server {

int SingleServer::take_token(const std::string& kind, const std::string& client,
                             double rate_per_second, double burst) {
    RateLimiter* bucket = nullptr;
    {
        std::lock_guard lock(mutex_);
        auto& slot = buckets_[kind];
        if (!slot) slot = std::make_unique<RateLimiter>(rate_per_second, burst);
        bucket = slot.get();
    }
    return bucket->take(client, now_ms());
}

std::optional<int> SingleServer::insert_engine_game(const GameRow& game, const std::string& client,
                                                    int limit) {
    std::lock_guard lock(mutex_);
    int& in_play = engine_games_[client];
    if (limit > 0 && in_play >= limit) return in_play;
    store_.insert_game(game);
    ++in_play;
    return std::nullopt;
}

void SingleServer::engine_game_over(const std::string& client) {
    std::lock_guard lock(mutex_);
    if (auto it = engine_games_.find(client); it != engine_games_.end() && --it->second <= 0)
        engine_games_.erase(it);
}

}  // namespace chess960::server
