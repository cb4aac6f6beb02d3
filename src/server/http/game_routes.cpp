// The games' routes (docs/openapi.yaml: /api/games...): a game created and listed, its view,
// legal moves and PGN, a move and the game actions by a seat, a ticket for its event stream, and
// its live connections (served by live/sessions.cpp). A seat's token comes in the Authorization
// header, or, for an account game, in the session cookie (seat_token).
#include "games/live_game.hpp"
#include "http/lobby_views.hpp"
#include "http/requests.hpp"
#include "http/views.hpp"
#include "lobby/service.hpp"
#include "wings.hpp"

namespace chess960::server {

namespace {

// A stored change's answer: the game's view when asked for (an action), else its update.
Reply change_answer(Respond& later) {
    return answer_later<Answer>(later, [](const Answer& answer) {
        return answer.view ? view_json(*answer.view) : texts(*answer.update).json;
    });
}

std::optional<HttpResponse> create_game(const RouteCall& call) {
    return json_response(201, created_json(call.api.games.create(
                                  parse_create_game(call.request.body), call.request.client)));
}

// GET /api/games?limit=: the games created last.
std::optional<HttpResponse> recent_games(const RouteCall& call) {
    int limit = 20;
    if (auto text = query_param(call.request.query, "limit")) {
        auto value = parse_int(*text, 1, 200);
        if (!value)
            throw ApiError{400,
                           "parameter 'limit' must be an integer from 1 to 200",
                           0,
                           "field_out_of_range",
                           {{"field", "limit"}, {"min", 1}, {"max", 200}}};
        limit = *value;
    }
    return json_response(200, recent_json(call.api.games.recent(limit)));
}

std::optional<HttpResponse> game_view(const RouteCall& call) {
    const auto [game, token] = game_request(call);
    std::optional<Color> you;
    // A token of no seat (a signed-in spectator's cookie) sees a spectator's view.
    if (!token.empty()) you = call.api.games.seat_of(*game, token);
    return json_response(200, view_json(call.api.games.view(*game, you)));
}

std::optional<HttpResponse> legal_moves(const RouteCall& call) {
    const auto game = game_request(call).game;
    return json_response(200, legal_moves_json(call.api.games.state(*game)));
}

// The game's PGN, with the players' accounts and ratings when it is an account game.
std::optional<HttpResponse> game_pgn(const RouteCall& call) {
    const auto game = game_request(call).game;
    pgn::GameRecord record = call.api.games.pgn_record(*game);
    if (const auto players = call.api.lobby.account_game(game->row.id))
        add_account_tags(record, *players);
    HttpResponse response{200, "application/x-chess-pgn", pgn::write_game(record), {}};
    response.headers.emplace_back("Content-Disposition",
                                  "attachment; filename=\"chess960-" + game->row.id + ".pgn\"");
    return response;
}

// Answered once the move is stored, through `later`.
std::optional<HttpResponse> make_move(const RouteCall& call) {
    const auto [game, token] = game_request(call);
    const MoveRequest move = parse_move(call.request.body);
    const Color seat = call.api.games.require_seat(*game, token);
    call.api.games.move(game, seat, move, call.request.client, change_answer(call.later));
    return std::nullopt;
}

std::optional<HttpResponse> ticket(const RouteCall& call) {
    const auto [game, token] = game_request(call);
    const Color seat = call.api.games.require_seat(*game, token);
    return json_response(200, ticket_json(call.api.games.ticket(*game, seat)));
}

// POST /api/games/{id}/<action> (kGameActions), answered once stored, through `later`.
RouteHandler game_action(std::string_view action) {
    return [action](const RouteCall& call) -> std::optional<HttpResponse> {
        const auto [game, token] = game_request(call);
        const Color seat = call.api.games.require_seat(*game, token);
        call.api.games.action(game, seat, action, change_answer(call.later));
        return std::nullopt;
    };
}

}  // namespace

GameRequest game_request(const RouteCall& call) {
    const HttpRequest& request = call.request;
    if (query_param(request.query, "token"))
        throw ApiError{400,
                       "seat tokens are not accepted in URLs (proxies log them): send "
                       "'Authorization: Bearer <token>', or a ticket for the event stream",
                       0, "token_in_url"};
    auto game = call.api.games.find(call.params["id"]);
    if (request.method == "POST") check_body(request.body);
    return GameRequest{std::move(game), seat_token(request)};
}

void add_game_routes(RouteTable& table) {
    table.add("POST", "/api/games", create_game);
    table.add("GET", "/api/games", recent_games);
    table.add("GET", "/api/games/{id}", game_view);
    table.add("GET", "/api/games/{id}/legal", legal_moves);
    table.add("GET", "/api/games/{id}/pgn", game_pgn);
    table.add("POST", "/api/games/{id}/moves", make_move);
    table.add("POST", "/api/games/{id}/ticket", ticket);
    for (std::string_view action : kGameActions)
        table.add("POST", "/api/games/{id}/" + std::string(action), game_action(action));
    table.add_live("/api/games/{id}/events", LiveRoute::Kind::Events);
    table.add_live("/api/games/{id}/socket", LiveRoute::Kind::Socket);
}

}  // namespace chess960::server
