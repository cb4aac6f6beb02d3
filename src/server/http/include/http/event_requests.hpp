// Reading the events' request bodies (POST /api/events, POST /api/events/{id}/rounds): typed
// requests (events/requests.hpp), or a thrown ApiError 400 whose message names the field and
// what is wrong with it. Pure functions of the text, as the games' parsers (requests.hpp).
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "events/requests.hpp"

namespace chess960::server {

// {"name", "rounds", "exclude": [..], "allowRepeats", "double960", "clock": {...}}
CreateEventRequest parse_create_event(std::string_view body);
// {"round", "pairings": [{"white", "black"}, ...], "entropy", "revealAt", "startAt"}: the
// pairings by name (typed events) or by number with "bye" (a paired event's change of the
// proposal), or none (a paired event's proposal as it stands).
AddRoundRequest parse_add_round(std::string_view body);
// {"name", "rating", "title", "federation", "fideId", "latePoints"}
PlayerRequest parse_player(std::string_view body);
// {"pairings": [{"white": n, "black": n}, ...], "bye": n}
std::pair<std::vector<NumberedPairing>, int> parse_pairing_check(std::string_view body);
// {"result", "reason"}
ResultRequest parse_result(std::string_view body);
// {"round", "kind": "half" | "zero" | "none", "player"}
ByeRequest parse_bye(std::string_view body);
// {"player"} (the organiser's), or {}
std::optional<int> parse_withdraw(std::string_view body);

// A player's name as the event keeps it (1..100 bytes of UTF-8, NFKC, nothing invisible:
// text/names.hpp), or what is wrong with it.
std::expected<std::string, std::string> player_name(std::string_view name);

}  // namespace chess960::server
