// Puzzles from a game, lichess-puzzler's way: the first position where the opponent's move
// swings the evaluation (a blunder: the solver at +200 cp or more with a win chance up by more
// than 0.6, or a forced mate the solver did not have), and a line from there in which every move
// of the solver is an only move (its win chance beats the second best's by more than 0.7 with
// two lines searched; a mate in one where the best move that does not mate is at most 0.6) and
// every reply the engine's best, ending at a won position or mate.
//
// Two limits, as lichess-puzzler has them (it scans a game by the evaluations lichess's analysis
// wrote into it, then searches the candidate's line at up to 40 M nodes): each position of the
// game is searched at `scan` nodes to find a blunder, and a candidate's position and every
// position of its line at `probe` nodes, which decide.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "chess960/position.hpp"
#include "puzzle/analyser.hpp"

namespace chess960::puzzle {

struct Puzzle {
    int ply = 0;              // plies of the game before `fen`'s position
    Position start;           // before the opponent's move (the blunder)
    std::vector<Move> moves;  // the blunder, then the solution
    bool mate = false;
    Score final_score;              // the solver's, after the line
    std::vector<double> only_gaps;  // per solver move: its win chance minus the second best's
    std::vector<std::string> themes;
    int rating = 1500;  // the generator's estimate of its difficulty
};

// The only-move criterion: the best move's win chance above the second's by more than this; a
// mate in one where no move that does not mate is above kMateInOneRival.
inline constexpr double kOnlyMoveGap = 0.7;
inline constexpr double kMateInOneRival = 0.6;

struct Limits {
    std::uint64_t scan = 0;   // nodes: each position of the game
    std::uint64_t probe = 0;  // nodes: a candidate's position and its line's
    // How far inside the criterion a solver's move must be (a gap above 0.7 + margin, a mate in
    // one's rival at most 0.6 - margin): more than nothing from an engine whose second lines are
    // less exact than the proof's (bench/puzzles).
    double margin = 0;
};

// What a game's analysis is kept under: the engine and the limits ("chess960 nodes=1000000
// scan=50000", with " margin=0.1" when there is one); games are analysed once for each.
std::string analysis_label(const Analyser& analyser, const Limits& limits);

struct GeneratorStats {
    std::uint64_t positions = 0;  // positions of games analysed
    std::uint64_t analyses = 0;   // engine calls
    std::uint64_t probes = 0;     // of them, at the probe's limit
};

// The game's puzzle (lichess-puzzler makes at most one a game), or none. A puzzle found is
// confirmed: each solver move searched again with the engine's hash cleared (new_game) must meet
// the criterion again, so that a move that passed by what the line's earlier searches left in the
// hash does not make a puzzle.
std::optional<Puzzle> find_puzzle(const Position& start, std::span<const Move> moves,
                                  Analyser& analyser, const Limits& limits,
                                  GeneratorStats* stats = nullptr);

// The generator's estimate of a puzzle's rating from its line: longer lines and narrower
// only-moves are harder; a mate in one is the easiest.
int estimate_rating(const Puzzle& puzzle);

}  // namespace chess960::puzzle
