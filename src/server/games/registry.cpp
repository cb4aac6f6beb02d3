#include "games/registry.hpp"

#include <algorithm>

#include "common/api_error.hpp"
#include "common/now.hpp"

namespace chess960::server {

namespace {

constexpr std::size_t kFinishedCache = 256;

// Game ids are 16 hex digits; anything else is no game (and no database query).
bool plausible_id(std::string_view id) {
    return !id.empty() && id.size() <= 32 && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
}

}  // namespace

GameRegistry::GameRegistry(Store& store, Cluster& cluster, const GameLimits& limits,
                           std::function<void(const std::string&)> log)
    : store_(store), cluster_(cluster), limits_(limits), log_(std::move(log)) {}

void GameRegistry::log(const std::string& line) {
    if (log_) log_(line);
}

OnlineRules GameRegistry::rules_for(const GameRow& row) const {
    OnlineRules rules{limits_.abort_after, limits_.untimed_abort_after};
    if (row.event_id) rules.no_show_after = limits_.no_show_after;
    return rules;
}

void GameRegistry::load() {
    const Millis now = now_ms();
    std::lock_guard lock(mutex_);
    for (StoredGame& stored : store_.load_in_play()) {
        const OnlineRules rules = rules_for(stored.game);
        auto game = restore_game(std::move(stored), now, rules, /*resume_clock=*/true);
        games_.emplace(game->row.id, game);
    }
    if (!games_.empty()) log("loaded " + std::to_string(games_.size()) + " games in play");
}

std::shared_ptr<LiveGame> GameRegistry::lookup(std::string_view id) {
    if (!plausible_id(id)) return nullptr;
    const std::string key(id);
    {
        std::lock_guard lock(mutex_);
        if (auto it = games_.find(key); it != games_.end()) return it->second;
        for (auto it = finished_.begin(); it != finished_.end(); ++it) {
            if ((*it)->row.id == key) {
                auto game = *it;
                finished_.splice(finished_.begin(), finished_, it);
                return game;
            }
        }
    }
    auto stored = store_.load_game(key);
    if (!stored) return nullptr;
    // A game in play that is not in memory is being played through another server sharing the
    // store (a server on a store of its own holds every game in play from its start): its clock
    // runs as stored.
    const OnlineRules rules = rules_for(stored->game);
    auto game = restore_game(std::move(*stored), now_ms(), rules, /*resume_clock=*/false);
    std::unique_lock lock(mutex_);
    if (game->row.in_play()) {
        // Held from now on (or the copy another caller loaded meanwhile).
        auto [it, inserted] = games_.emplace(key, game);
        auto held = it->second;
        lock.unlock();
        if (inserted && on_loaded) on_loaded(held);
        return held;
    }
    finished_.push_front(game);
    if (finished_.size() > kFinishedCache) finished_.pop_back();
    return game;
}

std::shared_ptr<LiveGame> GameRegistry::find(std::string_view id) {
    if (auto game = lookup(id)) return game;
    const std::string quoted = quote(id, 32);
    throw ApiError{404, "unknown game '" + quoted + "'", 0, "unknown_game", {{"id", quoted}}};
}

std::shared_ptr<LiveGame> GameRegistry::held(const std::string& id) {
    std::lock_guard lock(mutex_);
    if (auto it = games_.find(id); it != games_.end()) return it->second;
    for (const auto& game : finished_)
        if (game->row.id == id) return game;
    return nullptr;
}

void GameRegistry::add(const std::shared_ptr<LiveGame>& game) {
    std::lock_guard lock(mutex_);
    games_.emplace(game->row.id, game);
}

std::vector<std::shared_ptr<LiveGame>> GameRegistry::in_play() {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<LiveGame>> live;
    live.reserve(games_.size());
    for (auto& [id, game] : games_) live.push_back(game);
    return live;
}

std::size_t GameRegistry::size() {
    std::lock_guard lock(mutex_);
    return games_.size() + finished_.size();
}

void GameRegistry::settle(const std::shared_ptr<LiveGame>& game) {
    if (game->play.is_active()) return;
    if (game->row.event_id && on_game_over) on_game_over(*game->row.event_id);
    if (std::exchange(game->counted_as_engine_game, false)) cluster_.engine_game_over(game->owner);
    {
        std::lock_guard lock(mutex_);
        if (!games_.erase(game->row.id)) return;
        finished_.push_front(game);
        if (finished_.size() > kFinishedCache) finished_.pop_back();
    }
    if (on_finished) on_finished(*game);
}

void GameRegistry::reload(LiveGame& game, bool resume_clock) {
    try {
        auto stored = store_.load_game(game.row.id);
        if (!stored) return;
        const OnlineRules rules = rules_for(stored->game);
        auto fresh = restore_game(std::move(*stored), now_ms(), rules, resume_clock);
        game.row = fresh->row;
        game.play = fresh->play;
        game.moves = std::move(fresh->moves);
    } catch (const std::exception& e) {
        log("game " + game.row.id + " could not be reloaded: " + e.what());
    }
}

}  // namespace chess960::server
