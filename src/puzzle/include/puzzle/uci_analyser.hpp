// The generator's analyses by a UCI engine (Stockfish for the best puzzles): a child process in
// Chess960 mode, MultiPV lines.
#pragma once

#include <memory>
#include <string>

#include "puzzle/analyser.hpp"

namespace chess960::puzzle {

// `command`: the engine's command line (its program and arguments, split on blanks). Throws
// AnalyserError when it does not start or speak UCI.
std::unique_ptr<Analyser> make_uci_analyser(const std::string& command);

}  // namespace chess960::puzzle
