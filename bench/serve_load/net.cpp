#include "net.hpp"

#include <netinet/in.h>
#include <sys/socket.h>

#include <boost/asio/this_coro.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <cstdio>
#include <vector>

namespace serve_load {

asio::ip::address_v4 source_address(int index) {
    const unsigned third = unsigned(index / 250), fourth = unsigned(index % 250) + 1;
    return asio::ip::address_v4((127u << 24) | (1u << 16) | ((third & 0xFF) << 8) | fourth);
}

asio::awaitable<error_code> connect_from(tcp::socket& socket, asio::ip::address_v4 from,
                                         const tcp::endpoint& to) {
    error_code ec;
    if (socket.is_open()) socket.close(ec);
    socket.open(tcp::v4(), ec);
    if (ec) co_return ec;
    // Without this, bind() picks the port and keeps it for the address whatever the
    // destination: 28,000 ports per source address would be the limit.
    const int one = 1;
    ::setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
    socket.bind(tcp::endpoint(from, 0), ec);
    if (ec) co_return ec;
    socket.set_option(tcp::no_delay(true), ec);
    auto [connect_ec] = co_await socket.async_connect(to, nothrow);
    co_return connect_ec;
}

void ReportException::operator()(std::exception_ptr e) const {
    if (!e) return;
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& x) {
        std::fprintf(stderr, "serve_load: BUG: %s ended by an exception: %s\n", what, x.what());
    } catch (...) {
        std::fprintf(stderr, "serve_load: BUG: %s ended by an exception\n", what);
    }
}

asio::awaitable<void> sleep_for(Clock::duration d) {
    asio::steady_timer timer(co_await asio::this_coro::executor, d);
    co_await timer.async_wait(nothrow);
}

void close_unless_opened(const std::shared_ptr<Opening>& c, asio::any_io_executor executor,
                         Clock::duration after) {
    auto timer = std::make_shared<asio::steady_timer>(executor, after);
    c->deadline = timer;
    timer->async_wait([timer, weak = std::weak_ptr<Opening>(c)](error_code ec) {
        if (ec) return;
        if (auto connection = weak.lock(); connection && !connection->opened) {
            connection->timed_out = true;
            connection->close();
        }
    });
}

void ConnectionSet::close_all() {
    // close() may end a coroutine that removes its connection from the set; work on a copy.
    std::vector<Closable*> members(members_.begin(), members_.end());
    for (Closable* c : members)
        if (members_.count(c)) c->close();
}

HttpConnection::HttpConnection(asio::any_io_executor executor, asio::ip::address_v4 from,
                               const Target& target)
    : stream_(executor), from_(from), target_(target) {}

void HttpConnection::close() {
    error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
    open_ = false;
}

asio::awaitable<error_code> HttpConnection::connect() {
    if (open_) co_return error_code{};
    error_code ec = co_await connect_from(stream_.socket(), from_, target_.endpoint);
    if (ec) {
        close();
        co_return ec;
    }
    open_ = true;
    ++connects_;
    co_return ec;
}

asio::awaitable<HttpResponse> HttpConnection::request(http::verb method, std::string_view path,
                                                      std::string_view body, std::string_view token,
                                                      std::chrono::milliseconds timeout) {
    HttpResponse response;
    if (!open_) {
        response.ec = co_await connect();
        if (response.ec) co_return response;
    }
    // The request, written by hand: the same bytes a client library would send, without
    // building a header container per request.
    out_.clear();
    out_.append(http::to_string(method)).append(" ").append(path).append(" HTTP/1.1\r\nHost: ");
    out_.append(target_.host).append("\r\n");
    if (!token.empty()) out_.append("Authorization: Bearer ").append(token).append("\r\n");
    if (method == http::verb::post) {
        out_.append("Content-Type: application/json\r\nContent-Length: ")
            .append(std::to_string(body.size()))
            .append("\r\n");
    }
    out_.append("\r\n").append(body);
    stream_.expires_after(timeout);
    auto [write_ec, written] = co_await asio::async_write(stream_, asio::buffer(out_), nothrow);
    (void)written;
    if (write_ec) {
        response.ec = write_ec;
        close();
        co_return response;
    }
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    auto [read_ec, read] = co_await http::async_read(stream_, buffer_, parser, nothrow);
    (void)read;
    if (read_ec) {
        response.ec = read_ec;
        close();
        co_return response;
    }
    stream_.expires_never();
    auto& message = parser.get();
    response.status = int(message.result_int());
    response.body = std::move(message.body());
    if (!message.keep_alive()) close();
    co_return response;
}

asio::awaitable<error_code> open_game_socket(WsStream& ws, asio::ip::address_v4 from,
                                             const Target& target, std::string_view game_id,
                                             std::string_view token) {
    if (auto ec = co_await connect_from(ws.next_layer(), from, target.endpoint)) co_return ec;
    ws.auto_fragment(false);
    ws.read_message_max(16 * 1024 * 1024);
    std::string path = "/api/games/";
    path.append(game_id).append("/socket");
    auto [handshake_ec] = co_await ws.async_handshake(target.host, path, nothrow);
    if (handshake_ec) co_return handshake_ec;
    std::string hello = R"({"type":"hello")";
    if (!token.empty()) hello.append(R"(,"token":")").append(token).append("\"");
    hello += '}';
    ws.text(true);
    auto [write_ec, n] = co_await ws.async_write(asio::buffer(hello), nothrow);
    (void)n;
    co_return write_ec;
}

asio::awaitable<error_code> SseStream::open(asio::ip::address_v4 from, const Target& target,
                                            std::string_view game_id, int& status) {
    status = 0;
    if (auto ec = co_await connect_from(socket_, from, target.endpoint)) co_return ec;
    request_ = "GET /api/games/";
    request_.append(game_id)
        .append("/events HTTP/1.1\r\nHost: ")
        .append(target.host)
        .append("\r\nAccept: text/event-stream\r\n\r\n");
    auto [write_ec, written] = co_await asio::async_write(socket_, asio::buffer(request_), nothrow);
    (void)written;
    if (write_ec) co_return write_ec;
    parser_.body_limit(boost::none);  // an event stream has no end
    parser_.eager(true);              // parse every event already received in one read
    // Reads are sized by the buffer's free capacity (at least 512 bytes): room for a whole move
    // event (about 900 bytes) takes one recv() per event instead of two.
    buffer_.reserve(16 * 1024);
    auto [read_ec, read] = co_await http::async_read_header(socket_, buffer_, parser_, nothrow);
    (void)read;
    if (read_ec) co_return read_ec;
    status = int(parser_.get().result_int());
    const auto type = parser_.get()[http::field::content_type];
    if (status != 200 || type.substr(0, 17) != "text/event-stream")
        co_return make_error_code(http::error::bad_value);
    co_return error_code{};
}

}  // namespace serve_load
