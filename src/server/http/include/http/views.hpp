// The JSON the API answers with (docs/live.md, docs/openapi.yaml): MoveInfo, GameState,
// GameView, MoveUpdate, the legal moves. Every function that takes a LiveGame expects the
// caller to hold its mutex.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "chess960/clock.hpp"
#include "chess960/position.hpp"

namespace chess960::server {

struct LiveGame;
struct ApiError;

// A move's texts, worked out once: what its MoveInfo, its stored row and its event share.
struct MoveText {
    std::string uci;  // king takes rook for castling
    std::string san;
    std::string fen;  // after the move
};
MoveText move_text(const Position& before, Move move);
// One move: UCI (king takes rook), squares, castling's king and rook squares, SAN, the FEN
// after. With `ply` (1 = the game's first move) it adds "ply" and "promotion", as move updates
// carry them; the whole-game view's moves go without.
std::string move_info_json(const Position& before, Move move, const MoveText& text,
                           std::optional<int> ply);
// Everything about the game but its moves and the reader's seat.
std::string state_json(const LiveGame& game, Millis now);
// The whole game, for `you` (nullopt: a spectator).
std::string view_json(const LiveGame& game, std::optional<Color> you, Millis now);
// The MoveUpdate of the last ply, whose MoveInfo (with its ply) is `move_info`:
// {"move": MoveInfo, "state": GameState, "legal": [UCI...]}.
std::string move_update_json(const LiveGame& game, Millis now, const std::string& move_info);
// {"moves": [...]} with SAN and castling squares, for GET /legal.
std::string legal_moves_json(const LiveGame& game);
// A takeback's TakebackUpdate {"ply", "state", "legal"}: the moves after `ply` are gone; the
// state and legal moves are the game's now (`move` events may follow, when another server's
// moves came after the takeback).
std::string takeback_update_json(const LiveGame& game, int ply, Millis now);
// A live message: `{"type":"<type>",("id":<id>,)` + the members of the object `body`.
std::string with_type(const char* type, std::optional<std::int64_t> id, const std::string& body);
// {"error": message}
std::string error_json(const std::string& message);
// {"error": message, "code": code, "args": {...}} (error_codes.cpp)
std::string error_json(const ApiError& error);

}  // namespace chess960::server
