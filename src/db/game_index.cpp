#include "chess960/db/game_index.hpp"

#include <algorithm>

namespace chess960::db {

std::vector<IndexedPosition> indexed_positions(const Position& start, std::span<const Move> moves,
                                               int limit) {
    const std::size_t plies = limit < 0 ? moves.size() : std::min(moves.size(), std::size_t(limit));
    const bool final_position = plies == moves.size();
    std::vector<IndexedPosition> out;
    out.reserve(plies + 1);
    Position pos = start;
    // A game repeats few positions: a linear look back over what it reached is cheaper than a set.
    auto seen = [&](std::uint64_t key) {
        return std::any_of(out.begin(), out.end(),
                           [key](const IndexedPosition& p) { return p.key == key; });
    };
    for (std::size_t ply = 0; ply < plies; ++ply) {
        if (!seen(pos.key())) out.push_back({pos.key(), moves[ply]});
        pos.play(moves[ply]);
    }
    if (final_position && !seen(pos.key())) out.push_back({pos.key(), Move::none()});
    return out;
}

}  // namespace chess960::db
