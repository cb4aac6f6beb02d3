// What clients ask the lobby for, typed: a seek (POST /api/seeks), read from its JSON body by
// http/requests.hpp.
#pragma once

#include <optional>
#include <string>

#include "chess960/clock.hpp"
#include "games/requests.hpp"

namespace chess960::server {

struct SeekRequest {
    std::optional<TimeControl> clock;
    std::optional<int> days_per_move;  // correspondence: 1, 2, 3, 5, 7 or 14 days a move
    bool rated = false;
    std::string color = "random";  // the seeker's: "white" | "black" | "random"
    StartSpec start;
    std::optional<int> min_rating;  // "ratingRange": {"min", "max"}
    std::optional<int> max_rating;
    std::optional<std::string> to;  // a challenge: the name of the one account that may accept
};

}  // namespace chess960::server
