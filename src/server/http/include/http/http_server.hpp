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

#include "games/service.hpp"
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
    std::chrono::milliseconds hello_timeout{10'000};  // a WebSocket's hello
    std::size_t max_body = 64 * 1024;
};

class HttpServer {
  public:
    HttpServer(HttpServerOptions options, Routes& routes, GameService& games,
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
