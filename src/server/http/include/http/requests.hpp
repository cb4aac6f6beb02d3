// Reading what clients send: JSON request bodies and WebSocket messages become typed requests,
// or a thrown ApiError (common/api_error.hpp) with the HTTP status and a message naming the
// field. Pure functions of the
// text (no server state), so the fuzz targets call them directly.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/clock.hpp"
#include "chess960/error.hpp"
#include "common/api_error.hpp"
#include "games/requests.hpp"
#include "lobby/requests.hpp"

namespace chess960::server {

// Reading a body's fields, for the parsers here and the events' (event_requests.cpp). Every
// failure is an ApiError 400 naming the field (`path` prefixes its name: "start.").
// An empty text is an empty object; anything else must be a JSON object of at most 32 levels
// (`what` names it in the message: "the body").
nlohmann::json parse_object(std::string_view text, const char* what);
// A field absent or null is nullopt; a field of another type is an error.
std::optional<std::string> string_field(const nlohmann::json& object, const char* name,
                                        const char* path = "");
std::optional<double> number_field(const nlohmann::json& object, const char* name,
                                   const char* path = "");
std::optional<int> int_field(const nlohmann::json& object, const char* name, int lo, int hi,
                             const char* path = "");
const nlohmann::json* object_field(const nlohmann::json& object, const char* name);
// The field "clock": {"initial": seconds 1..21600, "increment": seconds 0..600}, or null.
std::optional<TimeControl> clock_field(const nlohmann::json& object);
std::optional<bool> bool_field(const nlohmann::json& object, const char* name);
// The field "color": "white", "black" or "random" (absent: "random").
std::string color_field(const nlohmann::json& object);
// The field "start": {"type": "random"} (absent), {"type": "number", "number": 0..959},
// {"type": "double960", "white", "black"} (either absent: drawn), {"type": "fen", "fen"}.
StartSpec start_field(const nlohmann::json& object);

// Bodies: an empty body is an empty object; anything else must be a JSON object of at most
// 32 levels. Errors have status 400 (malformed, wrong type, out of range). check_body throws
// what every parser of a body throws for a body that is not such an object.
void check_body(std::string_view body);
CreateGameRequest parse_create_game(std::string_view body);  // throws ApiError
MoveRequest parse_move(std::string_view body);               // throws ApiError
std::string parse_fen_check(std::string_view body);          // throws ApiError
SeekRequest parse_seek(std::string_view body);               // throws ApiError

// A WebSocket message from a client (docs/live.md).
struct ClientMessage {
    enum class Type { Hello, Move, Action, Resync, Ping } type = Type::Ping;
    std::optional<std::int64_t> id;
    std::string token;   // Hello
    bool room = false;   // Hello: the connection also wants the `room` events (rooms.hpp)
    MoveRequest move;    // Move
    std::string action;  // Action: "resign", "abort", "draw/offer", ... (as in the HTTP paths)
};
inline constexpr std::size_t kMaxClientMessage = 4096;
// A WebSocket message longer than this closes the connection (1009) at its frame header.
inline constexpr std::size_t kMaxWebSocketMessage = 64 * 1024;
// Throws ApiError (status 400), with `id` set when the message had a readable one.
ClientMessage parse_client_message(std::string_view text, std::optional<std::int64_t>& id);

}  // namespace chess960::server
