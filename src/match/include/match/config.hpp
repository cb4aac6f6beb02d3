// What `chess960 match` is asked to do: the engines, the games, the limit per move, the start
// positions, the adjudication rules and the output files (options.cpp fills it in).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "chess960/clock.hpp"
#include "match/stats.hpp"
#include "match/uci_engine.hpp"

namespace chess960::match {

// What limits each search: the clock (the library's TimeControl: "10+0.1", "40/60+0.6"), or a
// node count or depth sent with every "go" (no clock then; see MatchConfig::move_timeout_s).
struct Limit {
    enum class Kind { Time, Nodes, Depth };
    Kind kind = Kind::Time;
    TimeControl time;
    std::uint64_t nodes = 0;
    int depth = 0;
};

struct DrawAdjudication {
    int move_number = 40;  // from this move number on
    int move_count = 8;    // both engines, this many moves in a row
    int score = 10;        // |score| at most this, in centipawns
};

struct ResignAdjudication {
    int move_count = 3;  // this many moves in a row
    int score = 600;     // the loser's score at most -score (and, two-sided, the winner's at
                         // least +score)
    bool two_sided = true;
};

struct PositionSpec {
    enum class Kind { Random, All, List, File };
    Kind kind = Kind::Random;
    std::vector<std::pair<int, int>> numbers;  // List: white and black numbers
    std::string file;                          // File: FENs or EPD lines, one a line
};

struct MatchConfig {
    std::array<EngineConfig, 2> engines;
    int games = 0;
    Limit limit;
    int concurrency = 1;
    std::string pgn_path;
    std::string log_path;  // every line to and from the engines
    PositionSpec positions;
    std::optional<std::uint64_t> seed;
    bool double960 = false;
    std::optional<SprtConfig> sprt;
    std::optional<DrawAdjudication> draw;
    std::optional<ResignAdjudication> resign;
    int max_moves = 0;  // 0: no limit; else a draw by adjudication after this many moves each
    // A move may take this much longer than the clock shows before it is a time forfeit: the
    // runner measures from writing "go" to reading "bestmove", so the time includes the pipe
    // and the scheduler, which the engine cannot see.
    int time_margin_ms = 50;
    // With --nodes or --depth: the longest a move may take before the engine counts as hung.
    double move_timeout_s = 60;
    std::string event = "chess960 match";
    bool quiet = false;  // no per-game progress lines
};

}  // namespace chess960::match
