// The generator's connections: sockets bound to a chosen loopback source address (the server
// limits connections and rates per client address, and 127.0.0.0/8 is all ours), HTTP/1.1
// keep-alive requests, WebSocket and Server-Sent Events streams. Everything runs on one
// io_context thread as C++20 coroutines; errors come back as values, not exceptions.
#pragma once

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/verb.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <chrono>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>

#include "latency.hpp"
#include "sse_parser.hpp"

namespace serve_load {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using error_code = boost::system::error_code;

// Completion token: co_await gives a tuple (error_code, results...) instead of throwing.
inline constexpr auto nothrow = asio::as_tuple(asio::use_awaitable);

// The server under test.
struct Target {
    tcp::endpoint endpoint;  // 127.0.0.1:port
    std::string host;        // the Host header: "127.0.0.1:port"
};

// The index-th client source address: 127.1.0.1, 127.1.0.2, ... 127.1.0.250, 127.1.1.1, ...
// (never .0 or .255 in the last byte, never 127.0.0.x).
asio::ip::address_v4 source_address(int index);

// Opens `socket`, binds it to `from` (the port is chosen at connect time, so tens of thousands
// of sockets on one address do not run out of ports at bind), disables Nagle and connects.
asio::awaitable<error_code> connect_from(tcp::socket& socket, asio::ip::address_v4 from,
                                         const tcp::endpoint& to);

// Completion of a spawned coroutine: an exception that escaped it is a bug of the generator;
// it is printed (a detached coroutine would swallow it and leave its counters wrong).
struct ReportException {
    const char* what;
    void operator()(std::exception_ptr e) const;
};

// Waits `d` on a timer of the current executor.
asio::awaitable<void> sleep_for(Clock::duration d);

// Something the scenario closes at its end (or when its game ends).
class Closable {
  public:
    virtual ~Closable() = default;
    virtual void close() = 0;
};

// A live connection that must get its first message (the game) within a deadline: one that
// never opens must not hold a scenario forever.
class Opening : public Closable {
  public:
    ~Opening() override {
        if (deadline) deadline->cancel();
    }
    bool opened = false;                           // its first message came
    bool timed_out = false;                        // closed by the deadline
    std::shared_ptr<asio::steady_timer> deadline;  // see close_unless_opened
};

// Closes `c` if it has not opened `after` from now.
void close_unless_opened(const std::shared_ptr<Opening>& c, asio::any_io_executor executor,
                         Clock::duration after);

inline constexpr auto kOpenDeadline = std::chrono::seconds(15);

// The open connections of a scenario or of a game: each registers itself while it lives.
class ConnectionSet {
  public:
    void add(Closable* c) { members_.insert(c); }
    void remove(Closable* c) { members_.erase(c); }
    std::size_t size() const { return members_.size(); }
    void close_all();

  private:
    std::unordered_set<Closable*> members_;
};

// Registration for the lifetime of a connection object.
class Registered {
  public:
    Registered(ConnectionSet& set, Closable* c) : set_(&set), c_(c) { set_->add(c_); }
    Registered(const Registered&) = delete;
    Registered& operator=(const Registered&) = delete;
    ~Registered() { set_->remove(c_); }

  private:
    ConnectionSet* set_;
    Closable* c_;
};

struct HttpResponse {
    error_code ec;   // transport error (connect, write, read, timeout)
    int status = 0;  // HTTP status when ec is clear
    std::string body;
};

// One keep-alive HTTP/1.1 connection from a fixed source address; it reconnects on the next
// request after an error or a `Connection: close`.
class HttpConnection : public Closable {
  public:
    HttpConnection(asio::any_io_executor executor, asio::ip::address_v4 from, const Target& target);
    // Connects now (a request connects by itself when needed).
    asio::awaitable<error_code> connect();
    asio::awaitable<HttpResponse> request(http::verb method, std::string_view path,
                                          std::string_view body, std::string_view token,
                                          std::chrono::milliseconds timeout);
    void close() override;
    // Connections opened so far (1 + reconnections).
    int connects() const { return connects_; }

  private:
    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::string out_;
    asio::ip::address_v4 from_;
    const Target& target_;
    bool open_ = false;
    int connects_ = 0;
};

// A WebSocket to /api/games/{id}/socket that has said hello.
using WsStream = websocket::stream<tcp::socket>;
asio::awaitable<error_code> open_game_socket(WsStream& ws, asio::ip::address_v4 from,
                                             const Target& target, std::string_view game_id,
                                             std::string_view token);

// A Server-Sent Events stream from /api/games/{id}/events.
class SseStream {
  public:
    explicit SseStream(asio::any_io_executor executor) : socket_(executor) {}
    tcp::socket& socket() { return socket_; }
    // Connects, sends the request and reads the response header: an error unless the answer
    // is 200 with Content-Type text/event-stream (`status` says what came).
    asio::awaitable<error_code> open(asio::ip::address_v4 from, const Target& target,
                                     std::string_view game_id, int& status);
    // Reads what arrives next and calls on_event(name, data) for each completed event and
    // on_comment(text) for each comment line. An error when the stream ends.
    template <typename OnEvent, typename OnComment>
    asio::awaitable<error_code> read(OnEvent&& on_event, OnComment&& on_comment);

  private:
    tcp::socket socket_;
    beast::flat_buffer buffer_;
    http::response_parser<http::string_body> parser_;
    SseParser sse_;
    std::string request_;
};

template <typename OnEvent, typename OnComment>
asio::awaitable<error_code> SseStream::read(OnEvent&& on_event, OnComment&& on_comment) {
    auto [ec, n] = co_await http::async_read_some(socket_, buffer_, parser_, nothrow);
    (void)n;
    // The body is appended to the parser's string as it arrives: feed it and drop it (the
    // string body appends at its current end, so clearing it between reads is safe).
    std::string& body = parser_.get().body();
    if (!body.empty()) {
        sse_.feed(body, on_event, on_comment);
        body.clear();
    }
    if (!ec && parser_.is_done()) ec = http::error::end_of_stream;
    co_return ec;
}

}  // namespace serve_load
