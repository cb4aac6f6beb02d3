#include "chess960/perft.hpp"

namespace chess960 {

std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return std::uint64_t(pos.count_legal());
    MoveList moves;
    pos.generate_legal(moves);
    std::uint64_t nodes = 0;
    for (Move m : moves) {
        Position next = pos;
        next.play(m);
        nodes += perft(next, depth - 1);
    }
    return nodes;
}

std::vector<DivideEntry> perft_divide(const Position& pos, int depth) {
    std::vector<DivideEntry> entries;
    for (Move m : pos.legal_moves()) entries.push_back({m, perft(pos.after(m), depth - 1)});
    return entries;
}

}  // namespace chess960
