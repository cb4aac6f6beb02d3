// move_code_bench: the game database's move decoding speed on one core (issue 42: 5 M moves a
// second). Reads the games of PGN files (bench/db/move_code_bench.sh makes lichess-like ones with
// make_pgn_corpus --style lichess --moves policy, and runs it on tests/data's real games too),
// codes each once with db::encode_moves, then times on this thread:
//   decode   db::decode_moves of every game (the rank of each move looked up in its position)
//   replay   the same moves played from their lists with Position::play: the floor, what a
//            decoder would cost with no rank to look up
//   legal    replay plus Position::generate_legal in every position: the floor of a decoder that
//            lists the legal moves
// Each is run --repeat times; the CPU time of this process (not the wall clock, so that other
// jobs on the machine count less) gives the median and the best run. Prints moves a second, the
// decode's time against the replay's, and the bits a move of the code.
//
// usage: move_code_bench [--repeat N] [--only decode|replay|legal] [--dump FILE] FILE.pgn...
//   --only runs one of the three (for perf record)
//   --dump writes the games as lines "FEN<tab>moves in UCI, castling as king takes rook" for a
//          peer's replay of the same moves (bench/db/chess_library_replay.cpp)
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "chess960/db/move_code.hpp"
#include "chess960/db/move_order.hpp"
#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

struct CodedGame {
    Position start;
    std::vector<Move> moves;
    std::vector<std::uint8_t> bytes;
};

// Keeps the main line of every game read to its end.
class Collector : public pgn::Replayer {
  public:
    Collector() : pgn::Replayer(false) { keep_main_line(true); }
    std::vector<CodedGame> games;
    void end_game(pgn::Location where) override {
        pgn::Replayer::end_game(where);
        if (main_line().complete && !main_line().moves.empty())
            games.push_back(CodedGame{main_line().start, main_line().moves, {}});
    }
};

double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct Timing {
    double median = 0, best = 0;
};

// Runs `work` `repeat` times (maybe none); its CPU seconds' median and minimum. `work` returns a
// checksum that is printed, so that no run is optimised away.
template <typename Work>
Timing time_runs(int repeat, Work work, std::uint64_t& checksum) {
    std::vector<double> seconds;
    if (repeat == 0) return Timing{};
    for (int i = 0; i < repeat; ++i) {
        const double begin = cpu_seconds();
        checksum += work();
        seconds.push_back(cpu_seconds() - begin);
    }
    std::sort(seconds.begin(), seconds.end());
    return Timing{seconds[seconds.size() / 2], seconds.front()};
}

}  // namespace

int main(int argc, char** argv) {
    int repeat = 7;
    std::string only;
    const char* dump = nullptr;
    std::vector<const char*> files;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!std::strcmp(argv[i], "--dump") && i + 1 < argc)
            dump = argv[++i];
        else
            files.push_back(argv[i]);
    }
    if (files.empty()) {
        std::fprintf(stderr,
                     "usage: move_code_bench [--repeat N] [--only decode|replay|legal] "
                     "[--dump FILE] FILE.pgn...\n");
        return 2;
    }
    Collector collector;
    for (const char* file : files) {
        std::FILE* in = std::fopen(file, "rb");
        if (!in) {
            std::fprintf(stderr, "move_code_bench: cannot open %s\n", file);
            return 1;
        }
        pgn::Reader reader(in);
        reader.read_all(collector);
        collector.problems.clear();
        std::fclose(in);
    }
    std::vector<CodedGame>& games = collector.games;
    long moves = 0, code_bits = 0;
    std::size_t bytes = 0;
    for (CodedGame& game : games) {
        Position pos = game.start;
        for (Move m : game.moves) {
            code_bits += db::rank_code_bits(db::move_rank(pos, m));
            pos.play(m);
        }
        auto coded = db::encode_moves(game.start, game.moves);
        if (!coded) {
            std::fprintf(stderr, "move_code_bench: %s\n", coded.error().message.c_str());
            return 1;
        }
        game.bytes = std::move(*coded);
        moves += long(game.moves.size());
        bytes += game.bytes.size();
    }
    if (moves == 0) {
        std::fprintf(stderr, "move_code_bench: no moves in the files\n");
        return 1;
    }

    if (dump) {
        std::FILE* out = std::fopen(dump, "wb");
        if (!out) {
            std::fprintf(stderr, "move_code_bench: cannot write %s\n", dump);
            return 1;
        }
        for (const CodedGame& game : games) {
            std::string line = write_fen(game.start, {CastlingNotation::Shredder}) + '\t';
            Position pos = game.start;
            for (Move m : game.moves) {
                line += to_uci(pos, m, CastlingMode::Chess960) + ' ';
                pos.play(m);
            }
            line.back() = '\n';
            std::fputs(line.c_str(), out);
        }
        std::fclose(out);
    }

    std::uint64_t checksum = 0;
    const auto runs = [&](const char* name) { return only.empty() || only == name ? repeat : 0; };
    const Timing decode = time_runs(
        runs("decode"),
        [&] {
            std::uint64_t sum = 0;
            for (const CodedGame& game : games) {
                auto back = db::decode_moves(game.start, game.bytes, int(game.moves.size()));
                if (!back || *back != game.moves) {
                    std::fprintf(stderr, "move_code_bench: a game did not come back\n");
                    std::exit(1);
                }
                sum += back->back().raw();
            }
            return sum;
        },
        checksum);
    const Timing replay = time_runs(
        runs("replay"),
        [&] {
            std::uint64_t sum = 0;
            for (const CodedGame& game : games) {
                Position pos = game.start;
                for (Move m : game.moves) pos.play(m);
                sum += pos.key();
            }
            return sum;
        },
        checksum);
    const Timing legal = time_runs(
        runs("legal"),
        [&] {
            std::uint64_t sum = 0;
            MoveList list;
            for (const CodedGame& game : games) {
                Position pos = game.start;
                for (Move m : game.moves) {
                    list = MoveList();
                    pos.generate_legal(list);
                    sum += std::uint64_t(list.size());
                    pos.play(m);
                }
            }
            return sum;
        },
        checksum);

    const auto rate = [&](double seconds) { return double(moves) / seconds / 1e6; };
    std::printf(
        "%zu games, %ld moves, %.3f bits a move (%.3f with each game's last byte filled), "
        "%d runs (checksum %llu)\n",
        games.size(), moves, double(code_bits) / double(moves), 8.0 * double(bytes) / double(moves),
        repeat, static_cast<unsigned long long>(checksum % 1000));
    const auto row = [&](const char* name, Timing t) {
        if (t.median > 0)
            std::printf("%-7s %6.3f M moves/s median (best %6.3f)\n", name, rate(t.median),
                        rate(t.best));
    };
    row("decode", decode);
    row("replay", replay);
    row("legal", legal);
    if (only.empty())
        std::printf("decode / replay time: %.2fx; decode / (replay + legal moves) time: %.2fx\n",
                    decode.median / replay.median, decode.median / legal.median);
    return 0;
}
