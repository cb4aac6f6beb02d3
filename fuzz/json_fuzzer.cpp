// libFuzzer target for the JSON request bodies of `chess960 serve` (http/requests.hpp).
//
// The same bytes go, as a request body, to check_body, parse_create_game, parse_move,
// parse_fen_check and parse_seek. Each must return or throw ApiError; anything else thrown is a
// bug. Moreover:
//  - every ApiError has status 400 and a message;
//  - check_body agrees with the parsers: when it refuses the body, each parser throws the same
//    error; when it accepts it, a parser only refuses a field (the message starts "field '");
//  - what a parser returns is in the documented ranges (docs/openapi.yaml): level 1..8, start
//    numbers 0..959, a FEN of at most 200 bytes, clock.initial 1 s..6 h, clock.increment
//    0..600 s, a move of 1..16 bytes, ply 0..2^20; the move and FEN texts are the body's
//    strings unchanged; a seek's days per move 1, 2, 3, 5, 7 or 14 and never with a clock, its
//    colour white, black or random, its rating range within 0..4000.
// Then what the server does next with an accepted request, as GameService::create and the
// /api/fen/check route do (without the store and the network): the start position from its
// number(s) or FEN (a FEN refused by Position::from_fen must say why: the server answers 422
// with that message); its FEN, which the store keeps, must read back to the same position
// (a game that could not be reloaded after a restart); startpos::numbers_of must name the
// same start position; Game and OnlineGame are built with the clock; a move text is read with
// parse_uci and parse_san in the ordinary start position, and a move they accept must be legal.
// A broken invariant prints what broke and the body, then aborts (libFuzzer reports a crash).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/online_game.hpp"
#include "chess960/position.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "fuzz_support.hpp"
#include "http/requests.hpp"

#include <nlohmann/json.hpp>

using namespace chess960;
using chess960::server::ApiError;

namespace {

using Json = nlohmann::json;

using fuzz_support::broken;
using fuzz_support::depth_of;

void check_error(const ApiError& e, const char* who) {
    if (e.status != 400)
        broken(std::string(who) + " refused with status " + std::to_string(e.status));
    if (e.message.empty()) broken(std::string(who) + " refused without a message");
}

// Runs `parse`; returns the ApiError it threw, if any. Anything else thrown is a bug.
template <class F>
std::optional<ApiError> refusal_of(F&& parse, const char* who) {
    try {
        parse();
    } catch (const ApiError& e) {
        check_error(e, who);
        return e;
    } catch (const std::exception& e) {
        broken(std::string(who) + " threw something other than ApiError: " + e.what());
    } catch (...) {
        broken(std::string(who) + " threw something other than ApiError");
    }
    return std::nullopt;
}

// A parser's refusal against check_body's answer.
void agree(const std::optional<ApiError>& body_error, const std::optional<ApiError>& error,
           const char* who) {
    if (body_error) {
        if (!error) broken(std::string(who) + " accepts a body check_body refuses");
        if (error->message != body_error->message)
            broken(std::string(who) + " refuses with '" + error->message +
                   "' but check_body with '" + body_error->message + "'");
    } else if (error && !error->message.starts_with("field '")) {
        broken(std::string(who) +
               " refuses a body check_body accepts, not for a field: " + error->message);
    }
}

// The body's string field `name`, read independently (nullopt: absent, null or not a string).
std::optional<std::string> json_string(const Json& body, const char* name) {
    if (!body.is_object()) return std::nullopt;
    auto it = body.find(name);
    if (it == body.end() || !it->is_string()) return std::nullopt;
    return it->get<std::string>();
}

// What the server does with a move text (GameService::move chooses parse_uci or parse_san by
// its form; both must behave on any text): in the ordinary start position.
void read_move(const std::string& text) {
    const Position start;
    const Position before = start;
    auto uci = parse_uci(start, text, CastlingMode::Chess960);
    if (uci && !start.is_legal(*uci)) broken("parse_uci returned an illegal move");
    if (!uci && uci.error().message.empty()) broken("parse_uci error without a message");
    auto san = parse_san(start, text);
    if (san && !start.is_legal(*san)) broken("parse_san returned an illegal move");
    if (!san && san.error().message.empty()) broken("parse_san error without a message");
    if (!(before == start)) broken("reading a move changed the position");
}

// The store keeps a game's start position as write_fen(start) and the server reads it back with
// Position::from_fen after a restart (LiveGame::load).
void check_stored_start(const Position& start) {
    const std::string fen = write_fen(start);
    auto back = position_from_fen(fen);
    if (!back)
        broken("the start position's FEN " + fen +
               " does not read back: " + back.error().to_string());
    if (!(*back == start) || back->key() != start.key())
        broken("the start position's FEN " + fen + " reads back as another position");
    if (auto numbers = startpos::numbers_of(start)) {
        if (numbers->white < 0 || numbers->white > 959 || numbers->black < 0 ||
            numbers->black > 959)
            broken("numbers_of gives a number out of range for " + fen);
        auto again = startpos::position(numbers->white, numbers->black);
        if (!again || !again->same_position(start))
            broken("numbers_of names another start position for " + fen);
    }
}

void create_game(const server::CreateGameRequest& request, const Json& body) {
    using Type = server::StartSpec::Type;
    const server::StartSpec& spec = request.start;
    if (request.level < 1 || request.level > 8) broken("level out of range");
    auto in_range = [](std::optional<int> n) { return !n || (*n >= 0 && *n <= 959); };
    if (!in_range(spec.number) || !in_range(spec.black)) broken("start number out of range");
    if (spec.type == Type::Number && !spec.number) broken("type number without a number");
    if (spec.type == Type::Fen) {
        if (spec.fen.size() > 200) broken("start.fen longer than 200 bytes accepted");
        auto start = body.find("start");
        if (start == body.end() || json_string(*start, "fen") != spec.fen)
            broken("start.fen is not the body's string");
    }
    if (request.clock) {
        const TimeControl& c = *request.clock;
        if (c.initial < 1000 || c.initial > 6 * 3600 * 1000)
            broken("clock.initial out of range: " + std::to_string(c.initial) + " ms");
        if (c.increment < 0 || c.increment > 600 * 1000)
            broken("clock.increment out of range: " + std::to_string(c.increment) + " ms");
    }

    // GameService::create, with a fixed number where the server draws one at random.
    Position start;
    switch (spec.type) {
        case Type::Random:
        case Type::Number: {
            auto pos = startpos::position(spec.number.value_or(518));
            if (!pos) broken("startpos::position refuses an accepted number");
            start = *pos;
            break;
        }
        case Type::Double960: {
            auto pos = startpos::position(spec.number.value_or(0), spec.black.value_or(959));
            if (!pos) broken("startpos::position refuses accepted numbers");
            start = *pos;
            break;
        }
        case Type::Fen: {
            auto parsed = position_from_fen(spec.fen);
            if (!parsed) {
                if (parsed.error().to_string().empty()) broken("from_fen error without a message");
                return;  // 422
            }
            start = *parsed;
            break;
        }
    }
    check_stored_start(start);
    const Game probe(start);
    if (probe.outcome().is_over()) return;  // 422: over before it starts
    OnlineGame play(start, request.clock, 0);
    if (!play.is_active() || play.ply() != 0) broken("a new online game is not active at ply 0");
    if (!(play.position() == start)) broken("the online game starts from another position");
}

void check_body_text(std::string_view text) {
    fuzz_support::set_input("json_fuzzer", text);
    // The body as the parsers should see it, read independently for the cross-checks.
    const Json body = Json::parse(text.begin(), text.end(), nullptr, false);

    const std::optional<ApiError> body_error =
        refusal_of([&] { server::check_body(text); }, "check_body");
    if (body_error) check_error(*body_error, "check_body");
    // "An empty body is an empty object; anything else must be a JSON object of at most 32
    // levels" (requests.hpp).
    const bool acceptable = text.empty() || (body.is_object() && depth_of(body) <= 32);
    if (!body_error && !acceptable)
        broken("check_body accepts a body that is not a JSON object of at most 32 levels");
    if (body_error && acceptable)
        broken("check_body refuses a JSON object of at most 32 levels: " + body_error->message);

    server::CreateGameRequest create;
    const auto create_error =
        refusal_of([&] { create = server::parse_create_game(text); }, "parse_create_game");
    agree(body_error, create_error, "parse_create_game");
    server::MoveRequest move;
    const auto move_error = refusal_of([&] { move = server::parse_move(text); }, "parse_move");
    agree(body_error, move_error, "parse_move");
    std::string fen;
    const auto fen_error =
        refusal_of([&] { fen = server::parse_fen_check(text); }, "parse_fen_check");
    agree(body_error, fen_error, "parse_fen_check");

    server::SeekRequest seek;
    const auto seek_error = refusal_of([&] { seek = server::parse_seek(text); }, "parse_seek");
    agree(body_error, seek_error, "parse_seek");

    if (!create_error) create_game(create, body);
    if (!seek_error) {
        if (seek.days_per_move) {
            if (seek.clock) broken("a seek with both a clock and days per move accepted");
            constexpr std::array kDays{1, 2, 3, 5, 7, 14};
            if (std::ranges::find(kDays, *seek.days_per_move) == kDays.end())
                broken("days per move out of the allowed values");
        }
        if (seek.color != "white" && seek.color != "black" && seek.color != "random")
            broken("a seek's colour out of its values: " + seek.color);
        for (auto rating : {seek.min_rating, seek.max_rating})
            if (rating && (*rating < 0 || *rating > 4000)) broken("a seek's rating out of range");
        // The start and clock are read as a game's (checked above through parse_create_game).
        server::CreateGameRequest as_game;
        as_game.start = seek.start;
        as_game.clock = seek.clock;
        create_game(as_game, body);
    }

    if (!move_error) {
        if (move.move.empty() || move.move.size() > 16) broken("move text of a wrong length");
        if (json_string(body, "move") != move.move) broken("the move is not the body's string");
        if (move.ply && (*move.ply < 0 || *move.ply > (1 << 20))) broken("ply out of range");
        read_move(move.move);
    }
    if (!fen_error) {
        if (fen.size() > 200) broken("fen longer than 200 bytes accepted");
        if (json_string(body, "fen") != fen) broken("the fen is not the body's string");
        // The /api/fen/check route.
        auto pos = position_from_fen(fen);
        if (pos)
            check_stored_start(*pos);
        else if (pos.error().to_string().empty())
            broken("from_fen error without a message");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    check_body_text(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
