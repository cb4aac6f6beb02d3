#include "puzzles/export.hpp"

#include <sstream>

#include "chess960/startpos.hpp"
#include "puzzle/csv.hpp"
#include "puzzle/words.hpp"

namespace chess960::server::puzzles {

namespace {

constexpr int kPuzzlesPerRead = 1000;

std::string game_url(const PuzzleRow& p, const std::string& base_url) {
    // The puzzle's first move (the opponent's) is ply + 1 of the game, as lichess counts.
    const std::string ply = "#" + std::to_string(p.ply + 1);
    if (p.game_id) return base_url + "/game/" + *p.game_id + ply;
    if (p.site.starts_with("https://") || p.site.starts_with("http://")) return p.site + ply;
    return "";
}

}  // namespace

void export_csv(PuzzleStore& puzzles, std::ostream& out, const std::string& base_url) {
    out << puzzle::kCsvHeader << '\n';
    for (std::int64_t after = 0;;) {
        const std::vector<PuzzleRow> rows = puzzles.puzzles_after(after, kPuzzlesPerRead);
        if (rows.empty()) break;
        for (const PuzzleRow& p : rows) {
            puzzle::CsvRow row;
            row.id = p.public_id;
            row.fen = p.fen;
            row.moves = p.moves;
            row.rating = int(p.rating + 0.5);
            row.deviation = int(p.deviation + 0.5);
            row.plays = p.plays;
            row.themes = puzzle::split_words(p.themes);
            row.game_url = game_url(p, base_url);
            // The origin: the start position's number and its back rank (lila#11858).
            if (p.start_number)
                if (auto rank = startpos::back_rank(*p.start_number))
                    row.opening_tags = {"Chess960_" + std::to_string(*p.start_number) + "_" +
                                        startpos::to_string(*rank)};
            out << puzzle::csv_line(row) << '\n';
        }
        after = rows.back().id;
    }
}

}  // namespace chess960::server::puzzles
