#include "slow_header.hpp"

#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/write.hpp>

namespace serve_load {

namespace {

using namespace asio::experimental::awaitable_operators;

class SlowConnection : public Closable {
  public:
    SlowConnection(asio::any_io_executor executor, ConnectionSet& set)
        : socket(executor), registered_(set, this) {}
    void close() override {
        closed_by_us = true;
        error_code ec;
        socket.close(ec);
    }
    tcp::socket socket;
    bool closed_by_us = false;
    std::string received;

  private:
    Registered registered_;
};

// Reads until the server closes; what it sent is kept (the start of it).
asio::awaitable<void> read_until_closed(SlowConnection& c) {
    char buffer[512];
    for (;;) {
        auto [ec, n] = co_await c.socket.async_read_some(asio::buffer(buffer), nothrow);
        if (ec) co_return;
        if (c.received.size() < 200) c.received.append(buffer, std::min<std::size_t>(n, 200));
    }
}

// Sends the request line, then a header byte every `interval`, until a write fails.
asio::awaitable<void> trickle(SlowConnection& c, const Target& target, const bool& stop,
                              SlowHeaderStats& stats, Clock::duration interval) {
    (void)target;
    const std::string request_line = "GET /api/startpos/random HTTP/1.1\r\n";
    auto [ec, n] = co_await asio::async_write(c.socket, asio::buffer(request_line), nothrow);
    stats.bytes_sent += n;
    if (ec) co_return;
    // "X-Slow: aaaa..." one byte at a time: a header that never ends.
    const std::string header = "X-Slow: ";
    asio::steady_timer timer(c.socket.get_executor());
    for (std::size_t i = 0; !stop; ++i) {
        timer.expires_after(interval);
        auto [wait_ec] = co_await timer.async_wait(nothrow);
        if (wait_ec || stop) co_return;
        const char byte = i < header.size() ? header[i] : 'a';
        auto [write_ec, written] =
            co_await asio::async_write(c.socket, asio::buffer(&byte, 1), nothrow);
        stats.bytes_sent += written;
        if (write_ec) co_return;
    }
}

}  // namespace

asio::awaitable<void> slow_header_client(asio::ip::address_v4 from, const Target& target,
                                         ConnectionSet& connections, const bool& stop,
                                         SlowHeaderStats& stats, Clock::duration byte_interval) {
    auto executor = co_await asio::this_coro::executor;
    while (!stop) {
        SlowConnection c(executor, connections);
        if (auto ec = co_await connect_from(c.socket, from, target.endpoint)) {
            ++stats.connect_failures;
            if (c.closed_by_us || stop) co_return;
            co_await sleep_for(std::chrono::milliseconds(100));
            continue;
        }
        ++stats.connects;
        ++stats.open_now;
        const auto opened = Clock::now();
        // Whichever ends first: the server closing (the reader sees it) or a write failing.
        co_await (read_until_closed(c) || trickle(c, target, stop, stats, byte_interval));
        --stats.open_now;
        if (c.closed_by_us || stop) co_return;
        ++stats.dropped;
        stats.time_to_drop.add(Clock::now() - opened);
        if (!c.received.empty()) {
            ++stats.answered;
            ++stats.answers[c.received.substr(0, c.received.find('\r'))];
        }
    }
}

}  // namespace serve_load
