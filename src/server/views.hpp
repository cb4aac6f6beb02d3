// The JSON the API answers with (docs/live.md, docs/openapi.yaml): MoveInfo, GameState,
// GameView, MoveUpdate, the legal moves. Every function that takes a LiveGame expects the
// caller to hold its mutex.
#pragma once

#include <optional>
#include <string>

#include "chess960/clock.hpp"
#include "chess960/position.hpp"

namespace chess960::server {

struct LiveGame;

// One move: UCI (king takes rook), squares, castling's king and rook squares, the FEN after.
// With `ply` (1 = the game's first move) it adds "ply" and "promotion", as move updates carry
// them; the whole-game view's moves go without.
std::string move_info_json(const Position& before, Move move, const Position& after,
                           std::optional<int> ply);
// Everything about the game but its moves and the reader's seat.
std::string state_json(const LiveGame& game, Millis now);
// The whole game, for `you` (nullopt: a spectator).
std::string view_json(const LiveGame& game, std::optional<Color> you, Millis now);
// The MoveUpdate of the last ply: {"move": MoveInfo, "state": GameState, "legal": [UCI...]}.
std::string move_update_json(const LiveGame& game, Millis now);
// {"moves": [...]} with SAN and castling squares, for GET /legal.
std::string legal_moves_json(const LiveGame& game);
// {"error": message}
std::string error_json(const std::string& message);

}  // namespace chess960::server
