#include "live/lobby_socket.hpp"

#include <memory>
#include <string>

#include "http/error_codes.hpp"
#include "http/lobby_views.hpp"
#include "http/requests.hpp"
#include "http/routes.hpp"
#include "live/write_gate.hpp"
#include "socket_io.hpp"

namespace chess960::server {

namespace {

using namespace net::experimental::awaitable_operators;

// Frames a lobby connection may have waiting before it counts as too far behind (a burst of
// seeks made and taken must not close the connections of the players watching), and about the
// most bytes (beyond the first message, the snapshot): a connection that reads nothing costs at
// most that beyond what the system's socket buffers hold.
constexpr std::size_t kLobbyFrames = 1024;
constexpr std::size_t kLobbyBytes = 256 * 1024;

// An event as a WebSocket frame, made once for every connection it goes to.
const std::string& frame_of(const LobbyEvent& event) {
    return event.wire.get([&] { return text_frame(rendered(event)); });
}

class LobbyConnection final : public LobbyListener {
  public:
    explicit LobbyConnection(std::shared_ptr<WriteGate> gate) : gate_(std::move(gate)) {}
    bool deliver(const std::shared_ptr<const LobbyEvent>& event) override {
        return gate_->offer(frame_of(*event));
    }
    // A message only this connection gets (an error, a pong).
    void send(const std::string& text) { gate_->offer(text_frame(text)); }

  private:
    std::shared_ptr<WriteGate> gate_;
};

}  // namespace

net::awaitable<void> serve_lobby(LobbyService& lobby, beast::tcp_stream stream,
                                 http::request<http::string_body> upgrade,
                                 LiveConnection connection) {
    LiveWebSocket ws(std::move(stream));
    configure(ws);
    auto [accept_ec] = co_await ws.async_accept(upgrade, use_nothrow);
    if (accept_ec) co_return;

    // The lobby's feed writes each change to every connection from its own thread, through the
    // gate (write_gate.hpp); the connection's writer writes what could not go at once.
    auto gate = std::make_shared<WriteGate>(ws.get_executor(),
                                            beast::get_lowest_layer(ws).socket().native_handle(),
                                            kLobbyFrames, kLobbyBytes);
    auto listener = std::make_shared<LobbyConnection>(gate);
    // Who: a script's Bearer token, else the cookie of a page of this server (another site's
    // page, which the cookie would follow too, is a visitor).
    std::string token = connection.bearer;
    if (token.empty() && same_origin(request_header(upgrade, http::field::origin),
                                     request_header(upgrade, http::field::host),
                                     request_header(upgrade, "X-Forwarded-Proto") == "https"))
        token =
            std::string(cookie_value(request_header(upgrade, http::field::cookie), kSessionCookie));
    std::string first;
    bool joined = false;
    try {
        if (!token.empty())
            if (auto session = lobby.session(token)) {
                listener->account_id = session->account.id;
                listener->account_name = session->account.name;
            }
        first = lobby_snapshot_text(lobby.join(listener));
        joined = true;
    } catch (...) {
        first = error_message_json(std::nullopt, refusal_of(std::current_exception()));
    }
    if (!joined) {
        ws.text(true);
        co_await ws.async_write(net::buffer(first), use_nothrow);
        co_await ws.async_close(websocket::close_code::try_again_later, use_nothrow);
        co_return;
    }
    // The snapshot goes first; what changed since it waits behind it.
    ws.next_layer().use_gate(gate);
    gate->start(text_frame(first));

    beast::flat_buffer buffer;
    bool too_large = false;
    bool reader_done = false;
    auto reader = [&]() -> net::awaitable<void> {
        for (;;) {
            if (co_await read_message(ws, buffer, too_large)) break;
            std::optional<std::int64_t> id;
            try {
                const ClientMessage message = client_message(ws, buffer, too_large, id);
                if (message.type != ClientMessage::Type::Ping) {
                    const char* type = message.type == ClientMessage::Type::Hello    ? "hello"
                                       : message.type == ClientMessage::Type::Move   ? "move"
                                       : message.type == ClientMessage::Type::Action ? "action"
                                                                                     : "resync";
                    throw ApiError{400,
                                   std::string("the lobby's connection understands only ping, "
                                               "not ") +
                                       type,
                                   0,
                                   "unknown_message_type",
                                   {{"type", type}}};
                }
                listener->send("{\"type\":\"pong\",\"id\":" +
                               (id ? std::to_string(*id) : std::string("null")) + "}");
            } catch (...) {
                listener->send(error_message_json(id, refusal_of(std::current_exception())));
            }
        }
        reader_done = true;
    };
    auto writer = [&]() -> net::awaitable<void> {
        // Too far behind: told so (going away), the client's answer ends the reader.
        if (co_await gate->run_writer(beast::get_lowest_layer(ws).socket()) && !reader_done &&
            ws.is_open()) {
            gate->shut();
            auto [close_ec] =
                co_await ws.async_close(websocket::close_code::going_away, uncancelled());
            boost::system::error_code ignored;
            if (close_ec) beast::get_lowest_layer(ws).socket().close(ignored);
        }
    };
    co_await (reader() || writer());
    gate->shut();
    lobby.part(listener);
    if (ws.is_open()) co_await ws.async_close(websocket::close_code::going_away, use_nothrow);
}

}  // namespace chess960::server
