// The crowd scenario: thousands of idle live connections (event streams and WebSockets spread
// over a hundred games) and slow-header connections held open, while ordinary requests arrive
// at a steady rate; their latency must not suffer from the crowd. Also the server's memory
// per idle live connection.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <map>
#include <string>

#include "games.hpp"
#include "latency.hpp"
#include "net.hpp"
#include "server_process.hpp"
#include "slow_header.hpp"
#include "watchers.hpp"

namespace serve_load {

struct CrowdOptions {
    int games = 100;
    int live = 10'000;      // live connections: event streams and WebSockets in turn
    int slow = 1'000;       // slow-header connections
    double seconds = 30;    // the ordinary requests
    double rate = 500;      // ordinary requests a second
    int workers = 50;       // keep-alive connections sending them
    int moving_games = 50;  // games in which workers make moves by POST (one worker each)
    int addresses = 1000;
    int open_concurrency = 200;  // connections being opened at once
    std::uint64_t seed = 1;
    Clock::duration slow_interval = std::chrono::seconds(1);
};

struct RequestStats {
    LatencyLog latency;  // from the time the request was due (the schedule), to its answer
    LatencyLog service;  // from the time it was sent
    std::uint64_t sent = 0;
    std::uint64_t ok = 0;
    std::map<std::string, std::uint64_t> failures;
};

struct CrowdResult {
    CrowdOptions options;
    long rss_before_kib = 0;  // the games created, no live connection yet
    long rss_live_kib = 0;    // with the live connections open
    long rss_all_kib = 0;     // and the slow-header ones
    long rss_max_kib = 0;     // highest during the requests
    long rss_end_kib = 0;
    std::uint64_t live_opened = 0;
    double open_seconds = 0;  // opening the live connections
    std::uint64_t live_open_at_end = 0;
    WatcherStats watchers;
    SlowHeaderStats slow;
    LatencyLog::Summary slow_drop;                      // connect to the server's close
    std::int64_t slow_open_min = 0, slow_open_max = 0;  // during the requests
    std::map<std::string, RequestStats> requests;       // by kind
    std::map<std::string, LatencyLog::Summary> summaries;
    std::map<std::string, LatencyLog::Summary> service_summaries;
    LatencyLog::Summary all;
    std::uint64_t sent = 0, ok = 0;
    double requests_seconds = 0;
    LatencyLog::Summary fanout;  // a move's answer to the POST -> its event at each watcher
    std::uint64_t fanout_early = 0;
    std::uint64_t moves = 0;
    int server_threads = 0;
    CpuUse cpu;
    std::string first_problem;
};

asio::awaitable<void> run_crowd(const Target& target, const CrowdOptions& options,
                                ServerProcess& server, CrowdResult& result);

}  // namespace serve_load
