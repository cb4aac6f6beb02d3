// A game's live connections: the Server-Sent Events stream and the WebSocket (docs/live.md).
// Each is a subscriber of the game's audience with a bounded queue of events, written at the
// client's pace; a client too far behind is disconnected (it resyncs when it reconnects). A
// hang-up is noticed at once: the connection is read while events are written.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <string>
#include <string_view>

#include "games/service.hpp"

namespace chess960::server {

struct LiveContext {
    GameService& games;
    const std::string& client;
    std::string_view query;   // the request's query (the event stream's ticket)
    std::string_view bearer;  // the upgrade request's seat token, if any
    std::chrono::milliseconds hello_timeout{10'000};  // a WebSocket's first message
};

// GET /api/games/{id}/events[?ticket=T]: answers, then streams until either side closes.
boost::asio::awaitable<void> serve_event_stream(boost::beast::tcp_stream& stream,
                                                const std::string& game_id,
                                                const LiveContext& context);

// GET /api/games/{id}/socket with an upgrade: the whole game over one WebSocket.
boost::asio::awaitable<void> serve_websocket(
    boost::beast::tcp_stream stream,
    boost::beast::http::request<boost::beast::http::string_body> upgrade,
    const std::string& game_id, const LiveContext& context);

}  // namespace chess960::server
