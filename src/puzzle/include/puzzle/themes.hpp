// A puzzle's themes as lichess tags them (lichess-puzzler's cook.py names, camelCase), and the
// one only Chess960 has: castling (a solver's move castles, to either side). The start
// position's number (the origin) is the puzzle's own field, not a theme.
#pragma once

#include <string>
#include <vector>

#include "chess960/position.hpp"

namespace chess960::puzzle {

struct ThemeInput {
    Position start;           // the position before the opponent's last move (the puzzle's FEN)
    std::vector<Move> moves;  // that move, then the solution: the solver's moves at odd indices
    bool mate = false;        // the line ends in checkmate
    int final_cp = 0;         // the solver's score after the line, in centipawns (not for mates)
};

// The themes, sorted, each once.
std::vector<std::string> themes(const ThemeInput& puzzle);

}  // namespace chess960::puzzle
