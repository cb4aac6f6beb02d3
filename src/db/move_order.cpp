#include "chess960/db/move_order.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "chess960/bitboard.hpp"
#include "chess960/movegen.hpp"

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

// What the opponent's pieces attack (the move generator says): by their pawns, and by any of them.
struct Threats {
    Bitboard pawns = 0;
    Bitboard any = 0;
};

// Per piece type (Pawn..King): the penalty for going where an enemy pawn attacks, where only
// other enemy pieces attack (unless the capture is worth it), and the bonus for leaving an
// attacked square for a safe one. Pawns and kings are exempt where the text below says.
constexpr std::array<int, 6> kPawnThreatPenalty = {0, 36, 36, 44, 60, 24};
constexpr std::array<int, 6> kThreatPenalty = {0, 17, 17, 23, 35, 0};
constexpr std::array<int, 6> kFleeBonus = {0, 12, 12, 16, 24, 0};

// What a move's promotion or castling adds, by its top four bits (kind and promotion piece).
constexpr std::array<int, 16> kKindBonus = [] {
    std::array<int, 16> table{};
    for (int promotion = 0; promotion < 4; ++promotion) {
        const int piece = promotion + Knight;
        table[std::size_t(promotion | (Move::Promotion << 2))] =
            piece == Queen ? 300 : 20 + kValue[std::size_t(piece)];
        table[std::size_t(promotion | (Move::Castling << 2))] = 60;
    }
    return table;
}();

// The positional part of a move that is not castling: a pawn's advance (rank, central files),
// another piece's gain in centrality (3 a step), a king's step (-8). As sums over small tables,
// by piece type, so that no branch chooses between them.
constexpr std::array<int, 6> kCentralityFactor = {0, 3, 3, 3, 3, 0};
constexpr std::array<int, 6> kIsPawn = {1, 0, 0, 0, 0, 0};
constexpr std::array<int, 6> kStepBonus = {0, 0, 0, 0, 0, -8};
constexpr std::array<std::array<std::int8_t, 64>, 2> kPawnAdvance = [] {
    std::array<std::array<std::int8_t, 64>, 2> table{};
    for (int to = 0; to < 64; ++to)
        for (Color c : {White, Black})
            table[c][std::size_t(to)] =
                std::int8_t(2 * relative_rank(c, to >> 3) + ((to & 7) >= 2 && (to & 7) <= 5));
    return table;
}();

// The parts of a move's score, each once, shared by the key of any move (key) and the quicker
// path of a quiet move (KeySink::quiet). The positional part is split between the square the
// piece leaves and the square it goes to.
constexpr int from_score(std::size_t p, Square from) {
    return kStepBonus[p] - kCentralityFactor[p] * kCentrality[from];
}
constexpr int to_score(std::size_t p, Color us, Square to) {
    return kCentralityFactor[p] * kCentrality[to] + kIsPawn[p] * kPawnAdvance[us][to];
}
// Going where an enemy pawn attacks, or only other pieces (unless the capture is worth it);
// leaving an attacked square for a safe one.
constexpr int threat_score(std::size_t p, int pawn_threat, int threat_to, int threat_from,
                           int victim_value) {
    return -pawn_threat * kPawnThreatPenalty[p] -
           (1 - pawn_threat) * threat_to * (victim_value < kValue[p]) * kThreatPenalty[p] +
           threat_from * (1 - threat_to) * kFleeBonus[p];
}

// A move as the low 16 bits of its key: the lower encoding first among equal scores.
constexpr std::uint32_t move_bits(Move m) { return 0xffffu - m.raw(); }

// The key of move `m` of `piece` (the king for castling, a pawn for en passant): the larger, the
// likelier; unique in a position, the move in its low 16 bits.
[[gnu::always_inline]] inline std::uint32_t key(const Position& pos, PieceType piece, Move m,
                                                const Threats& threats) {
    const Square from = m.from(), to = m.to();
    const std::size_t p = std::size_t(piece);
    const int v = kValue[p];
    int score = 512 + kKindBonus[std::size_t(m.raw() >> 12)];  // kept positive
    if (m.is_castling()) return (std::uint32_t(score) << 16) | move_bits(m);
    const Piece on_target = pos.piece_on(to);
    const bool en_passant = m.is_en_passant();
    const int threat_to = int((threats.any >> to) & 1);
    int victim_value = 0;
    if (on_target != NoPiece || en_passant) {
        victim_value = en_passant ? kValue[Pawn] : kValue[std::size_t(type_of(on_target))];
        score += 100 + 16 * victim_value - v + 40 * (1 - threat_to);  // more when it hangs
    }
    score += to_score(p, pos.side_to_move(), to) + from_score(p, from) +
             threat_score(p, int((threats.pawns >> to) & 1), threat_to,
                          int((threats.any >> from) & 1), victim_value);
    return (std::uint32_t(score) << 16) | move_bits(m);
}

// For each side, piece type and target square: the target's part of a quiet move's key (its
// score shifted, less the target's bits in the move's encoding), so that the key is a sum of a
// part for the piece and its square and this.
constexpr auto kQuietTarget = [] {
    std::array<std::array<std::array<std::uint32_t, 64>, 6>, 2> table{};
    for (Color us : {White, Black})
        for (std::size_t p = 0; p < 6; ++p)
            for (int to = 0; to < 64; ++to)
                table[us][p][std::size_t(to)] =
                    (std::uint32_t(to_score(p, us, Square(to))) << 16) - (std::uint32_t(to) << 6);
    return table;
}();

// The rest of a quiet move's key, by piece type: for the square it leaves (with that square's
// bits in the move's encoding), and for the threats on the square it leaves (attacked or not)
// and on its target (none, pieces but no pawn, a pawn).
constexpr auto kQuietSource = [] {
    std::array<std::array<std::uint32_t, 64>, 6> table{};
    for (std::size_t p = 0; p < 6; ++p)
        for (int from = 0; from < 64; ++from)
            table[p][std::size_t(from)] = (std::uint32_t(512 + from_score(p, Square(from))) << 16) +
                                          0xffffu - std::uint32_t(from);
    return table;
}();
constexpr auto kQuietThreat = [] {
    std::array<std::array<std::array<std::uint32_t, 3>, 2>, 6> table{};
    for (std::size_t p = 0; p < 6; ++p)
        for (int threat_from = 0; threat_from < 2; ++threat_from)
            for (int on_target = 0; on_target < 3; ++on_target)
                table[p][std::size_t(threat_from)][std::size_t(on_target)] =
                    std::uint32_t(threat_score(p, on_target == 2, on_target >= 1, threat_from, 0))
                    << 16;
    return table;
}();

// Writes the key of each legal move as the generator gives it (chess960/movegen.hpp): the moving
// piece is known for a whole set of targets, and the opponent's attacks come from the generator's
// own, so neither is looked up again for each move, and no list of the moves is made. A quiet
// move (no capture, no promotion: most moves) takes the rest of its key from its piece, its
// square and whether its target is attacked, and by which, for all its targets at once.
class KeySink {
  public:
    KeySink(const Position& pos, std::uint32_t* keys)
        : pos_(pos), keys_(keys), theirs_(pos.pieces(Color(pos.side_to_move() ^ 1))) {}
    void attacks(Bitboard by_pawns, Bitboard by_any) { threats_ = Threats{by_pawns, by_any}; }
    void targets(PieceType piece, Square from, Bitboard to) {
        for (Bitboard b = to & theirs_; b; b &= b - 1)
            keys_[n_++] = key(pos_, piece, Move(from, lsb(b)), threats_);
        quiet(piece, from, to & ~theirs_);
    }
    void pawns(Bitboard to, int delta, bool promotion) {
        for (Bitboard b = promotion ? to : to & theirs_; b; b &= b - 1) {
            const Square target = lsb(b), from = Square(target - delta);
            if (promotion) {
                for (PieceType promoted : {Queen, Rook, Bishop, Knight})
                    keys_[n_++] =
                        key(pos_, Pawn, Move(from, target, Move::Promotion, promoted), threats_);
            } else {
                keys_[n_++] = key(pos_, Pawn, Move(from, target), threats_);
            }
        }
        if (!promotion) {
            // A pawn's quiet key does not depend on its square but for the move's encoding
            // (no threat weighs on a pawn): the target's part, less the square it leaves.
            const std::uint32_t part = kQuietSource[Pawn][0] + std::uint32_t(delta);
            const auto& target = kQuietTarget[pos_.side_to_move()][Pawn];
            for (Bitboard b = to & ~theirs_; b; b &= b - 1)
                keys_[n_++] = part + target[lsb(b)] - std::uint32_t(lsb(b));
        }
    }
    void move(Move m) { keys_[n_++] = key(pos_, m.is_castling() ? King : Pawn, m, threats_); }
    int size() const { return n_; }

  private:
    // One loop for all targets, the threat on each choosing its part without a branch: a loop
    // for each kind of target costs a mispredicted exit each.
    void quiet(PieceType piece, Square from, Bitboard to) {
        const auto& target = kQuietTarget[pos_.side_to_move()][piece];
        const std::uint32_t source = kQuietSource[piece][from];
        const auto& threat = kQuietThreat[piece][(threats_.any >> from) & 1];
        int n = n_;
        for (; to; to &= to - 1) {
            const Square s = lsb(to);
            const int on_target = int((threats_.any >> s) & 1) + int((threats_.pawns >> s) & 1);
            keys_[n++] = source + threat[std::size_t(on_target)] + target[s];
        }
        n_ = n;
    }

    const Position& pos_;
    std::uint32_t* keys_;
    int n_ = 0;
    Bitboard theirs_;
    Threats threats_;
};

// Room for the keys of any position's legal moves, and two blocks of zeros after them.
constexpr int kBlock = 16;
using Keys = std::array<std::uint32_t, MoveList::kCapacity + 2 * kBlock>;
// A block of keys as one vector (GCC's and Clang's vector extension: the compiler's widest
// registers where it has them, else pieces of them).
using Lanes = std::uint32_t __attribute__((vector_size(kBlock * sizeof(std::uint32_t))));

// The keys of the legal moves of `pos` in `keys`; how many.
int legal_keys(const Position& pos, Keys& keys) {
    KeySink sink(pos, keys.data());
    pos.generate_legal_to(sink);
    return sink.size();
}

}  // namespace

int move_rank(const Position& pos, Move m) {
    Keys keys;
    const int n = legal_keys(pos, keys);
    // The move's own key, if it is legal (no key is 0: a score is positive); found without a
    // branch.
    std::uint32_t mine = 0;
    for (int i = 0; i < n; ++i) {
        const std::uint32_t k = keys[std::size_t(i)];
        mine = (k & 0xffff) == move_bits(m) ? k : mine;
    }
    if (mine == 0) return -1;
    int rank = 0;
    for (int i = 0; i < n; ++i) rank += keys[std::size_t(i)] > mine;
    return rank;
}

Move move_at_rank(const Position& pos, int rank) {
    Keys keys;
    const int n = legal_keys(pos, keys);
    if (rank < 0 || rank >= n) return Move();
    // Rank 0 (a fifth of the moves played): the largest key. Another: the key with exactly
    // `rank` keys above it. The keys above each are counted for 32 keys at once, two vectors of
    // counts compared with every key in turn (no sum across a vector), until the 32 that hold
    // it (most positions have fewer moves: one pass); the zeros after the keys have all n keys
    // above them, so never `rank`. Measured faster than nth_element's partitions, than keeping
    // the largest few in order, than a pass for each rank taking the largest key below the last
    // (3.8 -> 2.8 M moves a second decoded), than counting the keys above each key in turn
    // (4.3 -> 4.6 M), and than one vector of 16 (4.9 -> 5.05 M; of 8: 4.6 M; one of 32: 2.4 M).
    std::uint32_t chosen = 0;
    if (rank == 0) {
        for (int i = 0; i < n; ++i) chosen = std::max(chosen, keys[std::size_t(i)]);
    } else {
        std::fill_n(keys.begin() + n, 2 * kBlock, 0u);
        for (int first = 0; chosen == 0; first += 2 * kBlock) {
            Lanes low, high;
            std::memcpy(&low, keys.data() + first, sizeof low);
            std::memcpy(&high, keys.data() + first + kBlock, sizeof high);
            Lanes above_low = {}, above_high = {};
            for (int j = 0; j < n; ++j) {
                const std::uint32_t k = keys[std::size_t(j)];
                above_low -= reinterpret_cast<Lanes>(low < k);  // -1 where true
                above_high -= reinterpret_cast<Lanes>(high < k);
            }
            const Lanes hit_low = reinterpret_cast<Lanes>(above_low == std::uint32_t(rank));
            const Lanes hit_high = reinterpret_cast<Lanes>(above_high == std::uint32_t(rank));
            const Lanes picked = (hit_low & low) | (hit_high & high);
            for (int i = 0; i < kBlock; ++i) chosen |= picked[i];
        }
    }
    return Move::from_raw(std::uint16_t(0xffffu - (chosen & 0xffff)));
}

}  // namespace chess960::db
