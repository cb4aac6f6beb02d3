// `chess960 serve`: the web server behind the browser board. A JSON API (docs/openapi.yaml),
// live play over a WebSocket or Server-Sent Events (docs/live.md), the built web app as static
// files, games kept in SQLite, and the engine playing on its own threads. Non-blocking: a
// connection costs memory, not a thread.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <string>

#include "games/limits.hpp"

namespace chess960::server {

struct Options {
    std::string host = "127.0.0.1";
    int port = 8960;  // 0: any free port (see Server::bind)
    std::string db_path = "chess960.db";
    // The explorer's index (store/explorer_index.hpp); empty: default_explorer_dir(db_path).
    std::string explorer_dir;
    // The built web app (index.html and its assets); when it has no index.html every page
    // path answers a short page that says how to build it.
    std::string web_dir;
    int io_threads = 0;  // threads serving connections; 0: one per core
    // Threads that run engine searches, each with its own Searcher; engine games queue for
    // them, fairly across clients.
    int engine_threads = 1;
    int engine_hash_mb = 16;
    std::size_t max_connections = 30'000;
    std::size_t max_connections_per_address = 1'000;
    int header_timeout_ms = 10'000;
    int idle_timeout_ms = 60'000;
    int hello_timeout_ms = 10'000;  // a WebSocket's first message (docs/live.md)
    GameLimits limits;
    // Accounts: sign-ups open to anyone, or only with an admin's invitation (`--signups invite`).
    bool invite_only = false;
    // Argon2id's cost for passwords: libsodium's MODERATE (256 MiB, about a second), or
    // INTERACTIVE (64 MiB, tens of milliseconds: `--password-cost interactive`, and the tests).
    bool interactive_password_cost = false;
    // Sign-in attempts per client address and per account before 429 (refilled at 5 a minute).
    int login_attempts_per_address = 20;
    int login_attempts_per_account = 10;
    // How long a player may be without a lobby connection before its seeks are withdrawn.
    int lobby_leave_after_ms = 15'000;
    // The least time between two of the lobby's messages to its connections (LobbyOptions).
    int lobby_feed_gap_ms = 20;
    // How often the rating range of a player waiting in a quick pairing pool widens (by 50
    // points; lobby/pools.hpp).
    int lobby_pool_widen_every_ms = 5'000;
    std::ostream* log = nullptr;  // start-up and error lines; null: quiet
};

// `chess960 account create-admin NAME`: an admin account in the database `db` (opened and
// migrated as the server does). Throws std::runtime_error (or the service's refusal) with a
// message a person reads.
void create_admin(const std::string& db, const std::string& name, const std::string& password,
                  bool interactive_password_cost);

// The web app directory baked in at build time (the source tree's web/dist).
std::string default_web_dir();

class Server {
  public:
    // Opens the database (refusing a damaged, read-only or newer one with a StoreError that
    // says what to do) and loads the games in play; engine games whose engine is to move
    // resume thinking. Raises the open-file limit. Throws std::runtime_error.
    explicit Server(Options options);
    ~Server();  // stops and joins every thread
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds the listening socket; returns the port (the chosen one when Options::port is 0).
    // Throws std::runtime_error.
    int bind();
    // Serves until stop(); call bind() first.
    void run();
    // Ends run(): connections are closed and engine searches end. Safe from any thread (not
    // from a signal handler).
    void stop();
    // Connections open now (HTTP, event streams, WebSockets).
    std::size_t open_connections() const;
    // Games held in memory: those in play and a small cache of finished ones.
    std::size_t games_in_memory() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace chess960::server
