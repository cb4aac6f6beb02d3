// The games scenario: N friend games in play at once, each played by its two seats and
// followed by its watchers; a game that ends is replaced by a new one so the load stays at N.
// Seats play over WebSocket (each sends its move when a message on its socket shows it is its
// turn: the opponent's move event, or its own move's ack) or, in the HTTP variant, by POST on a
// keep-alive connection (the other seat moves when the answer arrives). Paced (pacing.hpp), a
// move goes no earlier than its game's schedule says; unpaced, at once. Measures acknowledged
// moves per second against those offered, send-to-ack latency (and due-to-ack when paced) and
// the ack-to-watcher delay. The crash scenario runs the same load and kills the server in it.
#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "game_tracker.hpp"
#include "latency.hpp"
#include "machine.hpp"
#include "net.hpp"
#include "server_process.hpp"
#include "watchers.hpp"

namespace serve_load {

struct GamesOptions {
    int games = 1000;
    double seconds = 60;
    int watchers = 2;         // per game: WebSocket and event stream in turn
    bool http_moves = false;  // moves by POST instead of over the seats' WebSockets
    // Moves offered a second, all games together (pacing.hpp); 0: unpaced, each seat moves the
    // moment it sees its turn (a closed loop: the server's capacity).
    double move_rate = 10'000;
    int addresses = 1000;     // game i's connections come from source address i % addresses
    int clock_initial = 900;  // seconds
    int clock_increment = 10;
    std::uint64_t seed = 1;
    int setup_concurrency = 100;  // games being set up at once at the start
    double kill_after = 0;        // crash: SIGKILL the server this long into the run (0: never)
    bool keep_records = false;    // every acknowledged move, for the crash check
    // Cluster (several instances on one database): the instance SIGKILLed at kill_after (an
    // index into the targets). The load goes on: the clients of that instance reconnect to the
    // others. -1: the crash scenario's kill, which ends the load.
    int kill_instance = -1;
    // Cluster: engine games (the engine White, at engine_level) created on the instance to be
    // killed shortly before the kill, so that it dies thinking; after the kill each is asked for
    // on another instance until the engine's move is there.
    int engine_games = 0;
    int engine_level = 8;
};

struct GamesResult {
    GamesOptions options;
    double setup_seconds = 0;  // creating and connecting the first N games
    int slots_not_set_up = 0;  // of the N, not set up within the two minutes allowed
    std::vector<std::uint64_t> acked_per_second;
    // Paced: the due times of the schedules in each second (the offered load), due times
    // skipped because their game was too far behind, moves whose seat learnt of its turn
    // after the move was due, and the latency from the due time to the ack (which counts the
    // wait of a late move: corrected for coordinated omission).
    std::vector<std::uint64_t> offered_per_second;
    std::uint64_t moves_skipped = 0;
    std::uint64_t moves_late = 0;
    LatencyLog::Summary due_latency;
    std::uint64_t acked_in_window = 0;
    std::uint64_t acked_total = 0;  // including the setup and after the window
    LatencyLog::Summary move_latency;
    LatencyLog::Summary watcher_latency;
    std::uint64_t watcher_events = 0;
    std::uint64_t watcher_early = 0;  // watcher events processed before the mover's ack
    std::uint64_t games_created = 0;
    std::uint64_t games_finished = 0;
    std::uint64_t games_abandoned = 0;  // a seat's connection failed: replaced
    std::uint64_t plies_of_finished = 0;
    std::map<std::string, std::uint64_t> terminations;
    std::map<std::string, std::uint64_t> create_failures;
    std::map<std::string, std::uint64_t> move_errors;  // refused moves: "409 not your turn"
    std::map<std::string, std::uint64_t> seat_failures;
    std::uint64_t wrong_moves = 0;       // a reported move that skips a ply or is illegal
    std::uint64_t legal_mismatches = 0;  // `legal` not the library's legal move count
    std::uint64_t bad_messages = 0;
    std::uint64_t resyncs = 0;
    std::string first_problem;
    WatcherStats watchers;
    long rss_start_kib = 0, rss_max_kib = 0, rss_end_kib = 0;
    int server_threads = 0;
    CpuUse cpu;
    int machine_cpus = 0;
    // CPU seconds used in each second of the run (about the same seconds as acked_per_second):
    // by the server, and by every other process but the generator.
    std::vector<double> server_cores_per_second;
    std::vector<double> others_cores_per_second;
    bool killed = false;  // crash: the server was SIGKILLed at kill_after
    std::deque<GameRecord> records;

    // Cluster: CPU seconds of each instance over the measured window (the killed one's up to
    // its kill), seats and watchers that reconnected to another instance after the kill (and
    // those that could not), and for each engine game the seconds from the kill to its engine
    // move seen on another instance (-1: not within 30 s; -2: it moved before the kill).
    std::vector<double> instance_cpu;
    double postgres_cpu = 0;  // processes named postgres, over the window
    std::uint64_t seat_reconnects = 0, watcher_reconnects = 0, reconnect_failures = 0;
    // Move events of moves acknowledged before the watcher's stream opened (after a reconnect:
    // the new instance catching it up), not timed.
    std::uint64_t watcher_caught_up = 0;
    // The watcher latency before the kill and from it to the end.
    LatencyLog::Summary watcher_before_kill, watcher_after_kill;
    // The same watchers' events timed from the mover's sending of the move.
    LatencyLog::Summary watcher_from_send;
    std::vector<double> engine_gaps;
};

asio::awaitable<void> run_games(const Target& target, const GamesOptions& options,
                                ServerProcess& server, GamesResult& result);

// The same load spread over several instances of one cluster: game i's seats on instance
// i % n, its watchers on instance (i + 1) % n, so that every watcher sees moves made through
// another instance. The server figures are the instances' sums.
asio::awaitable<void> run_cluster_games(const std::vector<Target>& targets,
                                        const std::vector<ServerProcess*>& servers,
                                        const GamesOptions& options, GamesResult& result);

}  // namespace serve_load
