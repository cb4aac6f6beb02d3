#include "puzzles/generate.hpp"

#include <atomic>
#include <mutex>
#include <thread>

#include "chess960/fen.hpp"
#include "chess960/uci_move.hpp"
#include "gamedb/db_game.hpp"
#include "puzzle/words.hpp"

namespace chess960::server::puzzles {

namespace {

// Games fetched at a time for the threads to share.
constexpr int kGamesPerFetch = 64;

// A puzzle's public id: eight letters and digits from its game's content hash and ply, the same
// in every database that holds the game.
std::string public_id(std::int64_t hash, int ply) {
    static constexpr char kDigits[] =
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    std::uint64_t x = std::uint64_t(hash) ^ (std::uint64_t(ply) * 0x9E3779B97F4A7C15ull);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    std::string id;
    for (int i = 0; i < 8; ++i) {
        id += kDigits[x % 62];
        x /= 62;
    }
    return id;
}

}  // namespace

PuzzleRow puzzle_row(const DbGameRow& game, const puzzle::Puzzle& puzzle) {
    PuzzleRow row;
    row.public_id = public_id(game.hash, puzzle.ply);
    row.game = game.id;
    row.ply = puzzle.ply;
    row.fen = write_fen(puzzle.start);
    Position pos = puzzle.start;
    std::vector<std::string> moves;
    for (const Move m : puzzle.moves) {
        moves.push_back(to_uci(pos, m, CastlingMode::Chess960));
        pos.play(m);
    }
    row.moves = puzzle::join_words(moves);
    row.rating = puzzle.rating;
    row.themes = puzzle::join_words(puzzle.themes);
    row.start_number = game.start_number;
    return row;
}

GenerateReport generate_puzzles(GameDbStore& games, PuzzleStore& puzzles,
                                const GenerateOptions& options) {
    GenerateReport report;
    const int threads = std::max(1, options.threads);
    std::vector<std::unique_ptr<puzzle::Analyser>> analysers(static_cast<std::size_t>(threads));
    // The engines start at once, each on its thread (a UCI engine's handshake takes a moment).
    {
        std::vector<std::string> errors(static_cast<std::size_t>(threads));
        std::vector<std::thread> starting;
        for (int t = 0; t < threads; ++t)
            starting.emplace_back([&, t] {
                try {
                    analysers[std::size_t(t)] = options.analyser();
                } catch (const std::exception& e) {
                    errors[std::size_t(t)] = e.what();
                }
            });
        for (std::thread& s : starting) s.join();
        for (const std::string& e : errors)
            if (!e.empty()) {
                report.error = e;
                return report;
            }
    }
    report.engine = puzzle::analysis_label(*analysers[0], options.limits);

    std::mutex mutex;  // the report
    std::int64_t after = 0;
    for (;;) {
        int limit = kGamesPerFetch;
        if (options.max_games > 0) {
            if (report.games >= options.max_games) break;
            limit = int(std::min<std::int64_t>(limit, options.max_games - report.games));
        }
        const std::vector<std::int64_t> ids = puzzles.games_to_analyse(report.engine, after, limit);
        if (ids.empty()) break;
        after = ids.back();
        std::atomic<std::size_t> next = 0;
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&, analyser = analysers[std::size_t(t)].get()] {
                for (std::size_t i; (i = next++) < ids.size();) {
                    {
                        std::lock_guard lock(mutex);
                        if (!report.error.empty()) return;
                    }
                    const std::optional<DbGameRow> game = games.game(ids[i]);
                    if (!game) continue;  // gone meanwhile
                    std::optional<PuzzleRow> found;
                    std::string why;
                    puzzle::GeneratorStats stats;
                    const Result<Position> start = gamedb::start_of(*game);
                    Result<std::vector<Move>> moves =
                        start ? gamedb::stored_moves(*game, *start, game->plies)
                              : std::unexpected(start.error());
                    if (!moves) {
                        why = "game " + std::to_string(game->id) + ": " + moves.error().message;
                    } else {
                        try {
                            if (auto p = puzzle::find_puzzle(*start, *moves, *analyser,
                                                             options.limits, &stats))
                                found = puzzle_row(*game, *p);
                        } catch (const std::exception& e) {
                            std::lock_guard lock(mutex);
                            report.error = e.what();
                            return;
                        }
                    }
                    const bool added = puzzles.add_analysis(game->id, report.engine, found);
                    std::lock_guard lock(mutex);
                    ++report.games;
                    report.puzzles += added;
                    report.stats.positions += stats.positions;
                    report.stats.analyses += stats.analyses;
                    report.stats.probes += stats.probes;
                    if (!why.empty()) report.skipped.push_back(why);
                    if (options.progress) options.progress(report.games, report.puzzles);
                }
            });
        for (std::thread& w : workers) w.join();
        if (!report.error.empty()) break;
    }
    return report;
}

}  // namespace chess960::server::puzzles
