// The HTTP API's routes: a request (method, path, query, body, seat token, client address)
// becomes a call on the game service and its answer an HTTP response. No sockets here: the
// HTTP server (http_server.cpp) reads requests and writes responses; the live connections
// (SSE and WebSocket) are matched here and served there.
#pragma once

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/service.hpp"
#include "http/render_cache.hpp"
#include "http/static_files.hpp"

namespace chess960::server {
class EventService;
class AnalysisService;
class AccountService;
class LobbyService;
struct Session;
}  // namespace chess960::server

namespace chess960::server {

struct HttpRequest {
    std::string_view method;
    std::string_view path;   // without the query
    std::string_view query;  // after '?', undecoded
    std::string_view body;
    std::string_view bearer;  // the Authorization: Bearer token, or empty
    const std::string& client;
    // For the accounts (account_routes.cpp): the session cookie's value, the Origin, Host and
    // X-CSRF-Token headers (empty when absent), and whether the client reached us over https
    // (X-Forwarded-Proto: https from the proxy in front).
    std::string_view session_cookie = {};
    std::string_view origin = {};
    std::string_view host = {};
    std::string_view csrf = {};
    bool https = false;
};

struct HttpResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

// A live connection a request asks for: the game's event stream or its WebSocket.
struct LiveRoute {
    enum class Kind { Events, Socket, Lobby } kind;  // Lobby: GET /api/lobby/socket
    std::string game_id;
};
std::optional<LiveRoute> match_live_route(std::string_view method, std::string_view path);

// A query parameter's value (percent-decoded), if present.
std::optional<std::string> query_param(std::string_view query, std::string_view name);

// The response for an error, with Retry-After for 429 and 503.
HttpResponse error_response(const ApiError& error);
// What `respond` answers, or, whatever it throws, the refusal that is (refusal_of): the one
// place where an HTTP request's failures become answers, now or later.
std::optional<HttpResponse> answer(const std::function<std::optional<HttpResponse>()>& respond);

// A response made later, on the connection's thread, from what a call finished on another
// thread returned (a stored change, an analysis): rendering stays off the thread that finished.
using MakeResponse = std::function<HttpResponse()>;

// How long the public view of an event is served as rendered (a round's reveal, a new round and
// a game's end show at once: they render it again, EventServiceOptions::on_changed).
inline constexpr Millis kEventViewTtl = 1000;

class Routes {
  public:
    // With the events' API (/api/events..., event_routes.cpp; `event_views` keeps their rendered
    // public views) and the analysis board's engine (POST /api/analysis) when given; without
    // them those paths are 404.
    Routes(GameService& games, StaticFiles files, EventService* events = nullptr,
           RenderCache* event_views = nullptr, AnalysisService* analysis = nullptr,
           AccountService* accounts = nullptr, LobbyService* lobby = nullptr)
        : games_(games),
          files_(std::move(files)),
          events_(events),
          event_views_(event_views),
          analysis_(analysis),
          accounts_(accounts),
          lobby_(lobby) {}
    using Respond = std::move_only_function<void(MakeResponse)>;
    // The response, or nullopt when it comes later through `later`: a move or a game action
    // is answered once it is stored, from the store writer's thread. Every failure becomes a
    // JSON error response; nothing is thrown.
    std::optional<HttpResponse> handle(const HttpRequest& request, Respond later);

  private:
    std::optional<HttpResponse> api(const HttpRequest& request, Respond& later);
    std::optional<HttpResponse> game_route(const HttpRequest& request, std::string_view id,
                                           std::string_view rest, Respond& later);
    HttpResponse event_route(const HttpRequest& request);
    // Names, presence, rematches (room_routes.cpp); nullopt for a path that is not one.
    std::optional<HttpResponse> room_route(const HttpRequest& request,
                                           const std::shared_ptr<LiveGame>& game,
                                           std::string_view rest);
    // POST /api/analysis (analysis.hpp).
    std::optional<HttpResponse> analysis_route(const HttpRequest& request, Respond& later);
    // /api/accounts..., /api/session, /api/invitations (account_routes.cpp); nullopt for a path
    // that is not one.
    std::optional<HttpResponse> account_route(const HttpRequest& request);
    // /api/seeks..., /api/pools..., an account's games, an account game's players
    // (lobby_routes.cpp): the paths is_lobby_path knows. A change's answer comes through `later`
    // (nullopt) once the lobby's connections are told of it.
    static bool is_lobby_path(std::string_view path);
    std::optional<HttpResponse> lobby_route(const HttpRequest& request, Respond& later);
    // A request from a page that changes state: refused when its Origin names another site
    // (account_routes.cpp).
    static void check_same_site(const HttpRequest& request);
    // The request's session: its Bearer token, else its cookie, which on a state-changing
    // request also needs this server's Origin or the session's X-CSRF-Token. 401 when not signed
    // in, 403 without the CSRF proof.
    Session signed_in(const HttpRequest& request);
    // The token a game's request is made with: its Bearer token, else the session cookie's
    // (an account game's seat, for the page), which on a state-changing request needs the CSRF
    // proof as signed_in's; "" without either.
    std::string seat_token(const HttpRequest& request);
    // The account's ratings as the API writes them (lobby_routes.cpp): every pool, a pool not
    // played yet as a new player's.
    nlohmann::json ratings_json(const std::string& account_id);

    GameService& games_;
    StaticFiles files_;
    EventService* events_;
    RenderCache* event_views_;
    AnalysisService* analysis_;
    AccountService* accounts_;
    LobbyService* lobby_;
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
