// `chess960 puzzles generate --db DB [--engine CMD] [--nodes N] [--scan-nodes N] [--threads N]`:
// puzzles from the game database's games (server/puzzles/generate.hpp), each game analysed once
// per engine and limits; `chess960 puzzles export --db DB`: the puzzles as lichess's CSV on
// standard output.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "args/arguments.hpp"
#include "cli/command.hpp"
#include "puzzle/engine_analyser.hpp"
#include "puzzle/uci_analyser.hpp"
#include "puzzles/export.hpp"
#include "puzzles/generate.hpp"
#include "store/open.hpp"

namespace chess960::cli {

namespace {

struct PuzzleOptions {
    std::string db = "chess960.db";
    std::string engine;  // empty: ours, in process
    std::string base_url;
    // Read by run_generate (args::number_option: the house's wording of a bad number).
    CLI::Option* nodes = nullptr;
    CLI::Option* scan_nodes = nullptr;
    CLI::Option* margin = nullptr;
    CLI::Option* threads = nullptr;
    CLI::Option* max_games = nullptr;
};

// The probe's searches decide a puzzle: Stockfish's default is the proof's 2 M nodes
// (bench/puzzles). Our engine searches fewer nodes a second and needs fewer for the same depth on
// these short tactical lines. The scan of every position of a game is a twentieth of the probe, as
// lichess-puzzler's scan (the game's own evaluations) is far cheaper than its probe.
constexpr std::uint64_t kOurNodes = 1'000'000;
constexpr std::uint64_t kUciNodes = 2'000'000;
constexpr std::uint64_t kScanShare = 20;
constexpr std::uint64_t kLeastScan = 2'000;  // below the probe's twentieth, unless it is less
// Our engine's second lines are less exact than Stockfish's: at the criterion itself, Stockfish
// found 89% of its puzzles sound (bench/results/puzzles-2026-12-07.md), the failures gaps of
// 0.62-0.67 that ours had put above 0.7. It asks a margin of 0.1
// (bench/results/puzzles-2026-12-08.md).
constexpr double kOurMargin = 0.1;

int run_generate(const PuzzleOptions& o) {
    const auto number = [](const CLI::Option* option, std::int64_t fallback, std::int64_t hi) {
        auto text = args::value(option);
        return text ? args::number_option(option->get_name(), *text, 1, hi) : fallback;
    };
    const std::uint64_t nodes = std::uint64_t(
        number(o.nodes, std::int64_t(o.engine.empty() ? kOurNodes : kUciNodes), 1'000'000'000));
    const std::uint64_t scan_default = std::max(nodes / kScanShare, std::min(nodes, kLeastScan));
    const std::uint64_t scan_nodes =
        std::uint64_t(number(o.scan_nodes, std::int64_t(scan_default), 1'000'000'000));
    double margin = o.engine.empty() ? kOurMargin : 0.0;
    if (const auto text = args::value(o.margin)) {
        const auto given = args::to_double(*text, 0.0, 0.5);
        if (!given)
            throw args::ArgumentError{"--margin must be a number from 0 to 0.5, not '" + *text +
                                      "'"};
        margin = *given;
    }
    const int threads = int(number(o.threads, 1, 256));
    const std::int64_t max_games = number(o.max_games, 0, std::int64_t(1) << 40);
    try {
        const auto store = server::open_store(o.db);  // makes or migrates the database
        const auto games = server::open_game_db_store(o.db);
        const auto puzzles = server::open_puzzle_store(o.db);
        server::puzzles::GenerateOptions options;
        options.threads = threads;
        options.max_games = max_games;
        options.limits = {.scan = scan_nodes, .probe = nodes, .margin = margin};
        options.analyser = [&]() -> std::unique_ptr<puzzle::Analyser> {
            if (o.engine.empty()) return puzzle::make_engine_analyser();
            return puzzle::make_uci_analyser(o.engine);
        };
        const bool tty = isatty(STDERR_FILENO);
        bool shown = false;
        options.progress = [&](std::int64_t analysed, std::int64_t made) {
            if (!tty) return;
            std::fprintf(stderr, "\r%lld games analysed, %lld puzzles ", (long long)analysed,
                         (long long)made);
            std::fflush(stderr);
            shown = true;
        };
        const server::puzzles::GenerateReport report =
            server::puzzles::generate_puzzles(*games, *puzzles, options);
        if (shown) std::fputc('\n', stderr);
        for (const std::string& why : report.skipped)
            std::cerr << "chess960 puzzles generate: skipped " << why << std::endl;
        if (!report.error.empty()) {
            std::cerr << "chess960 puzzles generate: " << report.error << std::endl;
            std::cout << report.puzzles << " puzzles made, " << report.games
                      << " games analysed before the engine failed" << std::endl;
            return kFailed;
        }
        std::cout << report.puzzles << " puzzles made, " << report.games << " games analysed ("
                  << report.stats.positions << " positions, " << report.stats.analyses
                  << " searches, " << report.stats.probes << " at the probe's limit) by "
                  << report.engine << "; " << puzzles->analysed_games(report.engine)
                  << " games analysed by it in all" << std::endl;
        return 0;
    } catch (const server::StoreError& e) {
        std::cerr << "chess960 puzzles generate: " << e.what() << std::endl;
        return kFailed;
    }
}

int run_export(const PuzzleOptions& o) {
    try {
        const auto store = server::open_store(o.db);
        const auto puzzles = server::open_puzzle_store(o.db);
        server::puzzles::export_csv(*puzzles, std::cout, o.base_url);
        std::cout.flush();
        return std::cout ? 0 : kFailed;
    } catch (const server::StoreError& e) {
        std::cerr << "chess960 puzzles export: " << e.what() << std::endl;
        return kFailed;
    }
}

void add_db_option(CLI::App* app, PuzzleOptions& o) {
    app->add_option("--db", o.db,
                    "the server's database: an SQLite file (default chess960.db) or a "
                    "PostgreSQL URI")
        ->type_name("DB");
}

}  // namespace

Command add_puzzles_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand(
        "puzzles", "Puzzles from the game database's games, proven only-moves by an engine.");
    app->require_subcommand(1);
    auto o = std::make_shared<PuzzleOptions>();
    CLI::App* generate = app->add_subcommand(
        "generate",
        "Analyse the games not yet analysed by the engine (at these limits) and keep the "
        "puzzles found: lichess-puzzler's method, a game's puzzle at its first blunder. Each "
        "position is scanned for a blunder; a candidate and its line are probed deeper.");
    add_db_option(generate, *o);
    generate
        ->add_option("--engine", o->engine,
                     "a UCI engine's command line (default: our engine, in process)")
        ->type_name("CMD");
    o->nodes = generate
                   ->add_option("--nodes",
                                "nodes a probe's search, which decides a puzzle's moves, "
                                "1..1000000000 (default 1000000 for ours, 2000000 for a UCI "
                                "engine)")
                   ->type_name("N");
    o->scan_nodes = generate
                        ->add_option("--scan-nodes",
                                     "nodes a search when each position of a game is scanned for "
                                     "a blunder, 1..1000000000 (default: a twentieth of --nodes, "
                                     "at least 2000)")
                        ->type_name("N");
    o->margin = generate
                    ->add_option("--margin",
                                 "how far inside lichess's only-move criterion a solver's move "
                                 "must be: its win chance above the second best's by 0.7 + M, a "
                                 "mate in one's best rival at most 0.6 - M; 0..0.5 (default 0.1 "
                                 "for ours, 0 for a UCI engine)")
                    ->type_name("M");
    o->threads =
        generate->add_option("--threads", "games analysed at once, each by its engine (1..256)")
            ->type_name("N");
    o->max_games = generate->add_option("--max-games", "stop after this many games (default: all)")
                       ->type_name("N");
    CLI::App* exporting = app->add_subcommand(
        "export",
        "Write the puzzles as lichess's puzzle CSV (PuzzleId,FEN,Moves,Rating,...) on standard "
        "output.");
    add_db_option(exporting, *o);
    exporting
        ->add_option("--base-url", o->base_url,
                     "the server's address, for the GameUrl of its own games (default: a "
                     "relative /game/ID)")
        ->type_name("URL");
    return {app, [o, generate] { return generate->parsed() ? run_generate(*o) : run_export(*o); }};
}

}  // namespace chess960::cli
