// serve_load: load on `chess960 serve`, then a crash test of its durability.
//
// 1. Starts `chess960 serve --port 0` with a temporary database and creates --games friend
//    games.
// 2. --clients threads (each with one keep-alive connection) play those games all at once:
//    each thread goes round its share of the games and makes a random legal move in each, as
//    fast as the server accepts them; a finished game is replaced by a new one. Every 200 answer
//    is recorded as an acknowledged move, with its latency.
// 3. After --kill-after seconds, with the load still running, the server gets SIGKILL.
// 4. The server is started again on the same database, and every game is fetched: each
//    acknowledged move must be there, in order. (A move the server committed whose answer was
//    lost in the kill may be there too; it is counted, not an error.)
// Moves per second and latency percentiles are those of the load before the kill. The report
// goes to stdout and, with --out, to a Markdown file. Exit status 1 if a move was lost.
//
// usage: serve_load --binary PATH [--games 200] [--clients 50] [--kill-after 15]
//                   [--max-moves 2000000] [--seed 1] [--out FILE]
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "chess960/game.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;
using Json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
    std::string binary;
    int games = 200;
    int clients = 50;
    double kill_after = 15;
    long max_moves = 2'000'000;
    std::uint64_t seed = 1;
    std::string out;
};

[[noreturn]] void usage(const std::string& message) {
    std::cerr << "serve_load: " << message
              << "\nusage: serve_load --binary PATH [--games N] [--clients N] [--kill-after S] "
                 "[--max-moves N] [--seed S] [--out FILE]\n";
    std::exit(2);
}

Config parse_args(int argc, char** argv) {
    Config c;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (i + 1 >= argc) usage(arg + " needs a value");
        std::string value = argv[++i];
        if (arg == "--binary")
            c.binary = value;
        else if (arg == "--games")
            c.games = std::max(1, std::atoi(value.c_str()));
        else if (arg == "--clients")
            c.clients = std::max(1, std::atoi(value.c_str()));
        else if (arg == "--kill-after")
            c.kill_after = std::max(1.0, std::atof(value.c_str()));
        else if (arg == "--max-moves")
            c.max_moves = std::max(1L, std::atol(value.c_str()));
        else if (arg == "--seed")
            c.seed = std::strtoull(value.c_str(), nullptr, 10);
        else if (arg == "--out")
            c.out = value;
        else
            usage("unknown option " + arg);
    }
    if (c.binary.empty()) usage("--binary is required");
    return c;
}

// A running `chess960 serve`.
struct ServerProcess {
    pid_t pid = -1;
    int port = 0;
    int out_fd = -1;
};

ServerProcess start_server(const std::string& binary, const std::string& db,
                           const std::string& log) {
    int pipe_fds[2];
    if (pipe(pipe_fds) != 0) throw std::runtime_error("pipe failed");
    pid_t pid = fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        dup2(pipe_fds[1], 1);
        FILE* err = std::fopen(log.c_str(), "a");
        if (err) dup2(fileno(err), 2);
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        execl(binary.c_str(), binary.c_str(), "serve", "--port", "0", "--db", db.c_str(), "--web",
              "/nonexistent", static_cast<char*>(nullptr));
        _exit(127);
    }
    close(pipe_fds[1]);
    std::string line;
    char ch;
    while (read(pipe_fds[0], &ch, 1) == 1 && ch != '\n') line += ch;
    auto colon = line.rfind(':');
    if (line.rfind("Listening on http://", 0) != 0 || colon == std::string::npos)
        throw std::runtime_error("the server did not start (see " + log + "): '" + line + "'");
    ServerProcess p;
    p.pid = pid;
    p.port = std::atoi(line.c_str() + colon + 1);
    p.out_fd = pipe_fds[0];
    return p;
}

void end_server(ServerProcess& p, int signal) {
    kill(p.pid, signal);
    int status = 0;
    waitpid(p.pid, &status, 0);
    close(p.out_fd);
}

// One game as the client knows it: its seats and every acknowledged move.
struct Record {
    std::string id;
    std::string white, black;
    Game game;
    std::vector<std::string> acked;
};

struct Shared {
    std::mutex mutex;
    std::vector<std::unique_ptr<Record>> records;
    std::atomic<bool> killed{false};
    std::atomic<bool> stop{false};
    std::atomic<long> moves{0};
    std::atomic<long> errors{0};
};

std::unique_ptr<Record> create_game(httplib::Client& client) {
    auto r = client.Post("/api/games", R"({"opponent":"friend","start":{"type":"random"}})",
                         "application/json");
    if (!r || r->status != 201) return nullptr;
    Json body = Json::parse(r->body);
    auto record = std::make_unique<Record>();
    record->id = body["id"];
    record->white = body["tokens"]["white"];
    record->black = body["tokens"]["black"];
    auto start = Position::from_fen(body["game"]["initialFen"].get<std::string>());
    if (!start) return nullptr;
    record->game = Game(*start);
    return record;
}

// Latencies (microseconds) of the moves answered before the kill.
struct ClientResult {
    std::vector<std::int64_t> latencies_us;
};

void client_loop(int port, Shared& shared, std::vector<Record*> games, std::uint64_t seed,
                 long max_moves, ClientResult& result) {
    httplib::Client client("127.0.0.1", port);
    client.set_keep_alive(true);
    client.set_tcp_nodelay(true);
    client.set_connection_timeout(2, 0);
    client.set_read_timeout(5, 0);
    std::mt19937_64 random(seed);
    std::size_t next = 0;
    while (!shared.stop && shared.moves < max_moves) {
        Record* g = games[next];
        if (g->game.outcome().is_over()) {
            auto fresh = create_game(client);
            if (!fresh) {
                if (shared.killed) return;
                ++shared.errors;
                std::cerr << "cannot create a game\n";
                next = (next + 1) % games.size();
                continue;
            }
            std::lock_guard lock(shared.mutex);
            g = fresh.get();
            games[next] = g;
            shared.records.push_back(std::move(fresh));
        }
        const Position& pos = g->game.position();
        MoveList moves = pos.legal_moves();
        Move m = moves[int(random() % std::uint64_t(moves.size()))];
        std::string uci = to_uci(pos, m, CastlingMode::Chess960);
        Json body = {{"move", uci}, {"ply", g->game.ply_count()}};
        httplib::Headers headers = {
            {"Authorization", "Bearer " + (pos.side_to_move() == White ? g->white : g->black)}};
        auto begin = Clock::now();
        auto r = client.Post(("/api/games/" + g->id + "/moves").c_str(), headers, body.dump(),
                             "application/json");
        auto end = Clock::now();
        if (r && r->status == 200) {
            (void)g->game.play(m);
            g->acked.push_back(uci);
            ++shared.moves;
            if (!shared.killed)
                result.latencies_us.push_back(
                    std::chrono::duration_cast<std::chrono::microseconds>(end - begin).count());
        } else {
            if (shared.killed) return;  // the server is gone: the load is over
            ++shared.errors;
            if (r)
                std::cerr << "move " << uci << " in " << g->id << ": " << r->status << " "
                          << r->body << "\n";
            else
                std::cerr << "move " << uci << " in " << g->id << ": "
                          << httplib::to_string(r.error()) << "\n";
        }
        next = (next + 1) % games.size();
    }
}

std::string machine_description() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line, model;
    while (std::getline(cpuinfo, line))
        if (line.rfind("model name", 0) == 0) {
            model = line.substr(line.find(':') + 2);
            break;
        }
    std::ifstream loadavg("/proc/loadavg");
    std::string load1;
    loadavg >> load1;
    return model + ", " + std::to_string(std::thread::hardware_concurrency()) +
           " hardware threads, load average " + load1 + " at the start";
}

}  // namespace

int main(int argc, char** argv) {
    Config config = parse_args(argc, argv);
    signal(SIGPIPE, SIG_IGN);
    char dir_template[] = "/tmp/chess960_serve_load_XXXXXX";
    if (!mkdtemp(dir_template)) usage("cannot make a temporary directory");
    const std::string dir = dir_template;
    const std::string db = dir + "/games.db";
    const std::string log = dir + "/server.log";
    const std::string machine = machine_description();

    ServerProcess server = start_server(config.binary, db, log);
    std::cerr << "server on port " << server.port << ", database " << db << "\n";
    Shared shared;
    {
        httplib::Client client("127.0.0.1", server.port);
        client.set_keep_alive(true);
        for (int i = 0; i < config.games; ++i) {
            auto g = create_game(client);
            if (!g) {
                std::cerr << "serve_load: cannot create game " << i << "\n";
                end_server(server, SIGKILL);
                return 1;
            }
            shared.records.push_back(std::move(g));
        }
    }

    // The load: each client gets every clients-th game.
    const int clients = std::min(config.clients, config.games);
    std::vector<ClientResult> results(std::size_t(clients), ClientResult{});
    std::vector<std::thread> threads;
    const auto load_begin = Clock::now();
    for (int c = 0; c < clients; ++c) {
        std::vector<Record*> mine;
        for (int i = c; i < config.games; i += clients)
            mine.push_back(shared.records[std::size_t(i)].get());
        threads.emplace_back(client_loop, server.port, std::ref(shared), std::move(mine),
                             config.seed * 1000 + std::uint64_t(c), config.max_moves,
                             std::ref(results[std::size_t(c)]));
    }
    while (Clock::now() - load_begin < std::chrono::duration<double>(config.kill_after) &&
           shared.moves < config.max_moves)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const long moves_before_kill = shared.moves;
    const double load_seconds = std::chrono::duration<double>(Clock::now() - load_begin).count();
    shared.killed = true;
    end_server(server, SIGKILL);
    const bool killed_mid_load = shared.moves < config.max_moves;
    shared.stop = true;
    for (auto& t : threads) t.join();

    std::vector<std::int64_t> latencies;
    for (auto& r : results)
        latencies.insert(latencies.end(), r.latencies_us.begin(), r.latencies_us.end());
    std::sort(latencies.begin(), latencies.end());
    auto percentile = [&](double p) -> double {
        if (latencies.empty()) return 0;
        std::size_t i = std::min(latencies.size() - 1, std::size_t(p * double(latencies.size())));
        return double(latencies[i]) / 1000.0;
    };

    // Restart on the same database and compare.
    const auto restart_begin = Clock::now();
    ServerProcess again = start_server(config.binary, db, log);
    const double restart_seconds =
        std::chrono::duration<double>(Clock::now() - restart_begin).count();
    long acked_total = 0, lost = 0, extra = 0, games_checked = 0, bad_games = 0;
    {
        httplib::Client client("127.0.0.1", again.port);
        client.set_keep_alive(true);
        client.set_read_timeout(30, 0);
        for (const auto& record : shared.records) {
            acked_total += long(record->acked.size());
            auto r = client.Get(("/api/games/" + record->id).c_str());
            ++games_checked;
            if (!r || r->status != 200) {
                lost += long(record->acked.size());
                ++bad_games;
                std::cerr << "game " << record->id << " missing after restart\n";
                continue;
            }
            Json view = Json::parse(r->body);
            const Json& stored = view["moves"];
            std::size_t same = 0;
            while (same < record->acked.size() && same < stored.size() &&
                   stored[same]["uci"] == record->acked[same])
                ++same;
            if (same < record->acked.size()) {
                lost += long(record->acked.size() - same);
                ++bad_games;
                std::cerr << "game " << record->id << ": " << record->acked.size()
                          << " moves acknowledged, " << same << " found\n";
            }
            if (stored.size() > record->acked.size())
                extra += long(stored.size() - record->acked.size());
        }
    }
    end_server(again, SIGTERM);

    char date[32];
    std::time_t now = std::time(nullptr);
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
    std::ostringstream report;
    report << "# chess960 serve: load and crash test (" << date << ")\n\n"
           << "Machine: " << machine << ". Server and clients on loopback, both under the same\n"
           << "`nice` as the benchmark.\n\n"
           << "Load: " << config.games << " concurrent friend games (random start positions, "
           << "random legal moves, a finished game replaced by a new one), played by " << clients
           << " client threads with one keep-alive connection each, every move a `POST "
              "/api/games/<id>/moves` answered with the full game view; each move is committed "
              "to SQLite (WAL, synchronous=NORMAL) before its 200.\n\n"
           << "| measure | value |\n|---|---|\n"
           << "| load duration before SIGKILL | " << load_seconds << " s |\n"
           << "| moves acknowledged before SIGKILL | " << moves_before_kill << " |\n"
           << "| throughput | " << long(double(moves_before_kill) / load_seconds) << " moves/s |\n"
           << "| latency p50 | " << percentile(0.50) << " ms |\n"
           << "| latency p90 | " << percentile(0.90) << " ms |\n"
           << "| latency p99 | " << percentile(0.99) << " ms |\n"
           << "| latency max | " << (latencies.empty() ? 0.0 : double(latencies.back()) / 1000.0)
           << " ms |\n"
           << "| errors (non-200 answers before the kill) | " << shared.errors << " |\n\n"
           << "Crash test: SIGKILL "
           << (killed_mid_load ? "in the middle of the load" : "after the load")
           << ", restart on the same database (" << restart_seconds
           << " s to load and listen), then every game fetched and compared.\n\n"
           << "| measure | value |\n|---|---|\n"
           << "| games checked | " << games_checked << " |\n"
           << "| acknowledged moves | " << acked_total << " |\n"
           << "| acknowledged moves missing after restart | " << lost << " |\n"
           << "| games with a missing move | " << bad_games << " |\n"
           << "| moves committed whose answer the kill cut off | " << extra << " |\n\n"
           << "Result: "
           << (lost == 0 ? "every acknowledged move survived the SIGKILL."
                         : "ACKNOWLEDGED MOVES WERE LOST.")
           << "\n";
    std::cout << report.str();
    if (!config.out.empty()) {
        std::ofstream out(config.out);
        out << report.str();
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return lost == 0 ? 0 : 1;
}
