// The events' routes (docs/openapi.yaml, /api/events...): requests become calls on the event
// service. The organiser's and the players' tokens come in the Authorization header only.
#include "events/service.hpp"
#include "http/event_requests.hpp"
#include "http/event_views.hpp"
#include "http/requests.hpp"
#include "http/routes.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

constexpr std::string_view kEventsPrefix = "/api/events/";

// "a/b/c" -> {"a", "b", "c"}
std::vector<std::string_view> segments(std::string_view path) {
    std::vector<std::string_view> parts;
    while (true) {
        const auto slash = path.find('/');
        parts.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return parts;
}

}  // namespace

HttpResponse Routes::event_route(const HttpRequest& request) {
    EventService& events = *events_;
    const std::string_view method = request.method, path = request.path;
    if (query_param(request.query, "token"))
        throw ApiError{400,
                       "tokens are not accepted in URLs (proxies log them): send "
                       "'Authorization: Bearer <token>'",
                       0, "token_in_url"};
    if (method == "POST") check_body(request.body);
    if (path == "/api/events") {
        if (method == "POST")
            return json_response(201, created_event_json(events.rounds().create(
                                          parse_create_event(request.body), request.client)));
        throw ApiError{405, "use POST /api/events to create an event", 0, "method_not_allowed"};
    }
    const auto parts = segments(path.substr(kEventsPrefix.size()));
    const std::string_view id = parts[0];
    if (method == "GET" && parts.size() == 1) {
        // The public view, rendered once for everyone who asks for a while (an unknown id is
        // refused before anything is kept for it).
        if (!EventService::is_event_id(id)) events.view(id);
        return json_response(
            200, event_views_->get(std::string(id), [&] { return event_text(events.view(id)); }));
    }
    if (method == "GET" && parts.size() == 2) {
        if (parts[1] == "organiser")
            return json_response(200, event_text(events.organiser_view(id, request.bearer)));
        if (parts[1] == "seat")
            return json_response(200, seat_json(events.seat(id, request.bearer)));
        if (parts[1] == "pgn") {
            HttpResponse response{200, "application/x-chess-pgn", event_pgn(events.pgn(id)), {}};
            response.headers.emplace_back(
                "Content-Disposition",
                "attachment; filename=\"chess960-event-" + std::string(id) + ".pgn\"");
            return response;
        }
    }
    // Paired events (events/paired.hpp).
    if (method == "GET" && parts.size() == 2) {
        if (parts[1] == "proposal")
            return json_response(200, proposal_json(events.proposals().review(id, request.bearer)));
        // A player's token, or the session (Bearer or cookie) of the account that is the player.
        if (parts[1] == "player")
            return json_response(200,
                                 player_view_json(events.roster().player(id, seat_token(request))));
        if (parts[1] == "trf") {
            HttpResponse response{200, "text/plain; charset=utf-8", events.trf(id), {}};
            response.headers.emplace_back(
                "Content-Disposition",
                "attachment; filename=\"chess960-event-" + std::string(id) + ".trf\"");
            return response;
        }
    }
    if (method == "POST" && parts.size() == 2) {
        if (parts[1] == "players")
            return json_response(201, added_player_json(events.roster().add_player(
                                          id, request.bearer, parse_player(request.body))));
        if (parts[1] == "join") {
            // Signed in on this page, the entrant is its account (the cookie, with the CSRF
            // proof; the Bearer token is the join link's).
            HttpRequest by_cookie = request;
            by_cookie.bearer = {};
            return json_response(
                201, added_player_json(events.roster().join(
                         id, request.bearer, parse_player(request.body), seat_token(by_cookie))));
        }
        if (parts[1] == "join-link") {
            check_body(request.body);
            return json_response(
                201,
                Json{{"joinToken", events.roster().open_join_link(id, request.bearer)}}.dump());
        }
        if (parts[1] == "byes")
            return json_response(200, event_text(events.roster().request_bye(
                                          id, seat_token(request), parse_bye(request.body))));
        if (parts[1] == "withdraw")
            return json_response(200, event_text(events.roster().withdraw(
                                          id, seat_token(request), parse_withdraw(request.body))));
        if (parts[1] == "proposal") {
            const auto [pairs, bye] = parse_pairing_check(request.body);
            return json_response(
                200, proposal_json(events.proposals().check(id, request.bearer, pairs, bye)));
        }
    }
    if (method == "POST" && parts.size() == 3 && parts[1] == "join-link" && parts[2] == "close")
        return json_response(200, event_text(events.roster().close_join_link(id, request.bearer)));
    if (method == "POST" && parts.size() == 3 && parts[1] == "players") {
        auto number = parse_int(parts[2], 1, int(kMaxEventPlayers));
        if (!number)
            throw ApiError{404,
                           "no such player '" + quote(parts[2], 8) + "'",
                           0,
                           "unknown_player",
                           {{"player", quote(parts[2], 8)}}};
        return json_response(200, event_text(events.roster().edit_player(
                                      id, request.bearer, *number, parse_player(request.body))));
    }
    if (method == "POST" && parts.size() == 6 && parts[1] == "rounds" && parts[3] == "boards" &&
        parts[5] == "result") {
        auto round = parse_int(parts[2], 1, event::kMaxRounds);
        auto board = parse_int(parts[4], 1, kMaxBoards);
        if (!round || !board)
            throw ApiError{404,
                           "no such board: rounds and boards are numbered from 1",
                           0,
                           "unknown_board",
                           {{"round", quote(parts[2], 8)}, {"board", quote(parts[4], 8)}}};
        return json_response(200, event_text(events.set_result(id, request.bearer, *round, *board,
                                                               parse_result(request.body))));
    }
    if (method == "POST" && parts.size() == 2) {
        if (parts[1] == "rounds")
            return json_response(
                201, event_text(events.rounds().add(
                         id, request.bearer, parse_add_round(request.body), request.client)));
        if (parts[1] == "close")
            return json_response(200, event_text(events.rounds().close(id, request.bearer)));
    }
    if (method == "POST" && parts.size() == 4 && parts[1] == "rounds" && parts[3] == "reveal") {
        auto round = parse_int(parts[2], 1, event::kMaxRounds);
        if (!round)
            throw ApiError{404,
                           "no such round '" + quote(parts[2], 8) + "': rounds are numbered from 1",
                           0,
                           "unknown_round",
                           {{"round", quote(parts[2], 8)}}};
        return json_response(200,
                             event_text(events.rounds().reveal_now(id, request.bearer, *round)));
    }
    throw ApiError{404, "no such API path: " + std::string(method) + " " + quote(path), 0,
                   "no_such_path"};
}

}  // namespace chess960::server
