// Helpers for the tests of `chess960 serve`: a real server on a free loopback port with a
// temporary database, an HTTP client (cpp-httplib's), and a WebSocket client (Boost.Beast's,
// blocking, with a timeout on every read).
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "server/server.hpp"

namespace chess960::testing {

using Json = nlohmann::json;

inline constexpr const char* kCastlingFen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1";

// A WebSocket to the server, from `bind_address` (any loopback address) when given.
class WsClient {
  public:
    WsClient(int port, const std::string& path, const std::string& bind_address = "",
             const std::string& authorization = "")
        : ws_(ioc_) {
        namespace net = boost::asio;
        auto& socket = boost::beast::get_lowest_layer(ws_).socket();
        socket.open(net::ip::tcp::v4());
        if (!bind_address.empty())
            socket.bind(net::ip::tcp::endpoint(net::ip::make_address(bind_address), 0));
        socket.connect(
            net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), net::ip::port_type(port)));
        ws_.set_option(boost::beast::websocket::stream_base::decorator(
            [authorization](boost::beast::websocket::request_type& request) {
                if (!authorization.empty())
                    request.set(boost::beast::http::field::authorization,
                                "Bearer " + authorization);
            }));
        ws_.handshake("127.0.0.1", path);
    }
    void send(const Json& message) { send_text(message.dump()); }
    void send_text(const std::string& text) {
        ws_.text(true);
        ws_.write(boost::asio::buffer(text));
    }
    // The next message, or nullopt when none comes within `timeout` or the connection closes.
    std::optional<Json> receive(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        boost::beast::get_lowest_layer(ws_).expires_after(timeout);
        boost::beast::flat_buffer buffer;
        boost::system::error_code ec;
        ws_.read(buffer, ec);
        if (ec) return std::nullopt;
        return Json::parse(boost::beast::buffers_to_string(buffer.data()), nullptr, false);
    }
    // Messages until one of `type` arrives (others are skipped); nullopt on timeout.
    std::optional<Json> receive_type(const std::string& type,
                                     std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return std::nullopt;
            auto message = receive(left);
            if (!message) return std::nullopt;
            if ((*message)["type"] == type) return message;
        }
    }

  private:
    boost::asio::io_context ioc_;
    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
};

class ServerTest : public ::testing::Test {
  protected:
    void SetUp() override {
        char dir_template[] = "/tmp/chess960_server_test_XXXXXX";
        ASSERT_NE(mkdtemp(dir_template), nullptr);
        dir_ = dir_template;
        options_.port = 0;
        options_.db_path = dir_ + "/games.db";
        // The tests create many games from one address: no rate limits unless a test sets them.
        options_.limits.games_per_minute = 0;
        options_.limits.engine_games = 0;
        options_.limits.moves_per_second = 0;
        start();
    }
    void TearDown() override {
        stop();
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }

    void start(const std::string& web_dir = "") {
        options_.web_dir = web_dir;
        server_ = std::make_unique<server::Server>(options_);
        port_ = server_->bind();
        thread_ = std::thread([this] { server_->run(); });
        client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
        client_->set_read_timeout(10, 0);
    }
    void stop() {
        if (!server_) return;
        server_->stop();
        thread_.join();
        server_.reset();
        client_.reset();
    }
    void restart() {
        stop();
        start();
    }

    struct Reply {
        int status = 0;
        Json body;
        std::string text;
        httplib::Headers headers;
    };
    static Reply reply(const httplib::Result& r) {
        Reply out;
        if (!r) {
            ADD_FAILURE() << "no response: " << httplib::to_string(r.error());
            return out;
        }
        out.status = r->status;
        out.text = r->body;
        out.headers = r->headers;
        if (r->get_header_value("Content-Type").find("json") != std::string::npos)
            out.body = Json::parse(r->body, nullptr, false);
        return out;
    }
    Reply get(const std::string& path, const std::string& token = "") {
        httplib::Headers headers;
        if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
        return reply(client_->Get(path.c_str(), headers));
    }
    Reply post(const std::string& path, const std::string& body, const std::string& token = "") {
        httplib::Headers headers;
        if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
        return reply(client_->Post(path.c_str(), headers, body, "application/json"));
    }
    Reply post(const std::string& path, const Json& body, const std::string& token = "") {
        return post(path, body.dump(), token);
    }

    struct Created {
        std::string id, white, black;
        Json game;
    };
    Created create(const Json& body) {
        Reply r = post("/api/games", body);
        EXPECT_EQ(r.status, 201) << r.text;
        Created c;
        if (r.status != 201) return c;
        c.id = r.body["id"];
        c.white = r.body["tokens"].value("white", "");
        c.black = r.body["tokens"].value("black", "");
        c.game = r.body["game"];
        return c;
    }
    Created friend_game(const Json& start) {
        return create(Json{{"opponent", "friend"}, {"start", start}});
    }
    // POST /moves: its answer is a MoveUpdate {move, state, legal}.
    Reply move(const Created& g, const std::string& text, const std::string& token) {
        return post("/api/games/" + g.id + "/moves", Json{{"move", text}}, token);
    }
    // Polls the game until `done` holds or `seconds` pass.
    template <typename Done>
    Json wait_for_game(const std::string& id, double seconds, Done done) {
        auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        Json view;
        while (std::chrono::steady_clock::now() < deadline) {
            Reply r = get("/api/games/" + id);
            if (r.status == 200) {
                view = r.body;
                if (done(view)) return view;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return view;
    }

    std::string dir_;
    server::Options options_;
    std::unique_ptr<server::Server> server_;
    std::thread thread_;
    int port_ = 0;
    std::unique_ptr<httplib::Client> client_;
};

}  // namespace chess960::testing
