// perft_bench: the speed of chess960::perft against Stockfish's "go perft" on the same positions
// at the same depth.
//
// Ours: chess960::perft (single thread, bulk counting at the last ply), timed in process.
// Stockfish: started once as a child process over pipes with UCI_Chess960=true and Threads=1;
// each position is timed from writing "go perft D" until the line "Nodes searched: N" arrives,
// so engine start-up is not measured. Stockfish's perft also counts the last ply in bulk.
// Every position is sent to Stockfish as the Shredder-FEN our library writes, and both node
// counts must agree (the bench aborts otherwise). Each measurement is the best of --repeat runs;
// ours and Stockfish alternate so that both see the same load from other work on the machine.
// Besides the wall clock (the table and the "ratio ours/stockfish" line) the bench reports CPU
// time, which other work on the machine disturbs less: ours from CLOCK_PROCESS_CPUTIME_ID,
// Stockfish's from the CPU-time clock of its process (clock_getcpuclockid).
//
// usage: perft_bench [--depth D] [--repeat R] [--stockfish PATH]
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/bitboard.hpp"
#include "chess960/fen.hpp"
#include "chess960/perft.hpp"
#include "chess960/position.hpp"

using namespace chess960;

namespace {

using Clock = std::chrono::steady_clock;

struct BenchPosition {
    const char* name;
    const char* fen;
    const char* origin;
};

// The fixed benchmark set. Node counts at depth 5 range from 3 to 194 million; about 737 million
// in all, a few seconds for each side.
constexpr BenchPosition kPositions[] = {
    // Classical chess, which Chess960 includes (start position number 518).
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "SP 518"},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     "Peter McKenzie"},
    // Chess960 start positions.
    {"sp0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
     "chess960_start_positions_perft.epd SP 0"},
    {"sp346", "nrkqbbrn/pppppppp/8/8/8/8/PPPPPPPP/NRKQBBRN w GBgb - 0 1",
     "chess960_start_positions_perft.epd SP 346"},
    {"frc-rooks", "R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1", "frc_start_positions_perft.epd:1"},
    {"frc-promo", "2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1",
     "frc_start_positions_perft.epd:2"},
    // Chess960 middlegames.
    {"mid-5", "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
     "chess960_perft.epd:5"},
    {"mid-6", "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9",
     "chess960_perft.epd:6"},
    {"mid-14", "1qnrkbbr/1pppppp1/p1n4p/8/P7/1P1N1P2/2PPP1PP/QN1RKBBR w HDhd - 0 9",
     "chess960_perft.epd:14"},
    {"mid-18ep", "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9",
     "chess960_perft.epd:18"},
    // Castling-rich positions from frc_tricky_perft.epd.
    {"sf960-02", "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
     "frc_tricky_perft.epd sf960-02"},
    {"sf960-06", "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
     "frc_tricky_perft.epd sf960-06"},
    {"sf960-07", "qbbnrkr1/p1pppppp/1p4n1/8/2P5/6N1/PPNPPPPP/1BRKBRQ1 b FCge - 1 3",
     "frc_tricky_perft.epd sf960-07"},
    {"sf960-11", "rr6/2kpp3/1ppnb1p1/p4q1p/P4P1P/1PNN2P1/2PP2Q1/1K2RR2 w E - 1 19",
     "frc_tricky_perft.epd sf960-11"},
    {"xfen-01", "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1",
     "frc_tricky_perft.epd xfen-01"},
    {"hside", "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1",
     "frc_tricky_perft.epd hside-rook-blocks-aside-castling"},
};

[[noreturn]] void fail(const std::string& message) {
    std::fprintf(stderr, "perft_bench: %s\n", message.c_str());
    std::exit(1);
}

// A UCI engine running as a child process, spoken to over two pipes.
class Engine {
  public:
    explicit Engine(const std::string& path) {
        int to_child[2], from_child[2];
        if (pipe(to_child) != 0 || pipe(from_child) != 0)
            fail(std::string("pipe: ") + std::strerror(errno));
        pid_ = fork();
        if (pid_ < 0) fail(std::string("fork: ") + std::strerror(errno));
        if (pid_ == 0) {
            dup2(to_child[0], STDIN_FILENO);
            dup2(from_child[1], STDOUT_FILENO);
            close(to_child[0]);
            close(to_child[1]);
            close(from_child[0]);
            close(from_child[1]);
            execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
            std::fprintf(stderr, "perft_bench: cannot run %s: %s\n", path.c_str(),
                         std::strerror(errno));
            _exit(127);
        }
        close(to_child[0]);
        close(from_child[1]);
        in_ = to_child[1];
        out_ = from_child[0];
        if (clock_getcpuclockid(pid_, &cpu_clock_) != 0) fail("no CPU-time clock for the engine");
    }
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    ~Engine() {
        send("quit");
        close(in_);
        close(out_);
        int status = 0;
        waitpid(pid_, &status, 0);
    }

    void send(std::string_view line) {
        std::string text(line);
        text += '\n';
        std::size_t done = 0;
        while (done < text.size()) {
            ssize_t n = write(in_, text.data() + done, text.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return;  // the engine is gone; the next read reports it
            done += std::size_t(n);
        }
    }

    // The next line of output (without the newline), or nullopt when the engine has exited.
    std::optional<std::string> read_line() {
        for (;;) {
            if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
                std::string line = buffer_.substr(0, nl);
                buffer_.erase(0, nl + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return line;
            }
            char chunk[4096];
            ssize_t n = read(out_, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) return std::nullopt;
            buffer_.append(chunk, std::size_t(n));
        }
    }

    // The CPU-time clock of the engine process (all its threads).
    clockid_t cpu_clock() const { return cpu_clock_; }

    // Reads lines until one starts with `prefix`; returns it. Fails if the engine exits.
    std::string wait_for(std::string_view prefix) {
        for (;;) {
            auto line = read_line();
            if (!line) fail("the engine exited while waiting for '" + std::string(prefix) + "'");
            if (line->starts_with(prefix)) return *line;
        }
    }

  private:
    pid_t pid_ = -1;
    clockid_t cpu_clock_{};
    int in_ = -1;
    int out_ = -1;
    std::string buffer_;
};

struct Timing {
    std::uint64_t nodes;
    double seconds;      // wall clock
    double cpu_seconds;  // CPU time of the counting process
};

double cpu_time(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

Timing time_ours(const Position& pos, int depth) {
    double cpu_start = cpu_time(CLOCK_PROCESS_CPUTIME_ID);
    auto start = Clock::now();
    std::uint64_t nodes = perft(pos, depth);
    std::chrono::duration<double> elapsed = Clock::now() - start;
    return {nodes, elapsed.count(), cpu_time(CLOCK_PROCESS_CPUTIME_ID) - cpu_start};
}

Timing time_stockfish(Engine& engine, const std::string& fen, int depth) {
    engine.send("position fen " + fen);
    engine.send("isready");
    engine.wait_for("readyok");
    double cpu_start = cpu_time(engine.cpu_clock());
    auto start = Clock::now();
    engine.send("go perft " + std::to_string(depth));
    std::string line = engine.wait_for("Nodes searched:");
    std::chrono::duration<double> elapsed = Clock::now() - start;
    double cpu = cpu_time(engine.cpu_clock()) - cpu_start;
    std::uint64_t nodes = std::strtoull(line.c_str() + std::strlen("Nodes searched:"), nullptr, 10);
    return {nodes, elapsed.count(), cpu};
}

int parse_positive(const char* option, const char* text) {
    char* end = nullptr;
    long value = std::strtol(text, &end, 10);
    if (end == text || *end != '\0' || value < 1 || value > 20)
        fail(std::string(option) + " needs a number from 1 to 20, not '" + text + "'");
    return int(value);
}

void usage() {
    std::printf(
        "usage: perft_bench [--depth D] [--repeat R] [--stockfish PATH]\n"
        "  --depth D        perft depth for every position (default 5)\n"
        "  --repeat R       best of R runs per position and engine (default 3)\n"
        "  --stockfish PATH the Stockfish binary (default /usr/games/stockfish)\n");
}

double mnps(std::uint64_t nodes, double seconds) { return double(nodes) / seconds / 1e6; }

}  // namespace

int main(int argc, char** argv) {
    int depth = 5, repeat = 3;
    std::string stockfish = "/usr/games/stockfish";
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            usage();
            return 0;
        }
        if (i + 1 >= argc) {
            usage();
            fail("missing value after " + std::string(arg));
        }
        if (arg == "--depth")
            depth = parse_positive("--depth", argv[++i]);
        else if (arg == "--repeat")
            repeat = parse_positive("--repeat", argv[++i]);
        else if (arg == "--stockfish")
            stockfish = argv[++i];
        else {
            usage();
            fail("unknown option " + std::string(arg));
        }
    }
    if (access(stockfish.c_str(), X_OK) != 0)
        fail("Stockfish not found or not executable at " + stockfish +
             " (install it, e.g. apt-get install stockfish, or pass --stockfish PATH)");
    signal(SIGPIPE, SIG_IGN);  // a dead engine shows up as end of output, not as a signal

    struct Entry {
        const BenchPosition* spec;
        Position pos;
        std::string fen;  // Shredder-FEN as sent to Stockfish
        std::uint64_t nodes = 0;
        double ours = 1e300, theirs = 1e300;          // best wall-clock seconds
        double ours_cpu = 1e300, theirs_cpu = 1e300;  // best CPU seconds
    };
    std::vector<Entry> entries;
    for (const BenchPosition& spec : kPositions) {
        auto pos = position_from_fen(spec.fen);
        if (!pos) fail(std::string(spec.name) + ": " + pos.error().to_string());
        entries.push_back(
            {.spec = &spec, .pos = *pos, .fen = write_fen(*pos, {CastlingNotation::Shredder})});
    }

    Engine engine(stockfish);
    engine.send("uci");
    std::string id = "Stockfish";
    for (;;) {
        auto line = engine.read_line();
        if (!line) fail(stockfish + " exited before 'uciok' (is it a UCI engine?)");
        if (line->starts_with("id name ")) id = line->substr(8);
        if (*line == "uciok") break;
    }
    engine.send("setoption name UCI_Chess960 value true");
    engine.send("setoption name Threads value 1");
    engine.send("isready");
    engine.wait_for("readyok");

    std::printf("perft_bench: depth %d, best of %d, sliders: %s; engine: %s (%s)\n", depth, repeat,
                slider_implementation(), id.c_str(), stockfish.c_str());
    for (int run = 0; run < repeat; ++run) {
        for (Entry& e : entries) {
            Timing ours = time_ours(e.pos, depth);
            Timing theirs = time_stockfish(engine, e.fen, depth);
            if (ours.nodes != theirs.nodes)
                fail(std::string(e.spec->name) + " (" + e.fen + ") depth " + std::to_string(depth) +
                     ": chess960 counts " + std::to_string(ours.nodes) + " nodes, Stockfish " +
                     std::to_string(theirs.nodes));
            e.nodes = ours.nodes;
            e.ours = std::min(e.ours, ours.seconds);
            e.theirs = std::min(e.theirs, theirs.seconds);
            e.ours_cpu = std::min(e.ours_cpu, ours.cpu_seconds);
            e.theirs_cpu = std::min(e.theirs_cpu, theirs.cpu_seconds);
        }
    }

    std::printf("%-10s %12s %12s %12s %7s\n", "position", "nodes", "ours Mnps", "sf Mnps", "ratio");
    std::uint64_t total_nodes = 0;
    double total_ours = 0, total_theirs = 0, total_ours_cpu = 0, total_theirs_cpu = 0;
    for (const Entry& e : entries) {
        std::printf("%-10s %12llu %12.1f %12.1f %7.2f\n", e.spec->name,
                    static_cast<unsigned long long>(e.nodes), mnps(e.nodes, e.ours),
                    mnps(e.nodes, e.theirs), e.theirs / e.ours);
        total_nodes += e.nodes;
        total_ours += e.ours;
        total_theirs += e.theirs;
        total_ours_cpu += e.ours_cpu;
        total_theirs_cpu += e.theirs_cpu;
    }
    std::printf("%-10s %12llu %12.1f %12.1f %7.2f\n", "total",
                static_cast<unsigned long long>(total_nodes), mnps(total_nodes, total_ours),
                mnps(total_nodes, total_theirs), total_theirs / total_ours);
    std::printf("ours: %.0f nodes/s (%.3f s)\n", double(total_nodes) / total_ours, total_ours);
    std::printf("stockfish: %.0f nodes/s (%.3f s)\n", double(total_nodes) / total_theirs,
                total_theirs);
    std::printf("ratio ours/stockfish: %.2f\n", total_theirs / total_ours);
    // CPU time is less disturbed by other work on the machine than the wall clock.
    std::printf("cpu time: ours %.0f nodes/s, stockfish %.0f nodes/s, ratio ours/stockfish %.2f\n",
                double(total_nodes) / total_ours_cpu, double(total_nodes) / total_theirs_cpu,
                total_theirs_cpu / total_ours_cpu);
    return 0;
}
