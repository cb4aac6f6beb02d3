#include "engine/search.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <thread>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "engine/eval.hpp"
#include "engine/nnue.hpp"

namespace chess960::engine {

// --- Transposition table ---------------------------------------------------------------------

void TranspositionTable::resize(std::size_t megabytes) {
    std::size_t count = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Entry));
    entries_.assign(count, Entry{});
}

void TranspositionTable::clear() { std::fill(entries_.begin(), entries_.end(), Entry{}); }

const TranspositionTable::Entry* TranspositionTable::probe(std::uint64_t key) const {
    const Entry& e = entries_[index(key)];
    return (e.key32 == std::uint32_t(key) && (e.bound_and_age & 3)) ? &e : nullptr;
}

void TranspositionTable::store(std::uint64_t key, Move move, int score, int eval, int depth,
                               Bound bound) {
    Entry& e = entries_[index(key)];
    const bool same = e.key32 == std::uint32_t(key);
    // Keep a deeper entry of the current search unless this one is exact.
    if (same && bound != Bound::Exact && depth + 2 < e.depth && (e.bound_and_age >> 2) == age_)
        return;
    if (move || !same) e.move = move.raw();
    e.key32 = std::uint32_t(key);
    e.score = std::int16_t(score);
    e.eval = std::int16_t(eval);
    e.depth = std::uint8_t(std::clamp(depth, 0, 255));
    e.bound_and_age = std::uint8_t(int(bound) | (age_ << 2));
}

int TranspositionTable::hashfull() const {
    int used = 0;
    const std::size_t sample = std::min<std::size_t>(1000, entries_.size());
    for (std::size_t i = 0; i < sample; ++i)
        used += (entries_[i].bound_and_age & 3) && (entries_[i].bound_and_age >> 2) == age_;
    return int(used * 1000 / std::max<std::size_t>(1, sample));
}

// --- Helpers ---------------------------------------------------------------------------------

namespace {

// Mate scores are stored relative to the node, not the root.
int score_to_tt(int score, int ply) {
    if (score > kMateBound) return score + ply;
    if (score < -kMateBound) return score - ply;
    return score;
}
int score_from_tt(int score, int ply) {
    if (score > kMateBound) return score - ply;
    if (score < -kMateBound) return score + ply;
    return score;
}

bool has_non_pawn_material(const Position& pos, Color c) {
    return (pos.pieces(c) & ~pos.pieces(c, Pawn) & ~pos.pieces(c, King)) != 0;
}

// Selection sort, one step: brings the best-scored of moves [i, size) to place i.
Move pick_next(Move* list, int* scores, int i, int size) {
    int pick = i;
    for (int j = i + 1; j < size; ++j)
        if (scores[j] > scores[pick]) pick = j;
    std::swap(list[i], list[pick]);
    std::swap(scores[i], scores[pick]);
    return list[i];
}

int reduction(int depth, int move_number) {
    static const auto table = [] {
        std::array<std::array<int, 64>, 64> t{};
        for (int d = 1; d < 64; ++d)
            for (int m = 1; m < 64; ++m) t[d][m] = int(0.75 + std::log(d) * std::log(m) / 2.25);
        return t;
    }();
    return table[std::min(depth, 63)][std::min(move_number, 63)];
}

}  // namespace

bool see_ge(const Position& pos, Move m, int threshold) {
    if (m.is_castling() || m.is_promotion() || m.is_en_passant()) return threshold <= 0;
    const Square from = m.from(), to = m.to();
    const Piece target = pos.piece_on(to);
    // `swap` is what the side that captured last stands to lose if it is recaptured, measured
    // against the threshold; `winning` says whether the first mover is at the threshold if the
    // exchange stops here.
    int swap = (target == NoPiece ? 0 : kPieceValue[type_of(target)]) - threshold;
    if (swap < 0) return false;
    swap = kPieceValue[type_of(pos.piece_on(from))] - swap;
    if (swap <= 0) return true;
    Bitboard occupied = pos.pieces() ^ square_bb(from) ^ square_bb(to);
    const Bitboard diagonal = pos.pieces(Bishop) | pos.pieces(Queen);
    const Bitboard straight = pos.pieces(Rook) | pos.pieces(Queen);
    Bitboard attackers = pos.attackers_to(to, occupied);
    Color side = pos.side_to_move();
    int winning = 1;
    for (;;) {
        side = ~side;
        attackers &= occupied;
        const Bitboard mine = attackers & pos.pieces(side);
        if (!mine) break;
        winning ^= 1;
        PieceType least = Pawn;
        while (!(mine & pos.pieces(least))) least = PieceType(least + 1);
        // The king may take only if nothing recaptures.
        if (least == King) return (attackers & pos.pieces(~side)) ? !winning : winning;
        swap = kPieceValue[least] - swap;
        if (swap < winning) break;
        occupied ^= square_bb(lsb(mine & pos.pieces(least)));
        if (least == Pawn || least == Bishop || least == Queen)
            attackers |= bishop_attacks(to, occupied) & diagonal;
        if (least == Rook || least == Queen) attackers |= rook_attacks(to, occupied) & straight;
    }
    return winning != 0;
}

// --- Searcher --------------------------------------------------------------------------------

Searcher::Searcher() : random_(startpos::random_seed()) { clear(); }

void Searcher::set_threads(int threads) {
    threads = std::max(1, threads);
    helpers_.resize(std::size_t(threads - 1));
    for (std::size_t i = 0; i < helpers_.size(); ++i) {
        if (!helpers_[i]) {
            helpers_[i] = std::make_unique<Searcher>();
            helpers_[i]->own_tt_.resize(0);  // a table of one entry: it uses ours
        }
        helpers_[i]->tt_ = tt_;
        helpers_[i]->set_network(net_);
        helpers_[i]->first_depth_ = 1 + int(i % 2);
    }
}

std::uint64_t Searcher::nodes() const {
    std::uint64_t total = own_nodes();
    for (const auto& h : helpers_) total += h->own_nodes();
    return total;
}

void Searcher::set_network(std::shared_ptr<const nnue::Network> net) {
    if (net == net_) return;
    acc_ = net ? std::make_unique<nnue::AccumulatorStack>(net) : nullptr;
    net_ = std::move(net);
    for (auto& h : helpers_) h->set_network(net_);
    // The hash table's scores and static evaluations, and the move-ordering tables, came from
    // the other evaluation: a search after the switch starts as a new game's.
    clear();
}

void Searcher::clear() {
    if (tt_ == &own_tt_) tt_->clear();
    for (auto& h : helpers_) h->clear();
    std::memset(history_, 0, sizeof history_);
    std::memset(capture_history_, 0, sizeof capture_history_);
    std::memset(correction_, 0, sizeof correction_);
    for (auto& row : *continuation_) row.fill(0);
    for (auto& k : killers_) k[0] = k[1] = Move();
}

void Searcher::ponderhit() {
    start_.store(std::chrono::steady_clock::now().time_since_epoch().count(),
                 std::memory_order_relaxed);
    ponder_hit_ = true;
}

std::int64_t Searcher::elapsed_ms() const {
    const std::chrono::steady_clock::duration since(
        std::chrono::steady_clock::now().time_since_epoch().count() -
        start_.load(std::memory_order_relaxed));
    return std::chrono::duration_cast<std::chrono::milliseconds>(since).count();
}

bool Searcher::should_stop() {
    if (aborted_) return true;
    if ((own_nodes() & 1023) != 0) return false;
    if (stop_->load(std::memory_order_relaxed)) return aborted_ = true;
    if (limits_.nodes && own_nodes() >= limits_.nodes) return aborted_ = true;
    if (timed_) {
        if (elapsed_ms() >= hard_ms_) return aborted_ = true;
    }
    return false;
}

// A position repeated since the last irreversible move is scored as a draw: once inside the
// search path, or (as a threefold claim would need) twice in the game before it.
bool Searcher::is_repetition(const Position& pos, int ply) const {
    const int n = int(keys_.size()) - 1;  // keys_.back() is pos
    const int stop = std::max(0, n - pos.halfmove_clock());
    int seen = 0;
    for (int i = n - 4; i >= stop; i -= 2) {
        if (keys_[std::size_t(i)] != pos.key()) continue;
        if (i > n - ply) return true;  // within the search path
        if (++seen >= 2) return true;
    }
    return false;
}

namespace {
int piece_to(const Position& pos, Move m) { return pos.piece_on(m.from()) * 64 + m.to(); }

// History gravity: moves a history entry by `delta`, the less the more it already holds, so that
// it stays within +-16384.
template <typename Entry>
void add_bonus(Entry& entry, int delta) {
    entry = Entry(entry + delta - entry * std::abs(delta) / 16384);
}

// A history table's bonus for a refutation at `depth`: about a tenth of the table's range from
// depth 9, so that a refutation found deep counts at once (d * d capped at 400 learned too
// slowly: 27.6 Elo weaker at 20,000 nodes a move).
int history_bonus(int depth) { return std::min(16 * depth * depth + 32 * depth, 1600); }

// The continuation history's part of the score of the quiet move `piece_to`.
int continuation_score(const std::array<std::int16_t*, 2>& rows, int piece_to) {
    int s = 0;
    for (const std::int16_t* row : rows)
        if (row) s += row[piece_to];
    return s;
}
}  // namespace

std::array<std::int16_t*, 2> Searcher::continuation_rows(int ply) const {
    std::array<std::int16_t*, 2> rows{};
    for (int back = 1; back <= 2; ++back)
        if (ply - back >= 0 && moved_[ply - back] >= 0)
            rows[std::size_t(back - 1)] = (*continuation_)[std::size_t(moved_[ply - back])].data();
    return rows;
}

namespace {
// What a capture or promotion takes: NoPieceType for a promotion onto an empty square.
PieceType captured_type(const Position& pos, Move m) {
    if (m.is_en_passant()) return Pawn;
    const Piece captured = pos.piece_on(m.to());
    return captured == NoPiece ? NoPieceType : type_of(captured);
}

// The capture history's entry of a capture or promotion (const or not, as the table).
template <typename Table>
auto& capture_slot(Table& table, const Position& pos, Move m) {
    return table[pos.piece_on(m.from())][m.to()][captured_type(pos, m)];
}

// Neither a capture nor a promotion: what the quiet histories and the correction history learn.
bool is_quiet(const Position& pos, Move m) { return !pos.is_capture(m) && !m.is_promotion(); }

// The pawn structure's slot in the correction history (a multiplicative hash of both sides'
// pawns, its top bits).
std::size_t pawn_slot(const Position& pos) {
    const std::uint64_t h = pos.pieces(White, Pawn) * 0x9E3779B97F4A7C15ULL ^
                            pos.pieces(Black, Pawn) * 0xC2B2AE3D27D4EB4FULL;
    return std::size_t(h >> (64 - kCorrectionBits));
}
}  // namespace

int Searcher::capture_score(const Position& pos, Move m) const {
    return capture_slot(capture_history_, pos, m);
}

int Searcher::corrected_eval(const Position& pos, int raw) const {
    const int correction = correction_[pos.side_to_move()][pawn_slot(pos)] / kCorrectionGrain;
    return std::clamp(raw + correction, -kMateBound + 1, kMateBound - 1);
}

void Searcher::update_correction(const Position& pos, int raw, int best, int depth) {
    // A running average of (score - raw evaluation), the deeper the search the larger its
    // weight; each search's error counts up to 256 cp, the correction up to 64 cp.
    int& entry = correction_[pos.side_to_move()][pawn_slot(pos)];
    const int weight = std::min(depth + 1, 16);
    const int error = std::clamp(best - raw, -256, 256) * kCorrectionGrain;
    entry = std::clamp((entry * (256 - weight) + error * weight) / 256, -64 * kCorrectionGrain,
                       64 * kCorrectionGrain);
}

void Searcher::update_capture_stats(const Position& pos, Move best, int depth, const Move* tried,
                                    int tried_count) {
    const int bonus = history_bonus(depth);
    for (int i = 0; i < tried_count; ++i) {
        add_bonus(capture_slot(capture_history_, pos, tried[i]), tried[i] == best ? bonus : -bonus);
    }
}

void Searcher::order_moves(const Position& pos, MoveList& moves, Move tt_move, int ply,
                           int* scores) const {
    const Color us = pos.side_to_move();
    const auto rows = continuation_rows(ply);
    for (int i = 0; i < moves.size(); ++i) {
        Move m = moves[i];
        int s;
        if (m == tt_move) {
            s = 1 << 30;
        } else if (pos.is_capture(m) || m.is_promotion()) {
            const Piece captured = pos.piece_on(m.to());
            const PieceType victim =
                m.is_en_passant() || captured == NoPiece ? Pawn : type_of(captured);
            const int attacker = type_of(pos.piece_on(m.from()));
            int mvv_lva = kPieceValue[victim] * 10 - attacker +
                          (m.is_promotion() ? kPieceValue[m.promotion()] * 10 : 0);
            // Among captures of the same piece, those that refuted nodes before come first.
            mvv_lva += capture_score(pos, m) / 32;
            if (m.is_promotion() && m.promotion() != Queen)
                s = -(1 << 21);
            else  // Captures that lose material go after the quiet moves.
                s = (see_ge(pos, m, 0) ? (1 << 28) : -(1 << 20)) + mvv_lva;
        } else if (m == killers_[ply][0]) {
            s = (1 << 27);
        } else if (m == killers_[ply][1]) {
            s = (1 << 27) - 1;
        } else {
            s = history_[us][m.from()][m.to()] + continuation_score(rows, piece_to(pos, m));
        }
        scores[i] = s;
    }
}

void Searcher::update_quiet_stats(const Position& pos, Move best, int ply, int depth,
                                  const Move* tried, int tried_count) {
    const Color us = pos.side_to_move();
    if (killers_[ply][0] != best) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = best;
    }
    const int bonus = history_bonus(depth);
    const auto rows = continuation_rows(ply);
    auto update = [&](Move m, int delta) {
        add_bonus(history_[us][m.from()][m.to()], delta);
        const int to = piece_to(pos, m);
        for (std::int16_t* row : rows)
            if (row) add_bonus(row[to], delta);
    };
    update(best, bonus);
    for (int i = 0; i < tried_count; ++i)
        if (tried[i] != best) update(tried[i], -bonus);
}

int Searcher::quiescence(const Position& pos, int alpha, int beta, int ply) {
    count_node();
    pv_length_[ply] = ply;
    if (should_stop()) return 0;
    seldepth_ = std::max(seldepth_, ply);
    if (ply >= kMaxPly) return evaluate_node(pos);
    const bool pv_node = beta - alpha > 1;
    const auto* entry = tt_->probe(pos.key());
    if (entry && !pv_node) {
        const int s = score_from_tt(entry->score, ply);
        const Bound b = Bound(entry->bound_and_age & 3);
        if (b == Bound::Exact || (b == Bound::Lower && s >= beta) ||
            (b == Bound::Upper && s <= alpha))
            return s;
    }
    const bool in_check = pos.in_check();
    int best = -kInfinite;
    int static_eval = -kInfinite;
    if (!in_check) {
        static_eval = entry ? entry->eval : evaluate_node(pos);
        best = corrected_eval(pos, static_eval);
        if (best >= beta) return best;
        alpha = std::max(alpha, best);
    }
    MoveList all;
    pos.generate_legal(all);
    if (all.empty()) return in_check ? -kMate + ply : 0;
    // Out of check only captures and queen promotions are searched: only they are ordered.
    MoveList tactical;
    if (!in_check)
        for (Move m : all)
            if (pos.is_capture(m) || (m.is_promotion() && m.promotion() == Queen)) tactical.push(m);
    MoveList& moves = in_check ? all : tactical;
    const Move tt_move = entry ? Move::from_raw(entry->move) : Move();
    int scores[MoveList::kCapacity];
    order_moves(pos, moves, tt_move, ply, scores);
    Move* list = moves.data();
    const int original_alpha = alpha;
    Move best_move;
    for (int i = 0; i < moves.size(); ++i) {
        const Move m = pick_next(list, scores, i, moves.size());
        if (!in_check) {
            // Delta pruning: even winning the piece cannot lift alpha.
            if (!m.is_promotion()) {
                PieceType victim = m.is_en_passant() ? Pawn : type_of(pos.piece_on(m.to()));
                if (best + kPieceValue[victim] + 200 < alpha) continue;
            }
            // Captures that lose material (order_moves scored them below zero by the same
            // exchange evaluation; the hash move's score says nothing of it).
            if (m == tt_move ? !see_ge(pos, m, 0) : scores[i] < 0) continue;
        }
        Position next = pos.after(m);
        tt_->prefetch(next.key());
        push_move(pos, m, next);
        moved_[ply] = piece_to(pos, m);
        int score = -quiescence(next, -beta, -alpha, ply + 1);
        pop_move();
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                if (score >= beta) break;
            }
        }
    }
    const Bound bound = best >= beta            ? Bound::Lower
                        : best > original_alpha ? Bound::Exact
                                                : Bound::Upper;
    tt_->store(pos.key(), best_move, score_to_tt(best, ply), in_check ? 0 : static_eval, 0, bound);
    return best;
}

int Searcher::negamax(const Position& pos, int alpha, int beta, int depth, int ply, bool cut_node) {
    const bool pv_node = beta - alpha > 1;
    pv_length_[ply] = ply;
    if (ply > 0) {
        if (pos.halfmove_clock() >= 100 || is_repetition(pos, ply)) return 0;
        // Mate distance pruning.
        alpha = std::max(alpha, -kMate + ply);
        beta = std::min(beta, kMate - ply - 1);
        if (alpha >= beta) return alpha;
    }
    if (depth <= 0) return quiescence(pos, alpha, beta, ply);
    count_node();
    if (should_stop()) return 0;
    if (ply >= kMaxPly) return evaluate_node(pos);
    seldepth_ = std::max(seldepth_, ply);

    const bool in_check = pos.in_check();
    // A singular-extension search of this node without its best move (below) sees the same
    // table entry: it must neither cut on it nor overwrite it.
    const Move excluded = excluded_[ply];
    const auto* entry = tt_->probe(pos.key());
    const Move tt_move = entry ? Move::from_raw(entry->move) : Move();
    const int tt_score = entry ? score_from_tt(entry->score, ply) : 0;
    const int tt_depth = entry ? entry->depth : 0;
    const Bound tt_bound = entry ? Bound(entry->bound_and_age & 3) : Bound::None;
    if (entry && !pv_node && !excluded && tt_depth >= depth) {
        if (tt_bound == Bound::Exact || (tt_bound == Bound::Lower && tt_score >= beta) ||
            (tt_bound == Bound::Upper && tt_score <= alpha))
            return tt_score;
    }
    const int raw_eval = in_check ? -kInfinite : (entry ? entry->eval : evaluate_node(pos));
    const int static_eval = in_check ? -kInfinite : corrected_eval(pos, raw_eval);
    static_eval_[ply] = static_eval;
    // The table's score, where its bound says it is nearer the truth, stands in for the static
    // evaluation in the pruning decisions.
    int eval = static_eval;
    if (entry && !in_check && std::abs(tt_score) < kMateBound &&
        (tt_bound == Bound::Exact || (tt_bound == Bound::Lower && tt_score > eval) ||
         (tt_bound == Bound::Upper && tt_score < eval)))
        eval = tt_score;
    // Improving: the static evaluation is better than two plies ago.
    const bool improving = !in_check && ply >= 2 && static_eval > static_eval_[ply - 2];

    // Internal iterative reduction: without a hash move this node is likely new and its
    // ordering poor; search it a little shallower.
    if (!tt_move && depth >= 4) --depth;

    // Reverse futility pruning and null-move pruning (not in check, not in PV nodes).
    if (!pv_node && !in_check && !excluded) {
        if (depth <= 6 && eval - 80 * (depth - improving) >= beta && std::abs(beta) < kMateBound)
            return eval;
        if (depth >= 3 && eval >= beta && has_non_pawn_material(pos, pos.side_to_move())) {
            Position next = pos;
            next.play_null();
            tt_->prefetch(next.key());
            push_null(next);
            moved_[ply] = -1;
            int r = 3 + depth / 4 + std::min(3, (eval - beta) / 200);
            int score = -negamax(next, -beta, -beta + 1, depth - 1 - r, ply + 1, !cut_node);
            pop_move();
            if (aborted_) return 0;
            if (score >= beta) return score >= kMateBound ? beta : score;
        }
    }

    MoveList moves;
    pos.generate_legal(moves);
    if (ply == 0) {
        // Root: honour searchmoves and MultiPV exclusions.
        MoveList kept;
        for (Move m : moves) {
            bool allowed = limits_.searchmoves.empty() ||
                           std::find(limits_.searchmoves.begin(), limits_.searchmoves.end(), m) !=
                               limits_.searchmoves.end();
            bool earlier_line =
                std::find(excluded_root_.begin(), excluded_root_.end(), m) != excluded_root_.end();
            if (allowed && !earlier_line) kept.push(m);
        }
        moves = kept;
    }
    if (moves.empty()) return ply == 0 ? -kInfinite : (in_check ? -kMate + ply : 0);

    int scores[MoveList::kCapacity];
    order_moves(pos, moves, tt_move, ply, scores);
    Move* list = moves.data();

    int best = -kInfinite;
    Move best_move;
    const int original_alpha = alpha;
    Move quiets[MoveList::kCapacity];
    int quiet_count = 0;
    Move captures[MoveList::kCapacity];
    int capture_count = 0;
    const auto rows = continuation_rows(ply);  // for the history term of the reductions
    for (int i = 0; i < moves.size(); ++i) {
        const Move m = pick_next(list, scores, i, moves.size());
        if (m == excluded) continue;
        const bool quiet = is_quiet(pos, m);
        const bool bad_capture = !quiet && scores[i] < 0;

        // Shallow-depth pruning, once a move has kept us from being mated.
        if (!pv_node && !in_check && best > -kMateBound && ply > 0) {
            // Late move pruning of quiet moves.
            if (quiet && depth <= 6 && i >= (4 + 2 * depth * depth) * (1 + improving) / 2) continue;
            // Moves that lose material by exchange.
            if (depth <= 7 && i > 0 && !see_ge(pos, m, quiet ? -25 * depth * depth : -90 * depth))
                continue;
        }

        Position next = pos.after(m);
        tt_->prefetch(next.key());
        const bool gives_check = next.in_check();
        // Futility pruning: a quiet move at low depth far below alpha.
        if (!pv_node && !in_check && quiet && !gives_check && best > -kMateBound && depth <= 6 &&
            eval + 100 + 90 * depth <= alpha)
            continue;
        int extension = gives_check ? 1 : 0;
        // Singular extension: when every other move falls well short of the table's score for
        // the hash move, searched shallower without it, the hash move is searched deeper. When
        // another move also beats beta, two moves do and the node fails high (multi-cut).
        // Not beyond twice the iteration's depth: extensions that follow one another must end.
        if (m == tt_move && ply > 0 && ply < 2 * root_depth_ && !excluded && depth >= 8 &&
            tt_depth >= depth - 3 && (tt_bound == Bound::Lower || tt_bound == Bound::Exact) &&
            std::abs(tt_score) < kMateBound) {
            const int singular_beta = tt_score - 2 * depth;
            excluded_[ply] = m;
            const int s =
                negamax(pos, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
            excluded_[ply] = Move();
            if (aborted_) return 0;
            if (s < singular_beta)
                extension = 1;
            else if (singular_beta >= beta)
                return singular_beta;
            else if (tt_score >= beta)  // not singular, but beat beta: one ply less
                extension = -1;
        }
        push_move(pos, m, next);
        moved_[ply] = piece_to(pos, m);
        const int new_depth = depth - 1 + extension;
        int score;
        if (i == 0) {
            score = -negamax(next, -beta, -alpha, new_depth, ply + 1, false);
        } else {
            int r = 0;
            if (depth >= 3 && quiet && !in_check && !gives_check) {
                r = reduction(depth, i);
                if (pv_node) r -= 1;
                if (cut_node) r += 1;
                if (m == killers_[ply][0] || m == killers_[ply][1]) r -= 1;
                if (!improving) r += 1;
                r -= (2 * history_[pos.side_to_move()][m.from()][m.to()] +
                      continuation_score(rows, piece_to(pos, m))) /
                     16384;
                r = std::clamp(r, 0, new_depth - 1);
            } else if (depth >= 3 && bad_capture && !in_check && !gives_check) {
                // Captures that lose material by exchange: a ply less than a quiet move.
                r = std::clamp(reduction(depth, i) - 1 + int(cut_node), 0, new_depth - 1);
            }
            score = -negamax(next, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if (r > 0 && score > alpha)
                score = -negamax(next, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            if (score > alpha && score < beta)
                score = -negamax(next, -beta, -alpha, new_depth, ply + 1, false);
        }
        pop_move();
        if (aborted_) return 0;
        if (quiet && quiet_count < MoveList::kCapacity) quiets[quiet_count++] = m;
        if (!quiet && capture_count < MoveList::kCapacity) captures[capture_count++] = m;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_move = m;
                pv_[ply][ply] = m;
                for (int k = ply + 1; k < pv_length_[ply + 1]; ++k) pv_[ply][k] = pv_[ply + 1][k];
                pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
                if (score >= beta) {
                    if (quiet) update_quiet_stats(pos, m, ply, depth, quiets, quiet_count);
                    update_capture_stats(pos, m, depth, captures, capture_count);
                    break;
                }
            }
        }
    }
    // Without its excluded move the node's result is not the position's: the table keeps the
    // full search's.
    if (excluded) return best == -kInfinite ? alpha : best;
    Bound bound = best >= beta ? Bound::Lower : best > original_alpha ? Bound::Exact : Bound::Upper;
    // Correction history learns from quiet nodes whose bound says the static evaluation erred.
    if (!in_check && (!best_move || is_quiet(pos, best_move)) &&
        !(bound == Bound::Lower && best <= static_eval) &&
        !(bound == Bound::Upper && best >= static_eval) && std::abs(best) < kMateBound)
        update_correction(pos, raw_eval, best, depth);
    tt_->store(pos.key(), best_move, score_to_tt(best, ply), in_check ? 0 : raw_eval, depth, bound);
    return best;
}

std::size_t Searcher::pick_line(const std::vector<std::pair<int, std::vector<Move>>>& lines) {
    if (weakness_.temperature <= 0 || lines.size() < 2) return 0;
    // A line d centipawns worse than the best weighs exp(-d / temperature); mate scores count
    // as their bound, so a missed mate is a big loss but not an infinite one.
    auto clamped = [](int score) { return std::clamp(score, -kMateBound, kMateBound); };
    std::vector<double> weights;
    double total = 0;
    for (const auto& line : lines) {
        const int loss = clamped(lines[0].first) - clamped(line.first);
        weights.push_back(std::exp(-double(std::max(loss, 0)) / weakness_.temperature));
        total += weights.back();
    }
    double r = double(random_.below(1ULL << 53)) * 0x1.0p-53 * total;
    for (std::size_t k = 0; k < lines.size(); ++k) {
        if (r < weights[k]) return k;
        r -= weights[k];
    }
    return 0;
}

SearchResult Searcher::search(const Position& root, const std::vector<std::uint64_t>& history,
                              const Limits& limits, std::atomic<bool>& stop,
                              const std::function<void(const SearchInfo&)>& on_info) {
    stop_ = &stop;
    limits_ = limits;
    start_.store(std::chrono::steady_clock::now().time_since_epoch().count(),
                 std::memory_order_relaxed);
    nodes_.store(0, std::memory_order_relaxed);
    aborted_ = false;
    ponder_hit_ = false;
    root_side_ = root.side_to_move();
    keys_ = history;
    keys_.push_back(root.key());
    if (acc_) acc_->reset(root);
    if (tt_ == &own_tt_) tt_->new_search();
    for (auto& k : killers_) k[0] = k[1] = Move();

    // Time: a share of the remaining time plus most of the increment; a hard limit for the
    // current iteration.
    const Color us = root.side_to_move();
    timed_ = false;
    if (limits.movetime > 0) {
        timed_ = true;
        soft_ms_ = hard_ms_ = std::max<std::int64_t>(1, limits.movetime - limits.move_overhead);
    } else if (limits.time[us] > 0 && !limits.infinite) {
        timed_ = true;
        std::int64_t remaining = std::max<std::int64_t>(1, limits.time[us] - limits.move_overhead);
        int moves_left = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 20;
        soft_ms_ = remaining / moves_left + limits.increment[us] * 3 / 4;
        // In sudden death keep a reserve: the clock settles near ten increments instead of
        // running down to a few, where one slow answer from the system would lose on time.
        const bool sudden_death = limits.movestogo <= 0;
        soft_ms_ = std::min(soft_ms_, sudden_death ? remaining / 10 : remaining / 2);
        hard_ms_ = std::min(sudden_death ? remaining / 3 : remaining * 3 / 4, soft_ms_ * 4);
        soft_ms_ = std::max<std::int64_t>(1, soft_ms_);
        hard_ms_ = std::max<std::int64_t>(1, hard_ms_);
    }

    MoveList legal = root.legal_moves();
    SearchResult result;
    if (legal.empty()) return result;
    result.best = legal[0];

    const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
    // A weakened search picks among its four best lines when it picks at random.
    const int lines = std::min(std::max(multipv_, weakness_.temperature > 0 ? 4 : 1), legal.size());

    std::vector<std::pair<int, std::vector<Move>>> last_lines;
    int previous_score = 0;
    // Lazy SMP: the helpers search until this thread is done; they only fill the shared table.
    std::atomic<bool> helper_stop{false};
    std::vector<std::thread> helper_threads;
    Limits helper_limits;  // outlives the helper threads: they are joined before returning
    helper_limits.depth = limits.depth;
    helper_limits.searchmoves = limits.searchmoves;
    helper_limits.infinite = true;
    if (!weakness_.weakened()) {
        for (auto& h : helpers_)
            helper_threads.emplace_back([&, helper = h.get()] {
                helper->search(root, history, helper_limits, helper_stop, [](const SearchInfo&) {});
            });
    }

    for (int depth = first_depth_; depth <= max_depth; ++depth) {
        root_depth_ = depth;
        excluded_root_.clear();
        std::vector<std::pair<int, std::vector<Move>>> lines_found;
        for (int line = 0; line < lines; ++line) {
            seldepth_ = 0;
            int delta = 25, alpha = -kInfinite, beta = kInfinite;
            if (depth >= 4 && line == 0) {
                alpha = std::max(previous_score - delta, -kInfinite);
                beta = std::min(previous_score + delta, kInfinite);
            }
            int score;
            for (;;) {
                score = negamax(root, alpha, beta, depth, 0, false);
                // -kInfinite: no root move left for this line (more MultiPV lines than moves
                // to search); a wider window cannot change that.
                if (aborted_ || score == -kInfinite) break;
                if (score <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -kInfinite);
                } else if (score >= beta) {
                    beta = std::min(score + delta, kInfinite);
                } else {
                    break;
                }
                delta += delta / 2;
            }
            if (aborted_ || score == -kInfinite) break;
            std::vector<Move> pv(pv_[0], pv_[0] + pv_length_[0]);
            if (pv.empty()) break;
            lines_found.emplace_back(score, pv);
            excluded_root_.push_back(pv[0]);
            if (line == 0) previous_score = score;
        }
        if (lines_found.empty()) break;
        if (!aborted_ || last_lines.empty() || lines_found.size() >= last_lines.size()) {
            if (!aborted_ || !lines_found.empty()) last_lines = lines_found;
        }
        const auto elapsed = elapsed_ms();
        if (!aborted_ || depth == 1) {
            int shown = std::min<int>(int(lines_found.size()), multipv_);
            for (int k = 0; k < shown; ++k) {
                SearchInfo info;
                info.depth = depth;
                info.seldepth = std::max(seldepth_, depth);
                info.multipv = k + 1;
                info.score = lines_found[std::size_t(k)].first;
                info.nodes = nodes();
                info.time_ms = elapsed;
                info.hashfull = tt_->hashfull();
                info.pv = lines_found[std::size_t(k)].second;
                on_info(info);
            }
        }
        if (aborted_) break;
        if (limits.mate > 0 && previous_score > kMateBound &&
            (kMate - previous_score + 1) / 2 <= limits.mate)
            break;
        if (timed_ && limits.movetime == 0 && elapsed >= soft_ms_ * 6 / 10) break;
        if (weakness_.nodes) {
            // A weakened search's node budget: no iteration starts after it is spent, and one
            // that overruns it ends there (never the first, which gives the lines to pick from).
            if (own_nodes() >= weakness_.nodes) break;
            limits_.nodes =
                limits_.nodes ? std::min(limits_.nodes, weakness_.nodes) : weakness_.nodes;
        }
    }

    const std::size_t choice = pick_line(last_lines);
    if (!last_lines.empty()) {
        const auto& pv = last_lines[choice].second;
        result.best = pv[0];
        if (pv.size() > 1) result.ponder = pv[1];
        result.score = last_lines[choice].first;
    }
    helper_stop = true;
    for (auto& t : helper_threads) t.join();
    result.nodes = nodes();
    return result;
}

std::uint64_t bench_signature(int depth, std::int64_t* elapsed_ms,
                              std::shared_ptr<const nnue::Network> net) {
    static const char* kPositions[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
        "qbbnrkr1/p1pppppp/1p4n1/8/2P5/6N1/PPNPPPPP/1BRKBRQ1 b FCge - 1 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
        "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w KQkq - 0 1",
    };
    std::uint64_t total = 0;
    auto start = std::chrono::steady_clock::now();
    for (const char* fen : kPositions) {
        Searcher searcher;
        searcher.set_network(net);
        std::atomic<bool> stop{false};
        Limits limits;
        limits.depth = depth;
        Position pos = *position_from_fen(fen);
        total += searcher.search(pos, {}, limits, stop, [](const SearchInfo&) {}).nodes;
    }
    if (elapsed_ms)
        *elapsed_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
    return total;
}

}  // namespace chess960::engine
