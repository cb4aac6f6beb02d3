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
    // Per seat of a game: draw offers, takeback requests, rematch offers and name changes, each
    // of which every watcher is told (as lichess refuses a new offer soon after a declined
    // one); <= 0: no limit.
    // New events per client address (EventServiceOptions::creations_per_hour); <= 0: no limit.
    double events_per_hour = 20;
    double events_burst = 5;
    double offers_per_minute = 4;
    double offers_burst = 4;
    // The game database's explorer and searches (db_routes.cpp); <= 0: no limit.
    double db_queries_per_second = 20;
    double db_queries_burst = 40;
    // OnlineRules: a timed game's first moves, an untimed game's (a friend who never comes) and
    // an event's board's (its no-show: Laws 6.7.1's default time).
    Millis abort_after = 60'000;
    Millis untimed_abort_after = 24LL * 3600 * 1000;
    Millis no_show_after = 5 * 60'000;
};

}  // namespace chess960::server
