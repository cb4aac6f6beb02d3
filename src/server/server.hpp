// `chess960 serve`: the HTTP server behind the browser board. A JSON API (see
// docs/openapi.yaml and /work/web-api.md), live updates by Server-Sent Events, the built web
// app as static files, games kept in SQLite, and the engine playing on its own threads.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

namespace chess960::server {

struct Options {
    std::string host = "127.0.0.1";
    int port = 8960;  // 0: any free port (see Server::bind)
    std::string db_path = "chess960.db";
    // The built web app (index.html and its assets); when it has no index.html every page
    // path answers a short page that says how to build it.
    std::string web_dir;
    // HTTP worker threads. A Server-Sent Events stream holds one for as long as it is open.
    int http_threads = 128;
    // Threads that run engine searches, each with its own Searcher; engine games queue for them.
    int engine_threads = 1;
    int engine_hash_mb = 16;
    std::ostream* log = nullptr;  // start-up and error lines; null: quiet
};

// The web app directory baked in at build time (the source tree's web/dist).
std::string default_web_dir();

class Server {
  public:
    // Opens the database (creating or migrating it) and loads its games; engine games whose
    // engine is to move resume thinking (once bound). Ignores SIGPIPE unless the program
    // handles it. Throws std::runtime_error.
    explicit Server(Options options);
    ~Server();  // stops and joins every thread
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds the listening socket; returns the port (the chosen one when Options::port is 0).
    // Throws std::runtime_error.
    int bind();
    // Serves until stop(); call bind() first.
    void run();
    // Ends run(): open event streams and engine searches end within about a second.
    // Safe from any thread (not from a signal handler).
    void stop();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace chess960::server
