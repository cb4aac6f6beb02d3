#include "games/sync.hpp"

#include <algorithm>

#include "common/now.hpp"

namespace chess960::server {

std::shared_ptr<const GameUpdate> takeback_update(const LiveGame& game, int ply, Millis now) {
    auto update = std::make_shared<GameUpdate>();
    update->kind = GameUpdate::Kind::Takeback;
    update->state = game.state(now);
    update->ply = ply;
    return update;
}

GameSync::GameSync(Cluster& cluster, GameRegistry& registry, MovePipeline& pipeline,
                   GameScheduler& scheduler, std::function<void(const std::string&)> log)
    : registry_(registry), pipeline_(pipeline), scheduler_(scheduler), log_(std::move(log)) {
    listener_ = cluster.listen([this](const std::string& id) { changed_elsewhere(id); },
                               [this](const std::string& line) {
                                   if (log_) log_(line);
                               });
    if (listener_)
        pipeline_.catch_up = [this](const std::shared_ptr<LiveGame>& game, bool tell_state) {
            catch_up(game, tell_state);
        };
}

GameSync::~GameSync() { stop(); }

void GameSync::stop() {
    if (stopping_.exchange(true)) return;
    listener_.reset();
}

bool GameSync::may_be_behind(const LiveGame& game) const {
    return listener_ && game.pending_writes == 0 && game.play.is_active();
}

int GameSync::common_plies(const std::vector<Move>& a, const std::vector<Move>& b) {
    const std::size_t size = std::min(a.size(), b.size());
    std::size_t same = 0;
    while (same < size && a[same] == b[same]) ++same;
    return int(same);
}

void GameSync::changed_elsewhere(const std::string& id) {
    if (stopping_) return;
    if (id.empty()) {
        for (const auto& game : registry_.in_play()) changed_elsewhere(game->row.id);
        return;
    }
    auto game = registry_.held(id);
    if (!game) return;  // read from the store when asked for
    std::lock_guard lock(game->mutex);
    if (game->pending_writes > 0)
        game->catch_up_due = true;
    else
        catch_up(game);
}

void GameSync::catch_up(const std::shared_ptr<LiveGame>& game, bool tell_state) {
    const GameRow before_row = game->row;
    const std::vector<Move> before_moves = game->play.game().moves();
    // Its clock as stored: the other servers' clocks run from it too.
    registry_.reload(*game, /*resume_clock=*/false);
    const Millis now = now_ms();
    const Game& played = game->play.game();
    const int plies = int(played.moves().size());
    int from = game->published_ply.load();
    // A takeback (another server's): the watchers go back to the last move both copies share
    // (the `takeback` update), then get the moves made since, if any.
    const int shared_plies = common_plies(before_moves, played.moves());
    if (shared_plies < from) {
        pipeline_.persist(game, std::nullopt, takeback_update(*game, shared_plies, now), nullptr,
                          nullptr, std::nullopt, shared_plies, /*rewinds=*/true);
        from = shared_plies;
    }
    if (from >= plies) {
        // No move to hear of: a `state` update if the game's state changed (an offer, its end).
        const GameRow& row = game->row;
        if (tell_state || row.result != before_row.result ||
            row.termination != before_row.termination || row.draw_offer != before_row.draw_offer ||
            row.takeback != before_row.takeback || row.plies != before_row.plies)
            pipeline_.publish_state(game, now);
    } else {
        const GameState state = game->state(now);
        for (int ply = from + 1; ply <= plies; ++ply) {
            auto update = std::make_shared<GameUpdate>();
            update->kind = GameUpdate::Kind::Move;
            update->state = state;
            update->move = game->moves[std::size_t(ply - 1)];
            update->ply = ply;
            pipeline_.persist(game, std::nullopt, std::move(update), nullptr, nullptr, std::nullopt,
                              ply);
        }
    }
    registry_.settle(game);
    // The engine's move after another server's change: whichever server claims it computes it.
    scheduler_.schedule_engine(game);
}

}  // namespace chess960::server
