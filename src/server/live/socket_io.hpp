// What the live WebSockets share (sessions.cpp: a game's; lobby_socket.cpp: the lobby's): the
// stream with its frame guard, its settings, reading a message within bounds, and the error
// message.
#pragma once

#include <boost/asio/experimental/concurrent_channel.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "common/api_error.hpp"
#include "http/asio.hpp"
#include "http/requests.hpp"
#include "live/websocket_frame_guard.hpp"

namespace chess960::server {

// The client's frames pass the length check on their way to Beast (websocket_frame_guard.hpp).
using LiveWebSocket = websocket::stream<WebSocketFrameGuard<beast::tcp_stream>>;

// The settings of an accepted WebSocket: pings (10 s to answer, idle after 60 s), the server's
// name in the upgrade's answer, the longest message (kMaxWebSocketMessage: a frame announcing
// more closes the connection with 1009).
void configure(LiveWebSocket& ws);

// Reads one WebSocket message into `buffer` (emptied first). A message longer than
// kMaxClientMessage is read to its end and dropped as it comes, so that it costs no memory
// however long it is, and `too_large` is set: it is refused with 400 like any other bad
// message, and the connection stays (docs/live.md).
boost::asio::awaitable<boost::system::error_code> read_message(LiveWebSocket& ws,
                                                               boost::beast::flat_buffer& buffer,
                                                               bool& too_large);

// A live connection's bounded queue of messages in their typed form (`Out`: a variant that
// holds a std::shared_ptr<const std::string> among others), written by write_queue.
template <typename Out>
struct OutgoingQueue {
    using Channel = net::experimental::concurrent_channel<void(boost::system::error_code, Out)>;
    OutgoingQueue(const net::any_io_executor& executor, std::size_t length)
        : channel(executor, length) {}
    // Queues without blocking; false (and the queue closed) when it was closed already or is
    // full: the connection is too far behind.
    bool queue(Out out) {
        if (channel.try_send(boost::system::error_code{}, std::move(out))) return true;
        channel.close();
        return false;
    }
    // A message only this connection gets (an error, a pong).
    bool send(std::string text) {
        return queue(std::make_shared<const std::string>(std::move(text)));
    }
    Channel channel;
};

// Writes what `channel` gives, each message as `text_of` makes it ("" is skipped), until the
// channel is closed or a write fails (then the socket is closed, which ends the reader). A
// channel closed by the server (the connection fell too far behind, or its game is to be
// reloaded) says goodbye unless the reader ended first; the peer's answer ends the reader.
template <typename Channel, typename TextOf>
boost::asio::awaitable<void> write_queue(LiveWebSocket& ws, Channel& channel, TextOf text_of,
                                         const bool& reader_done) {
    boost::system::error_code ignored;
    for (;;) {
        auto [ec, out] = co_await channel.async_receive(uncancelled());
        if (ec) break;
        const std::string& text = text_of(out);
        if (text.empty()) continue;
        ws.text(true);
        auto [write_ec, n] = co_await ws.async_write(net::buffer(text), uncancelled());
        (void)n;
        if (write_ec) {
            beast::get_lowest_layer(ws).socket().close(ignored);
            co_return;
        }
    }
    if (!reader_done && ws.is_open()) {
        auto [close_ec] = co_await ws.async_close(websocket::close_code::going_away, uncancelled());
        if (close_ec) beast::get_lowest_layer(ws).socket().close(ignored);
    }
}

// The refusal of a message over kMaxClientMessage.
ApiError message_too_large();

// The message read_message read (`too_large` as it set it): a text of at most 4 KiB, parsed
// (http/requests.hpp); a binary, too long or malformed one is thrown as an ApiError 400, with
// `id` set when the message had a readable one.
ClientMessage client_message(const LiveWebSocket& ws, const boost::beast::flat_buffer& buffer,
                             bool too_large, std::optional<std::int64_t>& id);

// An error as a WebSocket message ({"type":"error","id",...}) answering request `id`.
std::string error_message_json(std::optional<std::int64_t> id, const ApiError& error);

}  // namespace chess960::server
