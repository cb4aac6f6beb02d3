// The evaluation: material, piece-square tables, mobility, pawn structure, passed pawns, king
// safety, threats, development and two Chess960 terms, each a tuned weight times a count (see
// eval.hpp). One template computes both the score and, for the tuner, the counts.
#include "engine/eval.hpp"

#include <algorithm>
#include <cstdlib>

namespace chess960::engine {

namespace eval {

const std::array<Weight, kParamCount> kWeights = {{
#include "eval_weights.inc"
}};

namespace {

struct Masks {
    Bitboard adjacent_files[8];
    Bitboard forward_file[2][64];  // squares in front of s on its file
    Bitboard passed_span[2][64];   // in front of s on its file and the two beside it
    Bitboard not_ahead[2][64];     // s's rank and the ranks behind it (from c's view)
    Bitboard shield_zone[2][64];   // one and two ranks in front of s, on its file and beside
    int distance[64][64];
};

const Masks& masks() {
    static const Masks m = [] {
        Masks t{};
        for (int f = 0; f < 8; ++f)
            t.adjacent_files[f] = (f > 0 ? file_bb(f - 1) : 0) | (f < 7 ? file_bb(f + 1) : 0);
        for (int c = 0; c < 2; ++c)
            for (int s = 0; s < 64; ++s) {
                const int f = s & 7, r = s >> 3;
                Bitboard ahead = 0, behind = 0;
                for (int rr = 0; rr < 8; ++rr) {
                    const bool is_ahead = c == White ? rr > r : rr < r;
                    (is_ahead ? ahead : behind) |= rank_bb(rr);
                }
                t.forward_file[c][s] = ahead & file_bb(f);
                t.passed_span[c][s] = ahead & (file_bb(f) | t.adjacent_files[f]);
                t.not_ahead[c][s] = behind;
                for (int d = 1; d <= 2; ++d) {
                    const int rr = c == White ? r + d : r - d;
                    if (rr >= 0 && rr < 8)
                        t.shield_zone[c][s] |= rank_bb(rr) & (file_bb(f) | t.adjacent_files[f]);
                }
            }
        for (int a = 0; a < 64; ++a)
            for (int b = 0; b < 64; ++b)
                t.distance[a][b] =
                    std::max(std::abs((a & 7) - (b & 7)), std::abs((a >> 3) - (b >> 3)));
        return t;
    }();
    return m;
}

// Index of a square in a piece-square table seen from c's side, files mirrored.
int pst_index(Color c, Square s) {
    const Square r = relative_square(c, s);
    const int f = file_of(r);
    return rank_of(r) * 4 + (f < 4 ? f : 7 - f);
}

constexpr int kAttackUnits[6] = {0, 2, 2, 3, 5, 0};
constexpr int kMobilityBase[6] = {
    0, kMobilityKnight, kMobilityBishop, kMobilityRook, kMobilityQueen, 0};

// Adds weights (evaluation) or counts (trace).
struct Scorer {
    int mg = 0, eg = 0;
    void add(Color c, int index, int count = 1) {
        const int n = c == White ? count : -count;
        mg += kWeights[std::size_t(index)].mg * n;
        eg += kWeights[std::size_t(index)].eg * n;
    }
};
struct Tracer {
    Trace* t;
    void add(Color c, int index, int count = 1) {
        t->count[std::size_t(index)] =
            std::int16_t(t->count[std::size_t(index)] + (c == White ? count : -count));
    }
};

int non_pawn_material(const Position& pos, Color c) {
    return popcount(pos.pieces(c, Knight)) * kPieceValue[Knight] +
           popcount(pos.pieces(c, Bishop)) * kPieceValue[Bishop] +
           popcount(pos.pieces(c, Rook)) * kPieceValue[Rook] +
           popcount(pos.pieces(c, Queen)) * kPieceValue[Queen];
}

// The endgame scale when `strong` is the side ahead in the endgame score.
int endgame_scale(const Position& pos, Color strong) {
    const Color weak = ~strong;
    const int npm_strong = non_pawn_material(pos, strong), npm_weak = non_pawn_material(pos, weak);
    if (!pos.pieces(strong, Pawn) && npm_strong - npm_weak <= kPieceValue[Bishop])
        return npm_strong < kPieceValue[Rook] ? 0 : kFullScale / 4;
    // Opposite-coloured bishops and nothing else but pawns.
    const Bitboard wb = pos.pieces(White, Bishop), bb = pos.pieces(Black, Bishop);
    constexpr Bitboard kDark = 0xAA55AA55AA55AA55ULL;
    if (npm_strong == kPieceValue[Bishop] && npm_weak == kPieceValue[Bishop] && wb && bb &&
        bool(wb & kDark) != bool(bb & kDark))
        return kFullScale / 2;
    return kFullScale;
}

template <class Sink>
void evaluate_terms(const Position& pos, Sink& sink, int& phase) {
    const Masks& mk = masks();
    const Bitboard occupied = pos.pieces();
    Bitboard pawn_attacks_of[2] = {0, 0};
    for (Color c : {White, Black})
        for (Bitboard b = pos.pieces(c, Pawn); b;)
            pawn_attacks_of[c] |= pawn_attacks(c, pop_lsb(b));

    Bitboard attacked[2], attacked_by_minor[2] = {0, 0}, attacked_by_rook[2] = {0, 0};
    int attack_units[2] = {0, 0};
    for (Color us : {White, Black}) {
        const Color them = ~us;
        const Bitboard safe = ~pos.pieces(us) & ~pawn_attacks_of[them];
        const Square their_king = pos.king_square(them);
        const Bitboard zone = king_attacks(their_king) | square_bb(their_king);
        attacked[us] = pawn_attacks_of[us] | king_attacks(pos.king_square(us));
        for (int t = Pawn; t <= King; ++t) {
            Bitboard pieces = pos.pieces(us, PieceType(t));
            if (t != King) sink.add(us, kMaterial + t, popcount(pieces));
            phase += (t == Knight || t == Bishop ? 1
                      : t == Rook                ? 2
                      : t == Queen               ? 4
                                                 : 0) *
                     popcount(pieces);
            while (pieces) {
                const Square s = pop_lsb(pieces);
                sink.add(us, kPst + t * 32 + pst_index(us, s));
                if (t == Pawn || t == King) continue;
                const Bitboard att = attacks_of(PieceType(t), s, occupied);
                attacked[us] |= att;
                if (t == Knight || t == Bishop) attacked_by_minor[us] |= att;
                if (t == Rook) attacked_by_rook[us] |= att;
                sink.add(us, kMobilityBase[t] + popcount(att & safe));
                if (att & zone) attack_units[us] += kAttackUnits[t] + popcount(att & zone) / 2;
                if (t == Rook) {
                    const Bitboard file = file_bb(file_of(s));
                    if (!(file & pos.pieces(us, Pawn)))
                        sink.add(us, (file & pos.pieces(them, Pawn)) ? kRookHalfOpenFile
                                                                     : kRookOpenFile);
                }
            }
        }
        if (more_than_one(pos.pieces(us, Bishop))) sink.add(us, kBishopPair);
    }

    for (Color us : {White, Black}) {
        const Color them = ~us;
        const Bitboard ours = pos.pieces(us, Pawn), theirs = pos.pieces(them, Pawn);
        const Square our_king = pos.king_square(us), their_king = pos.king_square(them);
        const int forward = us == White ? 8 : -8;

        // Pawn structure and passed pawns.
        for (Bitboard b = ours; b;) {
            const Square s = pop_lsb(b);
            const int f = file_of(s), rank = relative_rank(us, rank_of(s));
            const Square stop = Square(s + forward);
            if (mk.forward_file[us][s] & ours) sink.add(us, kDoubledPawn);
            const Bitboard neighbours = ours & mk.adjacent_files[f];
            if (!neighbours) {
                sink.add(us, kIsolatedPawn);
            } else if (!(neighbours & mk.not_ahead[us][s]) &&
                       (pawn_attacks_of[them] & square_bb(stop))) {
                sink.add(us, kBackwardPawn);
            }
            const bool supported = pawn_attacks(them, s) & ours;
            const bool phalanx = neighbours & rank_bb(rank_of(s));
            if (supported || phalanx) sink.add(us, kConnectedPawn + rank);
            if (!(mk.passed_span[us][s] & theirs) && !(mk.forward_file[us][s] & ours)) {
                sink.add(us, kPassedPawn + rank);
                if (pos.piece_on(stop) == NoPiece) sink.add(us, kPassedFree + rank);
                sink.add(us, kPassedOurKing + rank, mk.distance[our_king][stop]);
                sink.add(us, kPassedTheirKing + rank, mk.distance[their_king][stop]);
            }
        }

        // King safety: the pawn shield and the attacks on the enemy king's zone.
        const Bitboard front = mk.shield_zone[us][our_king];
        sink.add(us, kKingShield + std::min(3, popcount(front & ours)));
        sink.add(us, kKingAttack + std::min(15, attack_units[us]));

        // Threats.
        const Bitboard their_pieces =
            pos.pieces(them) & ~pos.pieces(them, Pawn) & ~pos.pieces(them, King);
        const Bitboard their_majors = pos.pieces(them, Rook) | pos.pieces(them, Queen);
        sink.add(us, kThreatByPawn, popcount(pawn_attacks_of[us] & their_pieces));
        sink.add(us, kThreatByMinor, popcount(attacked_by_minor[us] & their_majors));
        sink.add(us, kThreatByRook, popcount(attacked_by_rook[us] & pos.pieces(them, Queen)));
        sink.add(
            us, kHanging,
            popcount(attacked[us] & ~attacked[them] & pos.pieces(them) & ~pos.pieces(them, King)));

        // Development: minor pieces still on the back rank.
        const Bitboard home = rank_bb(back_rank(us));
        sink.add(us, kUndevelopedMinor,
                 popcount((pos.pieces(us, Knight) | pos.pieces(us, Bishop)) & home));

        // Chess960: a bishop in a corner walled in by its own pawn on the long diagonal.
        for (Square corner : {relative_square(us, A1), relative_square(us, H1)}) {
            if (pos.piece_on(corner) != make_piece(us, Bishop)) continue;
            const Square block = relative_square(us, corner == relative_square(us, A1) ? B2 : G2);
            if (pos.piece_on(block) == make_piece(us, Pawn)) sink.add(us, kBlockedCornerBishop);
        }
        // Chess960: a king in the middle of the back rank that can no longer castle.
        if (!pos.has_castling_right(us, GSide) && !pos.has_castling_right(us, CSide) &&
            rank_of(our_king) == back_rank(us) && file_of(our_king) >= 2 && file_of(our_king) <= 5)
            sink.add(us, kStuckKing);
    }
    sink.add(pos.side_to_move(), kTempo);
}

int combine(int mg, int eg, int phase, int scale_white, int scale_black, bool white_to_move) {
    phase = std::min(phase, kMaxPhase);
    const int scale = eg > 0 ? scale_white : scale_black;
    const int value =
        (mg * phase * kFullScale + eg * scale * (kMaxPhase - phase)) / (kMaxPhase * kFullScale);
    return white_to_move ? value : -value;
}

}  // namespace

Trace trace(const Position& pos) {
    Trace t;
    Tracer tracer{&t};
    evaluate_terms(pos, tracer, t.phase);
    t.scale_white = endgame_scale(pos, White);
    t.scale_black = endgame_scale(pos, Black);
    return t;
}

int evaluate_trace(const Trace& t, const std::array<Weight, kParamCount>& weights,
                   bool white_to_move) {
    int mg = 0, eg = 0;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        mg += weights[i].mg * t.count[i];
        eg += weights[i].eg * t.count[i];
    }
    return combine(mg, eg, t.phase, t.scale_white, t.scale_black, white_to_move);
}

const char* param_name(int index, int* offset) {
    static constexpr struct {
        int start;
        const char* name;
    } kBlocks[] = {
        {kMaterial, "material"},
        {kPst, "pst"},
        {kMobilityKnight, "mobility knight"},
        {kMobilityBishop, "mobility bishop"},
        {kMobilityRook, "mobility rook"},
        {kMobilityQueen, "mobility queen"},
        {kBishopPair, "bishop pair"},
        {kDoubledPawn, "doubled pawn"},
        {kIsolatedPawn, "isolated pawn"},
        {kBackwardPawn, "backward pawn"},
        {kPassedPawn, "passed pawn"},
        {kPassedFree, "passed pawn, free"},
        {kPassedOurKing, "passed pawn, our king distance"},
        {kPassedTheirKing, "passed pawn, their king distance"},
        {kConnectedPawn, "connected pawn"},
        {kRookOpenFile, "rook open file"},
        {kRookHalfOpenFile, "rook half-open file"},
        {kKingShield, "king shield"},
        {kKingAttack, "king attack"},
        {kUndevelopedMinor, "undeveloped minor"},
        {kBlockedCornerBishop, "blocked corner bishop"},
        {kStuckKing, "stuck king"},
        {kThreatByPawn, "threat by pawn"},
        {kThreatByMinor, "threat by minor"},
        {kThreatByRook, "threat by rook"},
        {kHanging, "hanging"},
        {kTempo, "tempo"},
    };
    int found = 0;
    for (int i = 0; i < int(std::size(kBlocks)); ++i)
        if (kBlocks[i].start <= index) found = i;
    if (offset) *offset = index - kBlocks[found].start;
    return kBlocks[found].name;
}

}  // namespace eval

int evaluate(const Position& pos) {
    eval::Scorer scorer;
    int phase = 0;
    eval::evaluate_terms(pos, scorer, phase);
    const Color strong = scorer.eg > 0 ? White : Black;
    const int scale = eval::endgame_scale(pos, strong);
    return eval::combine(scorer.mg, scorer.eg, phase, scale, scale, pos.side_to_move() == White);
}

}  // namespace chess960::engine
