// Reading what clients send: JSON request bodies and WebSocket messages become typed requests,
// or an ApiError with the HTTP status and a message naming the field. Pure functions of the
// text (no server state), so the fuzz targets call them directly.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "chess960/clock.hpp"
#include "chess960/error.hpp"

namespace chess960::server {

// A value a refusal's message carries, for the page to put into its own words: a number or a text.
struct ErrorArg {
    std::string name = {};
    std::variant<std::int64_t, std::string> value = {};
};

// A refusal: the HTTP status and the message of {"error": ..., "code": ..., "args": {...}}.
// `code` is the stable, machine-readable kind of the refusal (snake_case, listed in
// docs/openapi.yaml's Error schema): the page translates by it and shows `message`, which is
// English, only for a code it does not know. Left empty, the answer carries the status's
// generic code (default_error_code).
struct ApiError {
    int status = 400;
    std::string message;
    int retry_after_seconds = 0;  // for 429 and 503: the Retry-After header
    std::string code = {};
    std::vector<ErrorArg> args = {};  // the values in `message`, by name
};

// The code of a refusal that names none: one per HTTP status ("bad_request", "not_found"...).
const char* default_error_code(int status);
// The library's error codes (chess960/error.hpp) as API codes: "illegal_move", "invalid_fen"...
const char* error_code_name(ErrorCode code);
// Adds "error", "code" (the status's default when the refusal names none) and, when there are
// values, "args" to `out` (error_codes.cpp).
void add_error_fields(nlohmann::json& out, const ApiError& error);

// At most `limit` characters of client input, for quoting it in a message.
std::string quote(std::string_view text, std::size_t limit = 40);

struct StartSpec {
    enum class Type { Random, Number, Double960, Fen } type = Type::Random;
    std::optional<int> number;  // Number; Double960: white's
    std::optional<int> black;   // Double960: black's
    std::string fen;            // Fen
};

struct CreateGameRequest {
    bool engine = false;              // "opponent": "engine" | "friend"
    std::optional<bool> human_white;  // "color": "white" | "black"; nullopt: random
    int level = 4;                    // 1..8, engine games
    StartSpec start;
    std::optional<TimeControl> clock;
};

struct MoveRequest {
    std::string move;  // SAN or UCI, at most 16 characters
    std::optional<int> ply;
};

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

// Bodies: an empty body is an empty object; anything else must be a JSON object of at most
// 32 levels. Errors have status 400 (malformed, wrong type, out of range).
std::optional<ApiError> check_body(std::string_view body);
CreateGameRequest parse_create_game(std::string_view body);  // throws ApiError
MoveRequest parse_move(std::string_view body);               // throws ApiError
std::string parse_fen_check(std::string_view body);          // throws ApiError

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

// The game actions of POST /api/games/{id}/<action> and the WebSocket.
bool is_game_action(std::string_view action);

}  // namespace chess960::server
