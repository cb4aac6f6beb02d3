#include "puzzle/generator.hpp"

#include <algorithm>
#include <array>
#include <sstream>
#include <unordered_set>

#include "puzzle/themes.hpp"

namespace chess960::puzzle {

namespace {

// lichess-puzzler's thresholds (generator.py, util.py).
constexpr double kBlunderSwing = 0.6;      // the solver's win chance up by more than this
constexpr int kAdvantageCp = 200;          // the solver at least this much ahead, all along
constexpr int kClearlyWinningCp = 400;     // below it, only from being down in material
constexpr int kAlreadyWinningCp = 300;     // the solver's score before: above it, no blunder
constexpr std::size_t kMaxLinePlies = 20;  // solver's and replies' moves after the blunder
// The scan's searches are shallower than the probe's that decide: a position is probed when
// the scan is this near a blunder's thresholds too.
constexpr int kScanSlackCp = 50;
constexpr double kScanSlackSwing = 0.1;

int material(const Position& pos, Color c) {
    constexpr std::array<int, 5> kValue = {1, 3, 3, 5, 9};
    int total = 0;
    for (int t = Pawn; t <= Queen; ++t)
        total += kValue[std::size_t(t)] * popcount(pos.pieces(c, PieceType(t)));
    return total;
}

bool is_mate_for(const Score& s, int moves) { return s.is_mate() && s.value == moves; }
bool winning_mate(const Score& s) { return s.is_mate() && s.value > 0; }

// The best two lines of a position, scored for the solver.
struct Pair {
    Line best;
    std::optional<Line> second;
};

class Cook {
  public:
    Cook(const Position& start, std::span<const Move> game, Analyser& analyser,
         const Limits& limits, GeneratorStats* stats)
        : start_(start),
          analyser_(analyser),
          limits_(limits),
          stats_(stats),
          path_(game.begin(), game.end()) {
        Position pos = start;
        for (const Move m : game) {
            keys_.push_back(pos.key());
            pos.play(m);
        }
        pos_ = pos;
    }

    const Position& position() const { return pos_; }

    void play(Move m) {
        keys_.push_back(pos_.key());
        pos_.play(m);
        path_.push_back(m);
    }
    void undo_to(std::size_t plies, const Position& pos) {
        path_.resize(plies);
        keys_.resize(plies);
        pos_ = pos;
    }
    std::size_t plies() const { return path_.size(); }

    // The position's best lines at the probe's limit.
    std::vector<Line> analyse(int lines) {
        if (stats_) {
            ++stats_->analyses;
            ++stats_->probes;
        }
        return analyser_.analyse(start_, path_, lines, limits_.probe);
    }
    // Its best line's score at the scan's limit (none when the game is over).
    std::optional<Score> scan() {
        if (stats_) ++stats_->analyses;
        const std::vector<Line> best = analyser_.analyse(start_, path_, 1, limits_.scan);
        if (best.empty()) return std::nullopt;
        return best[0].score;
    }

    // The position's best two lines for `winner`; none when the game is over.
    std::optional<Pair> pair(Color winner) {
        std::vector<Line> lines = analyse(2);
        if (lines.empty()) return std::nullopt;
        if (pos_.side_to_move() != winner)
            for (Line& l : lines) l.score = -l.score;
        Pair p{lines[0], std::nullopt};
        if (lines.size() > 1) p.second = lines[1];
        return p;
    }

    // A mate in one the solver may play: no move that does not mate above kMateInOneRival, less
    // the margin (with several mates in one, the best of the moves that do not mate).
    bool valid_mate_in_one(const Pair& p) {
        const double rival = kMateInOneRival - limits_.margin;
        if (!is_mate_for(p.best.score, 1)) return false;
        if (!p.second || win_chance(p.second->score) <= rival) return true;
        if (!is_mate_for(p.second->score, 1)) return false;
        int mates = 0;
        for (const Move m : pos_.legal_moves()) {
            Position next = pos_;
            next.play(m);
            mates += next.in_check() && next.count_legal() == 0;
        }
        const std::vector<Line> lines = analyse(mates + 1);
        if (int(lines.size()) <= mates) return true;  // every move mates
        return win_chance(lines.back().score) <= rival;
    }

    // The solver's move is the only one (util.py: is_valid_attack).
    bool only_move(const Pair& p, double& gap) {
        if (!p.second) {
            gap = 1.0;
            return true;
        }
        gap = win_chance(p.best.score) - win_chance(p.second->score);
        if (valid_mate_in_one(p)) return true;
        return gap > kOnlyMoveGap + limits_.margin;
    }

    bool repeated() const {
        int seen = 0;
        for (const std::uint64_t k : keys_) seen += k == pos_.key();
        return seen >= 1;
    }

  private:
    Position start_;
    Analyser& analyser_;
    Limits limits_;
    GeneratorStats* stats_;
    std::vector<Move> path_;
    std::vector<std::uint64_t> keys_;  // of the positions before pos_
    Position pos_;
};

struct Step {
    Move move;
    bool forced = false;  // no second line: the only legal move
    double gap = 1.0;     // a solver's move: its only-move gap
    Score score;          // the solver's, after the move's search
};

// A mating line for `winner` from the cook's position, each solver move the only one; none if
// the mate is not forced that way.
std::optional<std::vector<Step>> cook_mate(Cook& cook, Color winner) {
    std::vector<Step> line;
    for (;;) {
        const Position& pos = cook.position();
        if (pos.count_legal() == 0) {
            if (pos.in_check() && pos.side_to_move() != winner) return line;
            return std::nullopt;
        }
        if (line.size() >= kMaxLinePlies) return std::nullopt;
        Step step;
        if (pos.side_to_move() == winner) {
            const std::optional<Pair> p = cook.pair(winner);
            if (!p || !winning_mate(p->best.score) || !cook.only_move(*p, step.gap))
                return std::nullopt;
            step.move = p->best.move;
            step.forced = !p->second;
            step.score = p->best.score;
        } else {
            const std::vector<Line> best = cook.analyse(1);
            if (best.empty()) return std::nullopt;
            step.move = best[0].move;
            step.score = -best[0].score;
        }
        line.push_back(step);
        cook.play(step.move);
    }
}

// A line where the solver stays at +200 or more, each solver move the only one, until no move
// of the solver is (lichess-puzzler's cook_advantage); none when the advantage fades.
std::optional<std::vector<Step>> cook_advantage(Cook& cook, Color winner) {
    std::vector<Step> line;
    for (;;) {
        if (cook.repeated() || line.size() >= kMaxLinePlies) return std::nullopt;
        const std::optional<Pair> p = cook.pair(winner);
        if (!p) return line;
        Step step;
        if (cook.position().side_to_move() == winner && !cook.only_move(*p, step.gap)) return line;
        if (p->best.score.order() < kAdvantageCp) return std::nullopt;
        step.move = p->best.move;
        step.forced = !p->second;
        step.score = p->best.score;
        line.push_back(step);
        cook.play(step.move);
    }
}

// Each solver move (`winner`'s) of the line played after `game` searched again with the
// engine's hash cleared: still the best, and still an only move.
bool confirmed(const Position& start, std::span<const Move> game, Color winner,
               const std::vector<Step>& line, Analyser& analyser, const Limits& limits,
               GeneratorStats* stats) {
    std::vector<Move> path(game.begin(), game.end());
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (i % 2 == 0 && !line[i].forced) {
            analyser.new_game();
            Cook cook(start, path, analyser, limits, stats);
            const std::optional<Pair> p = cook.pair(winner);
            double gap = 0;
            if (!p || p->best.move != line[i].move || !cook.only_move(*p, gap)) return false;
        }
        path.push_back(line[i].move);
    }
    return true;
}

Puzzle make_puzzle(const Position& before, Move blunder, int ply, const std::vector<Step>& line,
                   bool mate) {
    Puzzle puzzle;
    puzzle.ply = ply;
    puzzle.start = before;
    puzzle.moves.push_back(blunder);
    for (std::size_t i = 0; i < line.size(); ++i) {
        puzzle.moves.push_back(line[i].move);
        if (i % 2 == 0) puzzle.only_gaps.push_back(line[i].gap);
    }
    puzzle.mate = mate;
    puzzle.final_score = mate ? Score::mate(1) : line.back().score;
    ThemeInput input;
    input.start = before;
    input.moves = puzzle.moves;
    input.mate = mate;
    input.final_cp = mate ? 0 : puzzle.final_score.order();
    puzzle.themes = themes(input);
    puzzle.rating = estimate_rating(puzzle);
    return puzzle;
}

}  // namespace

std::string analysis_label(const Analyser& analyser, const Limits& limits) {
    std::string label = analyser.label() + " nodes=" + std::to_string(limits.probe) +
                        " scan=" + std::to_string(limits.scan);
    if (limits.margin != 0) {
        std::ostringstream margin;
        margin << " margin=" << limits.margin;
        label += margin.str();
    }
    return label;
}

std::optional<Puzzle> find_puzzle(const Position& start, std::span<const Move> moves,
                                  Analyser& analyser, const Limits& limits, GeneratorStats* stats) {
    // The score before the first move, for the side to move after it. lichess-puzzler takes a
    // small edge for White (its games start from the initial position); a game imported from a
    // FEN may start anywhere, so the start is analysed (one search a game).
    Score previous = Score::cp(20);
    analyser.new_game();
    if (!moves.empty()) {
        Cook cook(start, {}, analyser, limits, stats);
        if (const std::optional<Score> first = cook.scan()) previous = -*first;
    }
    Position pos = start;
    std::unordered_set<std::uint64_t> seen;
    bool skip_until_irreversible = false;
    for (std::size_t k = 0; k < moves.size(); ++k) {
        const Position before = pos;
        const Move m = moves[k];
        const bool irreversible =
            pos.is_capture(m) || type_of(pos.piece_on(m.from())) == Pawn || m.is_castling();
        pos.play(m);
        if (skip_until_irreversible) {
            if (!irreversible) continue;
            skip_until_irreversible = false;
            seen.clear();
        }
        // A position seen before: its repetitions are no puzzles (as lichess-puzzler).
        if (!seen.insert(pos.key()).second) {
            skip_until_irreversible = true;
            continue;
        }
        const int legal = pos.count_legal();
        if (legal == 0) break;
        if (stats) ++stats->positions;
        Cook cook(start, moves.first(k + 1), analyser, limits, stats);
        const std::optional<Score> scanned = cook.scan();
        if (!scanned) break;
        Score score = *scanned;  // for the solver, the side to move
        const Color winner = pos.side_to_move();
        const int ahead = material(pos, winner) - material(pos, Color(winner ^ 1));
        // lichess-puzzler's analyze_position: no puzzle from a forced move, from a position the
        // solver was winning already (unless it is a mate now), or from one where the solver
        // is up in material already.
        const bool could_start = legal >= 2 && ahead <= 0;
        const bool near_blunder =
            winning_mate(score) ||
            (previous.order() <= kAlreadyWinningCp &&
             score.order() >= kAdvantageCp - kScanSlackCp &&
             win_chance(score) > win_chance(previous) + kBlunderSwing - kScanSlackSwing);
        // The probe decides, and its score is the one the next position's swing is taken from.
        if (could_start && near_blunder && limits.probe != limits.scan) {
            const std::vector<Line> probed = cook.analyse(1);
            if (probed.empty()) break;
            score = probed[0].score;
        }
        const bool candidate =
            could_start && (previous.order() <= kAlreadyWinningCp || winning_mate(score));
        if (!candidate) {
            // Not a puzzle's start.
        } else if (winning_mate(score)) {
            if (!winning_mate(previous)) {
                if (auto line = cook_mate(cook, winner);
                    line && !line->empty() &&
                    confirmed(start, moves.first(k + 1), winner, *line, analyser, limits, stats))
                    return make_puzzle(before, m, int(k), *line, true);
            }
        } else if (score.order() >= kAdvantageCp &&
                   win_chance(score) > win_chance(previous) + kBlunderSwing) {
            // Not clearly winning, and not from being down in material: no puzzle.
            if (score.order() >= kClearlyWinningCp || ahead < 0) {
                if (auto line = cook_advantage(cook, winner)) {
                    // It ends with the solver's move, which is not a forced one.
                    while (!line->empty() && (line->size() % 2 == 0 || line->back().forced))
                        line->pop_back();
                    // One move is not enough for a puzzle of advantage.
                    if (line->size() > 1 && confirmed(start, moves.first(k + 1), winner, *line,
                                                      analyser, limits, stats))
                        return make_puzzle(before, m, int(k), *line, false);
                }
            }
        }
        previous = -score;
    }
    return std::nullopt;
}

int estimate_rating(const Puzzle& puzzle) {
    const int solver_moves = int(puzzle.only_gaps.size());
    int rating = puzzle.mate ? 1000 : 1300;
    rating += 250 * std::max(0, solver_moves - 1);
    // A narrow only-move (its rival nearly as good) is harder to see than a blunder's refutation.
    double narrowness = 0;
    for (const double gap : puzzle.only_gaps) narrowness += std::clamp((1.3 - gap) / 0.6, 0.0, 1.0);
    if (solver_moves > 0) rating += int(300 * narrowness / solver_moves);
    return std::clamp(rating, 600, 2800);
}

}  // namespace chess960::puzzle
