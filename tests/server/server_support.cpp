// The code of the serve tests' helpers (server_support.hpp), compiled once for every serve test
// binary: Beast's and Asio's templates are instantiated here only.
#include "server_support.hpp"

#include <arpa/inet.h>
#include <grp.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <cerrno>
#include <cstring>

namespace chess960::testing {

namespace net = boost::asio;
namespace beast = boost::beast;

namespace {

net::ip::tcp::endpoint loopback(int port) {
    return net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), net::ip::port_type(port));
}

}  // namespace

// ---- WsClient ----

struct WsClient::Socket {
    net::io_context ioc;
    beast::websocket::stream<beast::tcp_stream> ws{ioc};
    boost::system::error_code last_error;
};

WsClient::WsClient(int port, const std::string& path, const std::string& bind_address,
                   const std::string& authorization,
                   const std::vector<std::pair<std::string, std::string>>& headers)
    : socket_(std::make_unique<Socket>()) {
    auto& ws = socket_->ws;
    auto& socket = beast::get_lowest_layer(ws).socket();
    socket.open(net::ip::tcp::v4());
    if (!bind_address.empty())
        socket.bind(net::ip::tcp::endpoint(net::ip::make_address(bind_address), 0));
    socket.connect(loopback(port));
    ws.set_option(beast::websocket::stream_base::decorator(
        [authorization, headers](beast::websocket::request_type& request) {
            if (!authorization.empty())
                request.set(beast::http::field::authorization, "Bearer " + authorization);
            for (const auto& [name, value] : headers) request.set(name, value);
        }));
    ws.handshake("127.0.0.1", path);
}

WsClient::~WsClient() = default;

void WsClient::send_text(const std::string& text) {
    socket_->ws.text(true);
    socket_->ws.write(net::buffer(text));
}

void WsClient::send_binary(const std::string& bytes) {
    socket_->ws.binary(true);
    socket_->ws.write(net::buffer(bytes));
}

std::optional<std::string> WsClient::receive_text(std::chrono::milliseconds timeout) {
    Socket& s = *socket_;
    beast::get_lowest_layer(s.ws).expires_after(timeout);
    beast::flat_buffer buffer;
    s.last_error = net::error::would_block;
    s.ws.async_read(buffer, [&s](boost::system::error_code ec, std::size_t) { s.last_error = ec; });
    s.ioc.restart();
    s.ioc.run();
    if (s.last_error) return std::nullopt;
    return beast::buffers_to_string(buffer.data());
}

std::optional<Json> WsClient::receive(std::chrono::milliseconds timeout) {
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

bool WsClient::closed_by_server() const {
    const auto& error = socket_->last_error;
    return error == beast::websocket::error::closed || error == net::error::eof ||
           error == net::error::connection_reset;
}

std::optional<Json> WsClient::receive_type(const std::string& type,
                                           std::chrono::milliseconds timeout) {
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

UpgradeAnswer upgrade_answer(int port, const std::string& path) {
    net::io_context ioc;
    beast::websocket::stream<beast::tcp_stream> ws(ioc);
    beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(10));
    boost::system::error_code ec;
    beast::get_lowest_layer(ws).connect(loopback(port), ec);
    UpgradeAnswer answer;
    if (ec) return answer;
    beast::websocket::response_type response;
    ws.handshake(response, "127.0.0.1", path, ec);
    answer.status = int(response.result_int());
    answer.body = response.body();
    return answer;
}

// ---- HttpClient ----

struct HttpClient::Connection {
    using Response = HttpClient::Response;

    Connection(int to_port, std::string from_address)
        : port(to_port), bind_address(std::move(from_address)) {}

    Response request(beast::http::verb method, const std::string& target, const std::string& body,
                     const std::string& token) {
        const bool reused = stream.has_value();
        Response response = exchange(method, target, body, token);
        if (response.status == 0 && reused) {
            stream.reset();
            response = exchange(method, target, body, token);
        }
        return response;
    }

    // Runs the io_context until the operation started before it completes.
    void run() {
        ioc.restart();
        ioc.run();
    }

    // Opens the connection if there is none; "" or what went wrong.
    std::string connect() {
        if (stream) return "";
        boost::system::error_code ec;
        stream.emplace(ioc);
        auto& socket = stream->socket();
        socket.open(net::ip::tcp::v4(), ec);
        if (!ec && !bind_address.empty())
            socket.bind(net::ip::tcp::endpoint(net::ip::make_address(bind_address), 0), ec);
        if (!ec) socket.connect(loopback(port), ec);
        if (!ec) return "";
        stream.reset();
        return "connect: " + ec.message();
    }

    Response exchange(beast::http::verb method, const std::string& target, const std::string& body,
                      const std::string& token) {
        namespace http = beast::http;
        Response response;
        response.error = connect();
        if (!response.error.empty()) return response;
        http::request<http::string_body> request{method, target, 11};
        request.set(http::field::host, "127.0.0.1");
        if (!token.empty()) request.set(http::field::authorization, "Bearer " + token);
        if (method == http::verb::post) {
            request.set(http::field::content_type, "application/json");
            request.body() = body;
        }
        request.keep_alive(true);
        request.prepare_payload();
        boost::system::error_code ec;
        stream->expires_after(std::chrono::seconds(10));
        http::async_write(*stream, request,
                          [&](boost::system::error_code e, std::size_t) { ec = e; });
        run();
        http::response<http::string_body> answer;
        if (!ec) {
            http::async_read(*stream, buffer, answer,
                             [&](boost::system::error_code e, std::size_t) { ec = e; });
            run();
        }
        if (ec) {
            stream.reset();
            buffer.clear();
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
        if (!answer.keep_alive()) stream.reset();
        return response;
    }

    int port;
    std::string bind_address;
    net::io_context ioc;
    std::optional<beast::tcp_stream> stream;
    beast::flat_buffer buffer;
};

HttpClient::HttpClient(int port, std::string bind_address)
    : connection_(std::make_unique<Connection>(port, std::move(bind_address))) {}

HttpClient::~HttpClient() = default;

HttpClient::Response HttpClient::get(const std::string& target, const std::string& token) {
    return connection_->request(beast::http::verb::get, target, "", token);
}

HttpClient::Response HttpClient::post(const std::string& target, const Json& body,
                                      const std::string& token) {
    return connection_->request(beast::http::verb::post, target, body.dump(), token);
}

// ---- RawConnection ----

namespace {

sockaddr_in address(const std::string& ip, int port) {
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(std::uint16_t(port));
    if (inet_pton(AF_INET, ip.c_str(), &a.sin_addr) != 1)
        ADD_FAILURE() << "not an IPv4 address: '" << ip << "'";
    return a;
}

}  // namespace

RawConnection::RawConnection(int port, const std::string& bind_address) {
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

bool RawConnection::send(std::string_view bytes) {
    while (!bytes.empty()) {
        if (fd_ < 0) return false;
        const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes.remove_prefix(std::size_t(n));
    }
    return true;
}

RawConnection::Received RawConnection::receive(std::chrono::milliseconds timeout,
                                               std::string_view until) {
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

void RawConnection::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

// ---- RawWebSocket ----

RawWebSocket::RawWebSocket(int port, const std::string& path) : connection_(port) {
    upgraded_ = connection_.send("GET " + path +
                                 " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                                 "Connection: Upgrade\r\n"
                                 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                 "Sec-WebSocket-Version: 13\r\n\r\n");
    const auto answer = connection_.receive(std::chrono::seconds(10), "\r\n\r\n");
    upgraded_ = upgraded_ && answer.bytes.starts_with("HTTP/1.1 101");
}

std::string RawWebSocket::header(unsigned char first, std::uint64_t length) {
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

int RawWebSocket::close_code(std::chrono::milliseconds timeout) {
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
                return length >= 2 ? (unsigned char)bytes[at] << 8 | (unsigned char)bytes[at + 1]
                                   : 1005;
            bytes.erase(0, at + std::size_t(length));
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return -1;
        const auto received = connection_.receive(std::min(left, std::chrono::milliseconds(100)));
        bytes += received.bytes;
        if (received.closed && received.bytes.empty()) return -1;
    }
}

int status_of(const std::string& answer) {
    if (!answer.starts_with("HTTP/1.1 ") || answer.size() < 12) return 0;
    return std::atoi(answer.c_str() + 9);
}

// ---- EventStream ----

EventStream::EventStream(int port, const std::string& path, const std::string& token,
                         const std::string& bind_address)
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

std::optional<EventStream::Event> EventStream::next(std::chrono::milliseconds timeout) {
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

void EventStream::decode_chunks() {
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

// ---- ServeProcess ----

ServeProcess::ServeProcess(const std::string& db, const std::vector<std::string>& extra,
                           std::optional<uid_t> run_as,
                           const std::vector<std::pair<std::string, std::string>>& env) {
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

ServeProcess::~ServeProcess() {
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

long ServeProcess::rss_kib() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.starts_with("VmRSS:")) return std::atol(line.c_str() + 6);
    return -1;
}

std::optional<int> ServeProcess::wait_exit(std::chrono::milliseconds timeout) {
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

int ServeProcess::stop() {
    if (!exited_) kill(pid_, SIGTERM);
    if (auto status = wait_exit(std::chrono::seconds(10))) return *status;
    kill(pid_, SIGKILL);
    return wait_exit(std::chrono::seconds(10)).value_or(-1);
}

std::string ServeProcess::errors() const {
    std::string text;
    if (!errors_) return text;
    std::fflush(errors_);
    std::ifstream in("/proc/self/fd/" + std::to_string(fileno(errors_)), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

std::string ServeProcess::copy_binary_for(uid_t user) {
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

// ---- ServerTest ----

void ServerTest::SetUp() {
    char dir_template[] = "/tmp/chess960_server_test_XXXXXX";
    ASSERT_NE(mkdtemp(dir_template), nullptr);
    dir_ = dir_template;
    options_.port = 0;
    if (std::getenv("CHESS960_TEST_SERVER_LOG")) options_.log = &std::cerr;
    options_.db_path = dir_ + "/games.db";
    // Under CHESS960_TEST_POSTGRES (ctest ROOM_serve_tests_postgres) the same tests run on a
    // PostgreSQL schema of their own instead of the SQLite file.
    if (const std::string uri = test::postgres_test_uri(); !uri.empty()) {
        postgres_ = std::make_unique<test::PgTestSchema>(uri);
        options_.db_path = postgres_->uri();
    }
    // The tests create many games from one address: no rate limits unless a test sets them.
    options_.limits.games_per_minute = 0;
    options_.limits.engine_games = 0;
    options_.limits.moves_per_second = 0;
    options_.limits.db_queries_per_second = 0;
    start();
}

void ServerTest::TearDown() {
    stop();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

void ServerTest::start(const std::string& web_dir) {
    options_.web_dir = web_dir;
    server_ = std::make_unique<server::Server>(options_);
    port_ = server_->bind();
    thread_ = std::thread([this] { server_->run(); });
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    client_->set_read_timeout(10, 0);
}

void ServerTest::stop() {
    if (!server_) return;
    server_->stop();
    thread_.join();
    server_.reset();
    client_.reset();
}

ServerTest::Reply ServerTest::reply(const httplib::Result& r) {
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

ServerTest::Reply ServerTest::get(const std::string& path, const std::string& token) {
    httplib::Headers headers;
    if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
    return reply(client_->Get(path.c_str(), headers));
}

ServerTest::Reply ServerTest::post(const std::string& path, const std::string& body,
                                   const std::string& token) {
    httplib::Headers headers;
    if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
    return reply(client_->Post(path.c_str(), headers, body, "application/json"));
}

ServerTest::Created ServerTest::create(const Json& body) {
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

}  // namespace chess960::testing
