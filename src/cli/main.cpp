// The `chess960` command: start positions, perft, PGN tools, matches, the web server, the UCI
// engine, verifiable event draws and dice. Each subcommand lives in its own file (command.hpp);
// the command line is parsed by CLI11 (args/arguments.hpp), with --help for every command.
// Exit status: 0 success, 1 bad input (a FEN, a file) or a failure, 2 bad arguments.
#include <CLI/CLI.hpp>

#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "args/arguments.hpp"
#include "cli/command.hpp"

using namespace chess960;

namespace {

constexpr const char* kUsage =
    R"(usage: chess960 <command> [options]     (chess960 <command> --help for each)

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
  serve [--host H] [--port P] [--db DB] [--web DIR] [--engine-threads N] [--io-threads N]
        [--max-connections N] [--max-connections-per-address N] [--max-games-per-minute N]
        [--max-engine-games N] [--max-moves-per-second N] [--max-events-per-hour N]
        [--signups open|invite] [--password-cost moderate|interactive]
                                  play in the browser: the web app, its JSON API
                                  (docs/openapi.yaml) and live play over WebSocket or
                                  Server-Sent Events (docs/live.md) on http://H:P/ (default
                                  127.0.0.1:8960, --port 0 picks a free port); games are kept
                                  in DB: an SQLite file (default chess960.db) or a PostgreSQL
                                  URI postgresql://user@host/dbname, which any number of
                                  servers may share (docs/deploy.md); DIR is the built web
                                  app (default: web/dist of the source tree).
                                  Connections are served by N I/O threads (default: one per
                                  core). Limits per client address (0: none): 1000
                                  connections (30000 in all), 30 new games a minute, 4 engine
                                  games in play, 20 moves a second, 20 new events an hour;
                                  over them the answer is 429 (or 503 for connections)
  account create-admin NAME [--db DB]
                                  an admin account (the password from standard input), who
                                  may invite people to a server run with --signups invite
  serve migrate --from DB --to DB copy every game to another, empty database (an SQLite file
                                  to PostgreSQL), then check each one move by move
  db import FILE... [--db DB] [--collection NAME] [--masters] [--threads N]
                                  PGN files (plain, .zst, .gz, .bz2) into the server's game
                                  database and its opening explorer, each game once
  puzzles generate [--db DB] [--engine CMD] [--nodes N] [--threads N] [--max-games N]
                                  puzzles from the database's games (our engine, or any UCI
                                  engine), each game analysed once per engine
  puzzles export [--db DB] [--base-url URL]
                                  the puzzles as lichess's puzzle CSV on standard output
  event new --name NAME --rounds N [--exclude 518,534] [--allow-repeats] [--double]
        --out EVENT.json          a verifiable draw for an event: keeps a 256-bit secret in
                                  EVENT.json (mode 0600) and prints the commitment to publish
  event round EVENT.json --round K [--entropy TEXT] [--format text|tsv|json|html]
                                  round K's start position (html: a printable round sheet)
  event reveal EVENT.json         the secret, after the event, and how players check it
  event verify --commitment HEX --secret HEX --name NAME --rounds N [--exclude ...]
        [--allow-repeats] [--double] [--entropy K=TEXT]... [--played K=N]...
        [--format text|tsv|json|html]
                                  recomputes every round; exit 0 when everything matches
                                  (docs/event-draw.md has the derivation)
  dice [THROW...] [--explain]     a start position from throws of a six-sided die (typed one
                                  by one when not given); --explain prints the procedure
  pairings --dutch FILE -p [OUT]  pair the next round of a Swiss (TRF-2026 or TRF(x)) by FIDE's
                                  Dutch system; -c checks every round, -g [CONFIG] -o OUT
                                  [-s SEED] generates a random tournament (the command line
                                  and exit codes of JaVaFo and bbpPairings)
  pairings --berger N [--double]  FIDE's Berger tables for a round robin of N players
  pairings --standings FILE [--tiebreaks BH-C1,SB,...]
                                  standings with FIDE tie-breaks (C.07)
  uci                             speak UCI on stdin/stdout
  help [COMMAND]                  this text, or a command's options
)";

int fail_arguments(const std::string& message, const std::string& command) {
    std::cerr << "chess960: " << message << "\n(see 'chess960 "
              << (command.empty() ? "help" : command + " --help") << "')" << std::endl;
    return cli::kBadArguments;
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
        return cli::kBadArguments;
    }
    std::vector<std::string> arguments(argv + 1, argv + argc);
    const std::string_view first = arguments.front();
    if (first == "pairings")
        return cli::run_pairings_command({arguments.begin() + 1, arguments.end()});
    if (first == "help" || first == "--help" || first == "-h") {
        if (arguments.size() == 1) {
            std::cout << kUsage;
            return 0;
        }
        // "help event round" is "event round --help".
        arguments.erase(arguments.begin());
        arguments.push_back("--help");
    }

    CLI::App root("Chess960: start positions, perft, PGN, matches, the web server, events",
                  "chess960");
    args::configure(root);
    const std::vector<cli::Command> commands = {
        cli::add_position_command(root), cli::add_perft_command(root),
        cli::add_pgn_command(root),      cli::add_match_command(root),
        cli::add_serve_command(root),    cli::add_event_command(root),
        cli::add_dice_command(root),     cli::add_uci_command(root),
        cli::add_account_command(root),  cli::add_db_command(root),
        cli::add_puzzles_command(root),
    };
    try {
        args::parse(root, arguments);
        for (const cli::Command& command : commands)
            if (command.app->parsed()) return command.run();
        return fail_arguments("unknown command '" + arguments.front() + "'", "");
    } catch (const args::HelpRequested& help) {
        std::cout << help.text;
        return 0;
    } catch (const args::ArgumentError& e) {
        return fail_arguments(e.message, args::command_path(args::chosen(root)));
    }
}
