// `chess960 pgn check|stats|normalize|fen`, on one thread and on two, against input made to
// exhaust memory or the stack: a .pgn.zst of 2 GiB of zeros (64 KiB compressed), a 200 MB line
// without a line end, a 100 MB comment, variations nested 30,000 and 1,000,000 deep. Each run
// must end in bounded time with a clean error (the limit named with the file and line; no
// signal, no std::bad_alloc) and a peak resident memory (the child's, from wait4) under 100 MB
// (not measured under the sanitizers, whose own memory is not the command's: there the inputs
// are smaller too). The inputs are made by the test as the command reads them: written into
// its standard input through a pipe, or compressed by libzstd as they are made; none is stored
// whole.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_support.hpp"

namespace {

namespace fs = std::filesystem;
using chess960::testing::slurp;

#ifdef CHESS960_SANITIZED
constexpr bool kMeasureMemory = false;
constexpr std::size_t kScale = 8;  // the inputs an eighth as large
constexpr int kTimeoutSeconds = 600;
#else
constexpr bool kMeasureMemory = true;
constexpr std::size_t kScale = 1;
constexpr int kTimeoutSeconds = 120;
#endif
constexpr long kMaxRssKb = 100 * 1024;

struct CommandRun {
    int status = -1;      // exit status, or -1
    int signal = 0;       // the signal that ended it, or 0
    long max_rss_kb = 0;  // peak resident set of the command
    double seconds = 0;
    bool timed_out = false;
    std::string out, err;
};

// Writes `text` to `fd` whole; false once the reader has gone (EPIPE).
bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        text.remove_prefix(std::size_t(n));
    }
    return true;
}

// Runs the built command with `args`; its standard input is what `feed` writes to the pipe it
// is given (on a thread of its own, stopping early when `feed` returns false), or empty.
CommandRun run_fed(const std::vector<std::string>& args, const std::function<bool(int)>& feed) {
    const fs::path dir =
        fs::temp_directory_path() /
        ("chess960_pgn_limits_" + std::to_string(::getpid()) + "_" +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(dir);
    const std::string out_path = (dir / "out").string(), err_path = (dir / "err").string();
    int pipe_fds[2];
    EXPECT_EQ(::pipe(pipe_fds), 0);
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(pipe_fds[0], 0);
        ::close(pipe_fds[0]);
        ::close(pipe_fds[1]);
        if (!std::freopen(out_path.c_str(), "wb", stdout) ||
            !std::freopen(err_path.c_str(), "wb", stderr))
            ::_exit(127);
        chess960::testing::exec_chess960(args);
    }
    EXPECT_GT(pid, 0);
    ::close(pipe_fds[0]);
    // The command may stop reading before the end (a write then fails with EPIPE, not SIGPIPE).
    std::signal(SIGPIPE, SIG_IGN);
    std::thread feeder([&] {
        feed(pipe_fds[1]);
        ::close(pipe_fds[1]);
    });
    CommandRun run;
    int wstatus = 0;
    rusage usage{};
    for (;;) {
        const pid_t done = ::wait4(pid, &wstatus, WNOHANG, &usage);
        if (done == pid) break;
        if (done < 0 && errno != EINTR) break;
        if (std::chrono::steady_clock::now() - start > std::chrono::seconds(kTimeoutSeconds)) {
            run.timed_out = true;
            ::kill(pid, SIGKILL);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    feeder.join();
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (WIFEXITED(wstatus)) run.status = WEXITSTATUS(wstatus);
    if (WIFSIGNALED(wstatus)) run.signal = WTERMSIG(wstatus);
    run.max_rss_kb = usage.ru_maxrss;
    run.out = slurp(out_path);
    run.err = slurp(err_path);
    fs::remove_all(dir);
    return run;
}

CommandRun run_with_input(const std::vector<std::string>& args) {
    return run_fed(args, [](int) { return true; });
}

// Writes `head`, then `piece` until `bytes` bytes in all, then `tail`.
std::function<bool(int)> repeated(std::string head, std::string piece, std::size_t bytes,
                                  std::string tail) {
    return [=](int fd) {
        std::string block;
        while (block.size() < (1u << 20)) block += piece;
        if (!write_all(fd, head)) return false;
        for (std::size_t sent = head.size(); sent < bytes; sent += block.size())
            if (!write_all(fd, block)) return false;
        return write_all(fd, tail);
    };
}

// The commands, each on one thread and on two.
const std::vector<std::vector<std::string>> kCommands = {
    {"check"},
    {"stats"},
    {"normalize"},
    {"fen"},
};

std::string where_problems_go(const std::string& command, const CommandRun& run) {
    return command == "check" ? run.out : run.err;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// A clean end: exit `status`, `message` among the lines of the command's problems, no signal,
// no std::bad_alloc, in bounded time and memory.
void expect_clean(const CommandRun& run, const std::string& command, int status,
                  const std::string& message, const std::string& what) {
    SCOPED_TRACE(what + " (" + std::to_string(run.seconds) + " s, " +
                 std::to_string(run.max_rss_kb) + " KB)");
    EXPECT_FALSE(run.timed_out);
    EXPECT_EQ(run.signal, 0) << run.err;
    EXPECT_EQ(run.status, status) << run.out.substr(0, 2000) << run.err.substr(0, 2000);
    EXPECT_FALSE(contains(run.err, "bad_alloc") || contains(run.err, "terminate")) << run.err;
    if (!message.empty()) {
        EXPECT_TRUE(contains(where_problems_go(command, run), message + "\n"))
            << where_problems_go(command, run).substr(0, 2000);
    }
    if (kMeasureMemory) {
        EXPECT_LT(run.max_rss_kb, kMaxRssKb);
    }
}

const std::string kCut = ": the rest of the game is skipped up to the next tag pair line";

// Runs `pgn <command> --threads <threads> -` on what `feed` writes; expects a clean end.
CommandRun run_cleanly(const std::string& command, const char* threads,
                       const std::function<bool(int)>& feed, int status,
                       const std::string& message) {
    CommandRun run = run_fed({"pgn", command, "--threads", threads, "-"}, feed);
    expect_clean(run, command, status, message, command + " --threads " + threads);
    return run;
}

// The games column of the last line of `pgn stats` ("all ... start positions N ...").
std::string games_counted(const std::string& stats) {
    const std::size_t all = stats.rfind("\nall ");
    if (all == std::string::npos) return "";
    std::istringstream words(stats.substr(all + 1));
    std::string word;
    for (int i = 0; i < 5; ++i) words >> word;
    return word;
}

class PgnLimits : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        dir_ = fs::temp_directory_path() / ("chess960_pgn_limits_" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    static void TearDownTestSuite() { fs::remove_all(dir_); }
    static inline fs::path dir_;
};

}  // namespace

// 2 GiB of zeros compressed by zstd -19 (65,553 bytes): no line end, binary, no game. Before
// the limits, `pgn check` held the whole line and took 4 GB.
TEST_F(PgnLimits, AZstdBombOfZerosEndsInACleanError) {
    const std::string path = (dir_ / "zeros.pgn.zst").string();
    {
        ZSTD_CCtx* cctx = ZSTD_createCCtx();
        ASSERT_NE(cctx, nullptr);
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 19);
        std::ofstream file(path, std::ios::binary);
        const std::string zeros(1 << 20, '\0');
        std::vector<char> out(ZSTD_CStreamOutSize());
        auto compress = [&](ZSTD_inBuffer& in, ZSTD_EndDirective mode) {
            for (;;) {
                ZSTD_outBuffer o{out.data(), out.size(), 0};
                const std::size_t left = ZSTD_compressStream2(cctx, &o, &in, mode);
                ASSERT_FALSE(ZSTD_isError(left));
                file.write(out.data(), std::streamsize(o.pos));
                if (mode == ZSTD_e_continue ? in.pos == in.size : left == 0) return;
            }
        };
        for (std::size_t i = 0; i < 2048 / kScale; ++i) {
            ZSTD_inBuffer in{zeros.data(), zeros.size(), 0};
            compress(in, ZSTD_e_continue);
        }
        ZSTD_inBuffer none{nullptr, 0, 0};
        compress(none, ZSTD_e_end);
        ZSTD_freeCCtx(cctx);
    }
    EXPECT_LT(fs::file_size(path), 200'000u);
    for (const auto& command : kCommands)
        for (const char* threads : {"1", "2"}) {
            std::vector<std::string> args = {"pgn"};
            args.insert(args.end(), command.begin(), command.end());
            args.insert(args.end(), {"--threads", threads, path});
            expect_clean(run_with_input(args), command[0], 1,
                         path + ":1: 1 line longer than 1 MiB skipped at the end",
                         command[0] + " --threads " + threads);
        }
}

// A game whose movetext is one line of 200 MB without a line end (before: 1.1 GB).
TEST_F(PgnLimits, A200MegabyteLineEndsInACleanError) {
    const auto feed = repeated("[Event \"long\"]\n\n1. e4 ", "e5 Nf3 ", 200'000'000 / kScale, "");
    for (const auto& command : kCommands)
        for (const char* threads : {"1", "2"})
            run_cleanly(command[0], threads, feed, 1,
                        "<stdin>:3: game 1 (? - ?): line longer than 1 MiB" + kCut);
}

// A comment of 100 MB over lines of 100 bytes, then another game, which is read (before: 218 MB,
// and 570 MB for normalize).
TEST_F(PgnLimits, A100MegabyteCommentEndsInACleanErrorAndTheNextGameIsRead) {
    const auto feed = repeated("[Event \"comment\"]\n\n1. e4 {", std::string(99, 'x') + "\n",
                               100'000'000 / kScale, "} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
    const std::string message =
        "<stdin>:3: game 1 (? - ?): comment longer than 1 MiB (opened at line 3)" + kCut;
    for (const char* threads : {"1", "2"}) {
        const CommandRun check = run_cleanly("check", threads, feed, 1, message);
        EXPECT_TRUE(contains(check.out, "\n2 games, 2 moves, 1 errors\n")) << check.out;
        const CommandRun stats = run_cleanly("stats", threads, feed, 1, message);
        EXPECT_EQ(games_counted(stats.out), "2") << stats.out;
        // The cut game is left out; the next one is written.
        const CommandRun normalize = run_cleanly("normalize", threads, feed, 1, message);
        EXPECT_FALSE(contains(normalize.out, "[Event \"comment\"]")) << normalize.out;
        EXPECT_TRUE(contains(normalize.out, "[Event \"next\"]")) << normalize.out;
        const CommandRun fen = run_cleanly("fen", threads, feed, 1, message);
        EXPECT_EQ(fen.out, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n");
    }
}

// Variations nested 30,000 deep (210 KB, as the probe's): `normalize` crashed (SIGSEGV), its
// writer recursing once a level. The reader keeps 1,000 levels (pgn::kMaxVariationDepth),
// reports the rest as skipped, checks the main line on; the game is not written (not as it
// was), `stats` counts it (variations are not its business).
TEST_F(PgnLimits, VariationsNested30000DeepFailCleanly) {
    const int levels = 30'000;
    std::string nested;
    for (int i = 0; i < levels; ++i) nested += "(1. d4 ";
    nested += std::string(std::size_t(levels), ')');
    const std::string text = "[Event \"deep\"]\n\n1. e4 " + nested + " 1... e5 *\n";
    const auto feed = [&](int fd) { return write_all(fd, text); };
    const std::string message =
        "<stdin>:3: game 1 (? - ?): variations nested deeper than 1000: the deeper ones are "
        "skipped";
    for (const char* threads : {"1", "2"}) {
        const CommandRun check = run_cleanly("check", threads, feed, 1, message);
        EXPECT_TRUE(contains(check.out, "\n1 games, 1002 moves, 1 errors\n")) << check.out;
        EXPECT_EQ(run_cleanly("normalize", threads, feed, 1, message).out, "");
        EXPECT_EQ(run_cleanly("fen", threads, feed, 1, message).out, "");
        EXPECT_EQ(run_cleanly("stats", threads, feed, 0, "").err, "");
    }
}

TEST_F(PgnLimits, AMillionNestedVariationsFailCleanly) {
    // Not scaled down under the sanitizers: the game must pass 4 MiB (7 bytes a level) for the
    // size limit to cut it; an eighth of it is read to its end (0.9 MB) and ends otherwise.
    const std::size_t levels = 1'000'000;
    const auto feed = [&](int fd) {
        if (!write_all(fd, "[Event \"deep\"]\n\n1. e4\n")) return false;
        // 11 levels a line.
        std::string open, close;
        for (int line = 0; line < 1000; ++line) {
            for (int i = 0; i < 11; ++i) open += "(1. d4 ";
            open.back() = '\n';
            close += std::string(76, ')') + "\n";
        }
        for (std::size_t left = levels; left > 0;) {
            const std::size_t lines = std::min(left / 11 + 1, std::size_t(1000));
            if (!write_all(fd, std::string_view(open).substr(0, 77 * lines))) return false;
            left -= std::min(left, 11 * lines);
        }
        for (std::size_t left = levels; left > 0;) {
            const std::size_t lines = std::min(left / 76 + 1, std::size_t(1000));
            if (!write_all(fd, std::string_view(close).substr(0, 77 * lines))) return false;
            left -= std::min(left, 76 * lines);
        }
        return write_all(fd, "*\n");
    };
    for (const auto& command : kCommands)
        for (const char* threads : {"1", "2"}) {
            const CommandRun run = run_cleanly(command[0], threads, feed, 1, "");
            const std::string problems = where_problems_go(command[0], run);
            EXPECT_TRUE(contains(problems, ": game 1 (? - ?): game longer than 4 MiB" + kCut))
                << problems;
            if (command[0] != "stats") {
                EXPECT_TRUE(contains(problems,
                                     "<stdin>:94: game 1 (? - ?): variations nested "
                                     "deeper than 1000: the deeper ones are skipped"))
                    << problems;
            }
            if (command[0] == "check") {
                EXPECT_TRUE(contains(problems, "\n1 games, 1001 moves, 2 errors\n")) << problems;
            }
            if (command[0] == "normalize" || command[0] == "fen") {
                EXPECT_EQ(run.out, "");
            }
        }
}
