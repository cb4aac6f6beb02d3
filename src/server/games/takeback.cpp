// Takeback requests in games between two people (GameService::takeback): one seat asks to take
// back its last move, the other accepts or declines, as on lichess. Not a rule of the Laws:
// the players agree on it, so neither the engine (which cannot answer) nor an event's boards
// (whose results count for others too) take part. The rules themselves are OnlineGame's; here
// they are stored and published, an accepted one through Store::write's takeback change, which
// is checked against the stored ply so that a move stored meanwhile makes it fail.
#include <algorithm>

#include "games/service.hpp"

namespace chess960::server {

namespace {

// Every refusal of a takeback action is about the game's state: 409.
void check_takeback(const Result<void>& done) {
    if (!done) throw ApiError{409, done.error().to_string(), 0, error_code_name(done.error().code)};
}

}  // namespace

void GameService::takeback(const std::shared_ptr<LiveGame>& game, Color seat,
                           std::string_view action, Reply reply, const Watcher* actor) {
    const Millis now = now_ms();
    std::lock_guard lock(game->mutex);
    pipeline_.apply_deadlines(game, now);
    LiveGame& g = *game;
    OnlineGame& play = g.play;
    if (g.engine_color)
        throw ApiError{409,
                       "takebacks are for games between two players: the engine cannot answer "
                       "a takeback request",
                       0, "takeback_not_allowed"};
    if (g.row.event_id)
        throw ApiError{409, "no takebacks in an event's games: their results count for the event",
                       0, "takeback_not_allowed"};
    // On a shared store a request made through another server may not have been heard of yet
    // (LISTEN/NOTIFY takes a moment): an answer to no request reads the game again.
    if (sync_.may_be_behind(g) && action != "takeback/offer" && !play.takeback_request())
        sync_.catch_up(game);
    if (!play.is_active())
        throw ApiError{409, "the game is over: " + describe(play), 0, "game_over"};
    std::optional<int> takeback_from;
    if (action == "takeback/offer") {
        limit_offers(g.row.id, seat);
        check_takeback(play.request_takeback(seat, now));
    } else if (action == "takeback/accept") {
        takeback_from = play.ply();
        check_takeback(play.accept_takeback(seat, now));
        g.moves.resize(std::size_t(play.ply()));
    } else if (action == "takeback/decline") {
        check_takeback(play.decline_takeback(seat, now));
    } else {
        throw ApiError{404,
                       "no such game action '" + quote(action, 24) + "'",
                       0,
                       "unknown_action",
                       {{"action", quote(action, 24)}}};
    }
    g.sync_row(now);
    GameChange change{g.row, std::nullopt, true, takeback_from};
    // The view for an HTTP answer; a WebSocket's acknowledgement carries the update only.
    std::optional<GameView> view;
    if (!actor) view = g.view(seat, now);
    if (!takeback_from) {
        pipeline_.persist(game, std::move(change), state_update(g, now), actor, std::move(reply),
                          std::move(view));
        return;
    }
    const int ply = play.ply();
    pipeline_.persist(game, std::move(change), takeback_update(g, ply, now), actor,
                      std::move(reply), std::move(view), ply, /*rewinds=*/true);
}

}  // namespace chess960::server
