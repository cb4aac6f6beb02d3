// serve_load: the load generator and benchmark of `chess960 serve` (issue 9).
//
// Starts the server itself (a temporary database, a free port; a fresh server for each
// scenario), runs the scenarios and writes a Markdown report:
//   crowd       10,000 idle live connections (event streams and WebSockets) and 1,000
//               slow-header connections, while ordinary requests come at a steady rate;
//   games       1,000 friend games played over WebSocket, 2 watchers each, at a fixed offered
//               rate of moves (10,000 a second), then for 20 s unpaced (games-capacity);
//   games-http  the same with moves by HTTP POST, for comparison;
//   crash       the games load, SIGKILL of the server, restart, every acknowledged move there?
//   cluster     (with --db postgresql://...) the games load spread over several instances on
//               one database, watchers on another instance than the moves, SIGKILL of one
//               instance in the middle; its clients reconnect to the others, its engine games
//               are taken over; then every acknowledged move is looked for in the database.
//   lobby       5,000 signed-in players watching the lobby over WebSocket while 100 seeks a
//               second are made and accepted: each seek's fan-out to every watcher;
//   lobby-cluster  (with --db postgresql://...) the same on two instances, the watchers split
//               over both, seeks made on one and accepted on the other.
// Only loopback traffic; every scenario is bounded in time and stops by itself.
#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "crash.hpp"
#include "crowd.hpp"
#include "games.hpp"
#include "lobby.hpp"
#include "machine.hpp"
#include "report.hpp"
#include "server_process.hpp"

using namespace serve_load;

namespace {

const char* kUsage = R"(usage: serve_load --binary PATH [options]

  --binary PATH       the chess960 binary (required)
  --out FILE          write the Markdown report there too (it always goes to stdout)
  --scenario LIST     comma-separated: crowd, games, games-capacity, games-http, crash, lobby,
                      cluster, lobby-cluster, or all (default all, which leaves out cluster and
                      lobby-cluster; games includes games-capacity)
  --db URI            the servers' database instead of a temporary SQLite file each, e.g.
                      postgresql://user@host:port/db (required by cluster; shared by all the
                      scenarios run)
  --instances N       cluster: server instances (default 3)
  --cluster-seconds S cluster: the load's length (default 30)
  --cluster-kill S    cluster: seconds into it of the kill (default: half of it; 0: no kill)
  --engine-games N    cluster: engine games dying with the killed instance (default 3)
  --engine-level L    cluster: their level (default 8: 2 s a move)
  --seconds S         games and games-http: seconds measured (default 60)
  --move-rate R       games, games-http, crash: moves offered a second, all games together
                      (default 10000); 0: unpaced, each seat moves as soon as it sees its turn
  --capacity-seconds S  games-capacity: seconds measured unpaced (default 20; 0: skip it)
  --games N           games in play at once (default 1000)
  --watchers N        watchers per game (default 2)
  --crash-seconds S   crash: the load's length; the kill comes at half of it (default 20)
  --crowd-seconds S   crowd: seconds of ordinary requests (default 30)
  --connections N     crowd: live connections (default 10000)
  --slow N            crowd: slow-header connections (default 1000)
  --crowd-games N     crowd: games the live connections watch (default 100)
  --rate R            crowd: ordinary requests a second (default 500)
  --lobby-seconds S   lobby, lobby-cluster: seconds of seeks (default 60)
  --lobby-watchers N  lobby, lobby-cluster: signed-in lobby connections (default 5000)
  --lobby-accounts N  lobby, lobby-cluster: the accounts they sign in as, in turn (default
                      1000; making and signing in one costs two Argon2id hashes)
  --lobby-seek-rate R lobby, lobby-cluster: seeks made and accepted a second (default 100)
  --lobby-seekers N   lobby, lobby-cluster: accounts making seeks, as many accepting them
                      (default 500: one seek every 5 s each, under the server's 0.5/s)
  --lobby-readers N   lobby, lobby-cluster: threads reading the lobby connections (default 2)
  --addresses N       loopback source addresses to spread clients over (default 1000)
  --seed N            random seed (default 1)
  --server-arg ARG    an extra argument for `chess960 serve` (repeatable)
  --wait-quiet S      before each scenario, wait up to S seconds (default 0) for the rest of
                      the machine to use under 0.3 CPUs
  --keep              keep the temporary directory (databases, server logs)
)";

[[noreturn]] void usage_error(const std::string& message) {
    std::cerr << "serve_load: " << message << "\n" << kUsage;
    std::exit(2);
}

struct Options {
    std::string binary;
    std::string out;
    std::set<std::string> scenarios;
    double seconds = 60, crash_seconds = 20, crowd_seconds = 30, rate = 500;
    double move_rate = 10'000, capacity_seconds = 20, cluster_seconds = 30, cluster_kill = -1;
    std::string db;
    int instances = 3, engine_games = 3, engine_level = 8;
    int games = 1000, watchers = 2, connections = 10'000, slow = 1000, crowd_games = 100;
    int addresses = 1000;
    std::uint64_t seed = 1;
    std::vector<std::string> server_args;
    bool keep = false;
    double wait_quiet = 0;
    double lobby_seconds = 60, lobby_seek_rate = 100;
    int lobby_watchers = 5000, lobby_accounts = 1000, lobby_seekers = 500, lobby_readers = 2;
};

double number(const std::string& option, const std::string& text, double low, double high) {
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high)
        usage_error(option + " wants a number from " + std::to_string(low) + " to " +
                    std::to_string(high) + ", not '" + text + "'");
    return value;
}

int integer(const std::string& option, const std::string& text, int low, int high) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high)
        usage_error(option + " wants a whole number from " + std::to_string(low) + " to " +
                    std::to_string(high) + ", not '" + text + "'");
    return value;
}

Options parse_options(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::cout << kUsage;
            std::exit(0);
        }
        if (arg == "--keep") {
            o.keep = true;
            continue;
        }
        if (i + 1 >= argc) usage_error(arg + " needs a value");
        const std::string value = argv[++i];
        if (arg == "--binary")
            o.binary = value;
        else if (arg == "--out")
            o.out = value;
        else if (arg == "--scenario") {
            std::size_t begin = 0;
            while (begin <= value.size()) {
                const std::size_t comma = std::min(value.find(',', begin), value.size());
                const std::string name = value.substr(begin, comma - begin);
                if (name == "all")
                    o.scenarios.insert(
                        {"crowd", "games", "games-capacity", "games-http", "crash", "lobby"});
                else if (name == "games")
                    o.scenarios.insert({"games", "games-capacity"});
                else if (name == "crowd" || name == "games-capacity" || name == "games-http" ||
                         name == "crash" || name == "cluster" || name == "lobby" ||
                         name == "lobby-cluster")
                    o.scenarios.insert(name);
                else
                    usage_error("unknown scenario '" + name +
                                "' (crowd, games, games-capacity, games-http, crash, lobby, "
                                "cluster, lobby-cluster, all)");
                begin = comma + 1;
            }
        } else if (arg == "--seconds")
            o.seconds = number(arg, value, 1, 3600);
        else if (arg == "--move-rate")
            o.move_rate = number(arg, value, 0, 1'000'000);
        else if (arg == "--capacity-seconds")
            o.capacity_seconds = number(arg, value, 0, 3600);
        else if (arg == "--crash-seconds")
            o.crash_seconds = number(arg, value, 2, 3600);
        else if (arg == "--crowd-seconds")
            o.crowd_seconds = number(arg, value, 1, 3600);
        else if (arg == "--rate")
            o.rate = number(arg, value, 1, 100'000);
        else if (arg == "--games")
            o.games = integer(arg, value, 1, 100'000);
        else if (arg == "--watchers")
            o.watchers = integer(arg, value, 0, 100);
        else if (arg == "--connections")
            o.connections = integer(arg, value, 0, 1'000'000);
        else if (arg == "--slow")
            o.slow = integer(arg, value, 0, 100'000);
        else if (arg == "--crowd-games")
            o.crowd_games = integer(arg, value, 1, 100'000);
        else if (arg == "--addresses")
            o.addresses = integer(arg, value, 1, 60'000);
        else if (arg == "--seed")
            o.seed = std::uint64_t(integer(arg, value, 0, 1 << 30));
        else if (arg == "--server-arg")
            o.server_args.push_back(value);
        else if (arg == "--db")
            o.db = value;
        else if (arg == "--instances")
            o.instances = integer(arg, value, 2, 16);
        else if (arg == "--cluster-seconds")
            o.cluster_seconds = number(arg, value, 4, 3600);
        else if (arg == "--cluster-kill")
            o.cluster_kill = number(arg, value, 0, 3600);
        else if (arg == "--engine-games")
            o.engine_games = integer(arg, value, 0, 100);
        else if (arg == "--engine-level")
            o.engine_level = integer(arg, value, 1, 8);
        else if (arg == "--lobby-seconds")
            o.lobby_seconds = number(arg, value, 1, 3600);
        else if (arg == "--lobby-watchers")
            o.lobby_watchers = integer(arg, value, 2, 20'000);
        else if (arg == "--lobby-accounts")
            o.lobby_accounts = integer(arg, value, 2, 20'000);
        else if (arg == "--lobby-seek-rate")
            o.lobby_seek_rate = number(arg, value, 0.1, 10'000);
        else if (arg == "--lobby-seekers")
            o.lobby_seekers = integer(arg, value, 1, 10'000);
        else if (arg == "--lobby-readers")
            o.lobby_readers = integer(arg, value, 1, 64);
        else if (arg == "--wait-quiet")
            o.wait_quiet = number(arg, value, 0, 24 * 3600);
        else
            usage_error("unknown option " + arg);
    }
    if (o.binary.empty()) usage_error("--binary is required");
    if (o.scenarios.count("cluster") && o.db.rfind("postgresql://", 0) != 0)
        usage_error("cluster needs --db postgresql://... (one database for the instances)");
    if (o.scenarios.count("lobby-cluster") && o.db.rfind("postgresql://", 0) != 0)
        usage_error("lobby-cluster needs --db postgresql://... (one database for the instances)");
    if (o.scenarios.empty())
        o.scenarios = {"crowd", "games", "games-capacity", "games-http", "crash", "lobby"};
    // Unpaced, the games run is the capacity run already; --capacity-seconds 0 skips it.
    if (o.capacity_seconds == 0 || (o.move_rate == 0 && o.scenarios.count("games")))
        o.scenarios.erase("games-capacity");
    return o;
}

// Raises the open-file limit to the hard limit (the server, our child, inherits it).
long raise_nofile_limit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
    ::getrlimit(RLIMIT_NOFILE, &limit);
    return long(limit.rlim_cur);
}

// The per-address limits the scenarios need raised, with the value to pass if the server has
// the option. Clients are spread over loopback addresses anyway, so the defaults mostly hold.
struct LimitOption {
    const char* name;
    const char* value;
};
constexpr LimitOption kLimitOptions[] = {
    {"--max-connections-per-address", "20000"},
    {"--max-moves-per-second", "100000"},
    {"--max-games-per-minute", "100000"},
    {"--max-engine-games", nullptr},  // no engine games here: only checked for
};

std::string utc_now(const char* format) {
    char text[64];
    const std::time_t now = std::time(nullptr);
    std::strftime(text, sizeof text, format, std::gmtime(&now));
    return text;
}

// The instances of a scenario on the one database (--db), each with `args`.
struct Instances {
    std::vector<std::unique_ptr<ServerProcess>> servers;
    std::vector<ServerProcess*> pointers;
    std::vector<Target> targets;
};

Target loopback_target(int port) {
    return Target{tcp::endpoint(asio::ip::make_address_v4("127.0.0.1"), std::uint16_t(port)),
                  "127.0.0.1:" + std::to_string(port)};
}

ServerCommand instance_command(const Options& options, const std::vector<std::string>& args,
                               const std::string& dir, const std::string& name) {
    ServerCommand command;
    command.binary = options.binary;
    command.db = options.db;
    command.log = dir + "/" + name + ".log";
    command.port = free_port();
    command.extra_args = args;
    return command;
}

// Starts `count` instances of scenario `scenario`; false (the reason in the report's errors)
// when one does not start.
bool start_instances(const Options& options, const std::vector<std::string>& args,
                     const std::string& dir, const std::string& scenario, int count,
                     Instances& instances, Report& report) {
    for (int i = 0; i < count; ++i) {
        const ServerCommand command =
            instance_command(options, args, dir, scenario + "-" + std::to_string(i));
        instances.servers.push_back(std::make_unique<ServerProcess>());
        std::string why;
        std::cerr << "serve_load: " << scenario << ": starting instance " << i << " on port "
                  << command.port << "\n";
        if (!instances.servers.back()->start(command, std::chrono::seconds(30), &why)) {
            report.errors.push_back(scenario + ": instance " + std::to_string(i) + ": " + why);
            return false;
        }
        instances.pointers.push_back(instances.servers.back().get());
        instances.targets.push_back(loopback_target(command.port));
    }
    return true;
}

// The completion of a scenario's coroutine: an exception is one of the report's errors.
auto record_exception(const std::string& scenario, Report& report) {
    return [scenario, &report](std::exception_ptr e) {
        if (!e) return;
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& x) {
            report.errors.push_back(scenario + ": " + x.what());
        }
    };
}

// The cluster scenario: `options.instances` servers on the one PostgreSQL database, the games
// load spread over them, the first killed half-way; then a fresh instance (no game in memory,
// so every game is read from the database) is asked for every game.
void run_cluster(const Options& options, const GamesOptions& games, const std::string& dir,
                 Report& report) {
    GamesOptions o = games;
    o.seconds = options.cluster_seconds;
    o.kill_after = options.cluster_kill < 0 ? options.cluster_seconds / 2 : options.cluster_kill;
    o.kill_instance = 0;
    o.engine_games = options.engine_games;
    o.engine_level = options.engine_level;
    o.keep_records = true;
    report.cluster.emplace();
    CrashResult& result = *report.cluster;
    Instances started;
    if (!start_instances(options, report.info.server_args, dir, "cluster", options.instances,
                         started, report))
        return;
    std::vector<ServerProcess*>& instances = started.pointers;
    const std::vector<Target>& targets = started.targets;
    asio::io_context io(1);
    asio::co_spawn(
        io,
        [&]() -> asio::awaitable<void> {
            co_await run_cluster_games(targets, instances, o, result.load);
            ServerProcess checker;
            const ServerCommand command =
                instance_command(options, report.info.server_args, dir, "cluster-check");
            const auto begin = Clock::now();
            if (!checker.start(command, std::chrono::seconds(60), &result.restart_error)) co_return;
            result.restarted = true;
            result.restart_seconds = std::chrono::duration<double>(Clock::now() - begin).count();
            co_await check_acknowledged(loopback_target(command.port), result.load, result);
            checker.stop(SIGTERM);
        },
        record_exception("cluster", report));
    io.run();
    for (int i = 0; i < options.instances; ++i) {
        if (i == o.kill_instance) continue;
        if (!instances[std::size_t(i)]->running()) {
            report.errors.push_back("cluster: instance " + std::to_string(i) +
                                    " died during the scenario (" +
                                    instances[std::size_t(i)]->ended_how() + ")");
            continue;
        }
        instances[std::size_t(i)]->stop(SIGTERM);
    }
    std::cerr << "serve_load: cluster: done\n";
}

// Two instances on the one PostgreSQL database, the lobby load spread over them.
void run_lobby_cluster(const Options& options, const LobbyOptions& lobby,
                       const std::vector<std::string>& server_args, const std::string& dir,
                       Report& report) {
    report.lobby_cluster.emplace();
    Instances started;
    if (!start_instances(options, server_args, dir, "lobby-cluster", 2, started, report)) return;
    const std::vector<ServerProcess*>& instances = started.pointers;
    asio::io_context io(1);
    asio::co_spawn(io, run_lobby(started.targets, lobby, instances, *report.lobby_cluster),
                   record_exception("lobby-cluster", report));
    io.run();
    for (int i = 0; i < 2; ++i) {
        ServerProcess& server = *instances[std::size_t(i)];
        if (!server.running()) {
            report.errors.push_back("lobby-cluster: instance " + std::to_string(i) +
                                    " died during the scenario (" + server.ended_how() + ")");
            continue;
        }
        server.stop(SIGTERM);
        if (server.ended_how() != "exit status 0")
            report.errors.push_back("lobby-cluster: instance " + std::to_string(i) +
                                    ", stopped by SIGTERM, ended with " + server.ended_how());
    }
    std::cerr << "serve_load: lobby-cluster: done\n";
}

}  // namespace

int main(int argc, char** argv) {
    const Options options = parse_options(argc, argv);
    std::signal(SIGPIPE, SIG_IGN);

    Report report;
    RunInfo& info = report.info;
    info.date = utc_now("%Y-%m-%d %H:%M UTC");
    for (int i = 0; i < argc; ++i) info.command_line += (i ? " " : "") + std::string(argv[i]);
    info.nofile_limit = raise_nofile_limit();
    info.machine = describe_machine();
    info.busiest_before = busiest_processes(1.0, 5);

    // `serve --help` if the binary has it, else the command list of `help`.
    const std::string serve_help = capture_output({options.binary, "serve", "--help"});
    std::string help = serve_help;
    if (serve_help.find("--max-") == std::string::npos) {
        help = capture_output({options.binary, "help"});
        info.help_note = "`chess960 serve --help` answers: `" +
                         serve_help.substr(0, serve_help.find('\n')) +
                         "`; the options were read from `chess960 help`.";
    }
    for (const LimitOption& limit : kLimitOptions) {
        if (help.find(limit.name) == std::string::npos) {
            info.missing_options.push_back(limit.name);
            continue;
        }
        if (limit.value) {
            info.server_args.push_back(limit.name);
            info.server_args.push_back(limit.value);
        }
    }
    for (const auto& a : options.server_args) info.server_args.push_back(a);

    char dir_template[] = "/tmp/chess960_serve_load_XXXXXX";
    if (!::mkdtemp(dir_template)) usage_error("cannot make a temporary directory");
    const std::string dir = dir_template;
    std::cerr << "serve_load: databases and server logs in " << dir << "\n";

    int scenario_number = 0;
    // A fresh server and database for each scenario, so that one's games and memory do not
    // weigh on the next.
    auto with_server = [&](const std::string& name, auto&& body,
                           const std::vector<std::string>& more_args = {}) {
        ++scenario_number;
        if (options.wait_quiet > 0) {
            const auto begin = std::chrono::steady_clock::now();
            const double others = wait_for_quiet(0.3, options.wait_quiet);
            char note[200];
            std::snprintf(
                note, sizeof note,
                "%s: started after waiting %.0f s for a quieter machine; the rest of it "
                "used %.2f CPUs just before",
                name.c_str(),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count(),
                others);
            report.notes.push_back(note);
        }
        ServerCommand command;
        command.binary = options.binary;
        command.db = options.db.empty() ? dir + "/" + name + ".db" : options.db;
        command.log = dir + "/" + name + ".log";
        command.port = free_port();
        command.extra_args = info.server_args;
        command.extra_args.insert(command.extra_args.end(), more_args.begin(), more_args.end());
        ServerProcess server;
        std::string why;
        std::cerr << "serve_load: " << name << ": starting the server on port " << command.port
                  << "\n";
        if (!server.start(command, std::chrono::seconds(30), &why)) {
            report.errors.push_back(name + ": " + why);
            std::cerr << "serve_load: " << why << "\n";
            return;
        }
        Target target{
            tcp::endpoint(asio::ip::make_address_v4("127.0.0.1"), std::uint16_t(command.port)),
            "127.0.0.1:" + std::to_string(command.port)};
        // Each scenario on its own io_context: when it is over, whatever it left behind must
        // end within a few seconds (then the context is destroyed); if something still runs
        // (a bug, reported on stderr), the context is left alone rather than destroyed under it.
        auto io = std::make_unique<asio::io_context>(1);
        bool done = false;
        asio::co_spawn(*io, body(target, server), [&](std::exception_ptr e) {
            done = true;
            io->stop();
            if (!e) return;
            try {
                std::rethrow_exception(e);
            } catch (const std::exception& x) {
                report.errors.push_back(name + ": " + x.what());
            }
        });
        // run(), not a run_one() per handler: the loop's own cost is the generator's, taken
        // from the server on a shared machine.
        io->run();
        if (done) io->restart();
        io->run_for(std::chrono::seconds(5));
        if (!io->stopped()) {
            std::cerr << "serve_load: " << name << ": connections still open after the scenario\n";
            (void)io.release();
        }
        // The server must be alive at the end, and stop cleanly when asked.
        if (!server.running()) {
            report.errors.push_back(name + ": the server died during the scenario (" +
                                    server.ended_how() + "); its log ends:\n" +
                                    tail_of_file(command.log, 1500));
        } else {
            server.stop(SIGTERM);
            if (server.ended_how() != "exit status 0")
                report.errors.push_back(name + ": the server, stopped by SIGTERM, ended with " +
                                        server.ended_how());
        }
        std::cerr << "serve_load: " << name << ": done\n";
    };

    if (options.scenarios.count("crowd")) {
        CrowdOptions o;
        o.games = options.crowd_games;
        o.live = options.connections;
        o.slow = options.slow;
        o.seconds = options.crowd_seconds;
        o.rate = options.rate;
        o.addresses = options.addresses;
        o.seed = options.seed;
        o.moving_games = std::min(o.moving_games, o.games);
        report.crowd.emplace();
        with_server("crowd", [&](const Target& target, ServerProcess& server) {
            return run_crowd(target, o, server, *report.crowd);
        });
    }
    GamesOptions games;
    games.games = options.games;
    games.seconds = options.seconds;
    games.watchers = options.watchers;
    games.addresses = options.addresses;
    games.seed = options.seed;
    games.move_rate = options.move_rate;
    if (options.scenarios.count("games")) {
        report.games_ws.emplace();
        with_server("games", [&](const Target& target, ServerProcess& server) {
            return run_games(target, games, server, *report.games_ws);
        });
    }
    if (options.scenarios.count("games-capacity")) {
        GamesOptions o = games;
        o.move_rate = 0;
        o.seconds = options.capacity_seconds;
        report.games_capacity.emplace();
        with_server("games-capacity", [&](const Target& target, ServerProcess& server) {
            return run_games(target, o, server, *report.games_capacity);
        });
    }
    if (options.scenarios.count("games-http")) {
        GamesOptions o = games;
        o.http_moves = true;
        report.games_http.emplace();
        with_server("games-http", [&](const Target& target, ServerProcess& server) {
            return run_games(target, o, server, *report.games_http);
        });
    }
    if (options.scenarios.count("crash")) {
        GamesOptions o = games;
        o.seconds = options.crash_seconds;
        o.kill_after = options.crash_seconds / 2;
        report.crash.emplace();
        with_server("crash", [&](const Target& target, ServerProcess& server) {
            return run_crash(target, o, server, *report.crash);
        });
    }

    if (options.scenarios.count("cluster")) run_cluster(options, games, dir, report);

    LobbyOptions lobby;
    lobby.watchers = options.lobby_watchers;
    lobby.accounts = std::min(options.lobby_accounts, options.lobby_watchers);
    lobby.seek_rate = options.lobby_seek_rate;
    lobby.seconds = options.lobby_seconds;
    lobby.seekers = options.lobby_seekers;
    lobby.reader_threads = options.lobby_readers;
    lobby.addresses = options.addresses;
    lobby.seed = options.seed;
    // Argon2id's interactive cost (an option of the server's, as its tests use): 10,000 hashes
    // at the default cost (about a second each) would take hours on a small machine.
    std::vector<std::string> lobby_args;
    if (help.find("--password-cost") != std::string::npos)
        lobby_args = {"--password-cost", "interactive"};
    if (options.scenarios.count("lobby")) {
        report.lobby.emplace();
        with_server(
            "lobby",
            [&](const Target& target, ServerProcess& server) -> asio::awaitable<void> {
                const std::vector<Target> targets{target};
                const std::vector<ServerProcess*> servers{&server};
                co_await run_lobby(targets, lobby, servers, *report.lobby);
            },
            lobby_args);
    }
    if (options.scenarios.count("lobby-cluster")) {
        std::vector<std::string> args = info.server_args;
        args.insert(args.end(), lobby_args.begin(), lobby_args.end());
        run_lobby_cluster(options, lobby, args, dir, report);
    }

    info.load_after = load_average();
    const std::string markdown = to_markdown(report);
    std::cout << markdown;
    if (!options.out.empty()) {
        std::ofstream out(options.out);
        out << markdown;
        if (!out) std::cerr << "serve_load: cannot write " << options.out << "\n";
    }
    if (!options.keep) {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    return all_targets_met(report) ? 0 : 1;
}
