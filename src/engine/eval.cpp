// A hand-written tapered evaluation: material, piece-square terms by formula, mobility, pawn
// structure, king safety, development and two Chess960 terms. The weights are a first guess;
// they are meant to be tuned on game data (see the notes on issue 4).
#include "engine/eval.hpp"

#include <algorithm>
#include <cstdlib>

namespace chess960::engine {

namespace {

struct Score {
    int mg = 0, eg = 0;
    Score& operator+=(Score o) {
        mg += o.mg;
        eg += o.eg;
        return *this;
    }
    Score& operator-=(Score o) {
        mg -= o.mg;
        eg -= o.eg;
        return *this;
    }
};
constexpr Score operator*(Score s, int k) { return {s.mg * k, s.eg * k}; }

constexpr Score kMaterial[6] = {{90, 110}, {320, 300}, {335, 320}, {480, 540}, {960, 970}, {0, 0}};
constexpr int kPhase[6] = {0, 1, 1, 2, 4, 0};

constexpr Score kMobility[6] = {{0, 0}, {4, 4}, {5, 5}, {2, 4}, {1, 2}, {0, 0}};
constexpr int kMobilityCenter[6] = {0, 4, 6, 6, 12, 0};

constexpr Score kBishopPair{30, 50};
constexpr Score kDoubledPawn{-10, -20};
constexpr Score kIsolatedPawn{-10, -15};
constexpr Score kPassedPawn[8] = {{0, 0},   {5, 10},  {5, 15},   {10, 25},
                                  {25, 50}, {45, 90}, {70, 130}, {0, 0}};
constexpr Score kRookOpenFile{25, 10};
constexpr Score kRookHalfOpenFile{12, 8};
constexpr Score kUndevelopedMinor{-12, 0};
constexpr Score kBlockedCornerBishop{-30, -10};
constexpr Score kStuckKing{-25, 0};
constexpr int kShieldPawn = 12;
constexpr int kKingZoneAttack = 8;
constexpr int kTempo = 10;

int center_distance(Square s) {
    int f = file_of(s), r = rank_of(s);
    return std::max(f < 4 ? 3 - f : f - 4, r < 4 ? 3 - r : r - 4);
}

// Piece-square terms by formula: centralisation for pieces, advancement for pawns, shelter for
// the middlegame king and activity for the endgame king.
Score piece_square(PieceType t, Color c, Square s) {
    const int rank = relative_rank(c, rank_of(s));
    const int centre = center_distance(s);
    const int file = file_of(s);
    switch (t) {
        case Pawn: {
            int central = (file == 3 || file == 4) ? 2 : (file == 2 || file == 5) ? 1 : 0;
            return {(rank - 1) * (2 + 3 * central), (rank - 1) * 8};
        }
        case Knight:
            return {-8 * centre + 4, -6 * centre + 6};
        case Bishop:
            return {-4 * centre + 4, -4 * centre + 4};
        case Rook:
            return {rank == 6 ? 15 : 0, rank == 6 ? 20 : 0};
        case Queen:
            return {-2 * centre, -4 * centre + 4};
        case King: {
            int shelter = rank == 0 ? ((file <= 2 || file >= 6) ? 20 : 0) : -15 * rank;
            return {shelter, -10 * centre + 15};
        }
        default:
            return {};
    }
}

Score evaluate_side(const Position& pos, Color us, int& phase) {
    const Color them = ~us;
    const Bitboard occupied = pos.pieces();
    const Bitboard our_pawns = pos.pieces(us, Pawn), their_pawns = pos.pieces(them, Pawn);
    Bitboard their_pawn_attacks = 0;
    for (Bitboard b = their_pawns; b;) their_pawn_attacks |= pawn_attacks(them, pop_lsb(b));
    const Bitboard safe = ~pos.pieces(us) & ~their_pawn_attacks;
    const Square their_king = pos.king_square(them);
    const Bitboard their_king_zone = king_attacks(their_king) | square_bb(their_king);

    Score score;
    int zone_attacks = 0;
    for (int t = Pawn; t <= King; ++t) {
        Bitboard pieces = pos.pieces(us, PieceType(t));
        score += kMaterial[t] * popcount(pieces);
        phase += kPhase[t] * popcount(pieces);
        while (pieces) {
            Square s = pop_lsb(pieces);
            score += piece_square(PieceType(t), us, s);
            if (t == Pawn || t == King) continue;
            Bitboard attacks = attacks_of(PieceType(t), s, occupied);
            score += kMobility[t] * (popcount(attacks & safe) - kMobilityCenter[t]);
            zone_attacks += popcount(attacks & their_king_zone);
            if (t == Rook) {
                Bitboard file = file_bb(file_of(s));
                if (!(file & our_pawns))
                    score += (file & their_pawns) ? kRookHalfOpenFile : kRookOpenFile;
            }
        }
    }
    if (more_than_one(pos.pieces(us, Bishop))) score += kBishopPair;

    // Pawn structure.
    for (int f = 0; f < 8; ++f) {
        int count = popcount(our_pawns & file_bb(f));
        if (count > 1) score += kDoubledPawn * (count - 1);
        if (count) {
            Bitboard neighbours = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
            if (!(our_pawns & neighbours)) score += kIsolatedPawn * count;
        }
    }
    for (Bitboard b = our_pawns; b;) {
        Square s = pop_lsb(b);
        int f = file_of(s), r = rank_of(s);
        Bitboard span = 0;
        for (int ff = std::max(0, f - 1); ff <= std::min(7, f + 1); ++ff)
            for (int rr = r + (us == White ? 1 : -1); rr >= 0 && rr < 8;
                 rr += (us == White ? 1 : -1))
                span |= square_bb(make_square(ff, rr));
        if (!(span & their_pawns)) score += kPassedPawn[relative_rank(us, r)];
    }

    // King safety (middlegame): pawn shield and attacks on the enemy king zone.
    const Square king = pos.king_square(us);
    Bitboard shield = 0;
    for (int df = -1; df <= 1; ++df) {
        int f = file_of(king) + df;
        if (f < 0 || f > 7) continue;
        for (int dr = 1; dr <= 2; ++dr) {
            int r = rank_of(king) + (us == White ? dr : -dr);
            if (r >= 0 && r < 8) shield |= square_bb(make_square(f, r));
        }
    }
    score += Score{kShieldPawn * popcount(shield & our_pawns), 0};
    score += Score{kKingZoneAttack * zone_attacks * zone_attacks / 4, 0};

    // Development: minor pieces still on the back rank.
    const Bitboard home = rank_bb(back_rank(us));
    score += kUndevelopedMinor * popcount((pos.pieces(us, Knight) | pos.pieces(us, Bishop)) & home);

    // Chess960: a bishop in a corner walled in by its own pawn on the long diagonal.
    for (Square corner : {relative_square(us, A1), relative_square(us, H1)}) {
        if (pos.piece_on(corner) != make_piece(us, Bishop)) continue;
        Square front = relative_square(us, corner == relative_square(us, A1) ? B2 : G2);
        if (pos.piece_on(front) == make_piece(us, Pawn)) score += kBlockedCornerBishop;
    }
    // Chess960: a king on the back rank's middle that can no longer castle.
    if (!pos.has_castling_right(us, GSide) && !pos.has_castling_right(us, CSide) &&
        rank_of(king) == back_rank(us) && file_of(king) >= 2 && file_of(king) <= 5)
        score += kStuckKing;
    return score;
}

}  // namespace

int evaluate(const Position& pos) {
    int phase = 0;
    Score white = evaluate_side(pos, White, phase);
    Score black = evaluate_side(pos, Black, phase);
    white -= black;
    phase = std::min(phase, 24);
    int value = (white.mg * phase + white.eg * (24 - phase)) / 24;
    if (pos.side_to_move() == Black) value = -value;
    return value + kTempo;
}

}  // namespace chess960::engine
