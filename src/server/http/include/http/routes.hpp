// The HTTP API's routes: a request (method, path, query, body, seat token, client address)
// becomes a call on the server's services and its answer an HTTP response. No sockets here: the
// HTTP server (http_server.cpp) reads requests and writes responses; the live connections
// (SSE and WebSocket) are matched here and served there. The API's paths are a table
// (route_table.hpp) built in one place (api_routes) from its wings' entries: the start
// positions and analysis (position_routes.cpp), the games (game_routes.cpp) and their rooms
// (room_routes.cpp), the lobby (lobby_routes.cpp), the accounts (account_routes.cpp), the
// events (event_routes.cpp), the game database (db_routes.cpp) and the puzzles (puzzle_routes.cpp).
// Any other path is the web app's (static_files.hpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "games/service.hpp"
#include "http/messages.hpp"
#include "http/render_cache.hpp"
#include "http/route_table.hpp"
#include "http/static_files.hpp"
#include "store/game_db_store.hpp"

namespace chess960::server {
class EventService;
class AnalysisService;
class AccountService;
class LobbyService;
namespace gamedb {
class IndexKeeper;
class GameRecorder;
}  // namespace gamedb
namespace puzzles {
class PuzzleService;
}  // namespace puzzles
}  // namespace chess960::server

namespace chess960::server {

// The services the API's routes call (server.cpp makes and wires them).
struct ApiServices {
    GameService& games;
    EventService& events;
    // The events' public views as rendered (kEventViewTtl).
    RenderCache& event_views;
    AnalysisService& analysis;  // the analysis board's engine (POST /api/analysis)
    AccountService& accounts;
    LobbyService& lobby;
    GameDbStore& game_db;  // the game database (db_routes.cpp)
    gamedb::IndexKeeper& explorer_index;
    gamedb::GameRecorder& db_writer;  // uploads of PGN (POST /api/db/import)
    puzzles::PuzzleService& puzzles;  // /api/puzzles (puzzle_routes.cpp)
};

// The API's routes (docs/openapi.yaml), built once.
const RouteTable& api_routes();

// The live connection a request asks for (api_routes' live routes), or nullopt.
std::optional<LiveRoute> match_live_route(std::string_view method, std::string_view path);

// A query parameter's value (percent-decoded), if present.
std::optional<std::string> query_param(std::string_view query, std::string_view name);

// The response for an error, with Retry-After for 429 and 503.
HttpResponse error_response(const ApiError& error);
// What `respond` answers, or, whatever it throws, the refusal that is (refusal_of): the one
// place where an HTTP request's failures become answers, now or later.
std::optional<HttpResponse> answer(const std::function<std::optional<HttpResponse>()>& respond);

// How long the public view of an event is served as rendered (a round's reveal, a new round and
// a game's end show at once: they render it again, EventServiceOptions::on_changed).
inline constexpr Millis kEventViewTtl = 1000;

class Routes {
  public:
    Routes(ApiServices services, StaticFiles files)
        : services_(services), files_(std::move(files)) {}
    using Respond = server::Respond;
    // The response, or nullopt when it comes later through `later`: a move or a game action
    // is answered once it is stored, from the store writer's thread. Every failure becomes a
    // JSON error response; nothing is thrown.
    std::optional<HttpResponse> handle(const HttpRequest& request, Respond later);

  private:
    ApiServices services_;
    StaticFiles files_;
};

// The session cookie's name.
inline constexpr std::string_view kSessionCookie = "chess960_session";
// Whether an Origin header names the server a request came to (its Host, over http or https;
// https only behind a proxy that says so).
bool same_origin(std::string_view origin, std::string_view host, bool https);
// The value of cookie `name` in a Cookie header (RFC 6265 5.4: "a=1; b=2"), or "".
std::string_view cookie_value(std::string_view header, std::string_view name);

// Helpers the route files share.
HttpResponse json_response(int status, std::string body);
std::optional<int> parse_int(std::string_view text, int lo, int hi);
// A path segment percent-decoded (RFC 3986 2.1); a malformed escape is a 400.
std::string decode_segment(std::string_view segment);

}  // namespace chess960::server
