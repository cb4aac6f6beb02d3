// The `chess960` command: start positions, perft and the UCI loop.
// Exit status: 0 success, 1 bad input (a FEN, a position), 2 bad arguments.
#include <charconv>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "cli/match_command.hpp"
#include "cli/pgn_commands.hpp"
#include "server/server.hpp"
#include "uci/uci.hpp"

using namespace chess960;

namespace {

constexpr int kBadInput = 1;
constexpr int kBadArguments = 2;

constexpr const char* kUsage = R"(usage: chess960 <command> [options]

commands:
  position N                      start position number N (0..959): number, back rank, FEN, board
  position random [--seed S] [--count K] [--exclude-standard] [--double]
                                  K random start positions (each of the 960 equally likely);
                                  --double draws each side's arrangement independently
                                  (Double Chess960)
  position --fen FEN              the start position number of FEN, or why it is not one
  perft (--fen FEN | --position N) --depth D [--divide] [--standard]
                                  count leaf nodes; --divide prints one line per root move
                                  (castling as king-takes-rook; --standard writes e1g1)
  pgn check FILE...               replay every game (FILE '-' is stdin), one line per problem
  pgn normalize FILE              write the games back in canonical form
  pgn stats FILE                  games and results per start position number
  pgn fen FILE [--game N] [--ply K]
                                  the FEN after ply K (default: the final position)
  match --engine cmd=PATH [name=N] [arg=A] [nodes=N] [option.NAME=V]... --engine ... --games N
        (--tc [MOVES/]S[+INC] | --nodes N | --depth D) [--concurrency K] [--pgn FILE]
        [--positions random|all|N,N:M,...|FILE] [--seed S] [--double960] [--maxmoves N]
        [--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05] [--draw movenumber=40 movecount=8
        score=10] [--resign movecount=3 score=600 twosided=true] [--time-margin MS]
        [--move-timeout S] [--event NAME] [--log FILE] [--quiet]
                                  a Chess960 match between two UCI engines, each start
                                  position played twice with colours swapped; report on stdout
  serve [--host H] [--port P] [--db PATH] [--web DIR] [--engine-threads N] [--io-threads N]
        [--max-connections N] [--max-connections-per-address N] [--max-games-per-minute N]
        [--max-engine-games N] [--max-moves-per-second N]
                                  play in the browser: the web app, its JSON API
                                  (docs/openapi.yaml) and live play over WebSocket or
                                  Server-Sent Events (docs/live.md) on http://H:P/ (default
                                  127.0.0.1:8960, --port 0 picks a free port); games are kept
                                  in the SQLite database PATH (default chess960.db); DIR is the
                                  built web app (default: web/dist of the source tree).
                                  Connections are served by N I/O threads (default: one per
                                  core). Limits per client address (0: none): 1000
                                  connections (30000 in all), 30 new games a minute, 4 engine
                                  games in play, 20 moves a second; over them the answer is
                                  429 (or 503 for connections)
  uci                             speak UCI on stdin/stdout
  help                            this text
)";

struct ArgumentError {
    std::string message;
};

int fail_arguments(const std::string& message) {
    std::cerr << "chess960: " << message << "\n(see 'chess960 help')" << std::endl;
    return kBadArguments;
}

std::optional<std::int64_t> parse_int(std::string_view text, std::int64_t lo, std::int64_t hi) {
    std::int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || value < lo || value > hi)
        return std::nullopt;
    return value;
}

// The value of option `name` as a number from lo to hi; an ArgumentError naming the range if not.
std::int64_t number_option(std::string_view name, const std::string& text, std::int64_t lo,
                           std::int64_t hi) {
    auto value = parse_int(text, lo, hi);
    if (!value)
        throw ArgumentError{std::string(name) + " must be a number from " + std::to_string(lo) +
                            " to " + std::to_string(hi) + ", not '" + text + "'"};
    return *value;
}

std::optional<std::uint64_t> parse_seed(std::string_view text) {
    std::uint64_t value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    return value;
}

// Options are "--name value" or "--flag"; every argument must be recognised.
class Arguments {
  public:
    Arguments(int argc, char** argv, int first) {
        for (int i = first; i < argc; ++i) args_.emplace_back(argv[i]);
        used_.assign(args_.size(), false);
    }
    bool flag(std::string_view name) {
        for (std::size_t i = 0; i < args_.size(); ++i)
            if (!used_[i] && args_[i] == name) return used_[i] = true;
        return false;
    }
    // The value after --name; throws if --name is last.
    std::optional<std::string> value(std::string_view name) {
        for (std::size_t i = 0; i < args_.size(); ++i) {
            if (used_[i] || args_[i] != name) continue;
            if (i + 1 >= args_.size()) throw ArgumentError{std::string(name) + " needs a value"};
            used_[i] = used_[i + 1] = true;
            return args_[i + 1];
        }
        return std::nullopt;
    }
    std::optional<std::string> positional() {
        for (std::size_t i = 0; i < args_.size(); ++i)
            if (!used_[i] && !args_[i].starts_with("--")) {
                used_[i] = true;
                return args_[i];
            }
        return std::nullopt;
    }
    void expect_all_used() const {
        for (std::size_t i = 0; i < args_.size(); ++i)
            if (!used_[i]) throw ArgumentError{"unexpected argument '" + args_[i] + "'"};
    }

  private:
    std::vector<std::string> args_;
    std::vector<bool> used_;
};

void print_start_position(const Position& pos, startpos::Numbers numbers) {
    auto white = startpos::back_rank(numbers.white);
    auto black = startpos::back_rank(numbers.black);
    if (numbers.is_double()) {
        std::cout << "Number: " << numbers.white << ":" << numbers.black << " (Double Chess960)\n"
                  << "Back rank: " << startpos::to_string(*white) << " (white), "
                  << startpos::to_string(*black) << " (black)\n";
    } else {
        std::cout << "Number: " << numbers.white << "\n"
                  << "Back rank: " << startpos::to_string(*white) << "\n";
    }
    std::cout << "FEN: " << pos.fen() << "\n"
              << "Shredder-FEN: " << pos.fen({CastlingNotation::Shredder}) << "\n\n"
              << pos.diagram();
}

int cmd_position(Arguments& args) {
    if (auto fen = args.value("--fen")) {
        args.expect_all_used();
        auto pos = Position::from_fen(*fen);
        if (!pos) {
            std::cerr << "chess960: invalid FEN '" << *fen << "': " << pos.error().to_string()
                      << std::endl;
            return kBadInput;
        }
        auto numbers = startpos::numbers_of(*pos);
        if (!numbers) {
            std::cerr << "chess960: " << numbers.error().message << std::endl;
            return kBadInput;
        }
        print_start_position(*pos, *numbers);
        return 0;
    }
    // Options with values first, so that their values are not taken for the position.
    auto seed_text = args.value("--seed");
    auto count_text = args.value("--count");
    auto what = args.positional();
    if (!what) throw ArgumentError{"position needs a number, 'random' or --fen FEN"};
    if (*what == "random") {
        std::uint64_t seed = startpos::random_seed();
        bool seeded = false;
        if (auto s = seed_text) {
            auto parsed = parse_seed(*s);
            if (!parsed)
                throw ArgumentError{"--seed must be a non-negative integer, not '" + *s + "'"};
            seed = *parsed;
            seeded = true;
        }
        std::int64_t count = 1;
        if (count_text) count = number_option("--count", *count_text, 1, 1'000'000);
        bool exclude_standard = args.flag("--exclude-standard");
        bool double960 = args.flag("--double");
        args.expect_all_used();
        if (!seeded)
            std::cerr << "Seed: " << seed << " (repeat this draw with --seed " << seed << ")\n";
        startpos::Random random(seed);
        for (std::int64_t i = 0; i < count; ++i) {
            int white = random.draw(exclude_standard);
            int black = double960 ? random.draw(exclude_standard) : white;
            if (i) std::cout << "\n";
            print_start_position(*startpos::position(white, black), {white, black});
        }
        return 0;
    }
    if (seed_text || count_text)
        throw ArgumentError{"--seed and --count go with 'position random'"};
    args.expect_all_used();
    auto number = parse_int(*what, 0, 959);
    if (!number) throw ArgumentError{"start position number must be 0..959, not '" + *what + "'"};
    int n = int(*number);
    print_start_position(*startpos::position(n), {n, n});
    return 0;
}

int cmd_perft(Arguments& args) {
    auto fen = args.value("--fen");
    auto number = args.value("--position");
    auto depth_text = args.value("--depth");
    bool divide = args.flag("--divide");
    bool standard = args.flag("--standard");
    args.expect_all_used();
    if (fen.has_value() == number.has_value())
        throw ArgumentError{"perft needs exactly one of --fen FEN and --position N"};
    if (!depth_text) throw ArgumentError{"perft needs --depth D"};
    const std::int64_t depth = number_option("--depth", *depth_text, 1, 20);
    Position pos;
    if (fen) {
        auto parsed = Position::from_fen(*fen);
        if (!parsed) {
            std::cerr << "chess960: invalid FEN '" << *fen << "': " << parsed.error().to_string()
                      << std::endl;
            return kBadInput;
        }
        pos = *parsed;
    } else {
        pos = *startpos::position(int(number_option("--position", *number, 0, 959)));
    }
    uci::print_perft(std::cout, std::cerr, pos, int(depth), divide,
                     standard ? CastlingMode::Standard : CastlingMode::Chess960);
    return 0;
}

int cmd_pgn(Arguments& args) {
    auto what = args.positional();
    if (!what) throw ArgumentError{"pgn needs a subcommand: check, normalize, stats or fen"};
    if (*what == "check") {
        std::vector<std::string> files;
        while (auto f = args.positional()) files.push_back(*f);
        args.expect_all_used();
        if (files.empty())
            throw ArgumentError{"pgn check needs at least one FILE (or - for stdin)"};
        return cli::pgn_check(files);
    }
    if (*what == "fen") {
        long game = 0, ply = -1;
        if (auto g = args.value("--game")) {
            auto n = parse_int(*g, 1, 1'000'000'000);
            if (!n) throw ArgumentError{"--game must be a number from 1, not '" + *g + "'"};
            game = long(*n);
        }
        if (auto k = args.value("--ply")) {
            auto n = parse_int(*k, 0, 1'000'000);
            if (!n) throw ArgumentError{"--ply must be a number from 0, not '" + *k + "'"};
            ply = long(*n);
        }
        auto file = args.positional();
        args.expect_all_used();
        if (!file) throw ArgumentError{"pgn fen needs a FILE"};
        return cli::pgn_fen(*file, game, ply);
    }
    if (*what == "normalize" || *what == "stats") {
        auto file = args.positional();
        args.expect_all_used();
        if (!file) throw ArgumentError{"pgn " + *what + " needs a FILE"};
        return *what == "normalize" ? cli::pgn_normalize(*file) : cli::pgn_stats(*file);
    }
    throw ArgumentError{"unknown pgn subcommand '" + *what + "' (check, normalize, stats, fen)"};
}

// Serves until SIGINT or SIGTERM: the signals are blocked in every thread and one thread waits
// for them with sigwait, so that stopping the server runs in an ordinary thread.
int cmd_serve(Arguments& args) {
    server::Options options;
    if (auto host = args.value("--host")) options.host = *host;
    if (auto port = args.value("--port"))
        options.port = int(number_option("--port", *port, 0, 65535));
    if (auto db = args.value("--db")) options.db_path = *db;
    if (auto threads = args.value("--engine-threads"))
        options.engine_threads = int(number_option("--engine-threads", *threads, 1, 64));
    if (auto threads = args.value("--io-threads"))
        options.io_threads = int(number_option("--io-threads", *threads, 1, 256));
    if (auto n = args.value("--max-connections"))
        options.max_connections =
            std::size_t(number_option("--max-connections", *n, 1, 10'000'000));
    if (auto n = args.value("--max-connections-per-address"))
        options.max_connections_per_address =
            std::size_t(number_option("--max-connections-per-address", *n, 1, 10'000'000));
    if (auto n = args.value("--max-games-per-minute")) {
        options.limits.games_per_minute =
            double(number_option("--max-games-per-minute", *n, 0, 1'000'000));
        options.limits.games_burst =
            std::max(options.limits.games_burst, options.limits.games_per_minute / 3);
    }
    if (auto n = args.value("--max-engine-games"))
        options.limits.engine_games = int(number_option("--max-engine-games", *n, 0, 1'000'000));
    if (auto n = args.value("--max-moves-per-second")) {
        options.limits.moves_per_second =
            double(number_option("--max-moves-per-second", *n, 0, 1'000'000));
        options.limits.moves_burst =
            std::max(options.limits.moves_burst, 2 * options.limits.moves_per_second);
    }
    if (auto web = args.value("--web")) {
        options.web_dir = *web;
    } else {
        // The source tree's web/dist, else a web/ directory next to the binary.
        namespace fs = std::filesystem;
        options.web_dir = server::default_web_dir();
        std::error_code ec;
        fs::path beside = fs::read_symlink("/proc/self/exe", ec).parent_path() / "web";
        if (!fs::exists(fs::path(options.web_dir) / "index.html", ec) &&
            fs::exists(beside / "index.html", ec))
            options.web_dir = beside.string();
    }
    args.expect_all_used();
    options.log = &std::cerr;

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::optional<server::Server> server;
    int port = 0;
    try {
        server.emplace(options);
        port = server->bind();
    } catch (const std::exception& e) {
        std::cerr << "chess960 serve: " << e.what() << std::endl;
        return kBadInput;
    }
    std::cout << "Listening on http://" << options.host << ":" << port << "/" << std::endl;
    std::cerr << "database " << options.db_path << ", web app " << options.web_dir
              << " (stop with Ctrl-C)" << std::endl;
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::path(options.web_dir) / "index.html", ec))
        std::cerr << "the web app is not built (no " << options.web_dir
                  << "/index.html): run 'make web'; pages show how until then" << std::endl;
    std::thread waiter([&] {
        int signal = 0;
        sigwait(&signals, &signal);
        std::cerr << "chess960 serve: stopping" << std::endl;
        server->stop();
    });
    server->run();
    // run() ends only through stop(), which the waiter calls.
    waiter.join();
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    // std::cin is tied to std::cout: every read would flush std::cout from the main thread while
    // the UCI search thread writes "bestmove" under its lock, a data race that now and then
    // printed a bestmove twice (the second one answering the next "go").
    std::cin.tie(nullptr);
    if (argc < 2) {
        std::cerr << kUsage;
        return kBadArguments;
    }
    std::string_view command = argv[1];
    try {
        Arguments args(argc, argv, 2);
        if (command == "help" || command == "--help" || command == "-h") {
            std::cout << kUsage;
            return 0;
        }
        if (command == "position") return cmd_position(args);
        if (command == "perft") return cmd_perft(args);
        if (command == "pgn") return cmd_pgn(args);
        if (command == "match")
            return cli::match_command(std::vector<std::string>(argv + 2, argv + argc));
        if (command == "serve") return cmd_serve(args);
        if (command == "uci") {
            args.expect_all_used();
            uci::Session session(std::cout, std::cerr);
            session.run(std::cin);
            return 0;
        }
        return fail_arguments("unknown command '" + std::string(command) + "'");
    } catch (const ArgumentError& e) {
        return fail_arguments(e.message);
    }
}
