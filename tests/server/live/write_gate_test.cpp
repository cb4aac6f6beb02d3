// The lobby's write gate (src/server/live/write_gate.hpp): frames offered from other threads
// reach the client whole and in order, whether sent at once or queued behind a full socket, with
// Beast's own control frames between them; a client that reads nothing is too far behind.
#include "live/write_gate.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "http/asio.hpp"
#include "live/websocket_frame_guard.hpp"

namespace chess960::server {
namespace {

using GuardedWebSocket = websocket::stream<WebSocketFrameGuard<beast::tcp_stream>>;

TEST(WriteGate, TextFrameHasTheLengthInItsThreeSizes) {
    const std::string small = text_frame("abc");
    EXPECT_EQ(small, std::string("\x81\x03"
                                 "abc",
                                 5));
    const std::string medium = text_frame(std::string(300, 'x'));
    ASSERT_EQ(medium.size(), 4u + 300u);
    EXPECT_EQ(static_cast<unsigned char>(medium[1]), 126);
    EXPECT_EQ((static_cast<unsigned char>(medium[2]) << 8) | static_cast<unsigned char>(medium[3]),
              300);
    const std::string large = text_frame(std::string(70'000, 'y'));
    ASSERT_EQ(large.size(), 10u + 70'000u);
    EXPECT_EQ(static_cast<unsigned char>(large[1]), 127);
    std::uint64_t length = 0;
    for (int i = 2; i < 10; ++i) length = (length << 8) | static_cast<unsigned char>(large[i]);
    EXPECT_EQ(length, 70'000u);
}

// A connected pair of TCP sockets on loopback: `server` on `io`, `client` returned.
tcp::socket connected_pair(net::io_context& io, tcp::socket& server) {
    tcp::acceptor acceptor(io, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    tcp::socket client(io);
    client.connect(acceptor.local_endpoint());
    acceptor.accept(server);
    return client;
}

// The frames in `bytes`, whole ones only, as their payloads.
std::vector<std::string> payloads(const std::string& bytes, std::size_t& used) {
    std::vector<std::string> out;
    used = 0;
    for (;;) {
        if (bytes.size() - used < 2) return out;
        const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + used);
        EXPECT_EQ(p[0], 0x81);
        std::size_t header = 2;
        std::uint64_t length = p[1] & 0x7F;
        if (length == 126) {
            header = 4;
            if (bytes.size() - used < header) return out;
            length = (std::uint64_t(p[2]) << 8) | p[3];
        } else if (length == 127) {
            header = 10;
            if (bytes.size() - used < header) return out;
            length = 0;
            for (int i = 2; i < 10; ++i) length = (length << 8) | p[i];
        }
        if (bytes.size() - used < header + length) return out;
        out.emplace_back(bytes.data() + used + header, length);
        used += header + length;
    }
}

TEST(WriteGate, AClientThatReadsNothingIsTooFarBehindAndWhatCameIsWholeAndInOrder) {
    net::io_context io;
    tcp::socket server(io);
    tcp::socket client = connected_pair(io, server);
    // Small buffers: the socket fills after a few frames.
    server.set_option(net::socket_base::send_buffer_size(4096));
    client.set_option(net::socket_base::receive_buffer_size(4096));
    auto gate = std::make_shared<WriteGate>(io.get_executor(), server.native_handle(), 64, 8192);
    gate->start(text_frame("first"));
    std::future<bool> behind = net::co_spawn(io, gate->run_writer(server), net::use_future);
    std::thread runner([&] { io.run(); });
    // The first message written by the writer; then the offers, sent at once until the socket
    // is full, then queued until there are too many.
    while (client.available() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    int offered = 0;
    const std::string filler(500, 'f');
    while (gate->offer(text_frame(std::to_string(offered) + filler))) {
        ++offered;
        ASSERT_LT(offered, 100'000) << "the gate never found the client too far behind";
    }
    // The client reads at last: the writer's write ends, and with it the writer, too far behind;
    // what it can read is the first message, then frames 0, 1, 2... whole, then the end.
    std::string bytes;
    std::thread reading([&] {
        char buffer[65536];
        boost::system::error_code ec;
        for (;;) {
            const std::size_t n = client.read_some(net::buffer(buffer), ec);
            if (ec) break;
            bytes.append(buffer, n);
        }
    });
    EXPECT_TRUE(behind.get());
    runner.join();
    gate->shut();  // its copy of the socket too
    server.close();
    reading.join();
    std::size_t used = 0;
    const std::vector<std::string> got = payloads(bytes, used);
    ASSERT_FALSE(got.empty());
    EXPECT_EQ(got[0], "first");
    for (std::size_t i = 1; i < got.size(); ++i)
        ASSERT_EQ(got[i], std::to_string(i - 1) + filler) << "frame " << i;
    EXPECT_LE(got.size() - 1, std::size_t(offered));
    // Too far behind: frames were still waiting when the gate closed.
    EXPECT_LT(got.size() - 1, std::size_t(offered));
}

// A frame the offering thread could send only in part is finished before Beast writes: Beast,
// asking for the socket while the rest of the frame waits, has it after the rest. (Given the
// socket at once, Beast wrote its pong inside the frame: the client read "the WebSocket frame
// payload was not valid utf8".)
TEST(WriteGate, TheRestOfAFrameSentInPartGoesBeforeBeastsWrite) {
    net::io_context io;
    tcp::socket server(io);
    tcp::socket client = connected_pair(io, server);
    auto gate =
        std::make_shared<WriteGate>(io.get_executor(), server.native_handle(), 64, 1u << 26);
    gate->start(text_frame("first"));
    net::co_spawn(io, gate->run_writer(server), net::detached);
    // This thread runs the connection until the first message is written and the writer idle.
    const std::string first = text_frame("first");
    for (int i = 0; i < 5'000 && client.available() < first.size(); ++i) {
        io.poll();
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_EQ(client.available(), first.size());
    for (int i = 0; i < 20; ++i) io.poll();
    // Far more than the socket holds (buffers are a few MiB at most): the offering thread sends a
    // part, the writer owes the rest.
    const std::string big(32u << 20, 'b');
    ASSERT_TRUE(gate->offer(text_frame(big)));
    // Beast asks for the socket before the writer has run (this thread is the connection's).
    ASSERT_FALSE(gate->begin_beast_write(false));
    const std::string beast = text_frame("beast");
    gate->wait_idle([&](boost::system::error_code) {
        ASSERT_TRUE(gate->begin_beast_write(true));
        net::write(server, net::buffer(beast));
        gate->end_beast_write();
    });
    std::thread runner([&] { io.run(); });
    std::string bytes;
    const std::size_t total = first.size() + text_frame(big).size() + beast.size();
    std::vector<char> buffer(1 << 16);
    while (bytes.size() < total) {
        boost::system::error_code ec;
        const std::size_t n = client.read_some(net::buffer(buffer), ec);
        if (ec) break;
        bytes.append(buffer.data(), n);
    }
    gate->shut();
    io.stop();
    runner.join();
    std::size_t used = 0;
    const std::vector<std::string> got = payloads(bytes, used);
    ASSERT_EQ(got.size(), 3u);
    EXPECT_EQ(got[0], "first");
    EXPECT_TRUE(got[1] == big) << "the frame was broken into";
    EXPECT_EQ(got[2], "beast");
    EXPECT_EQ(used, total);
}

// Beast's pongs (the client pings all along) and the gate's frames, offered from another thread
// as fast as it can, share the socket: the client reads every frame, in order, and no protocol
// error.
TEST(WriteGate, BeastsControlFramesNeverFallInsideTheGatesFrames) {
    net::io_context server_io;
    net::io_context client_io;
    tcp::acceptor acceptor(server_io, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    websocket::stream<beast::tcp_stream> client(client_io);
    std::thread connect([&] { client.next_layer().connect(acceptor.local_endpoint()); });
    auto strand = net::make_strand(server_io);
    tcp::socket accepted(strand);
    acceptor.accept(accepted);
    connect.join();
    GuardedWebSocket ws(
        WebSocketFrameGuard<beast::tcp_stream>(beast::tcp_stream(std::move(accepted))));
    std::promise<std::shared_ptr<WriteGate>> ready;
    net::co_spawn(
        ws.get_executor(),
        [&]() -> net::awaitable<void> {
            auto [accept_ec] = co_await ws.async_accept(use_nothrow);
            if (accept_ec) {
                ready.set_value(nullptr);
                co_return;
            }
            auto& socket = beast::get_lowest_layer(ws).socket();
            socket.set_option(net::socket_base::send_buffer_size(8192));
            auto gate = std::make_shared<WriteGate>(ws.get_executor(), socket.native_handle(),
                                                    1'000'000, 1u << 30);
            ws.next_layer().use_gate(gate);
            gate->start(text_frame("first"));
            net::co_spawn(ws.get_executor(), gate->run_writer(socket), net::detached);
            ready.set_value(gate);
            beast::flat_buffer buffer;
            for (;;) {
                auto [ec, n] = co_await ws.async_read(buffer, use_nothrow);
                (void)n;
                if (ec) break;
                buffer.consume(buffer.size());
            }
        },
        net::detached);
    std::thread server_thread([&] { server_io.run(); });
    client.handshake("localhost", "/");
    const std::shared_ptr<WriteGate> gate = ready.get_future().get();
    ASSERT_TRUE(gate);

    constexpr int kFrames = 20'000;
    std::thread offering([&] {
        const std::string filler(200, 'g');
        for (int i = 0; i < kFrames; ++i)
            ASSERT_TRUE(gate->offer(text_frame(std::to_string(i) + filler)));
    });
    // The client pings while it reads; Beast answers each ping with a pong through the gate.
    std::atomic<bool> reading_done = false;
    int pongs = 0;
    client.control_callback([&](websocket::frame_type kind, beast::string_view) {
        if (kind == websocket::frame_type::pong) ++pongs;
    });
    std::string failure;
    int next = -1;  // -1: "first"
    net::co_spawn(
        client_io,
        [&]() -> net::awaitable<void> {
            beast::flat_buffer buffer;
            while (next < kFrames - 1) {
                auto [ec, n] = co_await client.async_read(buffer, use_nothrow);
                (void)n;
                if (ec) {
                    failure = "read: " + ec.message();
                    break;
                }
                const std::string text = beast::buffers_to_string(buffer.data());
                buffer.consume(buffer.size());
                const std::string expected =
                    next < 0 ? "first" : std::to_string(next) + std::string(200, 'g');
                if (text != expected) {
                    failure = "message " + std::to_string(next + 1) + " was " + text.substr(0, 20);
                    break;
                }
                ++next;
            }
            reading_done = true;
        },
        net::detached);
    net::co_spawn(
        client_io,
        [&]() -> net::awaitable<void> {
            net::steady_timer timer(client_io);
            while (!reading_done) {
                auto [ec] = co_await client.async_ping({}, use_nothrow);
                if (ec) break;
                timer.expires_after(std::chrono::microseconds(200));
                co_await timer.async_wait(use_nothrow);
            }
        },
        net::detached);
    client_io.run();
    offering.join();
    EXPECT_EQ(failure, "");
    EXPECT_EQ(next, kFrames - 1);
    EXPECT_GT(pongs, 0);
    net::post(ws.get_executor(), [&] {
        gate->shut();
        beast::get_lowest_layer(ws).socket().close();
    });
    server_thread.join();
}

}  // namespace
}  // namespace chess960::server
