// libFuzzer target for the WebSocket messages of `chess960 serve`: parse_client_message
// (http/requests.hpp, docs/live.md).
//
// Any bytes are a text frame from a client. parse_client_message must return a message or throw
// ApiError; anything else thrown is a bug. Moreover:
//  - an ApiError has status 400 and a message; a message over 4 KiB is refused;
//  - the `id` it reports (also when it refuses the message, so that the error answer repeats
//    it) is the message's own: the frame, read independently, is a JSON object whose "id" is
//    that integer; and a frame that is an object with an integer "id" that fits in 64 bits
//    gets its id back whatever else is wrong with it (unless it is over 4 KiB or nested
//    deeper than 32 levels);
//  - what it returns agrees with the frame: the type is the frame's "type" (an action is one
//    of the six game actions), a token has at most 128 bytes and is the frame's string, a move
//    is the frame's string of 1..16 bytes with ply 0..2^20, and message.id equals the id.
// Then what the server does next with a move: the text goes to parse_uci and parse_san in the
// ordinary start position, and a move they accept must be legal.
// A broken invariant prints what broke and the frame, then aborts (libFuzzer reports a crash).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "chess960/position.hpp"
#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"
#include "fuzz_support.hpp"
#include "http/requests.hpp"

#include <nlohmann/json.hpp>

using namespace chess960;
using chess960::server::ApiError;
using chess960::server::ClientMessage;

namespace {

using Json = nlohmann::json;

using fuzz_support::broken;
using fuzz_support::depth_of;

std::optional<std::string> json_string(const Json& frame, const char* name) {
    if (!frame.is_object()) return std::nullopt;
    auto it = frame.find(name);
    if (it == frame.end() || !it->is_string()) return std::nullopt;
    return it->get<std::string>();
}

// The frame's "id" when it is an integer that fits in std::int64_t.
std::optional<std::int64_t> json_id(const Json& frame) {
    if (!frame.is_object()) return std::nullopt;
    auto it = frame.find("id");
    if (it == frame.end()) return std::nullopt;
    if (it->is_number_unsigned()) {
        const auto value = it->get<std::uint64_t>();
        if (value > std::uint64_t(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
        return std::int64_t(value);
    }
    if (it->is_number_integer()) return it->get<std::int64_t>();
    return std::nullopt;
}

void read_move(const std::string& text) {
    const Position start;
    auto uci = parse_uci(start, text, CastlingMode::Chess960);
    if (uci && !start.is_legal(*uci)) broken("parse_uci returned an illegal move");
    if (!uci && uci.error().message.empty()) broken("parse_uci error without a message");
    auto san = parse_san(start, text);
    if (san && !start.is_legal(*san)) broken("parse_san returned an illegal move");
    if (!san && san.error().message.empty()) broken("parse_san error without a message");
}

void check_frame(std::string_view text) {
    fuzz_support::set_input("ws_fuzzer", text);
    const Json frame = Json::parse(text.begin(), text.end(), nullptr, false);
    const bool readable =
        text.size() <= server::kMaxClientMessage && frame.is_object() && depth_of(frame) <= 32;

    std::optional<std::int64_t> id = 12345;  // parse_client_message must reset it
    ClientMessage message;
    std::optional<ApiError> error;
    try {
        message = server::parse_client_message(text, id);
    } catch (const ApiError& e) {
        error = e;
    } catch (const std::exception& e) {
        broken(std::string("parse_client_message threw something other than ApiError: ") +
               e.what());
    } catch (...) {
        broken("parse_client_message threw something other than ApiError");
    }

    if (id) {
        if (!readable) broken("an id reported for a frame that cannot be read");
        if (json_id(frame) != id) broken("the id reported is not the frame's");
    } else if (readable && json_id(frame)) {
        broken("the frame's id " + std::to_string(*json_id(frame)) + " is not reported");
    }
    if (error) {
        if (error->status != 400) broken("refused with status " + std::to_string(error->status));
        if (error->message.empty()) broken("refused without a message");
        return;
    }
    if (!readable) broken("accepted a frame that is not a JSON object of at most 32 levels");
    if (message.id != id) broken("message.id is not the id reported");

    const auto type = json_string(frame, "type");
    if (!type) broken("accepted a frame without a string type");
    switch (message.type) {
        case ClientMessage::Type::Hello:
            if (*type != "hello") broken("hello from type " + *type);
            if (message.token.size() > 128) broken("a token over 128 bytes accepted");
            if (message.token != json_string(frame, "token").value_or(""))
                broken("the token is not the frame's string");
            break;
        case ClientMessage::Type::Move:
            if (*type != "move") broken("move from type " + *type);
            if (message.move.move.empty() || message.move.move.size() > 16)
                broken("a move text of a wrong length");
            if (json_string(frame, "move") != message.move.move)
                broken("the move is not the frame's string");
            if (message.move.ply && (*message.move.ply < 0 || *message.move.ply > (1 << 20)))
                broken("ply out of range");
            read_move(message.move.move);
            break;
        case ClientMessage::Type::Action:
            if (*type != message.action || !server::is_game_action(message.action))
                broken("action '" + message.action + "' from type " + *type);
            break;
        case ClientMessage::Type::Resync:
            if (*type != "resync") broken("resync from type " + *type);
            break;
        case ClientMessage::Type::Ping:
            if (*type != "ping") broken("ping from type " + *type);
            break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    check_frame(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
