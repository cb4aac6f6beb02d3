// The faults an engine loses a game by, and how each is recorded: the report's category, the
// PGN's last comment ("White: illegal move e1g1 (...)") and its Termination tag (PGN standard
// 9.8.1). A fault loses the game for the side whose engine made it, whatever the position.
#pragma once

#include <string>

#include "chess960/clock.hpp"
#include "chess960/position.hpp"
#include "match/engine_error.hpp"
#include "match/game_end.hpp"

namespace chess960::match {

// The engine could not be started for the game (after it ran before: it is started again after a
// crash or hang).
GameEnd failed_start(Color loser, const EngineError& error);
// "ucinewgame" and "isready" went unanswered: a crash when the engine exited, else a hang.
GameEnd failed_new_game(Color loser, const EngineError& error);
// The engine exited during its search; `how` as Process::exit_description says it (may be
// empty).
GameEnd crashed(Color loser, const std::string& how);
// No bestmove within `waited`, nor after "stop". On a clock it is a time forfeit (PGN), with a
// node or depth limit the game is abandoned.
GameEnd hung(Color loser, Millis waited, bool on_the_clock);
// The move came after the time on the clock (and the margin) had run out. `result` is the
// game's after the flag fell: a draw when the opponent cannot checkmate (Laws 6.9).
GameEnd time_forfeit(Color loser, GameResult result, Millis used, Millis left);
// `move` ("bestmove <move>", maybe empty) is not a legal move in `pos` in Chess960 UCI notation.
// The detail says why; for the usual slip, a castle written as the king's two-square step, it
// gives the king-takes-rook notation Chess960 mode wants.
GameEnd illegal_move(Color loser, const Position& pos, const std::string& move);

}  // namespace chess960::match
