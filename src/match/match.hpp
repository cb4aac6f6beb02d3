// The match runner behind `chess960 match`: two UCI engines play Chess960 games in pairs (each
// start position twice, colours swapped), refereed by the rules library; results, PGN, live
// progress and a final report with Elo, pentanomial counts and the SPRT.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/error.hpp"
#include "chess960/game.hpp"
#include "match/stats.hpp"
#include "match/uci_engine.hpp"

namespace chess960::match {

// A time control: `base` for the game (or for every `moves` moves), plus `increment` per move.
struct TimeControl {
    int moves = 0;  // 0: the whole game
    std::int64_t base_ms = 0;
    std::int64_t increment_ms = 0;
};
// "10+0.1", "60", "40/60", "40/60+0.5" (seconds); an error message when malformed.
std::expected<TimeControl, std::string> parse_time_control(std::string_view text);
// As PGN's TimeControl tag writes it: "10+0.1", "40/60".
std::string time_control_tag(const TimeControl& tc);

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

// Parses the arguments after `chess960 match`; the message says what is wrong.
std::expected<MatchConfig, std::string> parse_match_arguments(const std::vector<std::string>& args);

struct StartPosition {
    std::string fen;
    std::string label;  // "518", "12:700" (Double Chess960) or "FILE:LINE"
};

// The start position of each game pair. Errors: a file that cannot be read or holds a bad FEN.
std::expected<std::vector<StartPosition>, std::string> start_positions(const MatchConfig& config,
                                                                       int pairs,
                                                                       std::uint64_t seed);

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

struct MatchResult {
    std::array<std::string, 2> names;
    int games = 0;
    Trinomial first;  // from engine 0's side
    Pentanomial pairs;
    int unpaired = 0;  // games whose partner was not played
    int white_wins = 0, black_wins = 0, draws = 0;
    std::map<std::string, int> reasons;
    std::array<std::map<std::string, int>, 2> faults;  // per engine: "illegal move" -> count
    std::optional<SprtState> sprt;
    bool interrupted = false;
};

// Runs the match. Progress goes to `progress`, warnings too. The error is for an engine that
// cannot be started or a start position file that cannot be used.
class Match {
  public:
    Match(MatchConfig config, std::ostream& progress);
    std::expected<MatchResult, std::string> run(const std::atomic<bool>* interrupt = nullptr);
    std::uint64_t seed() const { return seed_; }

  private:
    MatchConfig config_;
    std::ostream& progress_;
    std::uint64_t seed_;
};

// The final report: W/D/L, score, Elo with its interval, pentanomial counts, SPRT, reasons.
std::string format_report(const MatchConfig& config, const MatchResult& result);

// One game between two running (or startable) engines; white and black are the engine indexes'
// UciEngine objects. Exposed for the tests.
struct GameSetup {
    int index = 0;
    int white = 0;  // engine index with White
    StartPosition start;
    std::array<std::string, 2> names;  // PGN names of engines 0 and 1
    std::string date;                  // "2024.05.01"
};
GameSummary play_game(const MatchConfig& config, const GameSetup& setup,
                      std::array<UciEngine*, 2> engines, const std::atomic<bool>* abort);

}  // namespace chess960::match
