// What the puzzle generator asks an engine: the best lines of a game's position, each with its
// first move and its score for the side to move. Our engine in process (engine_analyser.hpp) or
// any UCI engine (uci_analyser.hpp) answers it; the generator knows neither.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "chess960/position.hpp"
#include "puzzle/score.hpp"

namespace chess960::puzzle {

struct Line {
    Move move;
    Score score;  // for the side to move
};

class Analyser {
  public:
    virtual ~Analyser() = default;
    // The best `lines` lines (fewer when there are fewer legal moves; none when there is none)
    // of the position `moves` lead to from `start`, best first. Throws AnalyserError when the
    // engine fails.
    virtual std::vector<Line> analyse(const Position& start, std::span<const Move> moves,
                                      int lines) = 0;
    // A new game: what the engine learnt from the last one (its hash table) forgotten, so that
    // a game's analysis is the same whichever games the engine analysed before it.
    virtual void new_game() = 0;
    // What the results are kept under: the engine and its limit ("chess960 nodes=200000").
    virtual std::string label() const = 0;
};

struct AnalyserError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace chess960::puzzle
