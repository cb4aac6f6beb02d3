#include "games/scheduler.hpp"

#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

#include "common/api_error.hpp"
#include "common/now.hpp"
#include "engine/strength.hpp"

namespace chess960::server {

namespace {

// Levels 1..8: UCI_Elo 1320 .. 2400 (engine/strength.hpp; 1400, 1800 and 2200 are measured
// points), then full strength (0 = no limit).
constexpr int kLevelElo[9] = {0, 1320, 1400, 1600, 1800, 2000, 2200, 2400, 0};
// Thinking time per engine move at each level (a time control can make it shorter).
constexpr Millis kLevelMovetimeMs[9] = {0, 150, 200, 300, 400, 600, 800, 1200, 2000};
constexpr auto kDeadlineTick = std::chrono::milliseconds(100);
// How often a server tries again to claim an engine move another server holds.
constexpr Millis kEngineRetry = 1000;

}  // namespace

GameScheduler::GameScheduler(GameRegistry& registry, MovePipeline& pipeline, Cluster& cluster,
                             EnginePoolOptions engine, std::function<void(const std::string&)> log)
    : registry_(registry),
      pipeline_(pipeline),
      cluster_(cluster),
      log_(std::move(log)),
      engines_(engine) {}

GameScheduler::~GameScheduler() { stop(); }

void GameScheduler::log(const std::string& line) {
    if (log_) log_(line);
}

void GameScheduler::start() {
    deadline_thread_ = std::thread([this] { deadline_loop(); });
}

void GameScheduler::stop() {
    if (stopping_.exchange(true)) return;
    { std::lock_guard lock(deadline_mutex_); }
    deadline_wake_.notify_all();
    engines_.stop();
    if (deadline_thread_.joinable()) deadline_thread_.join();
    save_running_clocks();
}

void GameScheduler::save_running_clocks() {
    const Millis now = now_ms();
    for (auto& game : registry_.in_play()) {
        std::lock_guard lock(game->mutex);
        try {
            pipeline_.apply_deadlines(game, now);  // a flag that has fallen ends the game first
            const auto& clock = game->play.clock();
            if (!game->play.is_active() || !clock || !clock->running()) continue;
            const Color running = *clock->running();
            Millis left[2] = {clock->stored(White), clock->stored(Black)};
            left[running] = clock->remaining(running, now);
            game->play.restore_clock(
                Clock::restore(clock->control(), left[White], left[Black], running, now));
            game->sync_row(now);
            pipeline_.persist(
                game, GameChange{game->row, std::nullopt}, nullptr, nullptr,
                [this, id = game->row.id](Completion<Answer> saved) {
                    try {
                        std::move(saved).get();
                    } catch (const std::exception& e) {
                        log("game " + id + ": clock not saved at the stop: " + e.what());
                    }
                });
        } catch (const std::exception& e) {
            log("game " + game->row.id + ": clock not saved at the stop: " + e.what());
        }
    }
}

void GameScheduler::schedule_engine(const std::shared_ptr<LiveGame>& game) {
    if (stopping_ || !game->engine_to_move() || game->engine_queued || game->thinking) return;
    game->engine_queued = true;
    engines_.submit(game->owner, [this, game](engine::Searcher& searcher, std::atomic<bool>& stop) {
        engine_turn(game, searcher, stop);
    });
}

// The search may be stopped early (EnginePool: another client waits): its best move so far is
// played. Only a stop of the pool drops it.
void GameScheduler::engine_turn(const std::shared_ptr<LiveGame>& game, engine::Searcher& searcher,
                                std::atomic<bool>& stop) {
    Position root;
    std::vector<std::uint64_t> history;
    engine::Limits limits;
    int ply = 0;
    int level = 8;
    // One server computes the move: the one that claims it (Cluster::claim_engine; where servers
    // share the store the others try again every kEngineRetry, and take it over when that
    // server dies).
    bool claimed = false;
    auto release = [this, &claimed, id = game->row.id] {
        if (!std::exchange(claimed, false)) return;
        try {
            cluster_.release_engine(id);
        } catch (const StoreError& e) {
            log("game " + id + ": the engine's claim not released: " + e.what());
        }
    };
    try {
        std::lock_guard lock(game->mutex);
        game->engine_queued = false;
        const Millis now = now_ms();
        pipeline_.apply_deadlines(game, now);
        if (!game->engine_to_move()) return;
        try {
            claimed = cluster_.claim_engine(game->row.id);
        } catch (const StoreError& e) {
            log("game " + game->row.id + ": the engine's move not claimed: " + e.what());
        }
        if (!claimed) {
            game->engine_retry_at = now + kEngineRetry;
            return;
        }
        const OnlineGame& play = game->play;
        root = play.position();
        ply = play.ply();
        for (int i = 0; i < ply; ++i) history.push_back(play.game().position_at(i).key());
        level = std::clamp(game->row.level.value_or(8), 1, 8);
        limits.movetime = kLevelMovetimeMs[level];
        if (const auto& clock = play.clock()) {
            const Color us = root.side_to_move();
            const Millis budget =
                clock->remaining(us, now) / 30 + clock->control().increment * 3 / 4;
            limits.movetime = std::clamp<Millis>(budget, 20, limits.movetime);
        }
        game->thinking = true;
        pipeline_.publish_state(game, now);
    } catch (const std::exception& e) {
        log("engine turn in game " + game->row.id + ": " + e.what());
        release();
        return;
    }
    thread_local std::string last_game;
    if (last_game != game->row.id) searcher.clear();
    last_game = game->row.id;
    searcher.set_weakness(kLevelElo[level] ? engine::weakness_for_elo(kLevelElo[level])
                                           : engine::Weakness{});
    engine::SearchResult result;
    try {
        result = searcher.search(root, history, limits, stop, [](const auto&) {});
    } catch (const std::exception& e) {
        log(std::string("engine search failed: ") + e.what());
    }
    std::lock_guard lock(game->mutex);
    game->thinking = false;
    if (result.best) game->engine_score = result.score;
    const Millis now = now_ms();
    if (engines_.stopping()) {
        release();
        return;
    }
    try {
        pipeline_.apply_deadlines(game, now);
        if (game->play.ply() != ply || !game->engine_to_move() || !result.best) {
            release();
            pipeline_.publish_state(game, now);
            // Stopped for another client before its first iteration: searched again in turn.
            if (!result.best) schedule_engine(game);
            return;
        }
        // The claim goes once the move is stored (or refused).
        Reply stored = [this, id = game->row.id](Completion<Answer>) {
            try {
                cluster_.release_engine(id);
            } catch (const StoreError& e) {
                log("game " + id + ": the engine's claim not released: " + e.what());
            }
        };
        claimed = false;
        pipeline_.commit_move(game, *game->engine_color, result.best, now, std::move(stored),
                              nullptr);
    } catch (const std::exception& e) {
        log("engine move in game " + game->row.id + " not played: " + e.what());
        release();
        pipeline_.publish_state(game, now);
    }
}

void GameScheduler::deadline_loop() {
    std::unique_lock wait_lock(deadline_mutex_);
    while (!stopping_) {
        deadline_wake_.wait_for(wait_lock, kDeadlineTick);
        if (stopping_) break;
        const Millis now = now_ms();
        for (auto& game : registry_.in_play()) {
            std::lock_guard lock(game->mutex);
            // An engine move another server had claimed: tried again.
            if (game->engine_retry_at && game->engine_retry_at <= now) {
                game->engine_retry_at = 0;
                schedule_engine(game);
            }
            auto deadline = game->play.next_deadline();
            if (!deadline || *deadline > now) continue;
            try {
                pipeline_.apply_deadlines(game, now);
            } catch (const std::exception& e) {
                log("game " + game->row.id + ": " + e.what());
            }
        }
    }
}

}  // namespace chess960::server
