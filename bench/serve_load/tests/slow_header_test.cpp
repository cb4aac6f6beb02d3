// The slow-header client against a tiny local listener that plays the server's part: it reads
// what arrives and drops the connection 300 ms after accepting it (every other time with a
// 408 answer first), as a server with a header deadline would.
#include "slow_header.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/write.hpp>
#include <string>
#include <vector>

namespace serve_load {
namespace {

using namespace std::chrono_literals;

TEST(SourceAddress, SpreadsOverLoopbackAvoidingZeroAndBroadcastBytes) {
    EXPECT_EQ(source_address(0).to_string(), "127.1.0.1");
    EXPECT_EQ(source_address(249).to_string(), "127.1.0.250");
    EXPECT_EQ(source_address(250).to_string(), "127.1.1.1");
    EXPECT_EQ(source_address(999).to_string(), "127.1.3.250");
}

struct Listener {
    std::vector<std::string> received;  // per connection
    std::vector<std::string> peers;
};

asio::awaitable<void> serve_one(tcp::socket socket, int number, Listener& listener) {
    listener.peers.push_back(socket.remote_endpoint().address().to_string());
    listener.received.emplace_back();
    const std::size_t index = listener.received.size() - 1;
    asio::steady_timer deadline(socket.get_executor(), 300ms);
    deadline.async_wait([&socket, number](error_code ec) {
        if (ec) return;
        if (number % 2 == 1) {
            const std::string answer =
                "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";
            asio::write(socket, asio::buffer(answer), ec);
        }
        socket.close(ec);
    });
    char buffer[256];
    for (;;) {
        auto [ec, n] = co_await socket.async_read_some(asio::buffer(buffer), nothrow);
        if (ec) break;
        listener.received[index].append(buffer, n);
    }
}

asio::awaitable<void> accept_all(tcp::acceptor& acceptor, Listener& listener) {
    for (int number = 0;; ++number) {
        auto [ec, socket] = co_await acceptor.async_accept(nothrow);
        if (ec) co_return;
        asio::co_spawn(acceptor.get_executor(), serve_one(std::move(socket), number, listener),
                       asio::detached);
    }
}

TEST(SlowHeader, TricklesAHeaderAndReopensWhenDropped) {
    asio::io_context io;
    tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address_v4("127.0.0.1"), 0));
    const Target target{acceptor.local_endpoint(),
                        "127.0.0.1:" + std::to_string(acceptor.local_endpoint().port())};
    Listener listener;
    asio::co_spawn(io, accept_all(acceptor, listener), asio::detached);

    ConnectionSet connections;
    bool stop = false;
    SlowHeaderStats stats;
    asio::co_spawn(io,
                   slow_header_client(source_address(0), target, connections, stop, stats, 50ms),
                   asio::detached);
    asio::steady_timer end(io, 1100ms);
    end.async_wait([&](error_code) {
        stop = true;
        connections.close_all();
        error_code ec;
        acceptor.close(ec);
    });
    io.run_for(10s);

    // Dropped at 300, 600, 900 ms; the fourth connection was open at the end.
    EXPECT_GE(stats.connects, 3u);
    EXPECT_LE(stats.connects, 5u);
    EXPECT_EQ(stats.connects, stats.dropped + 1);
    EXPECT_EQ(stats.connect_failures, 0u);
    EXPECT_EQ(stats.open_now, 0);
    ASSERT_GE(listener.received.size(), 3u);
    for (std::size_t i = 0; i + 1 < listener.received.size(); ++i) {
        const std::string& got = listener.received[i];
        // The request line, then a few bytes of a header line that never ends.
        EXPECT_EQ(got.rfind("GET /api/startpos/random HTTP/1.1\r\nX-Sl", 0), 0u) << got;
        EXPECT_EQ(got.find("\r\n\r\n"), std::string::npos) << got;
        EXPECT_LE(got.size(), std::string("GET /api/startpos/random HTTP/1.1\r\n").size() + 7);
    }
    for (const auto& peer : listener.peers) EXPECT_EQ(peer, "127.1.0.1");
    // Every other drop came with an answer.
    EXPECT_GE(stats.answered, 1u);
    EXPECT_EQ(stats.answers.count("HTTP/1.1 408 Request Timeout"), 1u);
    const auto drop = stats.time_to_drop.summary();
    EXPECT_GE(drop.p50_ms, 290.0);
    EXPECT_LT(drop.max_ms, 1000.0);
}

TEST(SlowHeader, StopsWhenItsConnectionSetIsClosed) {
    asio::io_context io;
    tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address_v4("127.0.0.1"), 0));
    const Target target{acceptor.local_endpoint(), "127.0.0.1"};
    // A listener that accepts and never reads or closes: the client trickles until closed.
    std::vector<tcp::socket> held;
    acceptor.async_accept([&](error_code ec, tcp::socket s) {
        if (!ec) held.push_back(std::move(s));
    });
    ConnectionSet connections;
    bool stop = false;
    SlowHeaderStats stats;
    bool ended = false;
    asio::co_spawn(io,
                   slow_header_client(source_address(1), target, connections, stop, stats, 20ms),
                   [&](std::exception_ptr) { ended = true; });
    asio::steady_timer end(io, 200ms);
    end.async_wait([&](error_code) { connections.close_all(); });
    io.run_for(5s);
    EXPECT_TRUE(ended);
    EXPECT_EQ(stats.connects, 1u);
    EXPECT_EQ(stats.dropped, 0u);
    EXPECT_GT(stats.bytes_sent, std::string("GET /api/startpos/random HTTP/1.1\r\n").size());
}

}  // namespace
}  // namespace serve_load
