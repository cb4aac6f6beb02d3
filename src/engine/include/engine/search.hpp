// Alpha-beta search: iterative deepening, principal variation search with aspiration windows,
// quiescence search, a transposition table, null-move pruning, late-move reductions, and check
// and singular extensions.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "chess960/position.hpp"
#include "chess960/startpos.hpp"
#include "engine/eval.hpp"
#include "engine/nnue.hpp"
#include "engine/strength.hpp"

namespace chess960::engine {

// Whether the engine plays with the learned evaluation unless told otherwise (UCI "Use NNUE").
constexpr bool kUseNnueByDefault = true;

constexpr int kInfinite = 32001;
constexpr int kMate = 32000;
constexpr int kMaxPly = 128;
// The correction history's slots per side: 2^kCorrectionBits pawn structures.
constexpr int kCorrectionBits = 14;
constexpr int kMateBound = kMate - kMaxPly;

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct Limits {
    int depth = 0;            // 0: none
    std::uint64_t nodes = 0;  // 0: none
    std::int64_t movetime = 0;
    std::int64_t time[2] = {0, 0};  // wtime, btime in ms (0: not given)
    std::int64_t increment[2] = {0, 0};
    int movestogo = 0;
    int mate = 0;  // search for a mate in this many moves
    bool infinite = false;
    std::vector<Move> searchmoves;
    std::int64_t move_overhead = 30;
};

struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    int score = 0;  // centipawns, or mate distance when |score| > kMateBound
    Bound bound = Bound::Exact;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    int hashfull = 0;
    std::vector<Move> pv;
};

struct SearchResult {
    Move best;
    Move ponder;
    int score = 0;
    std::uint64_t nodes = 0;
};

// Static exchange evaluation: whether the exchange that `m` starts on its target square wins at
// least `threshold` centipawns, each side recapturing with its least valuable piece (x-rays
// through the pieces that moved count; pins do not). Castling, en passant and promotions count
// as an even exchange.
bool see_ge(const Position& pos, Move m, int threshold);

class TranspositionTable {
  public:
    struct Entry {
        std::uint32_t key32 = 0;
        std::uint16_t move = 0;
        std::int16_t score = 0;
        std::int16_t eval = 0;
        std::uint8_t depth = 0;
        std::uint8_t bound_and_age = 0;
    };
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }
    void resize(std::size_t megabytes);
    void clear();
    void new_search() { age_ = std::uint8_t((age_ + 1) & 63); }
    const Entry* probe(std::uint64_t key) const;
    // Asks the CPU to bring `key`'s entry into the cache: the child's probe, a few hundred
    // cycles later, then waits for no memory.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&entries_[index(key)]); }
    void store(std::uint64_t key, Move move, int score, int eval, int depth, Bound bound);
    int hashfull() const;  // per mille

  private:
    std::vector<Entry> entries_;
    std::uint8_t age_ = 0;
    std::size_t index(std::uint64_t key) const {
        // The high half of key * size: an index in [0, size) without a division.
        __extension__ using Wide = unsigned __int128;
        return std::size_t(Wide(key) * entries_.size() >> 64);
    }
};

class Searcher {
  public:
    Searcher();

    void set_hash_megabytes(std::size_t mb) { tt_->resize(mb); }
    // Lazy SMP: threads - 1 helpers search the same root and share the hash table; the main
    // thread's result is played.
    void set_threads(int threads);
    void set_multipv(int n) { multipv_ = n < 1 ? 1 : n; }
    // Plays weaker than it can (strength.hpp); a default Weakness is full strength.
    void set_weakness(const Weakness& weakness) { weakness_ = weakness; }
    void clear();  // new game: empties the hash and the move-ordering tables
    // The learned evaluation with `net`, or the hand-written one when `net` is null. A change
    // of evaluation empties the hash and the move-ordering tables (clear()).
    void set_network(std::shared_ptr<const nnue::Network> net);
    const std::shared_ptr<const nnue::Network>& network() const { return net_; }

    // Searches `root`; `history` holds the keys of the game's positions before the root (for
    // repetition). `stop` is polled; `on_info` gets a line per finished iteration (and per PV).
    SearchResult search(const Position& root, const std::vector<std::uint64_t>& history,
                        const Limits& limits, std::atomic<bool>& stop,
                        const std::function<void(const SearchInfo&)>& on_info);

    // Called while pondering: the opponent played the expected move, the clock now runs.
    void ponderhit();
    // Nodes searched so far by this search's threads (readable from any thread).
    std::uint64_t nodes() const;

  private:
    int negamax(const Position& pos, int alpha, int beta, int depth, int ply, bool cut_node);
    int quiescence(const Position& pos, int alpha, int beta, int ply);
    bool should_stop();
    // The static evaluation of the node at the top of the search path.
    int evaluate_node(const Position& pos) { return acc_ ? acc_->evaluate(pos) : evaluate(pos); }
    // The search path moves on by `m` from `pos` (keys for repetitions, the accumulators), and
    // back.
    void push_move(const Position& pos, Move m, const Position& next) {
        keys_.push_back(next.key());
        if (acc_) acc_->push(pos, m);
    }
    void push_null(const Position& next) {
        keys_.push_back(next.key());
        if (acc_) acc_->push_null();
    }
    void pop_move() {
        keys_.pop_back();
        if (acc_) acc_->pop();
    }
    bool is_repetition(const Position& pos, int ply) const;
    // The root line a weakened search plays (0, the best, at full strength); `lines` are
    // ordered best first.
    std::size_t pick_line(const std::vector<std::pair<int, std::vector<Move>>>& lines);
    void order_moves(const Position& pos, MoveList& moves, Move tt_move, int ply,
                     int* scores) const;
    void update_quiet_stats(const Position& pos, Move best, int ply, int depth, const Move* tried,
                            int tried_count);

    void count_node() {
        nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }
    std::uint64_t own_nodes() const { return nodes_.load(std::memory_order_relaxed); }

    TranspositionTable own_tt_;
    TranspositionTable* tt_ = &own_tt_;  // a helper's points to the main thread's
    std::vector<std::unique_ptr<Searcher>> helpers_;
    int first_depth_ = 1;  // helpers start some iterations deeper to diversify the threads
    int multipv_ = 1;
    Weakness weakness_;
    startpos::Random random_;  // picks a weakened search's line
    std::shared_ptr<const nnue::Network> net_;
    std::unique_ptr<nnue::AccumulatorStack> acc_;  // with net_

    // Per search.
    std::atomic<bool>* stop_ = nullptr;
    std::atomic<bool> ponder_hit_{false};
    Limits limits_;
    // When the search's time started (steady_clock ticks): ponderhit() restarts it from the
    // UCI thread while the search reads it, so it is atomic.
    std::atomic<std::chrono::steady_clock::rep> start_{0};
    // Milliseconds since start_.
    std::int64_t elapsed_ms() const;
    std::int64_t soft_ms_ = 0, hard_ms_ = 0;
    bool timed_ = false;
    std::atomic<std::uint64_t> nodes_{0};
    int seldepth_ = 0;
    bool aborted_ = false;
    std::vector<std::uint64_t> keys_;  // game history + search path
    std::vector<Move> excluded_root_;  // MultiPV: moves of the earlier lines
    Move killers_[kMaxPly + 1][2];
    int history_[2][64][64];
    // Continuation history: how often a quiet move (piece, target) refuted or failed after the
    // move one or two plies before it, [piece * 64 + target of that move][piece * 64 + target].
    using ContinuationTable = std::array<std::array<std::int16_t, 16 * 64>, 16 * 64>;
    std::unique_ptr<ContinuationTable> continuation_ = std::make_unique<ContinuationTable>();
    // The move played at each ply of the search path as piece * 64 + target (-1: a null move).
    int moved_[kMaxPly + 2] = {};
    // The continuation history's rows for a move at `ply`: those of the moves one and two plies
    // before it, null where there is none (before the root, or a null move).
    std::array<std::int16_t*, 2> continuation_rows(int ply) const;
    int static_eval_[kMaxPly + 2];
    // Capture history: how often a capture or promotion refuted a node or failed to,
    // [moving piece][target][captured type, NoPieceType for none].
    std::int16_t capture_history_[16][64][7];
    int capture_score(const Position& pos, Move m) const;
    void update_capture_stats(const Position& pos, Move best, int depth, const Move* tried,
                              int tried_count);
    // Correction history: per side to move and pawn structure, how far the search's scores
    // fell from the static evaluation, in 1/kCorrectionGrain centipawns; added to the
    // evaluation (the table keeps the evaluation uncorrected).
    static constexpr int kCorrectionGrain = 256;
    int correction_[2][std::size_t(1) << kCorrectionBits];
    int corrected_eval(const Position& pos, int raw) const;
    void update_correction(const Position& pos, int raw, int best, int depth);
    // The move a singular-extension search leaves out at each ply (none: a null move).
    Move excluded_[kMaxPly + 1];
    int root_depth_ = 0;  // the iteration's depth
    Move pv_[kMaxPly + 1][kMaxPly + 1];
    int pv_length_[kMaxPly + 1];
    Color root_side_ = White;
};

// Plays a fixed set of positions to a fixed depth and returns the node count: the engine's
// signature, the same on every run of the same build.
// `net` selects the learned evaluation (null: the hand-written one).
std::uint64_t bench_signature(int depth, std::int64_t* elapsed_ms = nullptr,
                              std::shared_ptr<const nnue::Network> net = nullptr);

}  // namespace chess960::engine
