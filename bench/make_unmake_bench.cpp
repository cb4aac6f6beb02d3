// Copy-make against make/unmake: the same perft, both ways, on the same positions.
// The library's perft uses copy-make; this benchmark is why (it prints the ratio).
#include <chrono>
#include <cstdio>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/perft.hpp"
#include "chess960/position.hpp"

using namespace chess960;

namespace {

std::uint64_t perft_make_unmake(Position& pos, int depth) {
    if (depth == 1) return std::uint64_t(pos.count_legal());
    MoveList moves;
    pos.generate_legal(moves);
    std::uint64_t nodes = 0;
    for (Move m : moves) {
        Position::Undo undo = pos.make(m);
        nodes += perft_make_unmake(pos, depth - 1);
        pos.unmake(m, undo);
    }
    return nodes;
}

template <typename F>
double best_seconds(int repeat, F&& f) {
    double best = 1e30;
    for (int i = 0; i < repeat; ++i) {
        auto start = std::chrono::steady_clock::now();
        f();
        best = std::min(
            best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

}  // namespace

int main() {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
    };
    const int depth = 5, repeat = 3;
    double copy_total = 0, unmake_total = 0;
    std::uint64_t nodes_total = 0;
    std::printf("%-70s %12s %10s %10s\n", "position", "nodes", "copy Mn/s", "unmk Mn/s");
    for (const char* fen : fens) {
        Position pos = *position_from_fen(fen);
        std::uint64_t a = 0, b = 0;
        double copy = best_seconds(repeat, [&] { a = perft(pos, depth); });
        double unmake = best_seconds(repeat, [&] {
            Position p = pos;
            b = perft_make_unmake(p, depth);
        });
        if (a != b) {
            std::fprintf(stderr, "node counts differ on %s: %llu vs %llu\n", fen,
                         (unsigned long long)a, (unsigned long long)b);
            return 1;
        }
        std::printf("%-70s %12llu %10.1f %10.1f\n", fen, (unsigned long long)a,
                    double(a) / copy / 1e6, double(a) / unmake / 1e6);
        copy_total += copy;
        unmake_total += unmake;
        nodes_total += a;
    }
    std::printf(
        "total: copy-make %.1f Mnodes/s, make/unmake %.1f Mnodes/s, ratio copy/unmake %.2f\n",
        double(nodes_total) / copy_total / 1e6, double(nodes_total) / unmake_total / 1e6,
        unmake_total / copy_total);
}
