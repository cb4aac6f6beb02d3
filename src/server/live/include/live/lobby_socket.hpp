// The lobby's live connection (docs/live.md, "The lobby"): GET /api/lobby/socket upgraded to a
// WebSocket. It is told the open seeks and who is online at once, then every change; a player
// signed in (its Bearer token, or the session cookie from this server's page) is online while
// connected and is told when a game starts from its seek or its acceptance. The client may send
// {"type":"ping"}. A connection too far behind is closed (it reconnects for a new snapshot).
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "http/http_server.hpp"
#include "lobby/service.hpp"

namespace chess960::server {

boost::asio::awaitable<void> serve_lobby(
    LobbyService& lobby, boost::beast::tcp_stream stream,
    boost::beast::http::request<boost::beast::http::string_body> upgrade,
    LiveConnection connection);

}  // namespace chess960::server
