// chess_library_replay: the peer of bench/db/move_code_bench's replay: Disservin's chess-library
// (its single header, read from the team's peers folder at build time and never copied here)
// plays the same moves from their lists with Board::makeMove. The games come from
// `move_code_bench --dump`, one a line: a Shredder-FEN, a tab, the moves in UCI with castling as
// king takes rook. The UCI text is read into moves before the clock starts; each run copies
// every game's start board and plays its moves. bench/db/move_code_bench.sh compiles it with
// clang (GCC 12 stops with an internal compiler error on chess.hpp), -O3 -march=native, outside
// CMake, as bench/pgn_threads_bench.sh does bench/chess_library_pgn.cpp.
//
// usage: chess_library_replay [--repeat N] FILE   prints the replay's moves a second (CPU time:
//        the median and the best of N runs, 7 by default)
#include <chess.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

namespace {

struct Game {
    chess::Board start;
    std::vector<chess::Move> moves;
};

double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
    int repeat = 7;
    const char* file = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
        else
            file = argv[i];
    }
    if (!file) {
        std::fprintf(stderr, "usage: chess_library_replay [--repeat N] FILE\n");
        return 2;
    }
    std::ifstream in(file);
    if (!in) {
        std::fprintf(stderr, "chess_library_replay: cannot open %s\n", file);
        return 1;
    }
    std::vector<Game> games;
    long moves = 0;
    std::string line;
    while (std::getline(in, line)) {
        const std::size_t tab = line.find('\t');
        if (tab == std::string::npos) continue;
        Game game{chess::Board(line.substr(0, tab), true), {}};
        chess::Board board = game.start;
        std::size_t at = tab + 1;
        while (at < line.size()) {
            std::size_t end = line.find(' ', at);
            if (end == std::string::npos) end = line.size();
            const chess::Move m = chess::uci::uciToMove(board, line.substr(at, end - at));
            if (m == chess::Move::NO_MOVE) {
                std::fprintf(stderr, "chess_library_replay: cannot read %s\n",
                             line.substr(at, end - at).c_str());
                return 1;
            }
            board.makeMove(m);
            game.moves.push_back(m);
            at = end + 1;
        }
        moves += long(game.moves.size());
        games.push_back(std::move(game));
    }
    std::vector<double> seconds;
    std::uint64_t checksum = 0;
    for (int run = 0; run < repeat; ++run) {
        const double begin = cpu_seconds();
        for (const Game& game : games) {
            chess::Board board = game.start;
            for (const chess::Move m : game.moves) board.makeMove(m);
            checksum += board.hash();
        }
        seconds.push_back(cpu_seconds() - begin);
    }
    std::sort(seconds.begin(), seconds.end());
    std::printf(
        "chess-library replay %6.3f M moves/s median (best %6.3f), %zu games, %ld moves "
        "(checksum %llu)\n",
        double(moves) / seconds[seconds.size() / 2] / 1e6, double(moves) / seconds.front() / 1e6,
        games.size(), moves, static_cast<unsigned long long>(checksum % 1000));
    return 0;
}
