#include "http/http_server.hpp"

#include <boost/asio/experimental/concurrent_channel.hpp>

#include <sys/resource.h>
#include <unistd.h>

#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <vector>

#include "http/asio.hpp"
#include "http/authorization.hpp"
#include "http/client_address.hpp"
#include "http/connection_limits.hpp"

namespace chess960::server {

namespace {

using namespace net::experimental::awaitable_operators;

constexpr std::size_t kHeaderLimit = 16 * 1024;
constexpr auto kBodyTimeout = std::chrono::seconds(30);
constexpr auto kWriteTimeout = std::chrono::seconds(30);
// After refusing a body, how long the rest of it is read and dropped so that the client sees
// the answer instead of a reset connection.
constexpr auto kLingerTime = std::chrono::seconds(1);
constexpr std::size_t kLingerBytes = 1 << 20;

const char* reason_phrase(int status) {
    return http::obsolete_reason(http::int_to_status(unsigned(status))).data();
}

// `code` as in the API's refusals (error_codes.hpp, docs/openapi.yaml).
std::string simple_response(int status, const std::string& message, int retry_after,
                            const std::string& code) {
    const std::string body = "{\"error\":\"" + message + "\",\"code\":\"" + code + "\"}";
    std::string text = "HTTP/1.1 " + std::to_string(status) + " " + reason_phrase(status) +
                       "\r\nContent-Type: application/json\r\nConnection: close\r\n";
    if (retry_after > 0) text += "Retry-After: " + std::to_string(retry_after) + "\r\n";
    text += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
    return text;
}

// Sends a fixed answer and closes, reading and dropping what the client still sends for a
// moment (a refused body), so that it reads the answer rather than a reset.
net::awaitable<void> answer_and_close(tcp::socket& socket, std::string text) {
    auto [ec, n] = co_await net::async_write(socket, net::buffer(text), use_nothrow);
    (void)n;
    if (ec) co_return;
    boost::system::error_code ignored;
    socket.shutdown(tcp::socket::shutdown_send, ignored);
    auto drain = [&socket]() -> net::awaitable<void> {
        std::array<char, 16 * 1024> sink;
        std::size_t drained = 0;
        while (drained < kLingerBytes) {
            auto [read_ec, read] = co_await socket.async_read_some(net::buffer(sink), use_nothrow);
            if (read_ec) co_return;
            drained += read;
        }
    };
    net::steady_timer timer(socket.get_executor(), kLingerTime);
    co_await (drain() || timer.async_wait(use_nothrow));
    socket.close(ignored);
}

// Refuses a request on a connection that then closes.
net::awaitable<void> refuse_and_close(beast::tcp_stream& stream, int status,
                                      const std::string& message, const std::string& code) {
    stream.expires_never();
    co_await answer_and_close(stream.socket(), simple_response(status, message, 0, code));
}

}  // namespace

namespace {

// An answer given later, from another thread (the store writer's), for the connection's
// coroutine to pick up. A channel resumes the coroutine in one hand-over, queued ahead of the
// events of the same change for its watchers, which the writer hands over after it (a timer
// cancelled from a posted function took two, and the answer waited behind all of those events:
// a move to a game with 100 watchers answered after their 100 writes).
struct LaterAnswer {
    explicit LaterAnswer(const net::any_io_executor& executor) : channel(executor, 1) {}
    net::experimental::concurrent_channel<void(boost::system::error_code, MakeResponse)> channel;
};

// One of the few uploads read at once (HttpServerOptions::uploads_at_once), held while its body
// is read and answered; none without a counter (not an upload).
class UploadSlot {
  public:
    UploadSlot(std::atomic<int>* count, int most) : count_(count) {
        if (count_ && count_->fetch_add(1) >= most) {
            count_->fetch_sub(1);
            count_ = nullptr;
            refused_ = true;
        }
    }
    ~UploadSlot() {
        if (count_) count_->fetch_sub(1);
    }
    UploadSlot(const UploadSlot&) = delete;
    UploadSlot& operator=(const UploadSlot&) = delete;
    bool held() const { return !refused_; }

  private:
    std::atomic<int>* count_;
    bool refused_ = false;
};

}  // namespace

struct HttpServer::Impl {
    HttpServerOptions options;
    Routes& routes;
    LiveHandler live_handler;
    std::function<void(const std::string&)> log_line;
    net::io_context ioc;
    net::io_context live_ioc;
    tcp::acceptor acceptor{ioc};
    std::shared_ptr<ConnectionLimits> limits;
    std::atomic<bool> stopped{false};
    std::atomic<int> uploads_{0};  // upload bodies being read and answered

    Impl(HttpServerOptions o, Routes& r, LiveHandler h, std::function<void(const std::string&)> l)
        : options(std::move(o)),
          routes(r),
          live_handler(std::move(h)),
          log_line(std::move(l)),
          ioc(thread_count()),
          live_ioc(thread_count()),
          limits(std::make_shared<ConnectionLimits>(options.max_connections,
                                                    options.max_connections_per_address)) {}

    void log(const std::string& line) {
        if (log_line) log_line(line);
    }
    int thread_count() const {
        return options.threads > 0 ? options.threads
                                   : int(std::max(1u, std::thread::hardware_concurrency()));
    }

    net::awaitable<void> accept_loop();
    net::awaitable<void> session(tcp::socket socket, ConnectionSlot slot, std::string client);
    void hand_over_live(tcp::socket socket, http::request<http::string_body> request,
                        LiveRoute route, std::string client, std::string query, std::string bearer,
                        ConnectionSlot slot);
    net::awaitable<void> live_session(tcp::socket socket, http::request<http::string_body> request,
                                      LiveRoute route, std::string client, std::string query,
                                      std::string bearer, ConnectionSlot slot);
    net::awaitable<void> serve_live(beast::tcp_stream& stream,
                                    http::request<http::string_body> request, LiveRoute route,
                                    LiveConnection connection);
};

// The live connections (event streams, WebSockets) run on threads of their own (live_ioc), so
// that a move's fan-out to its watchers, many writes queued at once, never queues ordinary
// requests behind it: on one set of threads a request waited until every write queued before
// it had run (a move to a game with 100 watchers: 100 writes).
void HttpServer::Impl::hand_over_live(tcp::socket socket, http::request<http::string_body> request,
                                      LiveRoute route, std::string client, std::string query,
                                      std::string bearer, ConnectionSlot slot) {
    boost::system::error_code ec;
    const auto protocol = socket.local_endpoint(ec).protocol();
    if (ec) return;
    const auto handle = socket.release(ec);
    if (ec) return;
    tcp::socket moved(net::make_strand(live_ioc));
    moved.assign(protocol, handle, ec);
    if (ec) {
        ::close(handle);
        return;
    }
    auto executor = moved.get_executor();
    net::co_spawn(
        executor,
        live_session(std::move(moved), std::move(request), std::move(route), std::move(client),
                     std::move(query), std::move(bearer), std::move(slot)),
        net::detached);
}

net::awaitable<void> HttpServer::Impl::live_session(tcp::socket socket,
                                                    http::request<http::string_body> request,
                                                    LiveRoute route, std::string client,
                                                    std::string query, std::string bearer,
                                                    ConnectionSlot slot) {
    (void)slot;  // held for the connection's life
    beast::tcp_stream stream(std::move(socket));
    // A named connection, moved in: GCC 12 destroys a class prvalue handed to a coroutine twice
    // when the coroutine's frame is destroyed unfinished (at the stop).
    LiveConnection connection{std::move(client), std::move(query), std::move(bearer)};
    co_await serve_live(stream, std::move(request), std::move(route), std::move(connection));
}

net::awaitable<void> HttpServer::Impl::serve_live(beast::tcp_stream& stream,
                                                  http::request<http::string_body> request,
                                                  LiveRoute route, LiveConnection connection) {
    if (route.kind == LiveRoute::Kind::Socket && !websocket::is_upgrade(request)) {
        co_await refuse_and_close(stream, 400, "this path is a WebSocket: send an upgrade request",
                                  "websocket_path");
        co_return;
    }
    co_await live_handler(std::move(stream), std::move(request), std::move(route),
                          std::move(connection));
}

net::awaitable<void> HttpServer::Impl::accept_loop() {
    for (;;) {
        auto [ec, accepted] = co_await acceptor.async_accept(net::make_strand(ioc), use_nothrow);
        if (ec) {
            if (ec == net::error::operation_aborted || stopped) co_return;
            // Out of file descriptors (or another transient failure): wait a moment instead
            // of spinning; the connections that hold them will close.
            net::steady_timer pause(ioc, std::chrono::milliseconds(50));
            co_await pause.async_wait(use_nothrow);
            continue;
        }
        tcp::socket socket(std::move(accepted));
        // Live connections write small messages back to back (a move's ack, then its event):
        // with Nagle's algorithm the second waits for the peer's delayed ACK, 40 ms on Linux.
        boost::system::error_code option_ec;
        socket.set_option(tcp::no_delay(true), option_ec);
        boost::system::error_code endpoint_ec;
        const auto remote = socket.remote_endpoint(endpoint_ec);
        if (endpoint_ec) continue;
        std::string client = client_key(remote.address());
        auto slot = limits->acquire(client);
        auto executor = socket.get_executor();
        if (!slot) {
            net::co_spawn(
                executor,
                [s = std::move(socket)]() mutable -> net::awaitable<void> {
                    co_await answer_and_close(
                        s, simple_response(503, "too many connections: try again shortly", 5,
                                           "too_many_connections"));
                },
                net::detached);
            continue;
        }
        net::co_spawn(executor, session(std::move(socket), std::move(*slot), std::move(client)),
                      net::detached);
    }
}

net::awaitable<void> HttpServer::Impl::session(tcp::socket socket, ConnectionSlot slot,
                                               std::string client) {
    (void)slot;  // held for the connection's life
    beast::tcp_stream stream(std::move(socket));
    beast::flat_buffer buffer(64 * 1024);
    bool first_request = true;
    // Where an answer that comes later (a stored change's) waits for this connection.
    auto later = std::make_shared<LaterAnswer>(stream.get_executor());
    try {
        for (;;) {
            // Between requests a connection may idle; once a request begins, its headers
            // must all arrive within the header deadline.
            if (!first_request && buffer.size() == 0) {
                stream.expires_after(options.idle_timeout);
                auto [ec, n] = co_await stream.async_read_some(buffer.prepare(4096), uncancelled());
                if (ec) co_return;
                buffer.commit(n);
            }
            first_request = false;
            http::request_parser<http::string_body> parser;
            parser.header_limit(kHeaderLimit);
            // The larger of the two limits until the path is known (an upload's, below).
            parser.body_limit(std::max(options.max_body, options.max_upload));
            stream.expires_after(options.header_timeout);
            auto [header_ec, header_bytes] =
                co_await http::async_read_header(stream, buffer, parser, uncancelled());
            (void)header_bytes;
            if (header_ec == http::error::body_limit) {
                // The request line is read by then: the limit named is its path's.
                const std::string_view target = parser.get().target();
                const bool to_upload = target.substr(0, target.find('?')) == options.upload_path;
                co_await refuse_and_close(stream, 413,
                                          to_upload ? "request body larger than 16 MiB"
                                                    : "request body larger than 64 KiB",
                                          "body_too_large");
                co_return;
            }
            if (header_ec == http::error::end_of_stream || header_ec == beast::error::timeout ||
                header_ec == net::error::eof || header_ec == net::error::connection_reset)
                co_return;
            if (header_ec) {
                co_await refuse_and_close(stream, 400, "malformed HTTP request",
                                          "malformed_request");
                co_return;
            }
            auto& head = parser.get();
            const std::string target(head.target());
            const auto question = target.find('?');
            const std::string path = target.substr(0, question);
            const std::string query =
                question == std::string::npos ? std::string() : target.substr(question + 1);
            std::string bearer;
            if (auto auth = head.find(http::field::authorization); auth != head.end())
                bearer = bearer_token(auth->value());

            if (auto live = match_live_route(head.method_string(), path)) {
                stream.expires_never();
                // Nothing may follow the request (a client waits for the answer before it
                // sends a WebSocket frame): the connection moves to the live threads.
                if (buffer.size() == 0) {
                    hand_over_live(stream.release_socket(), parser.release(), std::move(*live),
                                   std::move(client), query, bearer, std::move(slot));
                    co_return;
                }
                LiveConnection connection{client, query, bearer};
                co_await serve_live(stream, parser.release(), std::move(*live),
                                    std::move(connection));
                co_return;
            }

            // An upload may be larger, but only a few are read at once in all.
            const bool upload = path == options.upload_path;
            const std::size_t limit = upload ? options.max_upload : options.max_body;
            const char* too_large =
                upload ? "request body larger than 16 MiB" : "request body larger than 64 KiB";
            parser.body_limit(limit);
            if (auto length = parser.content_length(); length && *length > limit) {
                co_await refuse_and_close(stream, 413, too_large, "body_too_large");
                co_return;
            }
            UploadSlot upload_slot(upload ? &uploads_ : nullptr, options.uploads_at_once);
            if (upload && !upload_slot.held()) {
                co_await refuse_and_close(
                    stream, 503, "too many uploads at once: try again in a minute", "unavailable");
                co_return;
            }
            stream.expires_after(kBodyTimeout);
            auto [body_ec, body_bytes] =
                co_await http::async_read(stream, buffer, parser, uncancelled());
            (void)body_bytes;
            if (body_ec == http::error::body_limit) {
                co_await refuse_and_close(stream, 413, too_large, "body_too_large");
                co_return;
            }
            if (body_ec == beast::error::timeout || body_ec == net::error::eof ||
                body_ec == http::error::partial_message || body_ec == net::error::connection_reset)
                co_return;  // the client went away, or stopped sending
            if (body_ec) {
                // The body's framing is broken (a chunk size that is not hex, a missing CRLF).
                co_await refuse_and_close(stream, 400,
                                          "malformed request body: " + body_ec.message(),
                                          "malformed_request");
                co_return;
            }
            auto request = parser.release();
            const bool keep_alive = request.keep_alive();
            std::optional<HttpResponse> now = routes.handle(
                HttpRequest{
                    request.method_string(), path, query, request.body(), bearer, client,
                    cookie_value(request_header(request, http::field::cookie), kSessionCookie),
                    request_header(request, http::field::origin),
                    request_header(request, http::field::host),
                    request_header(request, "X-CSRF-Token"),
                    request_header(request, "X-Forwarded-Proto") == "https",
                    request_header(request, http::field::accept)},
                [later](MakeResponse make) {
                    // One answer per request: the channel (room for one) is never full here.
                    later->channel.try_send(boost::system::error_code{}, std::move(make));
                });
            if (!now) {
                auto [answer_ec, make] = co_await later->channel.async_receive(uncancelled());
                if (answer_ec) co_return;
                now = make();
            }
            HttpResponse& answer = *now;
            http::response<http::string_body> response{http::int_to_status(unsigned(answer.status)),
                                                       request.version()};
            response.set(http::field::server, "chess960");
            response.set(http::field::content_type, answer.content_type);
            for (const auto& [name, value] : answer.headers) response.set(name, value);
            if (request.method() != http::verb::head) response.body() = std::move(answer.body);
            response.keep_alive(keep_alive);
            response.prepare_payload();
            stream.expires_after(kWriteTimeout);
            auto [write_ec, written] = co_await http::async_write(stream, response, uncancelled());
            (void)written;
            if (write_ec || !keep_alive) break;
        }
    } catch (const std::exception& e) {
        log(std::string("connection from ") + client + ": " + e.what());
    }
    boost::system::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream.socket().close(ignored);
}

HttpServer::HttpServer(HttpServerOptions options, Routes& routes, LiveHandler live,
                       std::function<void(const std::string&)> log)
    : impl_(std::make_unique<Impl>(std::move(options), routes, std::move(live), std::move(log))) {}

HttpServer::~HttpServer() { stop(); }

int HttpServer::bind() {
    auto& acceptor = impl_->acceptor;
    boost::system::error_code ec;
    const auto address = net::ip::make_address(impl_->options.host, ec);
    if (ec)
        throw std::runtime_error("cannot listen on '" + impl_->options.host +
                                 "': not an IP address");
    const tcp::endpoint endpoint(address, net::ip::port_type(impl_->options.port));
    acceptor.open(endpoint.protocol());
    // SO_REUSEADDR (not SO_REUSEPORT): a restart can take the port back at once, while a
    // second server on a port in use fails to bind.
    acceptor.set_option(net::socket_base::reuse_address(true));
    acceptor.bind(endpoint, ec);
    if (ec)
        throw std::runtime_error("cannot listen on " + impl_->options.host + ":" +
                                 std::to_string(impl_->options.port) + " (" + ec.message() + ")");
    acceptor.listen(net::socket_base::max_listen_connections);
    return acceptor.local_endpoint().port();
}

void HttpServer::run() {
    if (impl_->stopped) return;
    net::co_spawn(impl_->ioc, impl_->accept_loop(), net::detached);
    const int count = impl_->thread_count();
    // The live threads wait for connections even while they have none.
    auto live_work = net::make_work_guard(impl_->live_ioc);
    std::vector<std::thread> others;
    for (int i = 0; i < count; ++i) others.emplace_back([this] { impl_->live_ioc.run(); });
    for (int i = 1; i < count; ++i) others.emplace_back([this] { impl_->ioc.run(); });
    impl_->ioc.run();
    impl_->live_ioc.stop();
    for (auto& thread : others) thread.join();
}

void HttpServer::stop() {
    if (impl_->stopped.exchange(true)) return;
    net::post(impl_->ioc, [this] {
        boost::system::error_code ignored;
        impl_->acceptor.close(ignored);
    });
    impl_->ioc.stop();
    impl_->live_ioc.stop();
}

std::size_t HttpServer::open_connections() const { return impl_->limits->total(); }

}  // namespace chess960::server
