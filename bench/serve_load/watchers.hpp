// Spectators of a game: a WebSocket that says hello without a token, or an event stream. They
// read every message, check its shape, and tell their hooks about the game and its moves.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "net.hpp"

namespace serve_load {

struct WatcherStats {
    std::uint64_t opened = 0;       // connected and subscribed (the first game message came)
    std::uint64_t open_failed = 0;  // could not connect, upgrade or subscribe
    std::uint64_t dropped = 0;      // ended by the server or an error, not by us
    std::uint64_t messages = 0;     // messages or events received (pings not counted)
    std::uint64_t moves = 0;        // move events among them
    std::uint64_t pings = 0;        // SSE ping comments
    std::uint64_t bad = 0;          // messages not in the contract's shape
    std::map<std::string, std::uint64_t> open_errors;  // why opening failed
    std::map<std::string, std::uint64_t> drop_errors;  // why streams ended early
    std::string first_bad;                             // the first malformed message, cut short
};

// What a watcher reports about its game.
class WatchHooks {
  public:
    virtual ~WatchHooks() = default;
    // The game message arrived: the stream is live.
    virtual void on_watching() {}
    // The event of the move at `ply` arrived at `at`, on a stream whose game message came at
    // `opened`.
    virtual void on_move(int /*ply*/, bool /*active*/, Clock::time_point /*at*/,
                         Clock::time_point /*opened*/) {}
    // Whether the end of the stream now is expected (the scenario or the game is over).
    virtual bool closing() const = 0;
    // The stream ended (after on_watching or not).
    virtual void on_ended() {}
};

enum class WatchKind { WebSocket, Events };

// Watches game `game_id` from address `from` until the stream ends or the connection set is
// closed.
asio::awaitable<void> watch_game(WatchKind kind, std::string game_id, asio::ip::address_v4 from,
                                 const Target& target, ConnectionSet& connections,
                                 std::shared_ptr<WatchHooks> hooks, WatcherStats& stats);

// A short description of an error for the report's tables.
std::string describe(const error_code& ec);

}  // namespace serve_load
