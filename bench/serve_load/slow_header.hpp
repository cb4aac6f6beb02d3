// Slow-header clients ("slowloris"): each sends a request line and then one header byte a
// second, never finishing the header. The server must drop them at its header deadline
// (docs/live.md: headers must arrive within 10 s) instead of holding a connection (or a
// thread) for each forever; each client opens a new connection when its old one is dropped, so
// the number of such connections stays the same.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "latency.hpp"
#include "net.hpp"

namespace serve_load {

struct SlowHeaderStats {
    std::uint64_t connects = 0;  // connections opened
    std::uint64_t connect_failures = 0;
    std::uint64_t dropped = 0;   // connections the server ended
    std::uint64_t answered = 0;  // ... after sending something (an error status)
    std::uint64_t bytes_sent = 0;
    std::int64_t open_now = 0;                     // connected and not yet dropped
    LatencyLog time_to_drop;                       // connect to the server's close
    std::map<std::string, std::uint64_t> answers;  // the status lines the server sent
};

// Keeps one slow-header connection from `from` open until the connection set is closed or
// `stop` is set, counting into `stats`. `byte_interval` is one second in the scenario (shorter
// in tests).
asio::awaitable<void> slow_header_client(asio::ip::address_v4 from, const Target& target,
                                         ConnectionSet& connections, const bool& stop,
                                         SlowHeaderStats& stats, Clock::duration byte_interval);

}  // namespace serve_load
