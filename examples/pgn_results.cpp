// Reads a PGN file, replays every game (checking each move against the rules) and prints the
// results per start position: Scharnagl number, back rank, games, White wins, draws, Black wins.
//
//   pgn_results games.pgn
#include <chess960/chess960.hpp>

#include <cstdio>
#include <iostream>
#include <map>
#include <string>

using namespace chess960;

namespace {

struct Tally {
    int games = 0, white = 0, draws = 0, black = 0;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: pgn_results FILE.pgn\n";
        return 2;
    }
    std::FILE* file = std::fopen(argv[1], "rb");
    if (!file) {
        std::cerr << "pgn_results: cannot open " << argv[1] << '\n';
        return 1;
    }
    // The reader streams the file (constant memory); the replayer checks every move and, with
    // `true`, keeps each game as a GameRecord. Reading one game at a time keeps memory flat.
    pgn::Reader reader(file);
    pgn::Replayer replayer(true);
    std::map<std::string, Tally> by_start;  // "518 RNBQKBNR" -> results
    while (reader.read_game(replayer)) {
        for (const pgn::GameRecord& game : replayer.games) {
            std::string start = "not a start position";
            if (auto numbers = startpos::numbers_of(game.start)) {
                start = std::to_string(numbers->white) + ' ' +
                        startpos::to_string(*startpos::back_rank(numbers->white));
                if (numbers->is_double())  // Double Chess960: each side its own arrangement
                    start += " / " + std::to_string(numbers->black);
            }
            Tally& t = by_start[start];
            ++t.games;
            if (game.result == GameResult::WhiteWins) ++t.white;
            if (game.result == GameResult::Draw) ++t.draws;
            if (game.result == GameResult::BlackWins) ++t.black;
        }
        replayer.games.clear();
        for (const auto& problem : replayer.problems) std::cerr << problem.describe() << '\n';
        replayer.problems.clear();
    }
    std::fclose(file);

    std::printf("%-26s %6s %6s %6s %6s\n", "start position", "games", "1-0", "1/2", "0-1");
    Tally all;
    for (const auto& [start, t] : by_start) {
        std::printf("%-26s %6d %6d %6d %6d\n", start.c_str(), t.games, t.white, t.draws, t.black);
        all.games += t.games;
        all.white += t.white;
        all.draws += t.draws;
        all.black += t.black;
    }
    std::printf("%-26s %6d %6d %6d %6d\n", "all", all.games, all.white, all.draws, all.black);
    std::printf("%ld moves replayed\n", replayer.moves_read);
    return 0;
}
