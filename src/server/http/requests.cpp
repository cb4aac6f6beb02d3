#include "http/requests.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <nlohmann/json.hpp>

namespace chess960::server {

namespace {

using Json = nlohmann::json;

constexpr int kMaxJsonDepth = 32;
constexpr std::size_t kMaxMoveText = 16;

// Rejects JSON nested deeper than kMaxJsonDepth before parsing it (the parser recurses).
bool nesting_within_limit(std::string_view text) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) return false;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return true;
}

}  // namespace

Json parse_object(std::string_view text, const char* what) {
    if (text.empty()) return Json::object();
    if (!nesting_within_limit(text))
        throw ApiError{400,
                       std::string("malformed JSON: ") + what + " nested deeper than 32 levels", 0,
                       "malformed_json"};
    Json value;
    try {
        value = Json::parse(text);
    } catch (const Json::exception& e) {
        // "[json.exception.parse_error.101] parse error at line 1, ..." -> "parse error at ..."
        std::string message = e.what();
        if (auto pos = message.find("] "); pos != std::string::npos)
            message = message.substr(pos + 2);
        throw ApiError{400, "malformed JSON: " + quote(message, 160), 0, "malformed_json"};
    }
    if (!value.is_object())
        throw ApiError{400, std::string("malformed JSON: ") + what + " must be an object", 0,
                       "malformed_json"};
    return value;
}

std::optional<std::string> string_field(const Json& object, const char* name, const char* path) {
    auto it = object.find(name);
    if (it == object.end() || it->is_null()) return std::nullopt;
    if (!it->is_string())
        throw ApiError{400,
                       std::string("field '") + path + name + "' must be a string",
                       0,
                       "invalid_field",
                       {{"field", std::string(path) + name}}};
    return it->get<std::string>();
}

std::optional<double> number_field(const Json& object, const char* name, const char* path) {
    auto it = object.find(name);
    if (it == object.end() || it->is_null()) return std::nullopt;
    if (!it->is_number())
        throw ApiError{400,
                       std::string("field '") + path + name + "' must be a number",
                       0,
                       "invalid_field",
                       {{"field", std::string(path) + name}}};
    return it->get<double>();
}

std::optional<int> int_field(const Json& object, const char* name, int lo, int hi,
                             const char* path) {
    auto value = number_field(object, name, path);
    if (!value) return std::nullopt;
    if (!(*value >= lo && *value <= hi) || *value != double(int(*value)))
        throw ApiError{400,
                       std::string("field '") + path + name + "' must be an integer from " +
                           std::to_string(lo) + " to " + std::to_string(hi),
                       0,
                       "field_out_of_range",
                       {{"field", std::string(path) + name}, {"min", lo}, {"max", hi}}};
    return int(*value);
}

const Json* object_field(const Json& object, const char* name) {
    auto it = object.find(name);
    if (it == object.end() || it->is_null()) return nullptr;
    if (!it->is_object())
        throw ApiError{400,
                       std::string("field '") + name + "' must be an object or null",
                       0,
                       "invalid_field",
                       {{"field", name}}};
    return &*it;
}

std::optional<bool> bool_field(const Json& object, const char* name) {
    auto it = object.find(name);
    if (it == object.end() || it->is_null()) return std::nullopt;
    if (!it->is_boolean())
        throw ApiError{400,
                       std::string("field '") + name + "' must be true or false",
                       0,
                       "invalid_field",
                       {{"field", name}}};
    return it->get<bool>();
}

namespace {

MoveRequest move_from(const Json& object) {
    auto text = string_field(object, "move");
    if (!text)
        throw ApiError{400, "field 'move' is missing", 0, "missing_field", {{"field", "move"}}};
    if (text->empty())
        throw ApiError{400, "field 'move' is empty", 0, "missing_field", {{"field", "move"}}};
    if (text->size() > kMaxMoveText)
        throw ApiError{400,
                       "field 'move' is not a move: '" + quote(*text, kMaxMoveText) +
                           "' is longer than 16 characters",
                       0,
                       "field_too_long",
                       {{"field", "move"}, {"max", 16}}};
    return MoveRequest{*text, int_field(object, "ply", 0, 1 << 20)};
}

}  // namespace

std::string color_field(const Json& object) {
    std::string color = string_field(object, "color").value_or("random");
    if (color != "white" && color != "black" && color != "random")
        throw ApiError{400,
                       "field 'color' must be \"white\", \"black\" or \"random\"",
                       0,
                       "invalid_field",
                       {{"field", "color"}}};
    return color;
}

StartSpec start_field(const Json& json) {
    StartSpec spec;
    const Json* start = object_field(json, "start");
    if (!start) return spec;
    const std::string type = string_field(*start, "type", "start.").value_or("random");
    if (type == "random") {
        spec.type = StartSpec::Type::Random;
    } else if (type == "number") {
        spec.type = StartSpec::Type::Number;
        spec.number = int_field(*start, "number", 0, 959, "start.");
        if (!spec.number)
            throw ApiError{400,
                           "field 'start.number' is missing",
                           0,
                           "missing_field",
                           {{"field", "start.number"}}};
    } else if (type == "double960") {
        spec.type = StartSpec::Type::Double960;
        spec.number = int_field(*start, "white", 0, 959, "start.");
        spec.black = int_field(*start, "black", 0, 959, "start.");
    } else if (type == "fen") {
        spec.type = StartSpec::Type::Fen;
        auto fen = string_field(*start, "fen", "start.");
        if (!fen)
            throw ApiError{
                400, "field 'start.fen' is missing", 0, "missing_field", {{"field", "start.fen"}}};
        if (fen->size() > 200)
            throw ApiError{400,
                           "field 'start.fen' is longer than 200 characters",
                           0,
                           "field_too_long",
                           {{"field", "start.fen"}, {"max", 200}}};
        spec.fen = *fen;
    } else {
        throw ApiError{400,
                       "field 'start.type' must be \"random\", \"number\", \"double960\" or "
                       "\"fen\"",
                       0,
                       "invalid_field",
                       {{"field", "start.type"}}};
    }
    return spec;
}

void check_body(std::string_view body) { parse_object(body, "the body"); }

CreateGameRequest parse_create_game(std::string_view body) {
    const Json json = parse_object(body, "the body");
    CreateGameRequest request;
    const std::string opponent = string_field(json, "opponent").value_or("friend");
    if (opponent != "engine" && opponent != "friend")
        throw ApiError{400,
                       "field 'opponent' must be \"engine\" or \"friend\"",
                       0,
                       "invalid_field",
                       {{"field", "opponent"}}};
    request.engine = opponent == "engine";
    const std::string color = color_field(json);
    if (color != "random") request.human_white = color == "white";
    request.level = int_field(json, "level", 1, 8).value_or(4);
    request.start = start_field(json);
    request.clock = clock_field(json);
    return request;
}

std::optional<TimeControl> clock_field(const Json& object) {
    const Json* clock = object_field(object, "clock");
    if (!clock) return std::nullopt;
    auto initial = number_field(*clock, "initial", "clock.");
    const double increment = number_field(*clock, "increment", "clock.").value_or(0);
    // Whole milliseconds from 1 s: what the message says is what is accepted.
    if (!initial || !(*initial >= 1 && *initial <= 6 * 3600))
        throw ApiError{400,
                       "field 'clock.initial' must be a number of seconds from 1 to 21600",
                       0,
                       "invalid_clock",
                       {{"field", "clock.initial"}, {"min", 1}, {"max", 21600}}};
    if (!(increment >= 0 && increment <= 600))
        throw ApiError{400,
                       "field 'clock.increment' must be a number of seconds from 0 to 600",
                       0,
                       "invalid_clock",
                       {{"field", "clock.increment"}, {"min", 0}, {"max", 600}}};
    return TimeControl{Millis(*initial * 1000), Millis(increment * 1000)};
}

SeekRequest parse_seek(std::string_view body) {
    const Json json = parse_object(body, "the body");
    SeekRequest request;
    request.clock = clock_field(json);
    request.days_per_move = int_field(json, "daysPerMove", 1, 14);
    if (request.days_per_move) {
        static constexpr int kDays[] = {1, 2, 3, 5, 7, 14};
        if (std::ranges::find(kDays, *request.days_per_move) == std::end(kDays))
            throw ApiError{400,
                           "field 'daysPerMove' must be 1, 2, 3, 5, 7 or 14",
                           0,
                           "invalid_field",
                           {{"field", "daysPerMove"}}};
        if (request.clock)
            throw ApiError{400,
                           "a seek has a clock or days per move, not both",
                           0,
                           "invalid_field",
                           {{"field", "daysPerMove"}}};
    }
    request.rated = bool_field(json, "rated").value_or(false);
    request.color = color_field(json);
    request.start = start_field(json);
    request.to = string_field(json, "to");
    if (request.to && (request.to->empty() || request.to->size() > 64))
        throw ApiError{
            400, "field 'to' must be an account's name", 0, "invalid_field", {{"field", "to"}}};
    if (const Json* range = object_field(json, "ratingRange")) {
        request.min_rating = int_field(*range, "min", 0, 4000, "ratingRange.");
        request.max_rating = int_field(*range, "max", 0, 4000, "ratingRange.");
    }
    return request;
}

MoveRequest parse_move(std::string_view body) { return move_from(parse_object(body, "the body")); }

std::string parse_fen_check(std::string_view body) {
    auto fen = string_field(parse_object(body, "the body"), "fen");
    if (!fen) throw ApiError{400, "field 'fen' is missing", 0, "missing_field", {{"field", "fen"}}};
    if (fen->size() > 200)
        throw ApiError{400,
                       "field 'fen' is longer than 200 characters",
                       0,
                       "field_too_long",
                       {{"field", "fen"}, {"max", 200}}};
    return *fen;
}

ClientMessage parse_client_message(std::string_view text, std::optional<std::int64_t>& id) {
    id.reset();
    if (text.size() > kMaxClientMessage)
        throw ApiError{400, "message larger than 4 KiB", 0, "message_too_large"};
    const Json json = parse_object(text, "a message");
    if (auto it = json.find("id"); it != json.end() && !it->is_null()) {
        if (!it->is_number_integer())
            throw ApiError{
                400, "field 'id' must be an integer", 0, "invalid_field", {{"field", "id"}}};
        // Integers above 2^63 - 1 are read as unsigned; get<std::int64_t> would wrap them to
        // a negative id, and the answer would not repeat the client's.
        if (it->is_number_unsigned() &&
            it->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max()))
            throw ApiError{400,
                           "field 'id' must be an integer from -2^63 to 2^63 - 1",
                           0,
                           "invalid_field",
                           {{"field", "id"}}};
        id = it->get<std::int64_t>();
    }
    auto type = string_field(json, "type");
    if (!type)
        throw ApiError{400, "field 'type' is missing", 0, "missing_field", {{"field", "type"}}};
    ClientMessage message;
    message.id = id;
    if (*type == "hello") {
        message.type = ClientMessage::Type::Hello;
        message.token = string_field(json, "token").value_or("");
        if (message.token.size() > 128)
            throw ApiError{400,
                           "field 'token' is too long",
                           0,
                           "field_too_long",
                           {{"field", "token"}, {"max", 128}}};
        if (auto it = json.find("room"); it != json.end() && !it->is_null()) {
            if (!it->is_boolean())
                throw ApiError{400,
                               "field 'room' must be true or false",
                               0,
                               "invalid_field",
                               {{"field", "room"}}};
            message.room = it->get<bool>();
        }
    } else if (*type == "move") {
        message.type = ClientMessage::Type::Move;
        message.move = move_from(json);
    } else if (*type == "resync") {
        message.type = ClientMessage::Type::Resync;
    } else if (*type == "ping") {
        message.type = ClientMessage::Type::Ping;
    } else if (is_game_action(*type)) {
        message.type = ClientMessage::Type::Action;
        message.action = *type;
    } else {
        throw ApiError{400,
                       "unknown message type '" + quote(*type, 24) + "'",
                       0,
                       "unknown_message_type",
                       {{"type", quote(*type, 24)}}};
    }
    return message;
}

}  // namespace chess960::server
