// The network side of `chess960 serve`: Boost.Beast over Asio with C++20 coroutines on a few
// threads. A connection costs memory, never a thread: plain HTTP requests go to the routes,
// the event stream and the WebSocket become live connections of a game.
//
// Defences: a total deadline for a request's headers (slow-header clients are dropped), an
// idle keep-alive timeout, the body limit applied to the decoded body whatever the transfer
// encoding (413 without reading the rest), caps on open connections per client address and in
// all (503 at once when full, never a queue), and a hang-up noticed when it happens.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "http/routes.hpp"

namespace chess960::server {

struct HttpServerOptions {
    std::string host = "127.0.0.1";
    int port = 8960;  // 0: any free port
    int threads = 0;  // 0: one per core
    std::size_t max_connections = 30'000;
    std::size_t max_connections_per_address = 1'000;
    std::chrono::milliseconds header_timeout{10'000};
    std::chrono::milliseconds idle_timeout{60'000};
    std::size_t max_body = 64 * 1024;
    // The one route that takes a larger body (a PGN file uploaded to the game database), and how
    // many such bodies are read at once in all (past that: 503 before the body is read).
    std::string upload_path = "/api/db/import";
    std::size_t max_upload = 16 << 20;
    int uploads_at_once = 4;
};

// Who asks for a live connection, as its request said.
// A header's value, or "" when absent (the view lives as long as the request).
template <typename Field>
std::string_view request_header(
    const boost::beast::http::request<boost::beast::http::string_body>& request, Field field) {
    const auto it = request.find(field);
    return it == request.end() ? std::string_view() : std::string_view(it->value());
}

struct LiveConnection {
    std::string client;  // client_key's
    std::string query;   // the request's query (an event stream's ticket)
    std::string bearer;  // the Authorization: Bearer token, or empty
};
// Serves a live connection (match_live_route's; a socket's request is an upgrade) until it ends:
// the live connections are not the HTTP server's (live/sessions.hpp).
using LiveHandler = std::function<boost::asio::awaitable<void>(
    boost::beast::tcp_stream stream,
    boost::beast::http::request<boost::beast::http::string_body> request, LiveRoute route,
    LiveConnection connection)>;

class HttpServer {
  public:
    HttpServer(HttpServerOptions options, Routes& routes, LiveHandler live,
               std::function<void(const std::string&)> log);
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds and listens; returns the port. Throws std::runtime_error.
    int bind();
    // Serves on the option's threads until stop().
    void run();
    // Closes the listener and every connection; run() returns. Safe from any thread.
    void stop();
    std::size_t open_connections() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace chess960::server
