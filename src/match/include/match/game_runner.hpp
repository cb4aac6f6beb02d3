// One game of a match between two UCI engines, refereed by the rules library: the engines move
// in turn under the clock or a node or depth limit until the rules, a fault of an engine
// (engine_faults.hpp) or an adjudication rule (adjudication.hpp) ends the game.
#pragma once

#include <array>
#include <atomic>
#include <string>

#include "chess960/outcome.hpp"
#include "match/config.hpp"
#include "match/start_positions.hpp"
#include "match/uci_engine.hpp"

namespace chess960::match {

struct GameSetup {
    int index = 0;
    int white = 0;  // engine index with White
    StartPosition start;
    std::array<std::string, 2> names;  // PGN names of engines 0 and 1
    std::string date;                  // "2024.05.01"
};

// How one game ended, for the counts in the report.
struct GameSummary {
    int index = 0;  // 0-based game number
    int white = 0;  // the engine (0 or 1) that had White
    GameResult result = GameResult::Draw;
    std::string reason;  // category: "checkmate", "illegal move", "time forfeit", ...
    std::string detail;  // the full text: "illegal move e1g1 (...)"
    int faulty = -1;     // the engine that lost by a fault (illegal move, time, crash, hang)
    std::string pgn;
    bool aborted = false;  // interrupted: not counted
    // The score of engine 0: 1, 0.5 or 0.
    double first_engine_score() const;
};

// Plays one game; `engines` are engines 0 and 1, running or not (an engine that is not running
// is started first). `abort` ends the game unfinished.
GameSummary play_game(const MatchConfig& config, const GameSetup& setup,
                      std::array<UciEngine*, 2> engines, const std::atomic<bool>* abort);

}  // namespace chess960::match
