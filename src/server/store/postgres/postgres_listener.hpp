// Other servers' changes to a shared PostgreSQL database, through LISTEN/NOTIFY: the store
// notifies a channel in the transaction of each change (PostgreSQL delivers it once that commits,
// to every listening connection), and each server listens on a connection of its own, on a
// thread of its own, so that its watchers hear of moves made through any server.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "store/cluster.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

// The channels, and a notice's payload: "<origin> <what>", the origin being the store that made
// the change (its own notices are not passed on: that server published the change itself), what
// changed a game's id (the games) or "seeks" (the lobby: its seeks, who is online).
inline constexpr const char* kGamesChannel = "chess960_games";
inline constexpr const char* kLobbyChannel = "chess960_lobby";

class PostgresListener final : public StoreListener {
  public:
    // Listens on `uri`'s `channel` for the changes of stores other than `origin`; `on_change` gets
    // each notice's <what>, or "" after the connection was lost and made again (some notices may
    // have been missed), on the listener's thread. Connection failures are logged and retried
    // every second.
    PostgresListener(std::string uri, std::string channel, std::string origin,
                     std::function<void(const std::string&)> on_change,
                     std::function<void(const std::string&)> log);
    ~PostgresListener() override;

  private:
    void loop();

    std::string uri_;
    std::string channel_;
    std::string origin_;
    std::function<void(const std::string&)> on_change_;
    std::function<void(const std::string&)> log_;
    std::unique_ptr<PgConnection> first_;  // connected by the constructor, for the thread
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace chess960::server
