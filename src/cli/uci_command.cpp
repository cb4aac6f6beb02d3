// `chess960 uci`: the engine, speaking UCI on stdin and stdout.
#include <CLI/CLI.hpp>

#include <iostream>

#include "cli/command.hpp"
#include "uci/uci.hpp"

namespace chess960::cli {

Command add_uci_command(CLI::App& root) {
    CLI::App* app =
        root.add_subcommand("uci", "Speaks UCI on stdin/stdout (stdout carries UCI only).");
    return {app, [] {
                uci::Session session(std::cout, std::cerr);
                session.run(std::cin);
                return 0;
            }};
}

}  // namespace chess960::cli
