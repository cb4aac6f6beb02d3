// `chess960 pgn check|normalize|stats|fen`.
#include "cli/pgn_commands.hpp"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>

#include "args/arguments.hpp"
#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/startpos.hpp"
#include "cli/command.hpp"

namespace chess960::cli {

namespace {

// An open input: a file, or stdin for "-".
class Input {
  public:
    explicit Input(const std::string& path) : path_(path) {
        if (path == "-") {
            file_ = stdin;
        } else {
            file_ = std::fopen(path.c_str(), "rb");
            owned_ = file_ != nullptr;
        }
    }
    ~Input() {
        if (owned_) std::fclose(file_);
    }
    Input(const Input&) = delete;
    Input& operator=(const Input&) = delete;
    std::FILE* file() const { return file_; }
    const std::string& name() const { return path_ == "-" ? kStdin : path_; }

  private:
    static inline const std::string kStdin = "<stdin>";
    std::string path_;
    std::FILE* file_ = nullptr;
    bool owned_ = false;
};

void print_problems(const std::string& file, pgn::Replayer& replayer, std::ostream& out) {
    for (const auto& p : replayer.problems)
        out << file << ':' << p.where.line << ": " << p.describe() << '\n';
    replayer.problems.clear();
}

// Replays every game of `input`: after each read, prints its problems to `problems_out` and
// calls `after_read()`, which returns false to stop early. The last read, which finds no game,
// can still report junk after the last game, so its problems are printed too. Returns the
// number of problems.
template <typename AfterRead>
long replay_games(const Input& input, pgn::Replayer& replayer, std::ostream& problems_out,
                  AfterRead after_read) {
    pgn::Reader reader(input.file());
    long errors = 0;
    for (bool more = true; more;) {
        more = reader.read_game(replayer);
        errors += long(replayer.problems.size());
        print_problems(input.name(), replayer, problems_out);
        if (!after_read()) break;
    }
    return errors;
}

int open_failed(const std::string& path) {
    std::cerr << "chess960: cannot open '" << path << "'" << std::endl;
    return 1;
}

}  // namespace

int pgn_check(const std::vector<std::string>& files) {
    long games = 0, moves = 0, errors = 0;
    auto start = std::chrono::steady_clock::now();
    for (const std::string& path : files) {
        Input input(path);
        if (!input.file()) return open_failed(path);
        pgn::Replayer replayer(false);
        errors += replay_games(input, replayer, std::cout, [] { return true; });
        games += replayer.games_read;
        moves += replayer.moves_read;
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << games << " games, " << moves << " moves, " << errors << " errors" << std::endl;
    std::cerr << "checked in " << seconds << " s: " << long(double(games) / std::max(seconds, 1e-9))
              << " games/s, " << long(double(moves) / std::max(seconds, 1e-9)) << " moves/s"
              << std::endl;
    return errors ? 1 : 0;
}

int pgn_normalize(const std::string& path) {
    Input input(path);
    if (!input.file()) return open_failed(path);
    pgn::Replayer replayer(true);
    bool first = true;
    const long errors = replay_games(input, replayer, std::cerr, [&] {
        for (const pgn::GameRecord& game : replayer.games) {
            if (!first) std::cout << '\n';
            std::cout << pgn::write_game(game);
            first = false;
        }
        replayer.games.clear();
        return true;
    });
    if (errors)
        std::cerr << "chess960: " << errors << " problems; games with problems were not written"
                  << std::endl;
    return errors ? 1 : 0;
}

namespace {

// Counts games and results per start position, reading only tags and results.
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
    };
    std::map<std::pair<int, int>, Score> by_start;
    Score other_starts, unreadable;

    void begin_game(long, pgn::Location) override {
        tags_.clear();
        result_.clear();
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

int pgn_stats(const std::string& path) {
    Input input(path);
    if (!input.file()) return open_failed(path);
    pgn::Reader reader(input.file());
    StatsVisitor stats;
    reader.read_all(stats);
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
    return 0;
}

int pgn_fen(const std::string& path, long only_game, long ply) {
    Input input(path);
    if (!input.file()) return open_failed(path);
    pgn::Replayer replayer(true);
    bool found = false, too_short = false;
    const long errors = replay_games(input, replayer, std::cerr, [&] {
        const long number = replayer.games_read;
        for (const pgn::GameRecord& game : replayer.games) {
            if (only_game > 0 && number != only_game) continue;
            found = true;
            const long plies = long(game.main.nodes.size());
            if (ply > plies) {
                std::cerr << "chess960: game " << number << " has " << plies << " plies, not "
                          << ply << std::endl;
                too_short = true;
                return false;
            }
            Position pos = game.start;
            const long stop = ply >= 0 ? ply : plies;
            for (long i = 0; i < stop; ++i) pos.play(game.main.nodes[std::size_t(i)].move);
            std::cout << write_fen(pos) << '\n';
        }
        replayer.games.clear();
        return !(only_game > 0 && number >= only_game);
    });
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
};

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
    return pgn_fen(*file, game, ply);
}

int run(const PgnOptions& o) {
    if (o.check->parsed()) {
        if (!args::given(o.check_files))
            throw args::ArgumentError{"pgn check needs at least one FILE (or - for stdin)"};
        return pgn_check(o.check_files->results());
    }
    if (o.normalize->parsed() || o.stats->parsed()) {
        const bool normalize = o.normalize->parsed();
        auto file = args::value(normalize ? o.normalize_file : o.stats_file);
        if (!file)
            throw args::ArgumentError{std::string("pgn ") + (normalize ? "normalize" : "stats") +
                                      " needs a FILE"};
        return normalize ? pgn_normalize(*file) : pgn_stats(*file);
    }
    if (o.fen->parsed()) return run_pgn_fen(o);
    throw args::ArgumentError{"pgn needs a subcommand: check, normalize, stats or fen"};
}

}  // namespace

Command add_pgn_command(CLI::App& root) {
    CLI::App* app = root.add_subcommand("pgn", "Reads PGN files: check, normalize, stats, fen.");
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
    return {app, [o] { return run(*o); }};
}

}  // namespace chess960::cli
