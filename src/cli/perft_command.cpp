// `chess960 perft`: leaf node counts of a position, optionally divided by root move.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "args/arguments.hpp"
#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "cli/command.hpp"
#include "uci/uci.hpp"

namespace chess960::cli {

namespace {

struct PerftOptions {
    CLI::Option *fen = nullptr, *position = nullptr, *depth = nullptr, *divide = nullptr,
                *standard = nullptr;
};

int run(const PerftOptions& o) {
    const auto fen = args::value(o.fen);
    const auto number = args::value(o.position);
    if (fen.has_value() == number.has_value())
        throw args::ArgumentError{"perft needs exactly one of --fen FEN and --position N"};
    const auto depth_text = args::value(o.depth);
    if (!depth_text) throw args::ArgumentError{"perft needs --depth D"};
    const std::int64_t depth = args::number_option("--depth", *depth_text, 1, 20);
    Position pos;
    if (fen) {
        auto parsed = position_from_fen(*fen);
        if (!parsed) {
            std::cerr << "chess960: invalid FEN '" << *fen << "': " << parsed.error().to_string()
                      << std::endl;
            return kFailed;
        }
        pos = *parsed;
    } else {
        pos = *startpos::position(int(args::number_option("--position", *number, 0, 959)));
    }
    uci::print_perft(std::cout, std::cerr, pos, int(depth), args::given(o.divide),
                     args::given(o.standard) ? CastlingMode::Standard : CastlingMode::Chess960);
    return 0;
}

}  // namespace

Command add_perft_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand(
        "perft", "Counts the leaf nodes of the move tree to depth D (timing on stderr).");
    auto o = std::make_shared<PerftOptions>();
    o->fen = app->add_option("--fen", "the position (give this or --position)")->type_name("FEN");
    o->position = app->add_option("--position", "start position number 0..959")->type_name("N");
    o->depth = app->add_option("--depth", "depth 1..20")->type_name("D");
    o->divide = app->add_flag("--divide")
                    ->description("one line per root move (castling written king-takes-rook)")
                    ->disable_flag_override();
    o->standard = app->add_flag("--standard")
                      ->description(
                          "with --divide: castling written as the king's two-square "
                          "move (e1g1)")
                      ->disable_flag_override();
    return {app, [o] { return run(*o); }};
}

}  // namespace chess960::cli
