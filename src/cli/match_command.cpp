#include "cli/match_command.hpp"

#include <signal.h>

#include <atomic>
#include <iostream>

#include "match/match.hpp"

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

}  // namespace

int match_command(const std::vector<std::string>& args) {
    auto config = match::parse_match_arguments(args);
    if (!config) {
        std::cerr << "chess960: match: " << config.error() << "\n(see 'chess960 help')"
                  << std::endl;
        return 2;
    }
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
        return 1;
    }
    std::cout << match::format_report(*config, *result) << std::flush;
    return 0;
}

}  // namespace chess960::cli
