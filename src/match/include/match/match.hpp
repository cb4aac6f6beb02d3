// The match runner behind `chess960 match`: two UCI engines play Chess960 games in pairs (each
// start position twice, colours swapped) on worker threads, each game refereed by the rules
// library (game_runner.hpp); results, PGN, live progress and the final report (report.hpp) with
// Elo, pentanomial counts and the SPRT.
#pragma once

#include <atomic>
#include <cstdint>
#include <expected>
#include <ostream>
#include <string>

#include "match/config.hpp"
#include "match/game_runner.hpp"
#include "match/report.hpp"
#include "match/start_positions.hpp"

namespace chess960::match {

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

}  // namespace chess960::match
