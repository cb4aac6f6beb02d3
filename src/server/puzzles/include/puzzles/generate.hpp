// A generator run over the game database (`chess960 puzzles generate`): every game the engine
// has not analysed yet, on several threads (each with its own engine), each game's puzzle and
// the mark that it was analysed written in one transaction, so that a run stopped anywhere and
// started again analyses each game once and makes each puzzle once.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "puzzle/analyser.hpp"
#include "puzzle/generator.hpp"
#include "store/game_db_store.hpp"
#include "store/puzzle_store.hpp"

namespace chess960::server::puzzles {

struct GenerateOptions {
    int threads = 1;
    // Makes one thread's engine (called on that thread). Throws puzzle::AnalyserError.
    std::function<std::unique_ptr<puzzle::Analyser>()> analyser;
    puzzle::Limits limits;
    std::int64_t max_games = 0;  // 0: every game to analyse
    // After each game: games analysed and puzzles made so far.
    std::function<void(std::int64_t games, std::int64_t puzzles)> progress;
};

struct GenerateReport {
    std::string engine;  // the analyses' label: the engine and the limits
    std::int64_t games = 0, puzzles = 0;
    puzzle::GeneratorStats stats;
    // Games that could not be replayed from their rows ("game ID: why"), marked analysed.
    std::vector<std::string> skipped;
    std::string error;  // an engine's failure, which stopped the run (empty: none)
};

GenerateReport generate_puzzles(GameDbStore& games, PuzzleStore& puzzles,
                                const GenerateOptions& options);

// The row a puzzle of `game` is kept as.
PuzzleRow puzzle_row(const DbGameRow& game, const puzzle::Puzzle& puzzle);

}  // namespace chess960::server::puzzles
