// Takeback requests in games between two people (GameService::takeback): one seat asks to take
// back its last move, the other accepts or declines, as on lichess. Not a rule of the Laws:
// the players agree on it, so neither the engine (which cannot answer) nor an event's boards
// (whose results count for others too) take part. The rules themselves are OnlineGame's; here
// they are stored and published, an accepted one through Store::write's takeback change, which
// is checked against the stored ply so that a move stored meanwhile makes it fail.
#include <algorithm>

#include "games/service.hpp"
#include "http/views.hpp"

namespace chess960::server {

namespace {

// Every refusal of a takeback action is about the game's state: 409.
void check_takeback(const Result<void>& done) {
    if (!done) throw ApiError{409, done.error().to_string(), 0, error_code_name(done.error().code)};
}

}  // namespace

int GameService::common_plies(const std::vector<Move>& a, const std::vector<Move>& b) {
    const std::size_t size = std::min(a.size(), b.size());
    std::size_t same = 0;
    while (same < size && a[same] == b[same]) ++same;
    return int(same);
}

std::shared_ptr<const LiveEvent> GameService::takeback_event(LiveGame& game, int ply, Millis now) {
    return make_event("takeback",
                      with_type("takeback", std::nullopt, takeback_update_json(game, ply, now)));
}

void GameService::takeback(const std::shared_ptr<LiveGame>& game, Color seat,
                           std::string_view action, Reply reply, const Subscriber* actor) {
    const Millis now = now_ms();
    std::lock_guard lock(game->mutex);
    apply_deadlines(game, now);
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
    if (store_.shared() && g.pending_writes == 0 && play.is_active() &&
        action != "takeback/offer" && !play.takeback_request())
        catch_up(game);
    if (!play.is_active())
        throw ApiError{409, "the game is over: " + describe(play), 0, "game_over"};
    std::optional<int> takeback_from;
    if (action == "takeback/offer") {
        limit_offers(g.row.id, seat);
        check_takeback(play.request_takeback(seat, now));
    } else if (action == "takeback/accept") {
        takeback_from = play.ply();
        check_takeback(play.accept_takeback(seat, now));
        g.move_texts.resize(std::size_t(play.ply()));
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
    if (!takeback_from) {
        const std::string body = "{\"state\":" + state_json(g, now) + "}";
        std::string answer = actor ? body : view_json(g, seat, now);
        persist(game, std::move(change), std::move(answer),
                make_event("state", with_type("state", std::nullopt, body)), actor,
                std::move(reply));
        return;
    }
    const int ply = play.ply();
    std::string answer = actor ? takeback_update_json(g, ply, now) : view_json(g, seat, now);
    persist(game, std::move(change), std::move(answer), takeback_event(g, ply, now), actor,
            std::move(reply), ply, /*rewinds=*/true);
}

}  // namespace chess960::server
