// Turns scored games into training samples for the learned evaluation.
//
//   chess960_nnue_data --out FILE [--min-ply N] [--max-score CP] GAMES.pgn...
//
// The games are those `chess960 match` writes: each move's comment holds the mover's score
// ("+0.32/8 0.01s"). A position of a game's main line becomes a sample (sample.hpp) when it is
// not in check, the move played from it is quiet (no capture or promotion: the score of a
// position in the middle of an exchange says little about the position itself), it is at least
// --min-ply plies in (default 4), the score is not a mate and within --max-score (default
// 3000), and the same position (zobrist key) was not taken before. Games without a result, and
// games an engine's fault ended (Termination other than "normal" or "adjudication": a hang, a
// crash or a time forfeit says nothing about the position), are skipped.
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "args/arguments.hpp"
#include "chess960/pgn.hpp"
#include "match/move_comment.hpp"
#include "sample.hpp"

namespace {

using namespace chess960;

[[noreturn]] void usage(const char* problem) {
    std::fprintf(stderr,
                 "chess960_nnue_data: %s\n"
                 "usage: chess960_nnue_data --out FILE [--min-ply N] [--max-score CP] "
                 "GAMES.pgn...\n",
                 problem);
    std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
    std::string out_path;
    int min_ply = 4, max_score = 3000;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage((a + " needs a value").c_str());
            return argv[++i];
        };
        auto number = [&](int lo, int hi) {
            const std::string v = value();
            const auto n = args::to_int(v, lo, hi);
            if (!n)
                usage((a + ": expected a number from " + std::to_string(lo) + " to " +
                       std::to_string(hi) + ", not '" + v + "'")
                          .c_str());
            return int(*n);
        };
        if (a == "--out")
            out_path = value();
        else if (a == "--min-ply")
            min_ply = number(0, 1000);
        else if (a == "--max-score")
            max_score = number(1, 30000);
        else if (a.starts_with("--"))
            usage(("unknown option " + a).c_str());
        else
            files.push_back(a);
    }
    if (out_path.empty()) usage("--out FILE is required");
    if (files.empty()) usage("no game files given");

    std::ofstream out(out_path, std::ios::binary);
    if (!out) usage(("cannot write " + out_path).c_str());
    std::unordered_set<std::uint64_t> seen;
    long games = 0, faults = 0, positions = 0, kept = 0, results[3] = {0, 0, 0};
    for (const std::string& path : files) {
        std::ifstream in(path, std::ios::binary);
        if (!in) usage(("cannot open " + path).c_str());
        pgn::Reader reader(in);
        pgn::Replayer replayer(true);
        reader.read_all(replayer);
        for (const auto& p : replayer.problems)
            std::fprintf(stderr, "%s: %s\n", path.c_str(), p.describe().c_str());
        for (const pgn::GameRecord& game : replayer.games) {
            int result;
            switch (game.result) {
                case GameResult::WhiteWins:
                    result = 2;
                    break;
                case GameResult::BlackWins:
                    result = 0;
                    break;
                case GameResult::Draw:
                    result = 1;
                    break;
                default:
                    continue;
            }
            bool decided_on_board = true;
            for (const auto& [tag, value] : game.tags)
                if (tag == "Termination" && value != "normal" && value != "adjudication")
                    decided_on_board = false;
            if (!decided_on_board) {
                ++faults;
                continue;
            }
            ++games;
            Position pos = game.start;
            int ply = 0;
            for (const pgn::Node& node : game.main.nodes) {
                ++positions;
                const std::optional<int> score = node.comments.empty()
                                                     ? std::nullopt
                                                     : match::comment_centipawns(node.comments[0]);
                const bool scored = score.has_value();
                const int cp = score.value_or(0);
                nnue_data::Sample s;
                if (scored && ply >= min_ply && std::abs(cp) <= max_score && !pos.in_check() &&
                    !pos.is_capture(node.move) && !node.move.is_promotion() &&
                    seen.insert(pos.key()).second &&
                    nnue_data::pack(pos, pos.side_to_move() == White ? cp : -cp, result, ply, s)) {
                    out.write(reinterpret_cast<const char*>(&s), sizeof s);
                    ++kept;
                    ++results[result];
                }
                pos = pos.after(node.move);
                ++ply;
            }
        }
    }
    out.close();
    if (!out) usage(("error writing " + out_path).c_str());
    std::printf(
        "%ld games (%ld more skipped: an engine's fault ended them), %ld positions, %ld "
        "samples (White won %ld, drawn %ld, Black won %ld) -> %s\n",
        games, faults, positions, kept, results[2], results[1], results[0], out_path.c_str());
    return 0;
}
