// The JSON the API answers with (docs/live.md, docs/openapi.yaml), written from what the game
// service returns: MoveInfo, GameState, GameView, MoveUpdate, TakebackUpdate, the legal moves,
// a new game, the recent games, a ticket, a room, an analysis. And a live message framed once
// for every transport (LiveTexts): the JSON object, the WebSocket message with its "type", and
// the event stream's chunk.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/api_error.hpp"
#include "games/analysis.hpp"
#include "games/audience.hpp"
#include "games/rooms.hpp"
#include "games/snapshot.hpp"
#include "store/store.hpp"

namespace chess960::server {

// Everything about the game but its moves and the reader's seat.
std::string state_json(const GameState& state);
// The whole game for its reader.
std::string view_json(const GameView& view);
// An update's object: a move's MoveUpdate {"move": MoveInfo, "state", "legal"}, a takeback's
// TakebackUpdate {"ply", "state", "legal"}, or {"state"}.
std::string update_json(const GameUpdate& update);
// The update framed for the live connections, rendered once and shared (GameUpdate::texts).
const LiveTexts& texts(const GameUpdate& update);
// The room's `room` message, rendered once and shared.
const LiveTexts& texts(const RoomChange& room);
// The whole game: {"type":"game",("id":n,)"game":<view>} on a WebSocket, and the view itself as
// the data of an event stream's `game` event.
LiveTexts game_texts(const GameView& view, std::optional<std::int64_t> id);
// {"moves": [...]} with SAN and castling squares, for GET /legal.
std::string legal_moves_json(const GameState& state);
// POST /api/games: {"game": GameView, "id", "tokens"}.
std::string created_json(const CreatedGame& created);
// GET /api/games: {"games": [...]}.
std::string recent_json(const std::vector<GameRow>& rows);
// {"ticket", "expiresIn"} (seconds).
std::string ticket_json(const Ticket& ticket);
// {"white":{"name":..|null,"joined":b,"connected":b},"black":{...},
//  "rematch":{"offeredBy":..|null,"newPosition":b,"gameId":..|null}}
std::string room_json(const RoomView& room);
// {"fen","depth","score":{"cp":n}|{"mate":n} (white's view),"best","pv":[{"uci","san"}...],
// "nodes"}
std::string analysis_json(const Analysis& analysis);

// A live message: `{"type":"<type>",("id":<id>,)` + the members of the object `body`.
std::string with_type(const char* type, std::optional<std::int64_t> id, const std::string& body);
// {"error": message}
std::string error_json(const std::string& message);
// {"error": message, "code": code, "args": {...}} (error_codes.hpp)
std::string error_json(const ApiError& error);

// `data` as one chunk of a chunked HTTP body.
std::string http_chunk(std::string_view data);
// "event: <name>\ndata: <data>\n\n" as one chunk of an event stream's chunked body.
std::string sse_chunk(std::string_view name, std::string_view data);

}  // namespace chess960::server
