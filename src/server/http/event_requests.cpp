#include "http/event_requests.hpp"

#include <nlohmann/json.hpp>
#include <set>

#include "chess960/pairing/tiebreaks.hpp"
#include "http/requests.hpp"
#include "text/names.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// Epoch milliseconds up to 2^53 (where doubles stop being exact), e.g. Date.now() in a page.
constexpr double kMaxEpochMs = 9007199254740992.0;

std::optional<std::int64_t> time_field(const Json& object, const char* name) {
    auto value = number_field(object, name);
    if (!value) return std::nullopt;
    if (!(*value >= 0 && *value <= kMaxEpochMs) || *value != double(std::int64_t(*value)))
        throw ApiError{400,
                       std::string("field '") + name +
                           "' must be a time in milliseconds since 1970 (an integer)",
                       0,
                       "invalid_field",
                       {{"field", name}}};
    return std::int64_t(*value);
}

const Json* array_field(const Json& object, const char* name) {
    auto it = object.find(name);
    if (it == object.end() || it->is_null()) return nullptr;
    if (!it->is_array())
        throw ApiError{400,
                       std::string("field '") + name + "' must be an array",
                       0,
                       "invalid_field",
                       {{"field", name}}};
    return &*it;
}

// Each item of a round's pairings (at most kMaxBoards, each an object), with where it is
// ("pairings[3]") for the messages.
template <typename Each>
void for_each_pairing(const Json& pairings, Each each) {
    if (pairings.size() > std::size_t(kMaxBoards))
        throw ApiError{400,
                       "field 'pairings' lists more than " + std::to_string(kMaxBoards) + " games",
                       0,
                       "field_too_long",
                       {{"field", "pairings"}, {"max", kMaxBoards}}};
    for (std::size_t i = 0; i < pairings.size(); ++i) {
        const Json& item = pairings[i];
        const std::string where = "pairings[" + std::to_string(i) + "]";
        if (!item.is_object())
            throw ApiError{400,
                           "field '" + where + "' must be an object {\"white\", \"black\"}",
                           0,
                           "invalid_field",
                           {{"field", where}}};
        each(item, where);
    }
}

// A paired event's boards by the players' numbers, and the bye: {"pairings": [{"white": n,
// "black": n}, ...], "bye": n}.
std::pair<std::vector<NumberedPairing>, int> parse_numbered_pairing(const Json& json) {
    constexpr int kMaxNumber = 2 * kMaxBoards + 1;
    std::vector<NumberedPairing> pairs;
    if (const Json* pairings = array_field(json, "pairings"))
        for_each_pairing(*pairings, [&](const Json& item, const std::string& where) {
            NumberedPairing pair;
            for (auto [color, number] : {std::pair{"white", &pair.white}, {"black", &pair.black}}) {
                auto n = int_field(item, color, 1, kMaxNumber, (where + ".").c_str());
                if (!n)
                    throw ApiError{400,
                                   "field '" + where + "." + color + "' is missing",
                                   0,
                                   "missing_field",
                                   {{"field", where + "." + color}}};
                *number = *n;
            }
            pairs.push_back(pair);
        });
    return {pairs, int_field(json, "bye", 1, kMaxNumber).value_or(0)};
}

}  // namespace

std::expected<std::string, std::string> player_name(std::string_view name) {
    if (name.empty()) return std::unexpected("is empty");
    if (name.size() > kMaxPlayerName)
        return std::unexpected("is longer than " + std::to_string(kMaxPlayerName) + " bytes");
    auto normal = text::normalize_name(name);
    if (normal && normal->size() > kMaxPlayerName)
        return std::unexpected("is longer than " + std::to_string(kMaxPlayerName) +
                               " bytes once normalized (NFKC)");
    return normal;
}

CreateEventRequest parse_create_event(std::string_view body) {
    const Json json = parse_object(body, "the body");
    CreateEventRequest request;
    event::Parameters p;
    auto name = string_field(json, "name");
    if (!name)
        throw ApiError{400, "field 'name' is missing", 0, "missing_field", {{"field", "name"}}};
    p.name = *name;
    auto rounds = int_field(json, "rounds", 1, event::kMaxRounds);
    if (!rounds)
        throw ApiError{400, "field 'rounds' is missing", 0, "missing_field", {{"field", "rounds"}}};
    p.rounds = *rounds;
    if (const Json* exclude = array_field(json, "exclude")) {
        if (exclude->size() > 960)
            throw ApiError{400,
                           "field 'exclude' lists more than 960 numbers",
                           0,
                           "field_too_long",
                           {{"field", "exclude"}, {"max", 960}}};
        for (const Json& n : *exclude) {
            if (!n.is_number_integer() || n.get<std::int64_t>() < 0 || n.get<std::int64_t>() > 959)
                throw ApiError{400,
                               "field 'exclude' must list start position numbers 0..959, not " +
                                   quote(n.dump(), 24),
                               0,
                               "field_out_of_range",
                               {{"field", "exclude"}, {"min", 0}, {"max", 959}}};
            p.excluded.push_back(n.get<int>());
        }
    }
    p.allow_repeats = bool_field(json, "allowRepeats").value_or(false);
    p.double960 = bool_field(json, "double960").value_or(false);
    if (auto shortage = event::position_shortage(p); shortage && shortage->allowed > 0)
        throw ApiError{
            400,
            std::to_string(p.rounds) + " rounds without repeats need " +
                std::to_string(shortage->needed) + " start positions, but only " +
                std::to_string(shortage->allowed) +
                " are not excluded (allow repeats, or exclude fewer)",
            0,
            "too_few_positions",
            {{"rounds", p.rounds}, {"needed", shortage->needed}, {"allowed", shortage->allowed}}};
    auto checked = event::checked(p);
    if (!checked) throw ApiError{400, checked.error(), 0, "invalid_event"};
    request.parameters = std::move(*checked);
    request.clock = clock_field(json);
    request.kind = string_field(json, "kind").value_or("typed");
    if (!is_event_kind(request.kind))
        throw ApiError{400,
                       "field 'kind' must be 'typed', 'swiss', 'round_robin' or "
                       "'double_round_robin', not '" +
                           quote(request.kind, 24) + "'",
                       0,
                       "invalid_field",
                       {{"field", "kind"}}};
    request.tiebreaks = string_field(json, "tiebreaks").value_or("");
    if (!request.tiebreaks.empty()) {
        if (request.kind == "typed")
            throw ApiError{400,
                           "field 'tiebreaks' is for paired events (kind 'swiss' or "
                           "'round_robin'): a typed event has Sonneborn-Berger",
                           0,
                           "invalid_field",
                           {{"field", "tiebreaks"}}};
        if (!pairing::parse_tiebreaks(request.tiebreaks))
            throw ApiError{400,
                           "field 'tiebreaks' must list tie-breaks of " +
                               pairing::tiebreak_names() + ", comma-separated, not '" +
                               quote(request.tiebreaks, 32) + "'",
                           0,
                           "invalid_tiebreaks",
                           {{"field", "tiebreaks"}}};
    }
    return request;
}

PlayerRequest parse_player(std::string_view body) {
    const Json json = parse_object(body, "the body");
    PlayerRequest request;
    auto name = string_field(json, "name");
    if (!name)
        throw ApiError{400, "field 'name' is missing", 0, "missing_field", {{"field", "name"}}};
    auto normal = player_name(*name);
    if (!normal)
        throw ApiError{400,
                       "field 'name': the name " + normal.error(),
                       0,
                       "invalid_name",
                       {{"field", "name"}}};
    request.name = std::move(*normal);
    request.rating = int_field(json, "rating", 0, 4000);
    auto text = [&](const char* field, std::size_t max, auto allowed) {
        std::string value = string_field(json, field).value_or("");
        if (value.size() > max || !std::ranges::all_of(value, allowed))
            throw ApiError{400,
                           std::string("field '") + field + "' must be at most " +
                               std::to_string(max) + " letters or digits",
                           0,
                           "invalid_field",
                           {{"field", field}}};
        return value;
    };
    const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    request.title = text("title", 3, upper);
    request.federation = text("federation", 3, upper);
    request.fide_id = text("fideId", 11, digit);
    // The points given to a late entrant: halves, as points (1.5).
    if (auto points = number_field(json, "latePoints")) {
        const double tenths = *points * 10;
        if (!(tenths >= 0 && tenths <= 10 * event::kMaxRounds) || std::int64_t(tenths) % 5 != 0 ||
            tenths != double(std::int64_t(tenths)))
            throw ApiError{400,
                           "field 'latePoints' must be a number of half points (0, 0.5, 1 ...)",
                           0,
                           "invalid_field",
                           {{"field", "latePoints"}}};
        request.late_points = int(tenths);
    }
    // The account that is this player: a name ("" for none).
    if (json.contains("account")) {
        const Json& account = json["account"];
        if (account.is_null())
            request.account = "";
        else if (!account.is_string() || account.get_ref<const std::string&>().size() > 100)
            throw ApiError{400,
                           "field 'account' must be an account's name, or null for none",
                           0,
                           "invalid_field",
                           {{"field", "account"}}};
        else
            request.account = account.get<std::string>();
    }
    return request;
}

std::pair<std::vector<NumberedPairing>, int> parse_pairing_check(std::string_view body) {
    const Json json = parse_object(body, "the body");
    auto pairing = parse_numbered_pairing(json);
    if (pairing.first.empty() && !pairing.second)
        throw ApiError{400,
                       "field 'pairings' must list the round's boards: [{\"white\": NUMBER, "
                       "\"black\": NUMBER}, ...]",
                       0,
                       "invalid_field",
                       {{"field", "pairings"}}};
    return pairing;
}

ResultRequest parse_result(std::string_view body) {
    const Json json = parse_object(body, "the body");
    ResultRequest request;
    request.result = string_field(json, "result").value_or("");
    if (!is_board_result(request.result))
        throw ApiError{400,
                       "field 'result' must be '1-0', '0-1', '1/2-1/2', '+-', '-+' (forfeits) or "
                       "'--' (double forfeit)",
                       0,
                       "invalid_field",
                       {{"field", "result"}}};
    const bool forfeit = request.result.find('+') != std::string::npos;
    request.reason = string_field(json, "reason")
                         .value_or(request.result == "--" ? "double_forfeit"
                                   : forfeit              ? "forfeit"
                                                          : "correction");
    if (request.reason != "forfeit" && request.reason != "double_forfeit" &&
        request.reason != "correction" && request.reason != "adjudication")
        throw ApiError{400,
                       "field 'reason' must be 'forfeit', 'double_forfeit', 'correction' or "
                       "'adjudication'",
                       0,
                       "invalid_field",
                       {{"field", "reason"}}};
    return request;
}

ByeRequest parse_bye(std::string_view body) {
    const Json json = parse_object(body, "the body");
    ByeRequest request;
    auto round = int_field(json, "round", 1, event::kMaxRounds);
    if (!round)
        throw ApiError{400, "field 'round' is missing", 0, "missing_field", {{"field", "round"}}};
    request.round = *round;
    request.kind = string_field(json, "kind").value_or("half");
    if (request.kind != "half" && request.kind != "zero" && request.kind != "none")
        throw ApiError{400,
                       "field 'kind' must be 'half', 'zero' or 'none'",
                       0,
                       "invalid_field",
                       {{"field", "kind"}}};
    request.player = int_field(json, "player", 1, int(2 * kMaxBoards + 1));
    return request;
}

std::optional<int> parse_withdraw(std::string_view body) {
    const Json json = parse_object(body, "the body");
    return int_field(json, "player", 1, int(2 * kMaxBoards + 1));
}

AddRoundRequest parse_add_round(std::string_view body) {
    const Json json = parse_object(body, "the body");
    AddRoundRequest request;
    request.round = int_field(json, "round", 1, event::kMaxRounds);
    const Json* pairings = array_field(json, "pairings");
    if (pairings && !pairings->empty() && (*pairings)[0].is_object() &&
        (*pairings)[0].contains("white") && (*pairings)[0]["white"].is_number()) {
        // A paired event's change of the proposal: its boards by the players' numbers.
        std::tie(request.numbered, request.bye) = parse_numbered_pairing(json);
    } else if (pairings) {
        // A typed event's: by name (none: a paired event's proposal as it stands; a typed
        // event's refusal, from the service).
        std::set<std::string> seen;  // the names' skeletons: names that look alike are one name
        for_each_pairing(*pairings, [&](const Json& item, const std::string& where) {
            Pairing pairing;
            for (auto [color, name] :
                 {std::pair{"white", &pairing.white}, {"black", &pairing.black}}) {
                auto text = string_field(item, color, (where + ".").c_str());
                if (!text)
                    throw ApiError{400,
                                   "field '" + where + "." + color + "' is missing",
                                   0,
                                   "missing_field",
                                   {{"field", where + "." + color}}};
                auto normal = player_name(*text);
                if (!normal)
                    throw ApiError{
                        400,
                        "field '" + where + "." + color + "': the name " + normal.error(),
                        0,
                        "invalid_name",
                        {{"field", where + "." + color}}};
                if (!seen.insert(text::name_skeleton(*normal)).second)
                    throw ApiError{400,
                                   "field '" + where + "." + color + "': '" + quote(*normal) +
                                       "' plays more than one game in this round",
                                   0,
                                   "duplicate_player",
                                   {{"name", *normal}}};
                *name = std::move(*normal);
            }
            request.pairings.push_back(std::move(pairing));
        });
    }
    request.entropy = string_field(json, "entropy").value_or("");
    if (auto ok = event::check_entropy(request.entropy); !ok)
        throw ApiError{
            400, "field 'entropy': " + ok.error(), 0, "invalid_field", {{"field", "entropy"}}};
    request.reveal_at = time_field(json, "revealAt");
    request.start_at = time_field(json, "startAt");
    return request;
}

}  // namespace chess960::server
