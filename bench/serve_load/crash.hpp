// The crash scenario: the games load, SIGKILL of the server in the middle of it, a restart on
// the same database, and a check that every acknowledged move is there: the server
// acknowledges a move only after committing it (docs/live.md), so none may be lost.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "games.hpp"
#include "net.hpp"
#include "server_process.hpp"

namespace serve_load {

struct CrashResult {
    GamesResult load;
    bool restarted = false;
    std::string restart_error;
    double restart_seconds = 0;  // from exec to accepting connections
    std::uint64_t games_checked = 0;
    std::uint64_t games_missing = 0;  // 404 or no answer after the restart
    std::uint64_t acknowledged = 0;   // acknowledged moves in all games
    std::uint64_t lost = 0;           // acknowledged moves not found (or different)
    std::uint64_t games_with_loss = 0;
    std::uint64_t extra = 0;            // committed moves whose ack the kill cut off
    std::vector<std::string> examples;  // the first few losses, described
};

// Asks `target` for every game of `load.records` and compares its moves with those acknowledged.
asio::awaitable<void> check_acknowledged(const Target& target, const GamesResult& load,
                                         CrashResult& result);

// Runs the load of `options` (kill_after set), restarts `server` with the same command and
// checks the games.
asio::awaitable<void> run_crash(const Target& target, GamesOptions options, ServerProcess& server,
                                CrashResult& result);

}  // namespace serve_load
