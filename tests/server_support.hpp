// Helpers for the tests of `chess960 serve`: a real server on a free loopback port with a
// temporary database, HTTP clients (cpp-httplib's, and a Boost.Beast one that can choose its
// source address), a WebSocket client (Boost.Beast's, blocking, with a timeout on every read),
// a raw TCP connection for hand-written requests, an event-stream reader, and the server as
// a separate process.
#pragma once

#include <fcntl.h>
#include <grp.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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
             const std::vector<std::pair<std::string, std::string>>& headers = {})
        : ws_(ioc_) {
        namespace net = boost::asio;
        auto& socket = boost::beast::get_lowest_layer(ws_).socket();
        socket.open(net::ip::tcp::v4());
        if (!bind_address.empty())
            socket.bind(net::ip::tcp::endpoint(net::ip::make_address(bind_address), 0));
        socket.connect(
            net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), net::ip::port_type(port)));
        ws_.set_option(boost::beast::websocket::stream_base::decorator(
            [authorization, headers](boost::beast::websocket::request_type& request) {
                if (!authorization.empty())
                    request.set(boost::beast::http::field::authorization,
                                "Bearer " + authorization);
                for (const auto& [name, value] : headers) request.set(name, value);
            }));
        ws_.handshake("127.0.0.1", path);
    }
    void send(const Json& message) { send_text(message.dump()); }
    void send_text(const std::string& text) {
        ws_.text(true);
        ws_.write(boost::asio::buffer(text));
    }
    void send_binary(const std::string& bytes) {
        ws_.binary(true);
        ws_.write(boost::asio::buffer(bytes));
    }
    // The next message's text, or nullopt when none comes within `timeout` (the connection is
    // then closed: the stream's timer closes it) or the server closes the connection. The read
    // is asynchronous because a stream's timer does not apply to blocking reads.
    std::optional<std::string> receive_text(
        std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        boost::beast::get_lowest_layer(ws_).expires_after(timeout);
        boost::beast::flat_buffer buffer;
        last_error_ = boost::asio::error::would_block;
        ws_.async_read(buffer,
                       [this](boost::system::error_code ec, std::size_t) { last_error_ = ec; });
        ioc_.restart();
        ioc_.run();
        if (last_error_) return std::nullopt;
        return boost::beast::buffers_to_string(buffer.data());
    }
    // The next message, or nullopt when none comes within `timeout` or the connection closes.
    // A lobby's batch frame ({"type":"batch","messages":[...]}, docs/live.md) gives its messages
    // one by one.
    std::optional<Json> receive(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        if (pending_.empty()) {
            auto text = receive_text(timeout);
            if (!text) return std::nullopt;
            Json frame = Json::parse(*text, nullptr, false);
            if (!frame.is_object() || frame.value("type", "") != "batch") return frame;
            ++batches_;
            for (Json& message : frame["messages"]) pending_.push_back(std::move(message));
            if (pending_.empty()) return Json();
        }
        Json next = std::move(pending_.front());
        pending_.pop_front();
        return next;
    }
    // How many batch frames receive() has unpacked.
    int batches() const { return batches_; }
    // Whether the last receive ended because the server closed the connection (a close
    // frame or the socket's end), not because the time ran out.
    bool closed_by_server() const {
        return last_error_ == boost::beast::websocket::error::closed ||
               last_error_ == boost::asio::error::eof ||
               last_error_ == boost::asio::error::connection_reset;
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
    std::deque<Json> pending_;  // a batch's messages not yet received
    int batches_ = 0;

    boost::asio::io_context ioc_;
    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    boost::system::error_code last_error_;
};

// The status and body of the answer to a WebSocket upgrade request (101 when accepted).
struct UpgradeAnswer {
    int status = 0;
    std::string body;
};
inline UpgradeAnswer upgrade_answer(int port, const std::string& path) {
    namespace net = boost::asio;
    net::io_context ioc;
    boost::beast::websocket::stream<boost::beast::tcp_stream> ws(ioc);
    boost::beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(10));
    boost::system::error_code ec;
    boost::beast::get_lowest_layer(ws).connect(
        net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), net::ip::port_type(port)), ec);
    UpgradeAnswer answer;
    if (ec) return answer;
    boost::beast::websocket::response_type response;
    ws.handshake(response, "127.0.0.1", path, ec);
    answer.status = int(response.result_int());
    answer.body = response.body();
    return answer;
}

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

    explicit HttpClient(int port, std::string bind_address = "")
        : port_(port), bind_address_(std::move(bind_address)) {}

    Response get(const std::string& target, const std::string& token = "") {
        return request(boost::beast::http::verb::get, target, "", token);
    }
    Response post(const std::string& target, const Json& body, const std::string& token = "") {
        return request(boost::beast::http::verb::post, target, body.dump(), token);
    }
    Response request(boost::beast::http::verb method, const std::string& target,
                     const std::string& body, const std::string& token) {
        const bool reused = stream_.has_value();
        Response response = exchange(method, target, body, token);
        if (response.status == 0 && reused) {
            stream_.reset();
            response = exchange(method, target, body, token);
        }
        return response;
    }

  private:
    // Runs the io_context until the operation started before it completes.
    void run() {
        ioc_.restart();
        ioc_.run();
    }

    Response exchange(boost::beast::http::verb method, const std::string& target,
                      const std::string& body, const std::string& token) {
        namespace net = boost::asio;
        namespace http = boost::beast::http;
        Response response;
        boost::system::error_code ec;
        if (!stream_) {
            stream_.emplace(ioc_);
            auto& socket = stream_->socket();
            socket.open(net::ip::tcp::v4(), ec);
            if (!ec && !bind_address_.empty())
                socket.bind(net::ip::tcp::endpoint(net::ip::make_address(bind_address_), 0), ec);
            if (!ec)
                socket.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"),
                                                      net::ip::port_type(port_)),
                               ec);
            if (ec) {
                stream_.reset();
                response.error = "connect: " + ec.message();
                return response;
            }
        }
        http::request<http::string_body> request{method, target, 11};
        request.set(http::field::host, "127.0.0.1");
        if (!token.empty()) request.set(http::field::authorization, "Bearer " + token);
        if (method == http::verb::post) {
            request.set(http::field::content_type, "application/json");
            request.body() = body;
        }
        request.keep_alive(true);
        request.prepare_payload();
        stream_->expires_after(std::chrono::seconds(10));
        http::async_write(*stream_, request,
                          [&](boost::system::error_code e, std::size_t) { ec = e; });
        run();
        http::response<http::string_body> answer;
        if (!ec) {
            http::async_read(*stream_, buffer_, answer,
                             [&](boost::system::error_code e, std::size_t) { ec = e; });
            run();
        }
        if (ec) {
            stream_.reset();
            buffer_.clear();
            response.error = ec.message();
            return response;
        }
        response.status = int(answer.result_int());
        response.body = answer.body();
        for (const auto& field : answer) {
            std::string name(field.name_string());
            for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
            response.headers[name] = std::string(field.value());
        }
        if (response.header("content-type").find("json") != std::string::npos)
            response.json = Json::parse(response.body, nullptr, false);
        if (!answer.keep_alive()) stream_.reset();
        return response;
    }

    int port_;
    std::string bind_address_;
    boost::asio::io_context ioc_;
    std::optional<boost::beast::tcp_stream> stream_;
    boost::beast::flat_buffer buffer_;
};

// A TCP connection to the server for hand-written bytes: slow, partial or oversized requests.
class RawConnection {
  public:
    struct Received {
        std::string bytes;
        bool closed = false;  // the server closed (or reset) the connection
    };

    explicit RawConnection(int port, const std::string& bind_address = "") {
        fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd_ < 0) return;
        // A send that cannot go on for 10 s fails instead of hanging the test.
        timeval send_timeout{10, 0};
        setsockopt(fd_, SOL_SOCKET, SO_SNDTIMEO, &send_timeout, sizeof send_timeout);
        if (!bind_address.empty()) {
            sockaddr_in local = address(bind_address, 0);
            if (::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) close();
        }
        sockaddr_in remote = address("127.0.0.1", port);
        if (fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0)
            close();
    }
    ~RawConnection() { close(); }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    bool connected() const { return fd_ >= 0; }
    // Sends all of `bytes`; false when the connection is closed or reset.
    bool send(std::string_view bytes) {
        while (!bytes.empty()) {
            if (fd_ < 0) return false;
            const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return false;
            bytes.remove_prefix(std::size_t(n));
        }
        return true;
    }
    // What arrives within `timeout`, stopping early when the server closes the connection or
    // (if `until` is not empty) once what was read contains `until`.
    Received receive(std::chrono::milliseconds timeout, std::string_view until = {}) {
        Received received;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        char buffer[16 * 1024];
        while (fd_ >= 0) {
            if (!until.empty() && received.bytes.find(until) != std::string::npos) break;
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) break;
            pollfd ready{fd_, POLLIN, 0};
            const int polled = ::poll(&ready, 1, int(left.count()));
            if (polled < 0 && errno == EINTR) continue;
            if (polled <= 0) break;
            const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                received.closed = true;
                break;
            }
            received.bytes.append(buffer, std::size_t(n));
        }
        return received;
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

  private:
    static sockaddr_in address(const std::string& ip, int port) {
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(std::uint16_t(port));
        const auto bytes = boost::asio::ip::make_address_v4(ip).to_bytes();
        std::memcpy(&a.sin_addr, bytes.data(), bytes.size());
        return a;
    }

    int fd_ = -1;
};

// A WebSocket spoken byte by byte over a RawConnection, for frames no WebSocket library would
// send: the upgrade, then frames written as given (the client masks with a zero key, which RFC
// 6455 allows), and the close frame's status code read back.
class RawWebSocket {
  public:
    RawWebSocket(int port, const std::string& path) : connection_(port) {
        upgraded_ = connection_.send("GET " + path +
                                     " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                     "Connection: Upgrade\r\n"
                                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                     "Sec-WebSocket-Version: 13\r\n\r\n");
        const auto answer = connection_.receive(std::chrono::seconds(10), "\r\n\r\n");
        upgraded_ = upgraded_ && answer.bytes.starts_with("HTTP/1.1 101");
    }
    bool upgraded() const { return upgraded_; }
    // A masked text frame (FIN set) carrying `text`.
    bool send_text(const std::string& text) { return send(header(0x81, text.size()) + text); }
    // Raw bytes (a header alone, say).
    bool send(std::string_view bytes) { return connection_.send(bytes); }
    // A frame header with `first` (FIN, opcode) and `length` in the shortest form, masked.
    static std::string header(unsigned char first, std::uint64_t length) {
        std::string h(1, char(first));
        if (length < 126) {
            h += char(0x80 | length);
        } else if (length < 65536) {
            h += char(0x80 | 126);
            for (int shift = 8; shift >= 0; shift -= 8) h += char((length >> shift) & 0xff);
        } else {
            h += char(0x80 | 127);
            for (int shift = 56; shift >= 0; shift -= 8) h += char((length >> shift) & 0xff);
        }
        return h + std::string(4, '\0');  // the masking key: zero
    }
    // The status code of the server's close frame within `timeout` (skipping its other
    // frames), or -1 if none came.
    int close_code(std::chrono::milliseconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        std::string bytes;
        for (;;) {
            // Server frames are unmasked: opcode, length (7, 16 or 64 bits), payload.
            while (bytes.size() >= 2) {
                const unsigned char first = bytes[0];
                std::uint64_t length = bytes[1] & 0x7f;
                std::size_t at = 2;
                if (length == 126 || length == 127) {
                    const std::size_t size = length == 126 ? 2 : 8;
                    if (bytes.size() < 2 + size) break;
                    length = 0;
                    for (std::size_t i = 0; i < size; ++i)
                        length = length << 8 | (unsigned char)bytes[2 + i];
                    at += size;
                }
                if (bytes.size() < at + length) break;
                if ((first & 0x0f) == 0x8)
                    return length >= 2
                               ? (unsigned char)bytes[at] << 8 | (unsigned char)bytes[at + 1]
                               : 1005;
                bytes.erase(0, at + std::size_t(length));
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return -1;
            const auto received =
                connection_.receive(std::min(left, std::chrono::milliseconds(100)));
            bytes += received.bytes;
            if (received.closed && received.bytes.empty()) return -1;
        }
    }

  private:
    RawConnection connection_;
    bool upgraded_ = false;
};

// The HTTP status of a raw answer ("HTTP/1.1 413 ..." -> 413); 0 if it is not one.
inline int status_of(const std::string& answer) {
    if (!answer.starts_with("HTTP/1.1 ") || answer.size() < 12) return 0;
    return std::atoi(answer.c_str() + 9);
}

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
                const std::string& bind_address = "")
        : connection_(port, bind_address) {
        std::string request = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        if (!token.empty()) request += "Authorization: Bearer " + token + "\r\n";
        request += "Accept: text/event-stream\r\n\r\n";
        if (!connection_.send(request)) return;
        RawConnection::Received head = connection_.receive(std::chrono::seconds(10), "\r\n\r\n");
        const auto end = head.bytes.find("\r\n\r\n");
        if (end == std::string::npos) return;
        status_ = status_of(head.bytes);
        raw_ = head.bytes.substr(end + 4);
        if (status_ != 200) {
            // A refusal: its JSON body, then the server closes.
            if (!head.closed) raw_ += connection_.receive(std::chrono::seconds(10)).bytes;
            body_ = raw_;
            json_ = Json::parse(body_, nullptr, false);
        }
    }

    int status() const { return status_; }  // 0: no answer
    const Json& refusal() const { return json_; }
    const std::string& refusal_text() const { return body_; }
    RawConnection& connection() { return connection_; }

    // The next event (comments such as ": ping" skipped), or nullopt when none comes within
    // `timeout` or the stream ends.
    std::optional<Event> next(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            decode_chunks();
            while (true) {
                const auto end = text_.find("\n\n");
                if (end == std::string::npos) break;
                const std::string block = text_.substr(0, end);
                text_.erase(0, end + 2);
                Event event;
                std::istringstream lines(block);
                for (std::string line; std::getline(lines, line);) {
                    if (line.starts_with("event: ")) event.name = line.substr(7);
                    if (line.starts_with("data: ")) event.data = line.substr(6);
                }
                if (event.name.empty()) continue;  // a comment
                event.json = Json::parse(event.data, nullptr, false);
                return event;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0 || ended_) return std::nullopt;
            RawConnection::Received more = connection_.receive(left, "\n");
            raw_ += more.bytes;
            if (more.closed) ended_ = true;
            if (more.bytes.empty() && !more.closed) return std::nullopt;
        }
    }

  private:
    void decode_chunks() {
        for (;;) {
            const auto line_end = raw_.find("\r\n");
            if (line_end == std::string::npos) return;
            const std::size_t size = std::strtoul(raw_.substr(0, line_end).c_str(), nullptr, 16);
            if (size == 0) {
                ended_ = true;
                raw_.clear();
                return;
            }
            if (raw_.size() < line_end + 2 + size + 2) return;
            text_.append(raw_, line_end + 2, size);
            raw_.erase(0, line_end + 2 + size + 2);
        }
    }

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
                          const std::vector<std::pair<std::string, std::string>>& env = {}) {
        errors_ = std::tmpfile();
        int out[2];
        if (!errors_ || pipe2(out, O_CLOEXEC) != 0) {
            ADD_FAILURE() << "cannot make the child's pipes";
            return;
        }
        std::string binary = CHESS960_BINARY;
        if (run_as) {
            binary = copy_binary_for(*run_as);
            if (binary.empty()) return;
        }
        std::vector<std::string> args = {binary, "serve", "--port", "0", "--db", db};
        args.insert(args.end(), extra.begin(), extra.end());
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], 1);
            dup2(fileno(errors_), 2);
            // What went wrong before the server could say anything, on its stderr.
            auto fail = [](const char* what, int status) {
                const std::string line = std::string(what) + ": " + std::strerror(errno) + "\n";
                (void)!::write(2, line.data(), line.size());
                _exit(status);
            };
            if (run_as &&
                (setgroups(0, nullptr) != 0 || setgid(gid_t(*run_as)) != 0 || setuid(*run_as) != 0))
                fail("cannot become the unprivileged user", 126);
            for (const auto& [name, value] : env)
                if (setenv(name.c_str(), value.c_str(), 1) != 0)
                    fail("cannot set the environment", 126);
            std::vector<char*> argv;
            for (std::string& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(binary.c_str(), argv.data());
            fail(("cannot run " + binary).c_str(), 127);
        }
        close(out[1]);
        out_ = out[0];
        // "Listening on http://127.0.0.1:<port>/", or the end of the output if it fails.
        std::string line;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (std::chrono::steady_clock::now() < deadline) {
            pollfd ready{out_, POLLIN, 0};
            if (::poll(&ready, 1, 100) <= 0) continue;
            char c;
            if (::read(out_, &c, 1) != 1 || c == '\n') break;
            line += c;
        }
        if (line.starts_with("Listening on http://"))
            port_ = std::atoi(line.c_str() + line.rfind(':') + 1);
    }
    ~ServeProcess() {
        if (pid_ > 0 && !exited_) {
            kill(pid_, SIGKILL);
            waitpid(pid_, nullptr, 0);
        }
        if (out_ >= 0) close(out_);
        if (errors_) std::fclose(errors_);
        if (!copy_dir_.empty()) {
            std::error_code ignored;
            std::filesystem::remove_all(copy_dir_, ignored);
        }
    }
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    int port() const { return port_; }  // 0: it did not start
    pid_t pid() const { return pid_; }
    // Resident memory (VmRSS) in KiB, from /proc; -1 if it cannot be read.
    long rss_kib() const {
        std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
        for (std::string line; std::getline(status, line);)
            if (line.starts_with("VmRSS:")) return std::atol(line.c_str() + 6);
        return -1;
    }
    // The exit status once the process has ended within `timeout` (128 + N for signal N).
    std::optional<int> wait_exit(std::chrono::milliseconds timeout) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        while (!exited_) {
            int status = 0;
            const pid_t done = waitpid(pid_, &status, WNOHANG);
            if (done == pid_) {
                exited_ = true;
                exit_status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
                break;
            }
            if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return exit_status_;
    }
    // SIGTERM, then the exit status (SIGKILL after 10 s).
    int stop() {
        if (!exited_) kill(pid_, SIGTERM);
        if (auto status = wait_exit(std::chrono::seconds(10))) return *status;
        kill(pid_, SIGKILL);
        return wait_exit(std::chrono::seconds(10)).value_or(-1);
    }
    // What it wrote to stderr so far.
    std::string errors() const {
        std::string text;
        if (!errors_) return text;
        std::fflush(errors_);
        std::ifstream in("/proc/self/fd/" + std::to_string(fileno(errors_)), std::ios::binary);
        std::ostringstream bytes;
        bytes << in.rdbuf();
        return bytes.str();
    }

  private:
    // The binary copied into a new directory under /tmp that `user` owns: its path, or "" (and a
    // test failure saying why).
    std::string copy_binary_for(uid_t user) {
        char pattern[] = "/tmp/chess960_serve_binary_XXXXXX";
        if (!mkdtemp(pattern)) {
            ADD_FAILURE() << "cannot make a directory for the binary: " << std::strerror(errno);
            return "";
        }
        copy_dir_ = pattern;
        const std::string copy = copy_dir_ + "/chess960";
        std::error_code ec;
        std::filesystem::copy_file(CHESS960_BINARY, copy, ec);
        if (ec || chmod(copy.c_str(), 0755) != 0 || chown(copy_dir_.c_str(), user, user) != 0 ||
            chmod(copy_dir_.c_str(), 0755) != 0) {
            ADD_FAILURE() << "cannot copy " << CHESS960_BINARY << " to " << copy << ": "
                          << (ec ? ec.message() : std::strerror(errno));
            return "";
        }
        return copy;
    }

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
    void SetUp() override {
        char dir_template[] = "/tmp/chess960_server_test_XXXXXX";
        ASSERT_NE(mkdtemp(dir_template), nullptr);
        dir_ = dir_template;
        options_.port = 0;
        if (std::getenv("CHESS960_TEST_SERVER_LOG")) options_.log = &std::cerr;
        options_.db_path = dir_ + "/games.db";
        // Under CHESS960_TEST_POSTGRES (ctest server_tests_postgres) the same tests run on a
        // PostgreSQL schema of their own instead of the SQLite file.
        if (const std::string uri = test::postgres_test_uri(); !uri.empty()) {
            postgres_ = std::make_unique<test::PgTestSchema>(uri);
            options_.db_path = postgres_->uri();
        }
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

    bool on_postgres() const { return postgres_ != nullptr; }

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
    std::unique_ptr<test::PgTestSchema> postgres_;  // the schema under CHESS960_TEST_POSTGRES
    server::Options options_;
    std::unique_ptr<server::Server> server_;
    std::thread thread_;
    int port_ = 0;
    std::unique_ptr<httplib::Client> client_;
};

}  // namespace chess960::testing
