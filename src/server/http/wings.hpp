// The API's wings, each adding its routes to the table that api_routes (routes.cpp) builds, and
// what their routes share: who a request is signed in as, the seat a game's request is made
// with, and answers that come later. Private to the http room.
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "common/completion.hpp"
#include "http/route_table.hpp"
#include "http/routes.hpp"

namespace chess960::server {
struct Session;
struct PuzzleRatingRow;
}  // namespace chess960::server

namespace chess960::server {

// GET /api/startpos/..., POST /api/fen/check, POST /api/analysis (position_routes.cpp).
void add_position_routes(RouteTable& table);
// /api/games, a game's view, moves and actions, and its live connections (game_routes.cpp).
void add_game_routes(RouteTable& table);
// A game's room: names, rematches (room_routes.cpp).
void add_room_routes(RouteTable& table);
// /api/seeks..., /api/pools..., an account's games, an account game's players, the lobby's
// socket (lobby_routes.cpp).
void add_lobby_routes(RouteTable& table);
// /api/accounts..., /api/session, /api/invitations (account_routes.cpp).
void add_account_routes(RouteTable& table);
// /api/explorer/{source}, /api/db/... (db_routes.cpp).
void add_db_routes(RouteTable& table);
// Each client's share of the database's queries (GameLimits::db_queries_per_second), one
// allowance per `share` ("gamedb", "puzzles"): 429 past it (db_routes.cpp).
void limit_db_queries(const RouteCall& call, const char* share);
// /api/puzzles... (puzzle_routes.cpp).
void add_puzzle_routes(RouteTable& table);
// /api/events... (event_routes.cpp).
void add_event_routes(RouteTable& table);

// A game's request (/api/games/{id}/...): refused with a seat token in its URL, the game found
// (else 404), a POST's body checked (check_body), and the token it is made with (seat_token).
struct GameRequest {
    std::shared_ptr<LiveGame> game;
    std::string token;
};
GameRequest game_request(const RouteCall& call);

// A request from a page that changes state: refused when its Origin names another site
// (account_routes.cpp).
void check_same_site(const HttpRequest& request);
// `handler` after check_same_site: the accounts', the seeks' and the pools' routes.
RouteHandler same_site(std::optional<HttpResponse> (*handler)(const RouteCall&));
// The request's session: its Bearer token, else its cookie, which on a state-changing
// request also needs this server's Origin or the session's X-CSRF-Token. 401 when not signed
// in, 403 without the CSRF proof.
Session signed_in(const HttpRequest& request, AccountService& accounts);
// The token a game's request is made with: its Bearer token, else the session cookie's
// (an account game's seat, for the page), which on a state-changing request needs the CSRF
// proof as signed_in's; "" without either.
std::string seat_token(const HttpRequest& request);
// The account's ratings as the API writes them (lobby_routes.cpp): every pool, a pool not
// played yet as a new player's.
nlohmann::json ratings_json(LobbyService& lobby, const std::string& account_id);

// A player's puzzle rating as the API writes it (puzzle_routes.cpp): rating and deviation
// whole, provisional, games.
nlohmann::json puzzle_rating_json(const PuzzleRatingRow& rating);

// A call's answer, made later on the connection's thread: `render` writes its value as the
// 200's JSON, or what it threw becomes the refusal.
template <typename T, typename Render>
Later<T> answer_later(Respond& later, Render render) {
    return [respond = std::move(later), render](Completion<T> done) mutable {
        respond([done = std::move(done), render]() mutable {
            return *answer([&]() -> std::optional<HttpResponse> {
                return json_response(200, render(std::move(done).get()));
            });
        });
    };
}

}  // namespace chess960::server
