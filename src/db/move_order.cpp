#include "chess960/db/move_order.hpp"

#include <algorithm>
#include <array>

#include "chess960/bitboard.hpp"

namespace chess960::db {

namespace {

// Rough piece values and a centralisation table (the same for every piece but the king and
// the pawns, which advance): a guess at what players play, not an evaluation.
constexpr std::array<int, 7> kValue = {1, 3, 3, 5, 9, 0, 0};

constexpr std::array<std::int8_t, 64> kCentrality = [] {
    std::array<std::int8_t, 64> table{};
    for (int s = 0; s < 64; ++s) {
        const int f = s & 7, r = s >> 3;
        const int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
        table[std::size_t(s)] = std::int8_t(6 - df - dr);  // 6 in the centre, 0 in a corner
    }
    return table;
}();

int centrality(Square s) { return kCentrality[s]; }

// What the opponent's pieces attack, once per position: by their pawns, and by any of them.
struct Threats {
    Bitboard pawns = 0;
    Bitboard any = 0;
};

Threats threats_of(const Position& pos, Color them) {
    Threats t;
    const Bitboard occupied = pos.pieces();
    for (Bitboard b = pos.pieces(them, Pawn); b; b &= b - 1) t.pawns |= pawn_attacks(them, lsb(b));
    t.any = t.pawns;
    for (Bitboard b = pos.pieces(them, Knight); b; b &= b - 1) t.any |= knight_attacks(lsb(b));
    const Bitboard queens = pos.pieces(them, Queen);
    for (Bitboard b = pos.pieces(them, Bishop) | queens; b; b &= b - 1)
        t.any |= bishop_attacks(lsb(b), occupied);
    for (Bitboard b = pos.pieces(them, Rook) | queens; b; b &= b - 1)
        t.any |= rook_attacks(lsb(b), occupied);
    t.any |= king_attacks(pos.king_square(them));
    return t;
}

[[gnu::always_inline]] inline std::uint32_t key(const Position& pos, Move m,
                                                const Threats& threats) {
    const Color us = pos.side_to_move();
    const Square from = m.from(), to = m.to();
    const PieceType piece = type_of(pos.piece_on(from));
    const Bitboard target = Bitboard(1) << to;
    int score = 512;  // kept positive
    if (m.is_promotion()) {
        score += m.promotion() == Queen ? 300 : 20 + kValue[m.promotion()];
    } else if (m.is_castling()) {
        score += 60;
    }
    int victim_value = 0;
    if (pos.is_capture(m)) {
        const PieceType victim = m.is_en_passant() ? Pawn : type_of(pos.piece_on(to));
        victim_value = kValue[victim];
        score += 100 + 16 * victim_value - kValue[piece];
        if (!(threats.any & target)) score += 40;  // a piece left hanging
    }
    if (!m.is_castling()) {
        if (piece == Pawn) {
            score += 2 * relative_rank(us, rank_of(to)) + (file_of(to) >= 2 && file_of(to) <= 5);
        } else if (piece != King) {
            score += 3 * (centrality(to) - centrality(from));
        } else {
            score -= 8;
        }
        if (piece != Pawn && (threats.pawns & target))
            score -= 24 + 4 * kValue[piece];
        else if (piece != Pawn && piece != King && (threats.any & target) &&
                 victim_value < kValue[piece])
            score -= 8 + 3 * kValue[piece];
        // A piece under attack moving away.
        if (piece != Pawn && piece != King && (threats.any & (Bitboard(1) << from)) &&
            !(threats.any & target))
            score += 6 + 2 * kValue[piece];
    }
    return (std::uint32_t(score) << 16) | std::uint32_t(0xffff - m.raw());
}

}  // namespace

std::uint32_t move_order_key(const Position& pos, Move m) {
    return key(pos, m, threats_of(pos, Color(pos.side_to_move() ^ 1)));
}

int move_rank(const Position& pos, Move m) {
    const Threats threats = threats_of(pos, Color(pos.side_to_move() ^ 1));
    const MoveList legal = pos.legal_moves();
    bool found = false;
    for (const Move candidate : legal) found = found || candidate == m;
    if (!found) return -1;
    const std::uint32_t mine = key(pos, m, threats);
    int rank = 0;
    for (const Move candidate : legal) rank += key(pos, candidate, threats) > mine;
    return rank;
}

Move move_at_rank(const Position& pos, int rank) {
    MoveList legal;
    pos.generate_legal(legal);
    if (rank < 0 || rank >= int(legal.size())) return Move();
    const Threats threats = threats_of(pos, Color(pos.side_to_move() ^ 1));
    std::array<std::uint32_t, 256> keys;
    int n = 0;
    for (const Move candidate : legal) keys[n++] = key(pos, candidate, threats);
    std::uint32_t chosen;
    if (rank < 8) {
        // The likeliest few (most moves played): the rank+1 largest keys kept in order in one
        // pass, most keys failing the first comparison.
        std::array<std::uint32_t, 8> best{};
        int kept = 0;
        for (int i = 0; i < n; ++i) {
            const std::uint32_t k = keys[std::size_t(i)];
            if (kept == rank + 1 && k <= best[std::size_t(rank)]) continue;
            int at = kept == rank + 1 ? rank : kept++;
            for (; at > 0 && best[std::size_t(at - 1)] < k; --at)
                best[std::size_t(at)] = best[std::size_t(at - 1)];
            best[std::size_t(at)] = k;
        }
        chosen = best[std::size_t(rank)];
    } else {
        std::nth_element(keys.begin(), keys.begin() + rank, keys.begin() + n, std::greater<>());
        chosen = keys[std::size_t(rank)];
    }
    return Move::from_raw(std::uint16_t(0xffff - (chosen & 0xffff)));
}

}  // namespace chess960::db
