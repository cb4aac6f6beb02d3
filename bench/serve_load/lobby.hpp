// The lobby scenario (issue 35): thousands of signed-in players watch the lobby
// (`GET /api/lobby/socket`) while seeks are made (`POST /api/seeks`) and accepted at once by
// another player (`POST /api/seeks/{id}/accept`) at a steady rate. Measured: each seek's
// fan-out to every watcher, the `started` message to both players of each accepted seek, and
// that every watcher sees every seek once. With two targets (instances on one PostgreSQL
// database), the watchers are split over both, seeks are made on the first and accepted on the
// second.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "latency.hpp"
#include "machine.hpp"
#include "net.hpp"
#include "server_process.hpp"

namespace serve_load {

struct LobbyOptions {
    int watchers = 5'000;  // signed-in lobby connections (clients)
    // Accounts the watchers sign in as, in turn (5 connections each by default, as a player
    // with several tabs): two Argon2id hashes each to make and sign in, the setup's cost.
    int accounts = 1'000;
    double seek_rate = 100;      // seeks a second, all seekers together
    double seconds = 60;         // the measured part
    int seekers = 500;           // accounts that make seeks; as many others accept them
    int addresses = 1000;        // loopback source addresses (sign-in is limited per address)
    int signup_concurrency = 4;  // sign-ups and sign-ins in flight (Argon2id: CPU-bound)
    int open_concurrency = 200;  // lobby connections being opened at once
    int reader_threads = 2;      // threads reading the lobby connections (each a share)
    std::uint64_t seed = 1;
};

struct LobbyResult {
    LobbyOptions options;
    int instances = 1;
    double signup_seconds = 0;  // the accounts made and signed in
    std::uint64_t accounts = 0;
    std::map<std::string, std::uint64_t> setup_failures;
    double open_seconds = 0;  // the lobby connections opened (the snapshot received)
    std::uint64_t watchers_opened = 0, open_failed = 0;
    double quiet_seconds = 0;  // then until no `online` message came for 2 s
    long rss_before_kib = 0, rss_watching_kib = 0, rss_end_kib = 0;  // first instance
    // The measured part.
    std::uint64_t seeks_sent = 0, seeks_made = 0, accepts_sent = 0, accepts_made = 0;
    std::map<std::string, std::uint64_t> failures;  // non-2xx or transport errors, by kind
    LatencyLog::Summary seek_post, accept_post;     // the requests' own time
    // Fan-out of a seek to each watcher: from the POST's send, and from its answer (the
    // server publishes before it answers, so a watcher may have it before the answer: 0).
    LatencyLog::Summary fanout_from_send, fanout_from_answer;
    std::uint64_t before_answer = 0;  // (watcher, seek) pairs received before the POST's answer
    LatencyLog::Summary started;      // the accept's send -> `started` at each of both players
    std::uint64_t expected_pairs = 0, received_pairs = 0, lost_pairs = 0, duplicate_pairs = 0;
    std::uint64_t started_expected = 0, started_received = 0;
    // Games of the window whose `started` reached none / some of their players' connections.
    std::uint64_t started_games_untold = 0, started_games_partly = 0;
    std::string started_missing_example;
    std::uint64_t unseeks = 0, online_messages = 0, unknown_seeks = 0;
    std::uint64_t batches = 0;         // frames holding several messages (docs/live.md)
    std::uint64_t sockets_closed = 0;  // lobby connections the server closed during the run
    std::map<std::string, std::uint64_t> unexpected;  // other messages (errors), by type
    CpuUse cpu;
    std::string first_problem;
};

// `targets` are one instance, or several sharing a database (`servers` in the same order).
asio::awaitable<void> run_lobby(const std::vector<Target>& targets, const LobbyOptions& options,
                                const std::vector<ServerProcess*>& servers, LobbyResult& result);

}  // namespace serve_load
