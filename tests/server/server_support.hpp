// Helpers for the tests of `chess960 serve`: a real server on a free loopback port with a
// temporary database, HTTP clients (cpp-httplib's, and a Boost.Beast one that can choose its
// source address), a WebSocket client (Boost.Beast's, blocking, with a timeout on every read),
// a raw TCP connection for hand-written requests, an event-stream reader, and the server as
// a separate process. Their code is compiled once, in server_support.cpp (the serve test
// binaries link it): Beast and Asio are not seen here, so that each test file compiles quickly.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "postgres_test_db.hpp"
#include "server/server.hpp"

namespace chess960::testing {

using Json = nlohmann::json;

inline constexpr const char* kCastlingFen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1";

// A WebSocket to the server, from `bind_address` (any loopback address) when given.
class WsClient {
  public:
    WsClient(int port, const std::string& path, const std::string& bind_address = "",
             const std::string& authorization = "",
             const std::vector<std::pair<std::string, std::string>>& headers = {});
    ~WsClient();
    WsClient(const WsClient&) = delete;
    WsClient& operator=(const WsClient&) = delete;

    void send(const Json& message) { send_text(message.dump()); }
    void send_text(const std::string& text);
    void send_binary(const std::string& bytes);
    // The next message's text, or nullopt when none comes within `timeout` (the connection is
    // then closed: the stream's timer closes it) or the server closes the connection. The read
    // is asynchronous because a stream's timer does not apply to blocking reads.
    std::optional<std::string> receive_text(
        std::chrono::milliseconds timeout = std::chrono::seconds(10));
    // The next message, or nullopt when none comes within `timeout` or the connection closes.
    // A lobby's batch frame ({"type":"batch","messages":[...]}, docs/live.md) gives its messages
    // one by one.
    std::optional<Json> receive(std::chrono::milliseconds timeout = std::chrono::seconds(10));
    // How many batch frames receive() has unpacked.
    int batches() const { return batches_; }
    // Whether the last receive ended because the server closed the connection (a close
    // frame or the socket's end), not because the time ran out.
    bool closed_by_server() const;
    // Messages until one of `type` arrives (others are skipped); nullopt on timeout.
    std::optional<Json> receive_type(const std::string& type,
                                     std::chrono::milliseconds timeout = std::chrono::seconds(10));

  private:
    struct Socket;  // Beast's stream and its io_context (server_support.cpp)

    std::deque<Json> pending_;  // a batch's messages not yet received
    int batches_ = 0;
    std::unique_ptr<Socket> socket_;
};

// The status and body of the answer to a WebSocket upgrade request (101 when accepted).
struct UpgradeAnswer {
    int status = 0;
    std::string body;
};
UpgradeAnswer upgrade_answer(int port, const std::string& path);

// Milliseconds since `start`.
inline double elapsed_ms(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

// A blocking HTTP/1.1 client (Boost.Beast) on one keep-alive connection, from `bind_address`
// (any loopback address) when given, so that the server's per-address limits see another
// client. Every exchange has a 10-second deadline; a connection the server has closed is
// opened again once.
class HttpClient {
  public:
    struct Response {
        int status = 0;  // 0: no answer (`error` says why)
        std::string body;
        Json json;                                   // the body, when it is JSON
        std::map<std::string, std::string> headers;  // names in lower case
        std::string error;
        std::string header(const std::string& name) const {
            auto it = headers.find(name);
            return it == headers.end() ? std::string() : it->second;
        }
    };

    explicit HttpClient(int port, std::string bind_address = "");
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;

    Response get(const std::string& target, const std::string& token = "");
    Response post(const std::string& target, const Json& body, const std::string& token = "");

  private:
    struct Connection;  // Beast's stream, its buffer and io_context (server_support.cpp)

    std::unique_ptr<Connection> connection_;
};

// A TCP connection to the server for hand-written bytes: slow, partial or oversized requests.
class RawConnection {
  public:
    struct Received {
        std::string bytes;
        bool closed = false;  // the server closed (or reset) the connection
    };

    explicit RawConnection(int port, const std::string& bind_address = "");
    ~RawConnection() { close(); }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    bool connected() const { return fd_ >= 0; }
    // Sends all of `bytes`; false when the connection is closed or reset.
    bool send(std::string_view bytes);
    // What arrives within `timeout`, stopping early when the server closes the connection or
    // (if `until` is not empty) once what was read contains `until`.
    Received receive(std::chrono::milliseconds timeout, std::string_view until = {});
    void close();

  private:
    int fd_ = -1;
};

// A WebSocket spoken byte by byte over a RawConnection, for frames no WebSocket library would
// send: the upgrade, then frames written as given (the client masks with a zero key, which RFC
// 6455 allows), and the close frame's status code read back.
class RawWebSocket {
  public:
    RawWebSocket(int port, const std::string& path);
    bool upgraded() const { return upgraded_; }
    // A masked text frame (FIN set) carrying `text`.
    bool send_text(const std::string& text) { return send(header(0x81, text.size()) + text); }
    // Raw bytes (a header alone, say).
    bool send(std::string_view bytes) { return connection_.send(bytes); }
    // A frame header with `first` (FIN, opcode) and `length` in the shortest form, masked.
    static std::string header(unsigned char first, std::uint64_t length);
    // The status code of the server's close frame within `timeout` (skipping its other
    // frames), or -1 if none came.
    int close_code(std::chrono::milliseconds timeout);

  private:
    RawConnection connection_;
    bool upgraded_ = false;
};

// The HTTP status of a raw answer ("HTTP/1.1 413 ..." -> 413); 0 if it is not one.
int status_of(const std::string& answer);

// An event stream (Server-Sent Events) read by hand: the answer's status, then one event at a
// time, decoded from the chunked body.
class EventStream {
  public:
    struct Event {
        std::string name;
        std::string data;  // the data line's text
        Json json;         // that text parsed
    };

    EventStream(int port, const std::string& path, const std::string& token = "",
                const std::string& bind_address = "");

    int status() const { return status_; }  // 0: no answer
    const Json& refusal() const { return json_; }
    const std::string& refusal_text() const { return body_; }
    RawConnection& connection() { return connection_; }

    // The next event (comments such as ": ping" skipped), or nullopt when none comes within
    // `timeout` or the stream ends.
    std::optional<Event> next(std::chrono::milliseconds timeout = std::chrono::seconds(10));

  private:
    void decode_chunks();

    RawConnection connection_;
    int status_ = 0;
    std::string raw_;   // chunked bytes not yet decoded
    std::string text_;  // decoded text not yet split into events
    std::string body_;
    Json json_;
    bool ended_ = false;
};

// `chess960 serve --port 0 --db <db> <extra...>` as a separate process (the built binary), for
// what only a process shows: its memory, its exit status. With `run_as` (the caller must be
// root) the child drops to that user before it starts the server, and runs a copy of the binary
// in a directory of that user's: the build may be where only root can reach (a clone in /root
// or in a `mktemp -d`, whose mode is 0700).
class ServeProcess {
  public:
    explicit ServeProcess(const std::string& db, const std::vector<std::string>& extra = {},
                          std::optional<uid_t> run_as = std::nullopt,
                          const std::vector<std::pair<std::string, std::string>>& env = {});
    ~ServeProcess();
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    int port() const { return port_; }  // 0: it did not start
    pid_t pid() const { return pid_; }
    // Resident memory (VmRSS) in KiB, from /proc; -1 if it cannot be read.
    long rss_kib() const;
    // The exit status once the process has ended within `timeout` (128 + N for signal N).
    std::optional<int> wait_exit(std::chrono::milliseconds timeout);
    // SIGTERM, then the exit status (SIGKILL after 10 s).
    int stop();
    // What it wrote to stderr so far.
    std::string errors() const;

  private:
    // The binary copied into a new directory under /tmp that `user` owns: its path, or "" (and a
    // test failure saying why).
    std::string copy_binary_for(uid_t user);

    pid_t pid_ = -1;
    int port_ = 0;
    int out_ = -1;
    std::FILE* errors_ = nullptr;
    bool exited_ = false;
    int exit_status_ = -1;
    std::string copy_dir_;  // the directory of the binary's copy, removed at the end
};

class ServerTest : public ::testing::Test {
  protected:
    void SetUp() override;
    void TearDown() override;

    bool on_postgres() const { return postgres_ != nullptr; }

    void start(const std::string& web_dir = "");
    void stop();
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
    static Reply reply(const httplib::Result& r);
    Reply get(const std::string& path, const std::string& token = "");
    Reply post(const std::string& path, const std::string& body, const std::string& token = "");
    Reply post(const std::string& path, const Json& body, const std::string& token = "") {
        return post(path, body.dump(), token);
    }

    struct Created {
        std::string id, white, black;
        Json game;
    };
    Created create(const Json& body);
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
    std::unique_ptr<test::PgTestSchema> postgres_;  // the schema under CHESS960_TEST_POSTGRES
    server::Options options_;
    std::unique_ptr<server::Server> server_;
    std::thread thread_;
    int port_ = 0;
    std::unique_ptr<httplib::Client> client_;
};

}  // namespace chess960::testing
