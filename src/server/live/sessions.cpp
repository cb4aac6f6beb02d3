#include "live/sessions.hpp"

#include <boost/asio/experimental/concurrent_channel.hpp>
#include <nlohmann/json.hpp>

#include "games/rooms.hpp"
#include "http/asio.hpp"
#include "http/error_codes.hpp"
#include "http/requests.hpp"
#include "http/routes.hpp"
#include "http/views.hpp"
#include "socket_io.hpp"

namespace chess960::server {

namespace {

using namespace net::experimental::awaitable_operators;

// What a live connection's coroutines share: the game service, who the client is, and the
// request's query (the event stream's ticket) and seat token (a WebSocket's upgrade request).
struct LiveContext {
    GameService& games;
    const std::string& client;
    std::string_view query;
    std::string_view bearer;
    // The session cookie's token when the request came from this server's page (its Origin):
    // an account game's seat; a signed-in spectator's is no seat, and no refusal.
    std::string_view session;
    std::chrono::milliseconds hello_timeout;
};

// Events a connection may have waiting before it counts as too far behind.
constexpr std::size_t kQueueLength = 256;
constexpr auto kPingInterval = std::chrono::seconds(15);
constexpr auto kWriteTimeout = std::chrono::seconds(30);

// The whole game for one connection (rendered for it alone).
struct WholeGame {
    GameView view;
    std::optional<std::int64_t> resync;
};
// A stored change's answer to the WebSocket that made it (its acknowledgement, or its error).
struct Acknowledgement {
    Completion<Answer> done;
    std::optional<std::int64_t> id;
};
// An SSE comment line, to keep an idle stream open.
struct Ping {};

// One message queued for a live connection, in the typed form it was given: its text is made
// when the connection writes it (on the connection's thread, no game's lock held), and a
// change's or a room's once for every connection (texts()).
using Outgoing =
    std::variant<std::shared_ptr<const GameUpdate>, std::shared_ptr<const RoomChange>,
                 std::shared_ptr<const WholeGame>, std::shared_ptr<const Acknowledgement>,
                 std::shared_ptr<const std::string>, Ping>;

// The WebSocket message of `out`: the shared text of a change or a room, or made into
// `scratch`.
const std::string& socket_text(const Outgoing& out, std::string& scratch) {
    struct Visit {
        std::string& scratch;
        const std::string& operator()(const std::shared_ptr<const GameUpdate>& u) const {
            return texts(*u).message;
        }
        const std::string& operator()(const std::shared_ptr<const RoomChange>& r) const {
            return texts(*r).message;
        }
        const std::string& operator()(const std::shared_ptr<const WholeGame>& g) const {
            return scratch = game_texts(g->view, g->resync).message;
        }
        const std::string& operator()(const std::shared_ptr<const Acknowledgement>& a) const {
            try {
                const Answer answer = Completion<Answer>(a->done).get();
                return scratch = with_type("ack", a->id, texts(*answer.update).json);
            } catch (...) {
                return scratch = error_message_json(a->id, refusal_of(std::current_exception()));
            }
        }
        const std::string& operator()(const std::shared_ptr<const std::string>& text) const {
            return *text;
        }
        const std::string& operator()(Ping) const { return scratch.erase(); }
    };
    return std::visit(Visit{scratch}, out);
}

// The event stream's chunk of `out` (nothing for what only a WebSocket gets).
void append_event(const Outgoing& out, std::string& text) {
    struct Visit {
        std::string& text;
        void operator()(const std::shared_ptr<const GameUpdate>& u) const { text += texts(*u).sse; }
        void operator()(const std::shared_ptr<const RoomChange>& r) const { text += texts(*r).sse; }
        void operator()(const std::shared_ptr<const WholeGame>& g) const {
            text += game_texts(g->view, std::nullopt).sse;
        }
        void operator()(const std::shared_ptr<const Acknowledgement>&) const {}
        void operator()(const std::shared_ptr<const std::string>&) const {}
        void operator()(Ping) const {
            static const std::string ping = http_chunk(": ping\n\n");
            text += ping;
        }
    };
    std::visit(Visit{text}, out);
}

// A live connection's queue.
class QueuedSubscriber final : public Watcher, public OutgoingQueue<Outgoing> {
  public:
    explicit QueuedSubscriber(const net::any_io_executor& executor)
        : OutgoingQueue(executor, kQueueLength) {}
    bool deliver(const std::shared_ptr<const GameUpdate>& update) override { return queue(update); }
    bool deliver(const std::shared_ptr<const RoomChange>& room) override { return queue(room); }
    bool deliver(GameView game, std::optional<std::int64_t> resync) override {
        return queue(std::make_shared<const WholeGame>(WholeGame{std::move(game), resync}));
    }
    void close() override { channel.close(); }
};

// A stored change's answer to the socket that asked for it: its acknowledgement (which carries
// what the others get as the change's event), or its error.
Reply acknowledge(const std::shared_ptr<QueuedSubscriber>& subscriber,
                  std::optional<std::int64_t> id) {
    return [subscriber, id](Completion<Answer> done) {
        subscriber->queue(
            std::make_shared<const Acknowledgement>(Acknowledgement{std::move(done), id}));
    };
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
    net::steady_timer timer(co_await net::this_coro::executor);
    for (;;) {
        timer.expires_after(kPingInterval);
        auto [ec] = co_await timer.async_wait(use_nothrow);
        if (ec || !subscriber.queue(Ping{})) co_return;
    }
}

// Writes the queued events, several to a write when they are waiting; a failed write closes
// the socket, which ends until_hang_up.
net::awaitable<void> write_events(beast::tcp_stream& stream, QueuedSubscriber& subscriber) {
    std::string text;
    for (;;) {
        auto [ec, out] = co_await subscriber.channel.async_receive(uncancelled());
        if (ec) break;
        text.clear();
        append_event(out, text);
        while (subscriber.channel.ready()) {
            bool more =
                subscriber.channel.try_receive([&](boost::system::error_code e, Outgoing queued) {
                    if (!e) append_event(queued, text);
                });
            if (!more) break;
        }
        if (text.empty()) continue;
        stream.expires_after(kWriteTimeout);
        auto [write_ec, n] = co_await net::async_write(stream, net::buffer(text), uncancelled());
        (void)n;
        if (write_ec) break;
    }
    boost::system::error_code ignored;
    stream.socket().close(ignored);
}

// The game a live connection asks for; ApiError for an unknown game, or for a seat token in the
// URL (`instead` says where it goes).
std::shared_ptr<LiveGame> live_game(const LiveContext& context, const std::string& game_id,
                                    const char* instead) {
    if (query_param(context.query, "token"))
        throw ApiError{400,
                       std::string("seat tokens are not accepted in URLs (proxies log "
                                   "them): ") +
                           instead,
                       0, "token_in_url"};
    return context.games.find(game_id);
}

net::awaitable<void> serve_event_stream(beast::tcp_stream& stream, const std::string& game_id,
                                        const LiveContext& context) {
    std::exception_ptr refused;
    std::shared_ptr<LiveGame> game;
    std::optional<Color> you;
    try {
        game = live_game(context, game_id,
                         "ask for a ticket with POST /api/games/{id}/ticket and pass ?ticket=");
        if (auto ticket = query_param(context.query, "ticket"))
            you = context.games.redeem_ticket(*ticket, game->row.id);
        else if (!context.bearer.empty())
            you = context.games.seat_of(*game, context.bearer);
        else if (!context.session.empty())
            you = context.games.seat_of(*game, context.session);
    } catch (...) {
        refused = std::current_exception();
    }
    if (refused) {
        co_await refuse(stream, refusal_of(refused));
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
    std::exception_ptr refused;
    std::shared_ptr<LiveGame> game;
    try {
        game = live_game(context, game_id, "send it in the hello message");
    } catch (...) {
        refused = std::current_exception();
    }
    if (refused) {
        co_await refuse(stream, refusal_of(refused));
        co_return;
    }
    std::optional<Color> seat;
    LiveWebSocket ws(std::move(stream));
    configure(ws);
    auto [accept_ec] = co_await ws.async_accept(upgrade, use_nothrow);
    if (accept_ec) co_return;

    auto subscriber = std::make_shared<QueuedSubscriber>(ws.get_executor());
    auto send_error = [&](std::optional<std::int64_t> id, const ApiError& error) {
        subscriber->send(error_message_json(id, error));
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
        std::exception_ptr hello_refused;
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
            } else if (!context.session.empty()) {
                seat = context.games.seat_of(*game, context.session);
            }
        } catch (...) {
            hello_refused = std::current_exception();
        }
        if (hello_refused) {
            const std::string text = error_message_json(id, refusal_of(hello_refused));
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
                const ClientMessage message = client_message(ws, buffer, too_large, id);
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
                        subscriber->send("{\"type\":\"pong\",\"id\":" +
                                         (id ? std::to_string(*id) : std::string("null")) + "}");
                        break;
                }
            } catch (...) {
                send_error(id, refusal_of(std::current_exception()));
            }
        }
        reader_done = true;
        subscriber->close();
    };
    std::string scratch;
    auto writer = [&] {
        return write_queue(
            ws, subscriber->channel,
            [&](const Outgoing& out) -> const std::string& { return socket_text(out, scratch); },
            reader_done);
    };
    co_await (reader() || writer());
    subscriber->channel.close();
    presence.leave();
    if (ws.is_open()) co_await ws.async_close(websocket::close_code::going_away, use_nothrow);
}

}  // namespace

net::awaitable<void> serve_live(GameService& games, LiveOptions options, beast::tcp_stream stream,
                                http::request<http::string_body> request, LiveRoute route,
                                LiveConnection connection) {
    // A browser names the page that opens a WebSocket in Origin: another site's page, which the
    // cookie would follow, gets no seat from it.
    const std::string_view cookie =
        cookie_value(request_header(request, http::field::cookie), kSessionCookie);
    const bool from_this_site = same_origin(
        request_header(request, http::field::origin), request_header(request, http::field::host),
        request_header(request, "X-Forwarded-Proto") == "https");
    const LiveContext context{games,
                              connection.client,
                              connection.query,
                              connection.bearer,
                              from_this_site ? cookie : std::string_view(),
                              options.hello_timeout};
    if (route.kind == LiveRoute::Kind::Socket)
        co_await serve_websocket(std::move(stream), std::move(request), route.game_id, context);
    else
        co_await serve_event_stream(stream, route.game_id, context);
}

}  // namespace chess960::server
