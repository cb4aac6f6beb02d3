// The match's clock: its time controls on the command line and in the PGN, and the library's
// Clock (chess960/clock.hpp) as a match runs it. Node and depth limits are no clock: they go
// with "go" (go_command.hpp), and the clock then only bounds how long the runner waits.
#pragma once

#include <expected>
#include <string>
#include <string_view>

#include "chess960/clock.hpp"
#include "match/config.hpp"

namespace chess960::match {

// "10+0.1", "60", "40/60", "40/60+0.5" (seconds; MOVES/ gives that many moves per period); an
// error message when malformed.
std::expected<TimeControl, std::string> parse_time_control(std::string_view text);
// As PGN's TimeControl tag writes it: "10+0.1", "40/60" (PGN standard 9.6.1).
std::string time_control_tag(const TimeControl& tc);

// The clock of one game, started for `side_to_move`. Its times are the engines' thinking times,
// from writing "go" to reading "bestmove": the runner's work between the moves is charged to
// nobody, so the runner gives the clock a "now" that is the thinking time so far. An engine has
// no free first move: every move is timed. With --nodes or --depth the clock gives each move
// --move-timeout.
Clock game_clock(const MatchConfig& config, Color side_to_move);
// How long `us`'s search may take, from "go", before the runner sends "stop": the time on its
// clock and the margin, or the time per move.
Millis search_time(const MatchConfig& config, const Clock& clock, Color us);

}  // namespace chess960::match
