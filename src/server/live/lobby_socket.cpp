#include "live/lobby_socket.hpp"

#include <boost/asio/experimental/concurrent_channel.hpp>
#include <functional>
#include <variant>
#include <vector>

#include "http/error_codes.hpp"
#include "http/lobby_views.hpp"
#include "http/requests.hpp"
#include "http/routes.hpp"
#include "socket_io.hpp"

namespace chess960::server {

namespace {

using namespace net::experimental::awaitable_operators;

// Events a lobby connection may have waiting before it counts as too far behind: a burst of
// seeks made and taken must not close the connections of the players watching.
constexpr std::size_t kLobbyQueue = 1024;

using LobbyOutgoing =
    std::variant<std::shared_ptr<const LobbyEvent>, std::shared_ptr<const std::string>>;

class LobbyConnection final : public LobbyListener, public OutgoingQueue<LobbyOutgoing> {
  public:
    explicit LobbyConnection(const net::any_io_executor& executor)
        : OutgoingQueue(executor, kLobbyQueue) {}
    bool deliver(const std::shared_ptr<const LobbyEvent>& event) override { return queue(event); }
};

const std::string& text_of(const LobbyOutgoing& out) {
    if (const auto* event = std::get_if<std::shared_ptr<const LobbyEvent>>(&out))
        return rendered(**event);
    return *std::get<std::shared_ptr<const std::string>>(out);
}

// The most messages one batch carries, and about the most bytes.
constexpr std::size_t kBatchMessages = 512;
constexpr std::size_t kBatchBytes = 256 * 1024;

// What write_queue writes for the message it took: that message, or, with the messages that
// queued behind it while the last write was under way, all of them as one
// {"type":"batch","messages":[...]} (docs/live.md): with thousands of connections and hundreds of
// changes a second, a connection's writes are as many as it can take rather than one per change
// (each costs a system call and a wake-up), and an idle lobby still sends each change at once.
class Batcher {
  public:
    explicit Batcher(LobbyConnection::Channel& channel) : channel_(channel) {}
    const std::string& operator()(const LobbyOutgoing& first) {
        taken_.assign(1, first);
        std::size_t bytes = text_of(first).size();
        while (taken_.size() < kBatchMessages && bytes < kBatchBytes &&
               channel_.try_receive([&](boost::system::error_code ec, LobbyOutgoing more) {
                   if (ec) return;
                   bytes += text_of(more).size();
                   taken_.push_back(std::move(more));
               })) {
        }
        if (taken_.size() == 1) return text_of(taken_.front());
        // One level of batch: a pass's batch queued behind another gives its messages.
        std::vector<const std::string*> messages;
        for (const LobbyOutgoing& each : taken_) {
            const auto* event = std::get_if<std::shared_ptr<const LobbyEvent>>(&each);
            if (!event || (*event)->kind != LobbyEvent::Kind::Batch) {
                messages.push_back(&text_of(each));
                continue;
            }
            for (const auto& one : (*event)->events) messages.push_back(&rendered(*one));
        }
        batch_ = batch_text(messages);
        return batch_;
    }

  private:
    LobbyConnection::Channel& channel_;
    std::vector<LobbyOutgoing> taken_;
    std::string batch_;
};

}  // namespace

net::awaitable<void> serve_lobby(LobbyService& lobby, beast::tcp_stream stream,
                                 http::request<http::string_body> upgrade,
                                 LiveConnection connection) {
    LiveWebSocket ws(std::move(stream));
    configure(ws);
    auto [accept_ec] = co_await ws.async_accept(upgrade, use_nothrow);
    if (accept_ec) co_return;

    auto listener = std::make_shared<LobbyConnection>(ws.get_executor());
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
    // The snapshot goes first; what changed since it waits in the queue.
    ws.text(true);
    if (auto [ec, n] = co_await ws.async_write(net::buffer(first), use_nothrow); ec) {
        (void)n;
        lobby.part(listener);
        co_return;
    }

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
        listener->channel.close();
    };
    Batcher batcher(listener->channel);
    auto writer = [&] {
        return write_queue(ws, listener->channel, std::ref(batcher), reader_done);
    };
    co_await (reader() || writer());
    listener->channel.close();
    lobby.part(listener);
    if (ws.is_open()) co_await ws.async_close(websocket::close_code::going_away, use_nothrow);
}

}  // namespace chess960::server
