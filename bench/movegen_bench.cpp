// movegen_bench: Google Benchmark micro-benchmarks of the hot paths of perft.
//   GenerateLegal/N  legal move generation of position N (items = moves generated)
//   CopyMake/N       Position::after for every legal move of position N (items = moves played)
//   RookAttacks, BishopAttacks  one sliding-attack lookup (PEXT or magic, see the label)
//
// usage: movegen_bench [Google Benchmark flags, e.g. --benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "chess960/bitboard.hpp"
#include "chess960/fen.hpp"
#include "chess960/position.hpp"

using namespace chess960;

namespace {

struct NamedFen {
    const char* name;
    const char* fen;
};

constexpr NamedFen kFens[] = {
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"chess960-mid", "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9"},
    {"sf960-06", "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14"},
    {"frc-promo", "2rkr3/5PP1/8/5Q2/5q2/8/5pp1/2RKR3 w CEce - 0 1"},
};
constexpr int kFenCount = int(std::size(kFens));

Position load(int index) {
    auto pos = position_from_fen(kFens[index].fen);
    if (!pos) {
        std::fprintf(stderr, "movegen_bench: %s: %s\n", kFens[index].name,
                     pos.error().to_string().c_str());
        std::abort();
    }
    return *pos;
}

void GenerateLegal(benchmark::State& state) {
    const Position pos = load(int(state.range(0)));
    std::int64_t moves = 0;
    for (auto _ : state) {
        MoveList list;
        pos.generate_legal(list);
        benchmark::DoNotOptimize(list);
        moves += list.size();
    }
    state.SetItemsProcessed(moves);
    state.SetLabel(kFens[state.range(0)].name);
}

void CopyMake(benchmark::State& state) {
    const Position pos = load(int(state.range(0)));
    const MoveList list = pos.legal_moves();
    for (auto _ : state) {
        for (Move m : list) {
            Position next = pos.after(m);
            benchmark::DoNotOptimize(next);
        }
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * list.size());
    state.SetLabel(kFens[state.range(0)].name);
}

// Square and occupancy pairs, pseudo-random (splitmix64) with about a third of the squares
// occupied, the same for every run.
struct Query {
    Square square;
    Bitboard occupied;
};

std::vector<Query> make_queries() {
    std::vector<Query> queries(4096);
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    auto next = [&state] {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    for (Query& q : queries) {
        q.square = Square(next() & 63);
        q.occupied = next() & next();  // each bit set with probability 1/4
        q.occupied |= next() & next() & next();
    }
    return queries;
}

template <Bitboard (*Attacks)(Square, Bitboard)>
void SliderAttacks(benchmark::State& state) {
    const std::vector<Query> queries = make_queries();
    std::size_t i = 0;
    for (auto _ : state) {
        const Query& q = queries[i];
        i = (i + 1) & (queries.size() - 1);
        benchmark::DoNotOptimize(Attacks(q.square, q.occupied));
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
    state.SetLabel(slider_implementation());
}

void RookAttacks(benchmark::State& state) { SliderAttacks<rook_attacks>(state); }
void BishopAttacks(benchmark::State& state) { SliderAttacks<bishop_attacks>(state); }

}  // namespace

BENCHMARK(GenerateLegal)->DenseRange(0, kFenCount - 1);
BENCHMARK(CopyMake)->DenseRange(0, kFenCount - 1);
BENCHMARK(RookAttacks);
BENCHMARK(BishopAttacks);

BENCHMARK_MAIN();
