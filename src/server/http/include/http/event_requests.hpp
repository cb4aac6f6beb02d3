// Reading the events' request bodies (POST /api/events, POST /api/events/{id}/rounds): typed
// requests (events/requests.hpp), or a thrown ApiError 400 whose message names the field and
// what is wrong with it. Pure functions of the text, as the games' parsers (requests.hpp).
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "events/requests.hpp"

namespace chess960::server {

// {"name", "rounds", "exclude": [..], "allowRepeats", "double960", "clock": {...}}
CreateEventRequest parse_create_event(std::string_view body);
// {"round", "pairings": [{"white", "black"}, ...], "entropy", "revealAt", "startAt"}
AddRoundRequest parse_add_round(std::string_view body);

// A player's name as the event keeps it (1..100 bytes of UTF-8, NFKC, nothing invisible:
// text/names.hpp), or what is wrong with it.
std::expected<std::string, std::string> player_name(std::string_view name);

}  // namespace chess960::server
