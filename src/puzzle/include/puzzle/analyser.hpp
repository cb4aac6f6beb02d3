// What the puzzle generator asks an engine: the best lines of a game's position, each with its
// first move and its score for the side to move. Our engine in process (engine_analyser.hpp) or
// any UCI engine (uci_analyser.hpp) answers it; the generator knows neither.
#pragma once

#include <cstdint>
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
    // of the position `moves` lead to from `start`, best first, searched to `nodes` nodes.
    // Throws AnalyserError when the engine fails.
    virtual std::vector<Line> analyse(const Position& start, std::span<const Move> moves, int lines,
                                      std::uint64_t nodes) = 0;
    // A new game: what the engine learnt from the last one (its hash table) forgotten, so that
    // a game's analysis is the same whichever games the engine analysed before it.
    virtual void new_game() = 0;
    // The engine, as the results are kept under it with the generator's limits: "chess960",
    // or a UCI engine's command line, its words separated by one space.
    virtual std::string label() const = 0;
};

struct AnalyserError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace chess960::puzzle
