// The subcommands of `chess960`: each file adds its command (a CLI11 subcommand with its
// options and --help) to the root App, and returns what runs it once the command line is parsed.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace chess960::cli {

constexpr int kFailed = 1;        // bad input (a FEN, a file) or a failure while running
constexpr int kBadArguments = 2;  // a bad command line

struct Command {
    CLI::App* app = nullptr;
    // Runs the parsed command: its exit status. Throws args::ArgumentError for bad arguments
    // that CLI11 cannot see (a number out of range, options that do not go together).
    std::function<int()> run;
};

Command add_position_command(CLI::App& root);
Command add_perft_command(CLI::App& root);
Command add_pgn_command(CLI::App& root);
Command add_match_command(CLI::App& root);
Command add_serve_command(CLI::App& root);
Command add_account_command(CLI::App& root);
Command add_uci_command(CLI::App& root);
Command add_event_command(CLI::App& root);
Command add_dice_command(CLI::App& root);
Command add_puzzles_command(CLI::App& root);
Command add_db_command(CLI::App& root);

// `chess960 pairings ...` reads its own arguments (JaVaFo's and bbpPairings' grammar, with
// their exit codes): the arguments after "pairings".
int run_pairings_command(const std::vector<std::string>& args);

}  // namespace chess960::cli
