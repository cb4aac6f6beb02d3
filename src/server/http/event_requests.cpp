#include "http/event_requests.hpp"

#include <nlohmann/json.hpp>
#include <set>

#include "http/requests.hpp"
#include "text/names.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// Epoch milliseconds up to 2^53 (where doubles stop being exact), e.g. Date.now() in a page.
constexpr double kMaxEpochMs = 9007199254740992.0;

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
    return request;
}

AddRoundRequest parse_add_round(std::string_view body) {
    const Json json = parse_object(body, "the body");
    AddRoundRequest request;
    request.round = int_field(json, "round", 1, event::kMaxRounds);
    const Json* pairings = array_field(json, "pairings");
    if (!pairings || pairings->empty())
        throw ApiError{400,
                       "field 'pairings' must list the round's games: [{\"white\": NAME, "
                       "\"black\": NAME}, ...]",
                       0,
                       "invalid_field",
                       {{"field", "pairings"}}};
    if (pairings->size() > std::size_t(kMaxBoards))
        throw ApiError{400,
                       "field 'pairings' lists more than " + std::to_string(kMaxBoards) + " games",
                       0,
                       "field_too_long",
                       {{"field", "pairings"}, {"max", kMaxBoards}}};
    std::set<std::string> seen;  // the names' skeletons: names that look alike are one name
    for (std::size_t i = 0; i < pairings->size(); ++i) {
        const Json& item = (*pairings)[i];
        const std::string where = "pairings[" + std::to_string(i) + "]";
        if (!item.is_object())
            throw ApiError{400,
                           "field '" + where + "' must be an object {\"white\", \"black\"}",
                           0,
                           "invalid_field",
                           {{"field", where}}};
        Pairing pairing;
        for (auto [color, name] : {std::pair{"white", &pairing.white}, {"black", &pairing.black}}) {
            auto text = string_field(item, color, (where + ".").c_str());
            if (!text)
                throw ApiError{400,
                               "field '" + where + "." + color + "' is missing",
                               0,
                               "missing_field",
                               {{"field", where + "." + color}}};
            auto normal = player_name(*text);
            if (!normal)
                throw ApiError{400,
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
