#include "postgres_listener.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <chrono>
#include <memory>

#include "store/postgres_connection.hpp"

namespace chess960::server {

PostgresListener::PostgresListener(std::string uri, std::string channel, std::string origin,
                                   std::function<void(const std::string&)> on_change,
                                   std::function<void(const std::string&)> log)
    : uri_(std::move(uri)),
      channel_(std::move(channel)),
      origin_(std::move(origin)),
      on_change_(std::move(on_change)),
      log_(std::move(log)) {
    // The first LISTEN before the server serves: no change made after it starts goes unheard.
    try {
        first_ = std::make_unique<PgConnection>(uri_);
        first_->exec("LISTEN " + channel_, "listening for changes");
    } catch (const StoreError& e) {
        first_.reset();
        if (log_) log_(std::string("listening for other servers' changes: ") + e.what());
    }
    thread_ = std::thread([this] { loop(); });
}

PostgresListener::~PostgresListener() {
    stopping_ = true;
    if (thread_.joinable()) thread_.join();
}

void PostgresListener::loop() {
    // The poll's timeout bounds how long the destructor waits for this thread.
    constexpr int kPollMs = 100;
    bool connected_before = false;
    while (!stopping_) {
        std::unique_ptr<PgConnection> connection = std::move(first_);
        if (!connection) {
            try {
                connection = std::make_unique<PgConnection>(uri_);
                connection->exec("LISTEN " + channel_, "listening for changes");
            } catch (const StoreError& e) {
                if (log_) log_(std::string("listening for other servers' changes: ") + e.what());
                for (int i = 0; i < 10 && !stopping_; ++i)
                    std::this_thread::sleep_for(std::chrono::milliseconds(kPollMs));
                continue;
            }
        }
        // Notices sent while no connection listened are lost: every game is looked at again.
        if (connected_before) on_change_("");
        connected_before = true;
        pg_conn* conn = connection->raw();
        while (!stopping_) {
            pollfd fd{PQsocket(conn), POLLIN, 0};
            if (fd.fd < 0) break;
            if (poll(&fd, 1, kPollMs) < 0) continue;
            if (PQconsumeInput(conn) == 0) {
                if (log_)
                    log_("listening for other servers' changes: the connection to " +
                         connection->name() + " was lost; connecting again");
                break;
            }
            while (PGnotify* notice = PQnotifies(conn)) {
                const std::string payload = notice->extra;
                PQfreemem(notice);
                const auto space = payload.find(' ');
                if (space == std::string::npos || payload.compare(0, space, origin_) == 0) continue;
                try {
                    on_change_(payload.substr(space + 1));
                } catch (const std::exception& e) {
                    if (log_) log_(std::string("a change from another server: ") + e.what());
                }
            }
        }
    }
}

}  // namespace chess960::server
