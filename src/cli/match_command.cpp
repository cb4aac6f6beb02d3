// `chess960 match`: the match runner (src/match/include/match/match.hpp) on the command line.
#include <signal.h>
#include <CLI/CLI.hpp>

#include <atomic>
#include <iostream>
#include <memory>

#include "args/arguments.hpp"
#include "cli/command.hpp"
#include "match/match.hpp"
#include "match/options.hpp"

namespace chess960::cli {

namespace {

std::atomic<bool> g_interrupted{false};

// The first Ctrl-C ends the games in progress (they are not counted) and prints the report; a
// second one ends the runner at once.
extern "C" void on_interrupt(int) {
    g_interrupted = true;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

// Exit status: 0 done, 1 an engine or the positions file failed, 2 bad arguments.
int run(const match::MatchOptions& options) {
    auto config = options.config();
    if (!config) throw args::ArgumentError{config.error()};
    match::Match runner(*config, std::cerr);
    if (config->positions.kind == match::PositionSpec::Kind::Random && !config->seed)
        std::cerr << "Seed: " << runner.seed() << " (repeat these positions with --seed "
                  << runner.seed() << ")" << std::endl;
    signal(SIGINT, on_interrupt);
    signal(SIGTERM, on_interrupt);
    auto result = runner.run(&g_interrupted);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (!result) {
        std::cerr << "chess960: match: " << result.error() << std::endl;
        return kFailed;
    }
    std::cout << match::format_report(*config, *result) << std::flush;
    return 0;
}

}  // namespace

Command add_match_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand(
        "match",
        "A Chess960 match between two UCI engines, each start position played twice with colours "
        "swapped; the report (W/D/L, Elo, pentanomial counts, SPRT) on stdout. Give two "
        "--engine, --games and one of --tc, --nodes, --depth.");
    auto options = std::make_shared<match::MatchOptions>(*app);
    return {app, [options] { return run(*options); }};
}

}  // namespace chess960::cli
