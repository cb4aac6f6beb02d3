// The per-client limits of `chess960 serve` (answered 429 with Retry-After) and the abort
// rule's time.
#pragma once

#include "chess960/clock.hpp"

namespace chess960::server {

struct GameLimits {
    double games_per_minute = 30;  // per client address; <= 0: no limit
    double games_burst = 10;
    int engine_games = 4;          // engine games in play at once per client address; 0: no limit
    double moves_per_second = 20;  // per client address; <= 0: no limit
    double moves_burst = 40;
    Millis abort_after = 60'000;  // a timed game's first moves (OnlineRules)
};

}  // namespace chess960::server
