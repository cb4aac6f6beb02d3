#include "server/server.hpp"

#include <csignal>
#include <mutex>
#include <ostream>

#include "games/analysis.hpp"
#include "store/event_store.hpp"
#include "events/service.hpp"
#include "games/service.hpp"
#include "http/http_server.hpp"
#include "http/routes.hpp"
#include "http/static_files.hpp"
#include "store/store.hpp"

#ifndef CHESS960_WEB_DIR
#define CHESS960_WEB_DIR "web/dist"
#endif

namespace chess960::server {

std::string default_web_dir() { return CHESS960_WEB_DIR; }

struct Server::Impl {
    Options options;
    std::mutex log_mutex;
    Store store;
    GameService games;
    EventStore event_store;
    EventService events;
    AnalysisService analysis;
    Routes routes;
    HttpServer http;

    explicit Impl(Options o)
        : options(std::move(o)),
          store(options.db_path, [this](const std::string& line) { log(line); }),
          games(store,
                GameServiceOptions{options.limits, options.engine_threads, options.engine_hash_mb,
                                   [this](const std::string& line) { log(line); }}),
          event_store(options.db_path),
          events(event_store, games,
                 EventServiceOptions{.events_per_minute = options.limits.games_per_minute,
                                     .events_burst = options.limits.games_burst,
                                     .creations_per_hour = options.limits.events_per_hour,
                                     .creations_burst = options.limits.events_burst,
                                     .log = [this](const std::string& line) { log(line); }}),
          analysis(AnalysisOptions{}, &games),
          routes(games, StaticFiles(options.web_dir), events),
          http(HttpServerOptions{options.host, options.port, options.io_threads,
                                 options.max_connections, options.max_connections_per_address,
                                 std::chrono::milliseconds(options.header_timeout_ms),
                                 std::chrono::milliseconds(options.idle_timeout_ms),
                                 std::chrono::milliseconds(options.hello_timeout_ms)},
               routes, games, [this](const std::string& line) { log(line); }) {
        routes.set_analysis(analysis);
    }

    void log(const std::string& line) {
        if (!options.log) return;
        std::lock_guard lock(log_mutex);
        *options.log << line << std::endl;
    }
};

Server::Server(Options options) {
    // A client that goes away must cost an EPIPE, not the process. Left alone if the program
    // has its own handler.
    struct sigaction current {};
    if (sigaction(SIGPIPE, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
        std::signal(SIGPIPE, SIG_IGN);
    impl_ = std::make_unique<Impl>(std::move(options));
}

Server::~Server() { stop(); }

int Server::bind() { return impl_->http.bind(); }

void Server::run() { impl_->http.run(); }

void Server::stop() {
    impl_->http.stop();
    impl_->events.stop();
    impl_->analysis.stop();
    impl_->games.stop();
}

std::size_t Server::open_connections() const { return impl_->http.open_connections(); }

std::size_t Server::games_in_memory() const { return impl_->games.games_in_memory(); }

}  // namespace chess960::server
