#include "chess960/db/move_code.hpp"

#include <string>

#include "bit_stream.hpp"
#include "chess960/db/move_order.hpp"
#include "rank_code.hpp"

namespace chess960::db {

int rank_code_bits(int rank) { return rank >= 0 && rank < kRanks ? rank_code().length[rank] : 0; }

Result<std::vector<std::uint8_t>> encode_moves(const Position& start, std::span<const Move> moves) {
    const RankCode& c = rank_code();
    BitWriter out;
    Position pos = start;
    for (std::size_t ply = 0; ply < moves.size(); ++ply) {
        const int rank = move_rank(pos, moves[ply]);
        if (rank < 0)
            return make_error(ErrorCode::IllegalMove,
                              "move " + std::to_string(ply + 1) + " is not legal in its position");
        out.put(c.code[rank], c.length[rank]);
        pos.play(moves[ply]);
    }
    return out.take();
}

Result<std::vector<Move>> decode_moves(const Position& start, std::span<const std::uint8_t> bytes,
                                       int plies) {
    BitReader in(bytes);
    Position pos = start;
    std::vector<Move> moves;
    if (plies < 0)
        return make_error(ErrorCode::InvalidMove,
                          "a negative number of coded moves (" + std::to_string(plies) + ")");
    moves.reserve(std::size_t(plies));
    for (int ply = 1; ply <= plies; ++ply) {
        const int rank = read_rank(in);
        const Move m = rank < 0 ? Move() : move_at_rank(pos, rank);
        if (in.past_end() || m == Move())
            return make_error(ErrorCode::InvalidMove,
                              "the coded moves hold no move " + std::to_string(ply) +
                                  " for their start position (damaged, or another game's)");
        moves.push_back(m);
        pos.play(m);
    }
    return moves;
}

}  // namespace chess960::db
