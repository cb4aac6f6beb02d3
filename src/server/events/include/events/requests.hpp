// What clients ask the events' service for, typed: a new event, a round's pairings. Read from
// JSON bodies by http/event_requests.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
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

}  // namespace chess960::server
