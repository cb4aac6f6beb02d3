// libFuzzer target for the events' JSON request bodies of `chess960 serve`
// (http/event_requests.hpp): POST /api/events and POST /api/events/{id}/rounds, and the paired
// events' players, byes, results, withdrawals and changed pairings.
//
// The same bytes go, as a request body, to parse_create_event and parse_add_round, and, as a
// player's name, to player_name. Each parser must return or throw ApiError; anything
// else thrown is a bug. Moreover:
//  - every ApiError has status 400 and a message of at most 256 bytes (a refusal quotes the
//    client's text only cut short);
//  - the parsers agree with check_body: when it refuses the body, both throw the same error;
//    when it accepts it, a refusal is about the content, never "malformed JSON";
//  - an event it returns keeps event::checked's promises, checked against the body read
//    independently: the name is the body's string of 1..200 bytes of UTF-8 without control
//    characters, rounds is the body's integer in 1..960, the exclusions are the body's numbers,
//    ascending without duplicates, all in 0..959, the flags are the body's (false when absent),
//    the clock is in the ranges of the games' (1 s..6 h plus 0..600 s); and enough numbers are
//    left for every round: the last round, after earlier rounds that used up as many numbers
//    as they can (two a round for Double Chess960) when repeats are not allowed, still has one
//    to draw, and draw_round picks an allowed one;
//  - the paired events' bodies give what they promise: a player's name as player_name keeps it,
//    a rating of 0..4000, title and federation up to 3 capitals, a FIDE ID up to 11 digits,
//    late points in half points; a bye's round 1..960 and kind; a board's result one of
//    kBoardResults; a pairing to check not empty;
//  - a round it returns is well-formed: round absent or 1..960, either 1..500 pairings by name
//    or up to 500 by number (a paired event's, or none: its proposal), each name the
//    body's string as player_name keeps it (NFKC), no name twice in the round (nor two that
//    look alike: the same name_skeleton), the
//    entropy the body's string ("" when absent) of at most 1000 bytes of UTF-8 without control
//    characters, revealAt and startAt the body's integers in 0..2^53;
//  - a name player_name accepts becomes 1..100 bytes of UTF-8, no control characters and no
//    space at either end, which player_name keeps as it is (NFKC is idempotent); a refusal
//    says why.
// UTF-8 and control characters are checked through nlohmann-json's own encoder (a strict dump
// throws on bytes that are not UTF-8; an ASCII dump writes every control character as an
// escape), independently of event::text_problem.
// A broken invariant prints what broke and the body, then aborts (libFuzzer reports a crash).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "draw/draw.hpp"
#include "fuzz_support.hpp"
#include "http/event_requests.hpp"
#include "http/requests.hpp"
#include "text/names.hpp"

#include <nlohmann/json.hpp>

using namespace chess960;
using chess960::server::ApiError;

namespace {

using Json = nlohmann::json;

using fuzz_support::broken;

constexpr std::size_t kMaxMessage = 256;
constexpr std::int64_t kMaxEpochMs = std::int64_t(1) << 53;

void check_error(const ApiError& e, const char* who) {
    if (e.status != 400)
        broken(std::string(who) + " refused with status " + std::to_string(e.status));
    if (e.message.empty()) broken(std::string(who) + " refused without a message");
    if (e.message.size() > kMaxMessage)
        broken(std::string(who) + " refused with a message of " + std::to_string(e.message.size()) +
               " bytes");
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

void agree(const std::optional<ApiError>& body_error, const std::optional<ApiError>& error,
           const char* who) {
    if (body_error) {
        if (!error) broken(std::string(who) + " accepts a body check_body refuses");
        if (error->message != body_error->message)
            broken(std::string(who) + " refuses with '" + error->message +
                   "' but check_body with '" + body_error->message + "'");
    } else if (error && error->message.starts_with("malformed JSON")) {
        broken(std::string(who) + " calls malformed a body check_body accepts: " + error->message);
    }
}

// The body's field `name` (nullptr: absent or null, as the parsers read it).
const Json* field(const Json& object, const char* name) {
    if (!object.is_object()) return nullptr;
    auto it = object.find(name);
    if (it == object.end() || it->is_null()) return nullptr;
    return &*it;
}

std::optional<std::string> json_string(const Json& object, const char* name) {
    const Json* value = field(object, name);
    if (!value || !value->is_string()) return std::nullopt;
    return value->get<std::string>();
}

// The body's integer field `name`, as a number of any JSON form with an integral value.
std::optional<std::int64_t> json_integer(const Json& object, const char* name) {
    const Json* value = field(object, name);
    if (!value || !value->is_number()) return std::nullopt;
    if (value->is_number_unsigned()) {
        const std::uint64_t u = value->get<std::uint64_t>();
        if (u > std::uint64_t(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
        return std::int64_t(u);
    }
    if (value->is_number_integer()) return value->get<std::int64_t>();
    const double d = value->get<double>();
    if (!(d >= -9.0e18 && d <= 9.0e18) || d != double(std::int64_t(d))) return std::nullopt;
    return std::int64_t(d);
}

// Whether `text` is UTF-8 without control characters (C0, DEL, C1), by nlohmann-json's encoder.
bool printable_utf8(const std::string& text) {
    std::string ascii;
    try {
        ascii = Json(text).dump(-1, ' ', true, Json::error_handler_t::strict);
    } catch (const Json::exception&) {
        return false;  // not UTF-8
    }
    // The ASCII dump escapes every control character (\n, \t, ... or \u00XX) and every other
    // non-ASCII character as \uXXXX; `\\` and `\"` are the text's own backslashes and quotes.
    for (std::size_t i = 1; i + 1 < ascii.size(); ++i) {
        if (ascii[i] != '\\') continue;
        const char e = ascii[++i];
        if (e == 'u') {
            const unsigned code = unsigned(std::stoul(ascii.substr(i + 1, 4), nullptr, 16));
            if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
            i += 4;
        } else if (e != '\\' && e != '"' && e != '/') {
            return false;  // \b \f \n \r \t
        }
    }
    for (unsigned char c : text)
        if (c == 0x7f) return false;  // DEL, in case a dump keeps it as it is
    return true;
}

// A name player_name_problem accepts, against what event_requests.hpp promises.
void check_name(const std::string& name, const char* who) {
    if (name.empty() || name.size() > server::kMaxPlayerName)
        broken(std::string(who) + ": a name of " + std::to_string(name.size()) + " bytes accepted");
    if (!printable_utf8(name))
        broken(std::string(who) + ": a name that is not UTF-8 or has a control character accepted");
    if (name.front() == ' ' || name.back() == ' ')
        broken(std::string(who) + ": a name beginning or ending with a space accepted");
}

// What the server does with an event's parameters, round after round: every round must have a
// number to draw. Without repeats the worst case is earlier rounds that used distinct numbers
// (two a round for Double Chess960); the last round must still find one, and draw_round (which
// indexes the allowed numbers) pick an allowed one.
void check_draws(const event::Parameters& p) {
    const std::vector<int> all = event::allowed_numbers(p, {});
    if (all.size() != std::size_t(960) - p.excluded.size())
        broken("allowed_numbers does not leave out exactly the exclusions");
    if (all.empty()) broken("every start position is excluded");
    std::size_t used = 0;
    auto take = [&] {
        if (p.allow_repeats) return all.front();
        if (used == all.size())
            broken("the earlier rounds can use up every start position (" +
                   std::to_string(p.rounds) + " rounds, " + std::to_string(p.excluded.size()) +
                   " excluded)");
        return all[used++];
    };
    std::vector<event::RoundDraw> earlier;
    for (int round = 1; round < p.rounds; ++round) {
        event::RoundDraw d{round, 0, 0};
        d.white = d.black = take();
        if (p.double960) d.black = take();
        earlier.push_back(d);
    }
    const std::vector<int> left = event::allowed_numbers(p, earlier);
    if (left.empty())
        broken("the event's last round has no start position left to draw from (" +
               std::to_string(p.rounds) + " rounds, " + std::to_string(p.excluded.size()) +
               " excluded)");
    const event::Secret secret{};  // a fixed secret: any secret must draw an allowed number
    const event::RoundDraw draw = event::draw_round(secret, p, p.rounds, "", earlier);
    for (int n : {draw.white, draw.black})
        if (!std::binary_search(left.begin(), left.end(), n))
            broken("draw_round drew " + std::to_string(n) + ", which is not allowed");
    if (!p.double960 && draw.white != draw.black)
        broken("draw_round gave Black another number without Double Chess960");
}

void check_event(const server::CreateEventRequest& request, const Json& body) {
    const event::Parameters& p = request.parameters;
    if (p.name.empty() || p.name.size() > event::kMaxNameBytes)
        broken("an event name of " + std::to_string(p.name.size()) + " bytes accepted");
    if (json_string(body, "name") != p.name) broken("the event's name is not the body's string");
    if (!printable_utf8(p.name))
        broken("an event name that is not UTF-8 or has a control character accepted");
    if (p.rounds < 1 || p.rounds > event::kMaxRounds)
        broken("rounds out of range: " + std::to_string(p.rounds));
    if (json_integer(body, "rounds") != p.rounds) broken("rounds is not the body's number");

    std::set<std::int64_t> listed;
    if (const Json* exclude = field(body, "exclude")) {
        if (!exclude->is_array()) broken("a field 'exclude' that is not an array accepted");
        for (const Json& n : *exclude) {
            // nlohmann-json reads a non-negative integer as unsigned.
            if (n.is_number_unsigned() && n.get<std::uint64_t>() <= 959)
                listed.insert(std::int64_t(n.get<std::uint64_t>()));
            else if (n.is_number_integer() && !n.is_number_unsigned())
                listed.insert(n.get<std::int64_t>());  // negative: out of range, caught below
            else
                broken("an exclusion that is not an integer of 0..959 accepted: " + n.dump());
        }
    }
    if (!std::is_sorted(p.excluded.begin(), p.excluded.end()) ||
        std::adjacent_find(p.excluded.begin(), p.excluded.end()) != p.excluded.end())
        broken("the exclusions are not ascending without duplicates");
    for (int n : p.excluded)
        if (n < 0 || n > 959) broken("an excluded number out of range: " + std::to_string(n));
    for (std::int64_t n : listed)
        if (n < 0 || n > 959) broken("the body's exclusion " + std::to_string(n) + " accepted");
    if (!std::equal(listed.begin(), listed.end(), p.excluded.begin(), p.excluded.end()))
        broken("the exclusions are not the body's numbers");

    auto flag = [&](const char* name) {
        const Json* value = field(body, name);
        return value && value->is_boolean() && value->get<bool>();
    };
    if (p.allow_repeats != flag("allowRepeats")) broken("allowRepeats is not the body's");
    if (p.double960 != flag("double960")) broken("double960 is not the body's");
    if (request.clock) {
        const TimeControl& c = *request.clock;
        if (c.initial < 1000 || c.initial > 6 * 3600 * 1000)
            broken("clock.initial out of range: " + std::to_string(c.initial) + " ms");
        if (c.increment < 0 || c.increment > 600 * 1000)
            broken("clock.increment out of range: " + std::to_string(c.increment) + " ms");
    } else if (field(body, "clock")) {
        broken("a clock in the body was dropped");
    }
    check_draws(p);
}

void check_round(const server::AddRoundRequest& request, const Json& body) {
    if (request.round) {
        if (*request.round < 1 || *request.round > event::kMaxRounds)
            broken("round out of range: " + std::to_string(*request.round));
        if (json_integer(body, "round") != *request.round) broken("round is not the body's");
    } else if (field(body, "round")) {
        broken("the body's round was dropped");
    }

    const std::size_t games = request.pairings.size();
    const Json* pairings = field(body, "pairings");
    if (games > std::size_t(server::kMaxBoards))
        broken("a round of " + std::to_string(games) + " games accepted");
    if (games == 0) {
        // A paired event's round: the boards by number (a change of the proposal), or none
        // (the proposal as it stands).
        if (request.numbered.size() > std::size_t(server::kMaxBoards))
            broken("a round of " + std::to_string(request.numbered.size()) + " boards accepted");
        const std::size_t listed = pairings && pairings->is_array() ? pairings->size() : 0;
        if (request.numbered.size() != listed)
            broken("the numbered pairings are not the body's list");
        for (std::size_t i = 0; i < request.numbered.size(); ++i) {
            const server::NumberedPairing& n = request.numbered[i];
            const Json& item = (*pairings)[i];
            if (json_integer(item, "white") != n.white || json_integer(item, "black") != n.black)
                broken("numbered pairing " + std::to_string(i) + " is not the body's");
            if (n.white < 1 || n.black < 1 || n.white > 2 * server::kMaxBoards + 1 ||
                n.black > 2 * server::kMaxBoards + 1)
                broken("a player number out of range accepted");
        }
        if (request.bye < 0 || request.bye > 2 * server::kMaxBoards + 1)
            broken("a bye out of range accepted");
    } else {
        if (!request.numbered.empty()) broken("named and numbered pairings in one round");
        if (!pairings || !pairings->is_array() || pairings->size() != games)
            broken("the pairings are not the body's list");
    }
    std::set<std::string> names;
    for (std::size_t i = 0; i < games; ++i) {
        const server::Pairing& pairing = request.pairings[i];
        const Json& item = (*pairings)[i];
        auto kept = [&](const char* color) -> std::optional<std::string> {
            const auto given = json_string(item, color);
            if (!given) return std::nullopt;
            auto normal = server::player_name(*given);
            return normal ? std::optional<std::string>(*normal) : std::nullopt;
        };
        if (kept("white") != pairing.white || kept("black") != pairing.black)
            broken("pairing " + std::to_string(i) + " is not the body's names as kept");
        for (const std::string* name : {&pairing.white, &pairing.black}) {
            check_name(*name, "parse_add_round");
            if (server::player_name(*name) != *name)
                broken("parse_add_round kept a name player_name would change");
            if (!names.insert(text::name_skeleton(*name)).second)
                broken("a player (or one that looks alike) plays two games in one round");
        }
    }

    if (request.entropy != json_string(body, "entropy").value_or(""))
        broken("the entropy is not the body's string");
    if (request.entropy.size() > event::kMaxEntropyBytes)
        broken("an entropy of " + std::to_string(request.entropy.size()) + " bytes accepted");
    if (!printable_utf8(request.entropy))
        broken("an entropy that is not UTF-8 or has a control character accepted");

    auto check_time = [&](const std::optional<std::int64_t>& time, const char* name) {
        if (!time) {
            if (field(body, name)) broken(std::string("the body's ") + name + " was dropped");
            return;
        }
        if (*time < 0 || *time > kMaxEpochMs)
            broken(std::string(name) + " out of range: " + std::to_string(*time));
        if (json_integer(body, name) != *time) broken(std::string(name) + " is not the body's");
    };
    check_time(request.reveal_at, "revealAt");
    check_time(request.start_at, "startAt");
}

void check_body_text(std::string_view text) {
    fuzz_support::set_input("event_json_fuzzer", text);
    const Json body = Json::parse(text.begin(), text.end(), nullptr, false);

    const std::optional<ApiError> body_error =
        refusal_of([&] { server::check_body(text); }, "check_body");

    server::CreateEventRequest create;
    const auto create_error =
        refusal_of([&] { create = server::parse_create_event(text); }, "parse_create_event");
    agree(body_error, create_error, "parse_create_event");
    server::AddRoundRequest round;
    const auto round_error =
        refusal_of([&] { round = server::parse_add_round(text); }, "parse_add_round");
    agree(body_error, round_error, "parse_add_round");

    if (!create_error) check_event(create, body);
    if (!round_error) check_round(round, body);

    // The paired events' bodies (players, byes, results, withdrawals, a changed pairing).
    server::PlayerRequest player;
    const auto player_error =
        refusal_of([&] { player = server::parse_player(text); }, "parse_player");
    agree(body_error, player_error, "parse_player");
    if (!player_error) {
        check_name(player.name, "parse_player");
        if (player.rating && (*player.rating < 0 || *player.rating > 4000))
            broken("a rating out of range accepted");
        const auto capitals = [](const std::string& code) {
            return code.size() <= 3 && std::all_of(code.begin(), code.end(),
                                                   [](char c) { return c >= 'A' && c <= 'Z'; });
        };
        if (!capitals(player.title) || !capitals(player.federation))
            broken("a title or federation that is not up to 3 capitals accepted");
        if (player.fide_id.size() > 11 || !std::all_of(player.fide_id.begin(), player.fide_id.end(),
                                                       [](char c) { return c >= '0' && c <= '9'; }))
            broken("a FIDE ID that is not up to 11 digits accepted");
        if (player.late_points && (*player.late_points < 0 || *player.late_points % 5 != 0))
            broken("late points that are not half points accepted");
    }
    server::ByeRequest bye;
    const auto bye_error = refusal_of([&] { bye = server::parse_bye(text); }, "parse_bye");
    agree(body_error, bye_error, "parse_bye");
    if (!bye_error && (bye.round < 1 || bye.round > event::kMaxRounds ||
                       (bye.kind != "half" && bye.kind != "zero" && bye.kind != "none")))
        broken("a bye request out of range accepted");
    server::ResultRequest result;
    const auto result_error =
        refusal_of([&] { result = server::parse_result(text); }, "parse_result");
    agree(body_error, result_error, "parse_result");
    if (!result_error && !server::is_board_result(result.result))
        broken("a result that is not a board's accepted");
    agree(body_error, refusal_of([&] { (void)server::parse_withdraw(text); }, "parse_withdraw"),
          "parse_withdraw");
    std::pair<std::vector<server::NumberedPairing>, int> check;
    const auto check_error =
        refusal_of([&] { check = server::parse_pairing_check(text); }, "parse_pairing_check");
    agree(body_error, check_error, "parse_pairing_check");
    if (!check_error && check.first.empty() && check.second == 0)
        broken("an empty pairing accepted for a check");

    // The bytes as a player's name.
    const std::string name(text);
    std::expected<std::string, std::string> kept;
    try {
        kept = server::player_name(name);
    } catch (...) {
        broken("player_name threw");
    }
    if (!kept) {
        if (kept.error().empty() || kept.error().size() > kMaxMessage)
            broken("player_name's refusal has " + std::to_string(kept.error().size()) + " bytes");
    } else {
        check_name(*kept, "player_name");
        if (server::player_name(*kept) != *kept) broken("player_name is not idempotent");
        try {
            (void)text::name_skeleton(*kept);
        } catch (...) {
            broken("name_skeleton threw");
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    check_body_text(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
