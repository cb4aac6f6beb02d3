// `chess960 pgn check|normalize|stats|fen`: plain, zstd, gzip or bzip2 input (PgnInput), on
// one thread or, with --threads N (default: every core), split over threads at game boundaries
// with the output in input order (pgn_parallel.hpp, pgn_chunks.hpp) and identical to one
// thread's. A compressed input takes the threads' way even with --threads 1, so that a spare
// core decompresses while one replays.
#include "cli/pgn_commands.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>

#include "args/arguments.hpp"
#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/startpos.hpp"
#include "cli/command.hpp"
#include "cli/pgn_input.hpp"
#include "pgn_chunks/pgn_chunks.hpp"
#include "pgn_chunks/pgn_parallel.hpp"

namespace chess960::cli {

namespace {

using Problems = std::vector<pgn::Replayer::Problem>;

void print_problems(const std::string& file, const Problems& problems, std::ostream& out) {
    for (const auto& p : problems)
        out << file << ':' << p.where.line << ": " << p.describe() << '\n';
}

// A chunk's problems numbered as in the whole input: its games come after `games_before`.
void renumber(Problems& problems, long games_before) {
    for (auto& p : problems) p.game += games_before;
}

// Replays every game of `in` (the text of file `name` from line `first_line`, after
// `games_before` games) on this thread: after each read, prints its problems to `problems_out`
// and calls `after_read()`, which returns false to stop early. The last read, which finds no
// game, can still report junk after the last game, so its problems are printed too. Returns
// the number of problems.
template <typename AfterRead>
long replay_games(std::istream& in, const std::string& name, long first_line, long games_before,
                  pgn::Replayer& replayer, std::ostream& problems_out, AfterRead after_read) {
    pgn::Reader reader(in);
    reader.start_at_line(first_line);
    long errors = 0;
    for (bool more = true; more;) {
        more = reader.read_game(replayer);
        errors += long(replayer.problems.size());
        renumber(replayer.problems, games_before);
        print_problems(name, replayer.problems, problems_out);
        replayer.problems.clear();
        if (!after_read()) break;
    }
    return errors;
}

// Whether to read and replay on this thread alone. A compressed input is decompressed here and
// replayed on a worker even with --threads 1 (one thread replaying, as asked): with a core to
// spare the two overlap, and the decompression (libzstd: an eighth to a third of the replay's
// time, bench/results/pgn-threads-2026-11-28.md) costs no wall time.
bool on_this_thread(const PgnInput& input, int threads) {
    return threads <= 1 && input.compression().empty();
}

int open_failed(const std::string& path) {
    std::cerr << "chess960: cannot open '" << path << "'" << std::endl;
    return 1;
}

// Runs a command's body; a read error or corrupt compressed data ends it with its message.
template <typename Body>
int reporting_input_errors(Body body) {
    try {
        return body();
    } catch (const std::runtime_error& e) {
        std::cout.flush();
        std::cerr << "chess960: " << e.what() << std::endl;
        return 1;
    }
}

// A replayer that also knows each kept record's game number (the reader's: the same in a
// batch replayed on a worker as on one thread).
class NumberedReplayer : public pgn::Replayer {
  public:
    NumberedReplayer() : pgn::Replayer(true) {}
    std::vector<long> numbers;  // of the records in `games`, in order

    void begin_game(long game_number, pgn::Location at) override {
        current_ = game_number;
        pgn::Replayer::begin_game(game_number, at);
    }
    void end_game(pgn::Location at) override {
        const std::size_t kept = games.size();
        pgn::Replayer::end_game(at);
        if (games.size() > kept) numbers.push_back(current_);
    }

  private:
    long current_ = 0;
};

// The result of one chunk for `check`: its games, moves and problems.
struct CheckBatch {
    long games = 0, moves = 0;
    Problems problems;
};

// For `normalize`: the games written, and the problems.
struct NormalizeBatch {
    long games = 0;
    std::vector<std::string> texts;
    Problems problems;
};

// For `fen`: each kept game's number and record, and the problems.
struct FenBatch {
    long games = 0;
    std::vector<long> numbers;
    std::vector<pgn::GameRecord> records;
    Problems problems;
};

}  // namespace

int pgn_check(const std::vector<std::string>& files, int threads) {
    long games = 0, moves = 0, errors = 0;
    auto start = std::chrono::steady_clock::now();
    for (const std::string& path : files) {
        PgnInput input(path);
        if (!input.ok()) return open_failed(path);
        const int status = reporting_input_errors([&] {
            // The whole input, or what follows the chunks (for_each_chunk's read_rest).
            auto replay = [&](std::istream& in, long first_line, long games_before) {
                pgn::Replayer replayer(false);
                errors += replay_games(in, input.name(), first_line, games_before, replayer,
                                       std::cout, [] { return true; });
                games += replayer.games_read;
                moves += replayer.moves_read;
            };
            if (on_this_thread(input, threads)) {
                replay(input.stream(), 1, 0);
                return 0;
            }
            for_each_chunk<CheckBatch>(
                input.stream(), threads,
                [](const PgnChunk& chunk) {
                    pgn::Replayer replayer(false);
                    read_chunk(chunk, replayer);
                    return CheckBatch{replayer.games_read, replayer.moves_read,
                                      std::move(replayer.problems)};
                },
                [&](CheckBatch& batch, long games_before) {
                    renumber(batch.problems, games_before);
                    print_problems(input.name(), batch.problems, std::cout);
                    errors += long(batch.problems.size());
                    games += batch.games;
                    moves += batch.moves;
                    return true;
                },
                replay);
            return 0;
        });
        if (status) return status;
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << games << " games, " << moves << " moves, " << errors << " errors" << std::endl;
    std::cerr << "checked in " << seconds << " s: " << long(double(games) / std::max(seconds, 1e-9))
              << " games/s, " << long(double(moves) / std::max(seconds, 1e-9)) << " moves/s"
              << std::endl;
    return errors ? 1 : 0;
}

int pgn_normalize(const std::string& path, int threads) {
    PgnInput input(path);
    if (!input.ok()) return open_failed(path);
    bool first = true;
    long errors = 0;
    auto write = [&](const std::string& text) {
        if (!first) std::cout << '\n';
        std::cout << text;
        first = false;
    };
    // The whole input, or what follows the chunks (for_each_chunk's read_rest).
    auto replay = [&](std::istream& in, long first_line, long games_before) {
        pgn::Replayer replayer(true);
        errors +=
            replay_games(in, input.name(), first_line, games_before, replayer, std::cerr, [&] {
                for (const pgn::GameRecord& game : replayer.games) write(pgn::write_game(game));
                replayer.games.clear();
                return true;
            });
    };
    const int status = reporting_input_errors([&] {
        if (on_this_thread(input, threads)) {
            replay(input.stream(), 1, 0);
            return 0;
        }
        for_each_chunk<NormalizeBatch>(
            input.stream(), threads,
            [](const PgnChunk& chunk) {
                pgn::Replayer replayer(true);
                NormalizeBatch out;
                out.games = read_chunk(chunk, replayer);
                for (const pgn::GameRecord& game : replayer.games)
                    out.texts.push_back(pgn::write_game(game));
                out.problems = std::move(replayer.problems);
                return out;
            },
            [&](NormalizeBatch& batch, long games_before) {
                renumber(batch.problems, games_before);
                print_problems(input.name(), batch.problems, std::cerr);
                errors += long(batch.problems.size());
                for (const std::string& text : batch.texts) write(text);
                return true;
            },
            replay);
        return 0;
    });
    if (status) return status;
    if (errors)
        std::cerr << "chess960: " << errors << " problems; games with problems were not written"
                  << std::endl;
    return errors ? 1 : 0;
}

namespace {

// Counts games and results per start position, reading only tags and results. Syntax
// problems are not its business, but text the reader skipped unread (a limit reached) may hold
// games it did not count: those are kept in `problems`.
class StatsVisitor : public pgn::Visitor {
  public:
    struct Score {
        long games = 0, white = 0, draws = 0, black = 0, unfinished = 0;
        void add(GameResult r) {
            ++games;
            if (r == GameResult::WhiteWins)
                ++white;
            else if (r == GameResult::BlackWins)
                ++black;
            else if (r == GameResult::Draw)
                ++draws;
            else
                ++unfinished;
        }
        void merge(const Score& other) {
            games += other.games;
            white += other.white;
            draws += other.draws;
            black += other.black;
            unfinished += other.unfinished;
        }
    };
    std::map<std::pair<int, int>, Score> by_start;
    Score other_starts, unreadable;

    // Adds the counts of `other` (a batch counted on another thread).
    void add(const StatsVisitor& other) {
        for (const auto& [start, score] : other.by_start) by_start[start].merge(score);
        other_starts.merge(other.other_starts);
        unreadable.merge(other.unreadable);
    }

    Problems problems;  // the limits reached, in input order

    void begin_game(long number, pgn::Location) override {
        game_ = number;
        tags_.clear();
        result_.clear();
    }
    void limit_reached(const std::string& message, pgn::Location at, pgn::Skipped what) override {
        if (what == pgn::Skipped::Variations) return;  // the game is counted all the same
        std::string white = "?", black = "?";
        for (const auto& [n, v] : tags_) {
            if (n == "White") white = v;
            if (n == "Black") black = v;
        }
        problems.push_back({game_, at, white + " - " + black, 0, {}, message});
    }
    void tag(std::string_view name, std::string_view value, pgn::Location) override {
        tags_.emplace_back(std::string(name), std::string(value));
    }
    void result(std::string_view r, pgn::Location) override { result_ = std::string(r); }
    void end_game(pgn::Location) override {
        std::string r = result_;
        if (r.empty())
            for (const auto& [n, v] : tags_)
                if (n == "Result") r = v;
        GameResult result = pgn::parse_result(r);
        auto start = pgn::start_from_tags(tags_);
        if (!start) {
            unreadable.add(result);
            return;
        }
        auto numbers = startpos::numbers_of(start->position);
        if (!numbers) {
            other_starts.add(result);
            return;
        }
        by_start[{numbers->white, numbers->black}].add(result);
    }

  private:
    long game_ = 0;
    std::vector<std::pair<std::string, std::string>> tags_;
    std::string result_;
};

void print_score_row(const std::string& label, const std::string& rank,
                     const StatsVisitor::Score& s) {
    long decided = s.white + s.draws + s.black;
    char score[16] = "-";
    if (decided)
        std::snprintf(score, sizeof score, "%.1f%%",
                      100.0 * (double(s.white) + 0.5 * double(s.draws)) / double(decided));
    std::printf("%-9s %-19s %7ld %7ld %7ld %7ld %7ld %8s\n", label.c_str(), rank.c_str(), s.games,
                s.white, s.draws, s.black, s.unfinished, score);
}

}  // namespace

int pgn_stats(const std::string& path, int threads) {
    PgnInput input(path);
    if (!input.ok()) return open_failed(path);
    StatsVisitor stats;
    long problems = 0;
    auto print = [&](Problems& some, long games_before) {
        renumber(some, games_before);
        print_problems(input.name(), some, std::cerr);
        problems += long(some.size());
        some.clear();
    };
    // The whole input, or what follows the chunks (for_each_chunk's read_rest).
    auto count = [&](std::istream& in, long first_line, long games_before) {
        pgn::Reader reader(in);
        reader.start_at_line(first_line);
        for (bool more = true; more;) {
            more = reader.read_game(stats);
            print(stats.problems, games_before);
        }
    };
    const int status = reporting_input_errors([&] {
        if (on_this_thread(input, threads)) {
            count(input.stream(), 1, 0);
            return 0;
        }
        // The counts do not depend on the order: each chunk counts, this thread adds up.
        struct Counted {
            long games = 0;
            StatsVisitor stats;
        };
        for_each_chunk<Counted>(
            input.stream(), threads,
            [](const PgnChunk& chunk) {
                Counted counted;
                counted.games = read_chunk(chunk, counted.stats);
                return counted;
            },
            [&](Counted& counted, long games_before) {
                stats.add(counted.stats);
                print(counted.stats.problems, games_before);
                return true;
            },
            count);
        return 0;
    });
    if (status) return status;
    std::printf("%-9s %-19s %7s %7s %7s %7s %7s %8s\n", "start", "back rank", "games", "1-0", "1/2",
                "0-1", "*", "white");
    StatsVisitor::Score total;
    for (const auto& [numbers, score] : stats.by_start) {
        auto [white, black] = numbers;
        std::string label = std::to_string(white),
                    rank = startpos::to_string(*startpos::back_rank(white));
        if (white != black) {
            label += ":" + std::to_string(black);
            rank += ":" + startpos::to_string(*startpos::back_rank(black));
        }
        print_score_row(label, rank, score);
        total.games += score.games;
        total.white += score.white;
        total.draws += score.draws;
        total.black += score.black;
        total.unfinished += score.unfinished;
    }
    if (stats.other_starts.games)
        print_score_row("other", "(not a start position)", stats.other_starts);
    if (stats.unreadable.games) print_score_row("bad", "(unreadable tags)", stats.unreadable);
    print_score_row("all", std::to_string(stats.by_start.size()) + " start positions", total);
    return problems ? 1 : 0;
}

int pgn_fen(const std::string& path, long only_game, long ply, int threads) {
    PgnInput input(path);
    if (!input.ok()) return open_failed(path);
    bool found = false, too_short = false;
    // One game's FEN, as the command prints it; false to stop (a game too short for --ply).
    auto print_game = [&](long number, const pgn::GameRecord& game) {
        if (only_game > 0 && number != only_game) return true;
        found = true;
        const long plies = long(game.main.nodes.size());
        if (ply > plies) {
            std::cout.flush();
            std::cerr << "chess960: game " << number << " has " << plies << " plies, not " << ply
                      << std::endl;
            too_short = true;
            return false;
        }
        Position pos = game.start;
        const long stop = ply >= 0 ? ply : plies;
        for (long i = 0; i < stop; ++i) pos.play(game.main.nodes[std::size_t(i)].move);
        std::cout << write_fen(pos) << '\n';
        return true;
    };
    long errors = 0;
    // The whole input, or what follows the chunks (for_each_chunk's read_rest, never with
    // --game: that reads on this thread).
    auto replay = [&](std::istream& in, long first_line, long games_before) {
        NumberedReplayer replayer;
        errors +=
            replay_games(in, input.name(), first_line, games_before, replayer, std::cerr, [&] {
                bool go_on = true;
                for (std::size_t i = 0; i < replayer.games.size() && go_on; ++i) {
                    const long number = replayer.numbers[i] + games_before;
                    go_on = print_game(number, replayer.games[i]) &&
                            !(only_game > 0 && number >= only_game);
                }
                const bool passed = only_game > 0 && replayer.games_read >= only_game;
                replayer.games.clear();
                replayer.numbers.clear();
                return go_on && !passed;
            });
    };
    const int status = reporting_input_errors([&] {
        // One game asked for: read up to it on this thread.
        if (on_this_thread(input, threads) || only_game > 0) {
            replay(input.stream(), 1, 0);
            return 0;
        }
        for_each_chunk<FenBatch>(
            input.stream(), threads,
            [](const PgnChunk& chunk) {
                NumberedReplayer replayer;
                FenBatch out;
                out.games = read_chunk(chunk, replayer);
                out.numbers = std::move(replayer.numbers);
                out.records = std::move(replayer.games);
                out.problems = std::move(replayer.problems);
                return out;
            },
            [&](FenBatch& batch, long games_before) {
                renumber(batch.problems, games_before);
                // The problems of the games before the one that stops the command, as one
                // thread reading up to it would print them.
                std::size_t printed = 0;
                auto problems_up_to = [&](long game) {
                    Problems some;
                    while (printed < batch.problems.size() && batch.problems[printed].game <= game)
                        some.push_back(batch.problems[printed++]);
                    print_problems(input.name(), some, std::cerr);
                    errors += long(some.size());
                };
                for (std::size_t i = 0; i < batch.records.size(); ++i) {
                    const long number = batch.numbers[i] + games_before;
                    problems_up_to(number);
                    if (!print_game(number, batch.records[i])) return false;
                }
                Problems rest(batch.problems.begin() + long(printed), batch.problems.end());
                print_problems(input.name(), rest, std::cerr);
                errors += long(rest.size());
                return true;
            },
            replay);
        return 0;
    });
    if (status) return status;
    if (too_short) return 1;
    if (only_game > 0 && !found) {
        std::cerr << "chess960: no readable game " << only_game << " in '" << input.name() << "'"
                  << std::endl;
        return 1;
    }
    return errors ? 1 : 0;
}

namespace {

struct PgnOptions {
    CLI::App *check = nullptr, *normalize = nullptr, *stats = nullptr, *fen = nullptr;
    CLI::Option *check_files = nullptr, *normalize_file = nullptr, *stats_file = nullptr,
                *fen_file = nullptr, *game = nullptr, *ply = nullptr;
    // --threads of each subcommand.
    std::map<const CLI::App*, CLI::Option*> threads;
};

// --threads N of the subcommand that ran: 1..256, every core by default.
int threads_of(const PgnOptions& o, const CLI::App* command) {
    auto text = args::value(o.threads.at(command));
    if (!text) return default_pgn_threads();
    auto n = args::to_int(*text, 1, 256);
    if (!n)
        throw args::ArgumentError{"--threads must be a number from 1 to 256, not '" + *text + "'"};
    return int(*n);
}

int run_pgn_fen(const PgnOptions& o) {
    long game = 0, ply = -1;
    if (auto g = args::value(o.game)) {
        auto n = args::to_int(*g, 1, 1'000'000'000);
        if (!n) throw args::ArgumentError{"--game must be a number from 1, not '" + *g + "'"};
        game = long(*n);
    }
    if (auto k = args::value(o.ply)) {
        auto n = args::to_int(*k, 0, 1'000'000);
        if (!n) throw args::ArgumentError{"--ply must be a number from 0, not '" + *k + "'"};
        ply = long(*n);
    }
    auto file = args::value(o.fen_file);
    if (!file) throw args::ArgumentError{"pgn fen needs a FILE"};
    return pgn_fen(*file, game, ply, threads_of(o, o.fen));
}

int run(const PgnOptions& o) {
    if (o.check->parsed()) {
        if (!args::given(o.check_files))
            throw args::ArgumentError{"pgn check needs at least one FILE (or - for stdin)"};
        return pgn_check(o.check_files->results(), threads_of(o, o.check));
    }
    if (o.normalize->parsed() || o.stats->parsed()) {
        const bool normalize = o.normalize->parsed();
        auto file = args::value(normalize ? o.normalize_file : o.stats_file);
        if (!file)
            throw args::ArgumentError{std::string("pgn ") + (normalize ? "normalize" : "stats") +
                                      " needs a FILE"};
        return normalize ? pgn_normalize(*file, threads_of(o, o.normalize))
                         : pgn_stats(*file, threads_of(o, o.stats));
    }
    if (o.fen->parsed()) return run_pgn_fen(o);
    throw args::ArgumentError{"pgn needs a subcommand: check, normalize, stats or fen"};
}

}  // namespace

Command add_pgn_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand(
        "pgn", "Reads PGN files (plain, .zst, .gz, .bz2): check, normalize, stats, fen.");
    auto o = std::make_shared<PgnOptions>();
    o->check = app->add_subcommand(
        "check", "Replays every game (FILE '-' is stdin); one line per problem; exit 1 if any.");
    o->check_files = o->check->add_option("FILE", "PGN files ('-' for stdin)")
                         ->expected(1, CLI::detail::expected_max_vector_size)
                         ->allow_extra_args();
    o->normalize =
        app->add_subcommand("normalize", "Writes the games back in canonical form on stdout.");
    o->normalize_file = o->normalize->add_option("FILE", "a PGN file ('-' for stdin)");
    o->stats = app->add_subcommand("stats", "Games and results per start position number.");
    o->stats_file = o->stats->add_option("FILE", "a PGN file ('-' for stdin)");
    o->fen = app->add_subcommand("fen",
                                 "The FEN after ply K of a game (default: the final "
                                 "position of every game).");
    o->fen_file = o->fen->add_option("FILE", "a PGN file ('-' for stdin)");
    o->game = o->fen->add_option("--game", "only game N (from 1)")->type_name("N");
    o->ply = o->fen->add_option("--ply", "after K plies (from 0)")->type_name("K");
    for (CLI::App* command : {o->check, o->normalize, o->stats, o->fen})
        o->threads[command] =
            command
                ->add_option("--threads",
                             "threads replaying games (default: every core); the output is in "
                             "input order, as with one")
                ->type_name("N");
    return {app, [o] { return run(*o); }};
}

}  // namespace chess960::cli
