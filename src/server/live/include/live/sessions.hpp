// A game's live connections: the Server-Sent Events stream and the WebSocket (docs/live.md).
// Each is a watcher of the game's audience (games/audience.hpp) with a bounded queue of what it
// is to be told, written at the client's pace and rendered as it is written; a client too far
// behind is disconnected (it resyncs when it reconnects). A hang-up is noticed at once: the
// connection is read while its messages are written.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>

#include "games/service.hpp"
#include "http/http_server.hpp"
#include "http/routes.hpp"

namespace chess960::server {

struct LiveOptions {
    std::chrono::milliseconds hello_timeout{10'000};  // a WebSocket's first message
};

// A live connection the HTTP server hands over (HttpServer's LiveHandler): GET
// /api/games/{id}/events[?ticket=T] answers, then streams until either side closes; GET
// /api/games/{id}/socket with an upgrade is the whole game over one WebSocket.
boost::asio::awaitable<void> serve_live(
    GameService& games, LiveOptions options, boost::beast::tcp_stream stream,
    boost::beast::http::request<boost::beast::http::string_body> request, LiveRoute route,
    LiveConnection connection);

}  // namespace chess960::server
