#include "live/sessions.hpp"

#include <boost/asio/experimental/concurrent_channel.hpp>
#include <nlohmann/json.hpp>
#include <variant>

#include "http/asio.hpp"
#include "games/rooms.hpp"
#include "http/routes.hpp"
#include "http/views.hpp"
#include "live/websocket_frame_guard.hpp"

namespace chess960::server {

namespace {

using namespace net::experimental::awaitable_operators;

// Events a connection may have waiting before it counts as too far behind.
constexpr std::size_t kQueueLength = 256;
constexpr auto kPingInterval = std::chrono::seconds(15);
constexpr auto kWriteTimeout = std::chrono::seconds(30);

// The client's frames pass the length check on their way to Beast (websocket_frame_guard.hpp).
using LiveWebSocket = websocket::stream<WebSocketFrameGuard<beast::tcp_stream>>;

using EventChannel = net::experimental::concurrent_channel<void(boost::system::error_code,
                                                                std::shared_ptr<const LiveEvent>)>;

// A live connection's queue of events.
class QueuedSubscriber final : public Subscriber {
  public:
    explicit QueuedSubscriber(const net::any_io_executor& executor)
        : channel(executor, kQueueLength) {}
    bool deliver(const std::shared_ptr<const LiveEvent>& event) override {
        if (channel.try_send(boost::system::error_code{}, event)) return true;
        channel.close();  // closed already, or too far behind
        return false;
    }
    void close() override { channel.close(); }
    EventChannel channel;
};

std::string error_message_json(std::optional<std::int64_t> id, const ApiError& error) {
    nlohmann::json j = {{"type", "error"},
                        {"id", id ? nlohmann::json(*id) : nlohmann::json(nullptr)},
                        {"status", error.status}};
    add_error_fields(j, error);
    if (error.retry_after_seconds > 0) j["retryAfter"] = error.retry_after_seconds;
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Reads one WebSocket message into `buffer` (emptied first). A message longer than
// kMaxClientMessage is read to its end and dropped as it comes, so that it costs no memory
// however long it is, and `too_large` is set: it is refused with 400 like any other bad
// message, and the connection stays (docs/live.md).
net::awaitable<boost::system::error_code> read_message(LiveWebSocket& ws,
                                                       beast::flat_buffer& buffer,
                                                       bool& too_large) {
    buffer.consume(buffer.size());
    too_large = false;
    do {
        auto [ec, n] = co_await ws.async_read_some(buffer, kMaxClientMessage + 1, uncancelled());
        (void)n;
        if (ec) co_return ec;
        if (buffer.size() > kMaxClientMessage) {
            too_large = true;
            buffer.consume(buffer.size());
        }
    } while (!ws.is_message_done());
    co_return boost::system::error_code{};
}

// A stored change's answer to the socket that asked for it: its acknowledgement (which carries
// what the others get as the change's event), or its error.
Reply acknowledge(const std::shared_ptr<QueuedSubscriber>& subscriber,
                  std::optional<std::int64_t> id) {
    return [subscriber, id](Answer answer) {
        subscriber->deliver(answer.error ? socket_message(error_message_json(id, *answer.error))
                                         : socket_message(with_type("ack", id, answer.text)));
    };
}

ApiError message_too_large() {
    return ApiError{400, "message larger than 4 KiB", 0, "message_too_large"};
}

// An HTTP error answer on a connection that was to become a live one; then it closes.
net::awaitable<void> refuse(beast::tcp_stream& stream, const ApiError& error) {
    http::response<http::string_body> response{http::int_to_status(unsigned(error.status)), 11};
    response.set(http::field::server, "chess960");
    response.set(http::field::content_type, "application/json");
    if (error.retry_after_seconds > 0)
        response.set(http::field::retry_after, std::to_string(error.retry_after_seconds));
    response.body() = error_json(error);
    response.keep_alive(false);
    response.prepare_payload();
    stream.expires_after(kWriteTimeout);
    co_await http::async_write(stream, response, use_nothrow);
}

// Waits for the peer to hang up (or send anything: an event stream's client has nothing to say).
// Waits for the peer to hang up (or send anything: an event stream's client has nothing to
// say), then ends the connection's queue, which ends its writer.
net::awaitable<void> until_hang_up(tcp::socket& socket, QueuedSubscriber& subscriber) {
    std::array<char, 512> sink;
    for (;;) {
        auto [ec, n] = co_await socket.async_read_some(net::buffer(sink), uncancelled());
        (void)n;
        if (ec) break;
    }
    subscriber.close();
}

// A comment line every kPingInterval, through the connection's queue, so that proxies keep an
// idle stream open and a peer that is gone is noticed by the failing write.
net::awaitable<void> ping_events(QueuedSubscriber& subscriber) {
    static const auto ping = [] {
        auto event = std::make_shared<LiveEvent>();
        event->sse = http_chunk(": ping\n\n");
        return std::shared_ptr<const LiveEvent>(std::move(event));
    }();
    net::steady_timer timer(co_await net::this_coro::executor);
    for (;;) {
        timer.expires_after(kPingInterval);
        auto [ec] = co_await timer.async_wait(use_nothrow);
        if (ec || !subscriber.deliver(ping)) co_return;
    }
}

// Writes the queued events, several to a write when they are waiting; a failed write closes
// the socket, which ends until_hang_up.
net::awaitable<void> write_events(beast::tcp_stream& stream, QueuedSubscriber& subscriber) {
    std::string text;
    for (;;) {
        auto [ec, event] = co_await subscriber.channel.async_receive(uncancelled());
        if (ec || !event) break;
        text = event->sse;
        while (subscriber.channel.ready()) {
            bool more = subscriber.channel.try_receive(
                [&](boost::system::error_code e, std::shared_ptr<const LiveEvent> queued) {
                    if (!e && queued) text += queued->sse;
                });
            if (!more) break;
        }
        stream.expires_after(kWriteTimeout);
        auto [write_ec, n] = co_await net::async_write(stream, net::buffer(text), uncancelled());
        (void)n;
        if (write_ec) break;
    }
    boost::system::error_code ignored;
    stream.socket().close(ignored);
}

// The game a live connection asks for, or why it is refused: an unknown game, or a seat
// token in the URL (`instead` says where it goes).
std::variant<std::shared_ptr<LiveGame>, ApiError> live_game(const LiveContext& context,
                                                            const std::string& game_id,
                                                            const char* instead) {
    if (query_param(context.query, "token"))
        return ApiError{400,
                        std::string("seat tokens are not accepted in URLs (proxies log "
                                    "them): ") +
                            instead,
                        0, "token_in_url"};
    try {
        return context.games.find(game_id);
    } catch (const ApiError& error) {
        return error;
    }
}

}  // namespace

net::awaitable<void> serve_event_stream(beast::tcp_stream& stream, const std::string& game_id,
                                        const LiveContext& context) {
    auto found = live_game(context, game_id,
                           "ask for a ticket with POST /api/games/{id}/ticket and pass ?ticket=");
    std::optional<ApiError> refusal;
    std::shared_ptr<LiveGame> game;
    std::optional<Color> you;
    try {
        if (auto* error = std::get_if<ApiError>(&found)) throw *error;
        game = std::get<0>(found);
        if (auto ticket = query_param(context.query, "ticket"))
            you = context.games.redeem_ticket(*ticket, game->row.id);
        else if (!context.bearer.empty())
            you = context.games.seat_of(*game, context.bearer);
    } catch (const ApiError& error) {
        refusal = error;
    }
    if (refusal) {
        co_await refuse(stream, *refusal);
        co_return;
    }
    const std::string head =
        "HTTP/1.1 200 OK\r\nServer: chess960\r\nContent-Type: text/event-stream\r\n"
        "Cache-Control: no-cache\r\nX-Accel-Buffering: no\r\nTransfer-Encoding: chunked\r\n\r\n";
    stream.expires_after(kWriteTimeout);
    auto [ec, n] = co_await net::async_write(stream, net::buffer(head), use_nothrow);
    (void)n;
    if (ec) co_return;
    auto subscriber = std::make_shared<QueuedSubscriber>(stream.get_executor());
    subscriber->wants_room = query_param(context.query, "room") == "1";
    context.games.subscribe(*game, subscriber, you);
    Presence presence(context.games.rooms(), game, you);
    // Each of the first two ends the other (closing the queue, or the socket); the pings end
    // with them.
    co_await (write_events(stream, *subscriber) || until_hang_up(stream.socket(), *subscriber) ||
              ping_events(*subscriber));
    subscriber->channel.close();
    presence.leave();
}

net::awaitable<void> serve_websocket(beast::tcp_stream stream,
                                     http::request<http::string_body> upgrade,
                                     const std::string& game_id, const LiveContext& context) {
    auto found = live_game(context, game_id, "send it in the hello message");
    if (auto* error = std::get_if<ApiError>(&found)) {
        co_await refuse(stream, *error);
        co_return;
    }
    std::shared_ptr<LiveGame> game = std::get<0>(found);
    std::optional<Color> seat;
    LiveWebSocket ws(std::move(stream));
    beast::get_lowest_layer(ws).expires_never();
    // Pings keep the connection alive through proxies and find peers that are gone.
    ws.set_option(
        websocket::stream_base::timeout{std::chrono::seconds(10), std::chrono::seconds(60), true});
    ws.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& response) { response.set(http::field::server, "chess960"); }));
    // A message over 4 KiB is dropped by read_message as it arrives (and answered 400); one
    // over 64 KiB closes the connection with 1009 as soon as a frame header announces it.
    ws.read_message_max(kMaxWebSocketMessage);
    auto [accept_ec] = co_await ws.async_accept(upgrade, use_nothrow);
    if (accept_ec) co_return;

    auto subscriber = std::make_shared<QueuedSubscriber>(ws.get_executor());
    auto send_error = [&](std::optional<std::int64_t> id, const ApiError& error) {
        subscriber->deliver(socket_message(error_message_json(id, error)));
    };

    // The hello: within the hello deadline, the first message names the seat (or none).
    beast::flat_buffer buffer;
    bool too_large = false;
    {
        // The read is not cancellable: at the deadline the socket is closed, which ends it.
        auto hello_deadline = [&]() -> net::awaitable<void> {
            net::steady_timer deadline(ws.get_executor());
            deadline.expires_after(context.hello_timeout);
            auto [ec] = co_await deadline.async_wait(use_nothrow);
            if (ec) co_return;  // the hello came in time
            boost::system::error_code ignored;
            beast::get_lowest_layer(ws).socket().close(ignored);
        };
        auto first = co_await (read_message(ws, buffer, too_large) || hello_deadline());
        if (first.index() != 0 || std::get<0>(first)) co_return;
        std::optional<std::int64_t> id;
        std::string token(context.bearer);
        std::optional<ApiError> hello_refusal;
        try {
            if (too_large) throw message_too_large();
            const std::string_view text(static_cast<const char*>(buffer.data().data()),
                                        buffer.size());
            const ClientMessage hello = parse_client_message(text, id);
            if (hello.type != ClientMessage::Type::Hello)
                throw ApiError{400, "the first message must be {\"type\":\"hello\"}", 0,
                               "hello_expected"};
            if (!hello.token.empty()) token = hello.token;
            subscriber->wants_room = hello.room;
            if (!token.empty()) {
                seat = context.games.seat_of(*game, token);
                if (!seat)
                    throw ApiError{403, "the token holds no seat in this game", 0, "wrong_token"};
            }
        } catch (const ApiError& error) {
            hello_refusal = error;
        }
        if (hello_refusal) {
            const std::string text = error_message_json(id, *hello_refusal);
            ws.text(true);
            co_await ws.async_write(net::buffer(text), use_nothrow);
            co_await ws.async_close(websocket::close_code::policy_error, use_nothrow);
            co_return;
        }
        buffer.consume(buffer.size());
    }
    context.games.subscribe(*game, subscriber, seat);
    Presence presence(context.games.rooms(), game, seat);

    // The reader and the writer each end the other: the reader by closing the queue, the writer
    // by closing the WebSocket (or, after a failed write, the socket).
    bool reader_done = false;
    auto reader = [&]() -> net::awaitable<void> {
        for (;;) {
            if (co_await read_message(ws, buffer, too_large)) break;
            std::optional<std::int64_t> id;
            try {
                if (!ws.got_text())
                    throw ApiError{400, "binary messages are not understood", 0, "binary_message"};
                if (too_large) throw message_too_large();
                const std::string_view text(static_cast<const char*>(buffer.data().data()),
                                            buffer.size());
                const ClientMessage message = parse_client_message(text, id);
                auto require_seat = [&]() -> Color {
                    if (!seat)
                        throw ApiError{401, "this needs a seat: say hello with your seat's token",
                                       0, "token_required"};
                    return *seat;
                };
                switch (message.type) {
                    case ClientMessage::Type::Hello:
                        throw ApiError{400, "hello was said already", 0, "hello_repeated"};
                    case ClientMessage::Type::Move:
                        context.games.move(game, require_seat(), message.move, context.client,
                                           acknowledge(subscriber, id), subscriber.get());
                        break;
                    case ClientMessage::Type::Action:
                        context.games.action(game, require_seat(), message.action,
                                             acknowledge(subscriber, id), subscriber.get());
                        break;
                    case ClientMessage::Type::Resync:
                        context.games.resync(*game, subscriber, seat, id);
                        break;
                    case ClientMessage::Type::Ping:
                        subscriber->deliver(
                            socket_message("{\"type\":\"pong\",\"id\":" +
                                           (id ? std::to_string(*id) : std::string("null")) + "}"));
                        break;
                }
            } catch (const ApiError& error) {
                send_error(id, error);
            } catch (const StoreError& error) {
                send_error(
                    id, ApiError{503, std::string("the game store is failing: ") + error.what(), 5,
                                 "store_failing"});
            } catch (const std::exception& error) {
                send_error(id, ApiError{500, std::string("internal error: ") + error.what(), 0,
                                        "internal_error"});
            }
        }
        reader_done = true;
        subscriber->close();
    };
    auto writer = [&]() -> net::awaitable<void> {
        boost::system::error_code ignored;
        for (;;) {
            auto [ec, event] = co_await subscriber->channel.async_receive(uncancelled());
            if (ec || !event) break;
            ws.text(true);
            auto [write_ec, n] = co_await ws.async_write(net::buffer(event->json), uncancelled());
            (void)n;
            if (write_ec) {
                beast::get_lowest_layer(ws).socket().close(ignored);
                co_return;
            }
        }
        // The queue was closed by the server (the connection fell too far behind, or its game
        // is to be reloaded): say goodbye; the peer's answer ends the reader.
        if (!reader_done && ws.is_open()) {
            auto [close_ec] =
                co_await ws.async_close(websocket::close_code::going_away, uncancelled());
            if (close_ec) beast::get_lowest_layer(ws).socket().close(ignored);
        }
    };
    co_await (reader() || writer());
    subscriber->channel.close();
    presence.leave();
    if (ws.is_open()) co_await ws.async_close(websocket::close_code::going_away, use_nothrow);
}

}  // namespace chess960::server
