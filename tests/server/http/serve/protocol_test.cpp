// The server's wire protocols under malformed and hostile input (the outside probe of
// 2026-11-28): WebSocket frames over the documented size closed at their header (1009), invalid
// frame lengths refused as protocol errors (1002), broken chunked framing answered 400, and the
// Bearer scheme read case-insensitively. The fixture and the clients are in server_support.hpp.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

#include "server_support.hpp"

using namespace chess960;
using Json = nlohmann::json;

namespace {

using chess960::testing::elapsed_ms;
using chess960::testing::RawConnection;
using chess960::testing::RawWebSocket;
using chess960::testing::ServerTest;
using chess960::testing::status_of;
using chess960::testing::WsClient;

class ServerProtocolTest : public ServerTest {
  protected:
    std::string socket_path(const std::string& id) { return "/api/games/" + id + "/socket"; }
    // Says hello as a spectator on a raw WebSocket.
    static void hello(RawWebSocket& ws) {
        EXPECT_TRUE(ws.upgraded());
        EXPECT_TRUE(ws.send_text(R"({"type":"hello"})"));
    }
};

TEST_F(ServerProtocolTest, AMessageUnder64KiBIsRefusedAndTheConnectionStays) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    WsClient ws(port_, "/api/games/" + g.id + "/socket");
    ws.send(Json{{"type", "hello"}});
    ASSERT_TRUE(ws.receive_type("game"));
    ws.send_text(R"({"type": "ping", "id": 1, "pad": ")" + std::string(60 * 1024, 'x') + "\"}");
    auto refused = ws.receive_type("error");
    ASSERT_TRUE(refused);
    EXPECT_EQ((*refused)["code"], "message_too_large");
    ws.send(Json{{"type", "ping"}, {"id", 2}});
    auto pong = ws.receive_type("pong");
    ASSERT_TRUE(pong) << "the connection did not stay";
    EXPECT_EQ((*pong)["id"], 2);
}

// docs/live.md: "A frame over 64 KiB closes the connection (code 1009)", at its header: the
// server does not read the 100 MB the header announces (none is sent here).
TEST_F(ServerProtocolTest, AFrameOver64KiBClosesWith1009AtItsHeader) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    RawWebSocket ws(port_, socket_path(g.id));
    hello(ws);
    const auto begin = std::chrono::steady_clock::now();
    ASSERT_TRUE(ws.send(RawWebSocket::header(0x81, 100ull << 20)));
    EXPECT_EQ(ws.close_code(std::chrono::seconds(10)), 1009);
    std::cout << "closed " << elapsed_ms(begin) << " ms after the header of a 100 MB frame\n";

    // Before the hello too.
    RawWebSocket early(port_, socket_path(g.id));
    ASSERT_TRUE(early.upgraded());
    ASSERT_TRUE(early.send(RawWebSocket::header(0x81, 65 * 1024)));
    EXPECT_EQ(early.close_code(std::chrono::seconds(10)), 1009);
}

// RFC 6455 5.2: a 64-bit payload length's most significant bit must be 0.
TEST_F(ServerProtocolTest, ALengthWithItsTopBitSetClosesWith1002) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    RawWebSocket ws(port_, socket_path(g.id));
    hello(ws);
    std::string header = RawWebSocket::header(0x81, 1ull << 20);
    header[2] = char(0x80);  // the top bit of the 64-bit length
    ASSERT_TRUE(ws.send(header));
    EXPECT_EQ(ws.close_code(std::chrono::seconds(10)), 1002);

    // A frame after well-formed ones: the length check follows the frames through.
    RawWebSocket later(port_, socket_path(g.id));
    hello(later);
    ASSERT_TRUE(later.send_text(R"({"type":"ping","id":1})"));
    ASSERT_TRUE(
        later.send_text(R"({"type":"ping","id":2,"pad":")" + std::string(300, 'x') + "\"}"));
    std::string bad = RawWebSocket::header(0x81, 1ull << 40);
    bad[2] = char(0xff);
    ASSERT_TRUE(later.send(bad));
    EXPECT_EQ(later.close_code(std::chrono::seconds(10)), 1002);
}

TEST_F(ServerProtocolTest, BrokenChunkedFramingIsAnswered400) {
    for (const std::string body : {"zz\r\n{}\r\n0\r\n\r\n",        // a size that is not hex
                                   "2\r\n{}XX0\r\n\r\n",           // no CRLF after the data
                                   "2;\x01=\r\n{}\r\n0\r\n\r\n"})  // a control in an extension
    {
        RawConnection raw(port_);
        ASSERT_TRUE(
            raw.send("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
                     body));
        const auto answer = raw.receive(std::chrono::seconds(10), "\r\n\r\n");
        EXPECT_EQ(status_of(answer.bytes), 400) << answer.bytes;
        EXPECT_NE(answer.bytes.find("malformed_request"), std::string::npos) << answer.bytes;
    }
}

// RFC 7235 2.1: the scheme is case-insensitive; one or more spaces follow it.
TEST_F(ServerProtocolTest, TheBearerSchemeIsCaseInsensitive) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    int ply = 0;
    for (const std::string scheme : {"bearer ", "BEARER ", "Bearer  ", "bEaReR "}) {
        const std::string token = ply % 2 == 0 ? g.white : g.black;
        const std::string move = std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"}[ply];
        RawConnection raw(port_);
        const std::string body = Json{{"move", move}}.dump();
        ASSERT_TRUE(raw.send("POST /api/games/" + g.id + "/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                             "Authorization: " + scheme + token + "\r\n" +
                             "Content-Type: application/json\r\nContent-Length: " +
                             std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body));
        const auto answer = raw.receive(std::chrono::seconds(10));
        EXPECT_EQ(status_of(answer.bytes), 200) << scheme << ": " << answer.bytes;
        ++ply;
    }
    // Another scheme is no token.
    RawConnection raw(port_);
    const std::string body = Json{{"move", "f1b5"}}.dump();
    ASSERT_TRUE(raw.send(
        "POST /api/games/" + g.id + "/moves HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        "Authorization: Basic " + g.white + "\r\nContent-Type: application/json\r\n" +
        "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body));
    EXPECT_EQ(status_of(raw.receive(std::chrono::seconds(10)).bytes), 401);
}

}  // namespace
