// The events' routes (docs/openapi.yaml, /api/events...): requests become calls on the event
// service. The organiser's and the players' tokens come in the Authorization header only.
#include "events/service.hpp"
#include "http/event_requests.hpp"
#include "http/event_views.hpp"
#include "http/requests.hpp"
#include "wings.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// An event's request: refused with a token in its URL, a POST's body checked.
EventService& event_request(const RouteCall& call) {
    if (query_param(call.request.query, "token"))
        throw ApiError{400,
                       "tokens are not accepted in URLs (proxies log them): send "
                       "'Authorization: Bearer <token>'",
                       0, "token_in_url"};
    if (call.request.method == "POST") check_body(call.request.body);
    return call.api.events;
}

// A route of an event (`id`) answered with the event's view as the change left it: `change`
// makes the change, with the request's organiser's token.
template <typename Change>
RouteHandler event_change(int status, Change change) {
    return [status, change](const RouteCall& call) -> std::optional<HttpResponse> {
        EventService& events = event_request(call);
        return json_response(status, event_text(change(events, call, call.params["id"])));
    };
}

HttpResponse download(std::string content_type, std::string body, std::string_view id,
                      const char* extension) {
    HttpResponse response{200, std::move(content_type), std::move(body), {}};
    response.headers.emplace_back("Content-Disposition", "attachment; filename=\"chess960-event-" +
                                                             std::string(id) + extension + "\"");
    return response;
}

std::optional<HttpResponse> create_event(const RouteCall& call) {
    EventService& events = event_request(call);
    return json_response(201, created_event_json(events.rounds().create(
                                  parse_create_event(call.request.body), call.request.client)));
}

// The public view, rendered once for everyone who asks for a while (an unknown id is refused
// before anything is kept for it).
std::optional<HttpResponse> event_view(const RouteCall& call) {
    EventService& events = event_request(call);
    const std::string_view id = call.params["id"];
    if (!EventService::is_event_id(id)) events.view(id);
    return json_response(200, call.api.event_views.get(
                                  std::string(id), [&] { return event_text(events.view(id)); }));
}

std::optional<HttpResponse> organiser_view(const RouteCall& call) {
    EventService& events = event_request(call);
    return json_response(200,
                         event_text(events.organiser_view(call.params["id"], call.request.bearer)));
}

std::optional<HttpResponse> seat_view(const RouteCall& call) {
    EventService& events = event_request(call);
    return json_response(200, seat_json(events.seat(call.params["id"], call.request.bearer)));
}

std::optional<HttpResponse> event_pgn_file(const RouteCall& call) {
    EventService& events = event_request(call);
    const std::string_view id = call.params["id"];
    return download("application/x-chess-pgn", event_pgn(events.pgn(id)), id, ".pgn");
}

std::optional<HttpResponse> trf_file(const RouteCall& call) {
    EventService& events = event_request(call);
    const std::string_view id = call.params["id"];
    return download("text/plain; charset=utf-8", events.trf(id), id, ".trf");
}

// Paired events (events/paired.hpp): the proposal of the next round and a change checked.
std::optional<HttpResponse> proposal(const RouteCall& call) {
    EventService& events = event_request(call);
    return json_response(
        200, proposal_json(events.proposals().review(call.params["id"], call.request.bearer)));
}

std::optional<HttpResponse> check_proposal(const RouteCall& call) {
    EventService& events = event_request(call);
    const auto [pairs, bye] = parse_pairing_check(call.request.body);
    return json_response(200, proposal_json(events.proposals().check(
                                  call.params["id"], call.request.bearer, pairs, bye)));
}

// A player's token, or the session (Bearer or cookie) of the account that is the player.
std::optional<HttpResponse> player_view(const RouteCall& call) {
    EventService& events = event_request(call);
    return json_response(
        200, player_view_json(events.roster().player(call.params["id"], seat_token(call.request))));
}

std::optional<HttpResponse> add_player(const RouteCall& call) {
    EventService& events = event_request(call);
    return json_response(
        201, added_player_json(events.roster().add_player(call.params["id"], call.request.bearer,
                                                          parse_player(call.request.body))));
}

// Signed in on this page, the entrant is its account (the cookie, with the CSRF proof; the
// Bearer token is the join link's).
std::optional<HttpResponse> join(const RouteCall& call) {
    EventService& events = event_request(call);
    HttpRequest by_cookie = call.request;
    by_cookie.bearer = {};
    return json_response(201, added_player_json(events.roster().join(
                                  call.params["id"], call.request.bearer,
                                  parse_player(call.request.body), seat_token(by_cookie))));
}

std::optional<HttpResponse> open_join_link(const RouteCall& call) {
    EventService& events = event_request(call);
    check_body(call.request.body);
    return json_response(
        201,
        Json{{"joinToken", events.roster().open_join_link(call.params["id"], call.request.bearer)}}
            .dump());
}

std::optional<HttpResponse> edit_player(const RouteCall& call) {
    EventService& events = event_request(call);
    const std::string_view text = call.params["number"];
    auto number = parse_int(text, 1, int(kMaxEventPlayers));
    if (!number)
        throw ApiError{404,
                       "no such player '" + quote(text, 8) + "'",
                       0,
                       "unknown_player",
                       {{"player", quote(text, 8)}}};
    return json_response(
        200, event_text(events.roster().edit_player(call.params["id"], call.request.bearer, *number,
                                                    parse_player(call.request.body))));
}

std::optional<HttpResponse> set_result(const RouteCall& call) {
    EventService& events = event_request(call);
    auto round = parse_int(call.params["round"], 1, event::kMaxRounds);
    auto board = parse_int(call.params["board"], 1, kMaxBoards);
    if (!round || !board)
        throw ApiError{
            404,
            "no such board: rounds and boards are numbered from 1",
            0,
            "unknown_board",
            {{"round", quote(call.params["round"], 8)}, {"board", quote(call.params["board"], 8)}}};
    return json_response(
        200, event_text(events.set_result(call.params["id"], call.request.bearer, *round, *board,
                                          parse_result(call.request.body))));
}

std::optional<HttpResponse> reveal_now(const RouteCall& call) {
    EventService& events = event_request(call);
    const std::string_view text = call.params["round"];
    auto round = parse_int(text, 1, event::kMaxRounds);
    if (!round)
        throw ApiError{404,
                       "no such round '" + quote(text, 8) + "': rounds are numbered from 1",
                       0,
                       "unknown_round",
                       {{"round", quote(text, 8)}}};
    return json_response(200, event_text(events.rounds().reveal_now(call.params["id"],
                                                                    call.request.bearer, *round)));
}

// The changes answered with the event's view: the organiser's (with its token), then a player's
// own (with its token or its account's session).
void add_changes(RouteTable& table) {
    table.add("POST", "/api/events/{id}/rounds",
              event_change(201, [](EventService& events, const RouteCall& call, auto id) {
                  return events.rounds().add(id, call.request.bearer,
                                             parse_add_round(call.request.body),
                                             call.request.client);
              }));
    table.add("POST", "/api/events/{id}/close",
              event_change(200, [](EventService& events, const RouteCall& call, auto id) {
                  return events.rounds().close(id, call.request.bearer);
              }));
    table.add("POST", "/api/events/{id}/join-link/close",
              event_change(200, [](EventService& events, const RouteCall& call, auto id) {
                  return events.roster().close_join_link(id, call.request.bearer);
              }));
    table.add("POST", "/api/events/{id}/byes",
              event_change(200, [](EventService& events, const RouteCall& call, auto id) {
                  return events.roster().request_bye(id, seat_token(call.request),
                                                     parse_bye(call.request.body));
              }));
    table.add("POST", "/api/events/{id}/withdraw",
              event_change(200, [](EventService& events, const RouteCall& call, auto id) {
                  return events.roster().withdraw(id, seat_token(call.request),
                                                  parse_withdraw(call.request.body));
              }));
}

}  // namespace

void add_event_routes(RouteTable& table) {
    table.add("POST", "/api/events", create_event);
    table.add("GET", "/api/events/{id}", event_view);
    table.add("GET", "/api/events/{id}/organiser", organiser_view);
    table.add("GET", "/api/events/{id}/seat", seat_view);
    table.add("GET", "/api/events/{id}/pgn", event_pgn_file);
    table.add("GET", "/api/events/{id}/trf", trf_file);
    table.add("GET", "/api/events/{id}/proposal", proposal);
    table.add("POST", "/api/events/{id}/proposal", check_proposal);
    table.add("GET", "/api/events/{id}/player", player_view);
    table.add("POST", "/api/events/{id}/players", add_player);
    table.add("POST", "/api/events/{id}/players/{number}", edit_player);
    table.add("POST", "/api/events/{id}/join", join);
    table.add("POST", "/api/events/{id}/join-link", open_join_link);
    table.add("POST", "/api/events/{id}/rounds/{round}/boards/{board}/result", set_result);
    table.add("POST", "/api/events/{id}/rounds/{round}/reveal", reveal_now);
    add_changes(table);
}

}  // namespace chess960::server
