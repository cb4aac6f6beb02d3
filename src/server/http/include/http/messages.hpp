// An HTTP request and its response as the routes see them (routes.hpp, route_table.hpp): the
// HTTP server (http_server.cpp) reads the one from the socket and writes the other to it.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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
    std::string_view accept = {};  // the Accept header (the game database's PGN or NDJSON)
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

// A response made later, on the connection's thread, from what a call finished on another
// thread returned (a stored change, an analysis): rendering stays off the thread that finished.
using MakeResponse = std::function<HttpResponse()>;
// Where a response made later goes: the connection waiting for it.
using Respond = std::move_only_function<void(MakeResponse)>;

}  // namespace chess960::server
