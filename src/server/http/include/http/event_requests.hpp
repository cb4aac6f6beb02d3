// Reading the events' request bodies (POST /api/events, POST /api/events/{id}/rounds): typed
// requests, or an ApiError 400 whose message names the field and what is wrong with it. Pure
// functions of the text, as the games' parsers (requests.hpp).
#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/clock.hpp"
#include "event/draw.hpp"

namespace chess960::server {

inline constexpr std::size_t kMaxPlayerName = 100;  // bytes of UTF-8
inline constexpr int kMaxBoards = 500;              // boards in one round

struct CreateEventRequest {
    event::Parameters parameters;  // checked (event::checked): exclusions sorted
    std::optional<TimeControl> clock;
};

struct Pairing {
    std::string white;
    std::string black;
};

struct AddRoundRequest {
    std::optional<int> round;  // when given, must be the next round
    std::vector<Pairing> pairings;
    std::string entropy;                    // "" for none
    std::optional<std::int64_t> reveal_at;  // epoch ms; none: now
    std::optional<std::int64_t> start_at;   // epoch ms; none: at the reveal
};

// {"name", "rounds", "exclude": [..], "allowRepeats", "double960", "clock": {...}}
CreateEventRequest parse_create_event(std::string_view body);
// {"round", "pairings": [{"white", "black"}, ...], "entropy", "revealAt", "startAt"}
AddRoundRequest parse_add_round(std::string_view body);

// A player's name as the event keeps it (1..100 bytes of UTF-8, NFKC, nothing invisible:
// text/names.hpp), or what is wrong with it.
std::expected<std::string, std::string> player_name(std::string_view name);

}  // namespace chess960::server
