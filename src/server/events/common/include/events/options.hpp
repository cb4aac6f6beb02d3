// What the server gives the events' service (service.hpp): its limits, where its errors and
// changes are told, and the accounts an event's players may be.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace chess960::server {

// An account, as the events know it: the player an account is (its session acts as the
// player's token).
struct EventAccount {
    std::string id;
    std::string name;
};

// The accounts (set by the server; empty: an event's players are no accounts): the account a
// session token signs in, and the account of a name. The roster and the players' seats ask them.
struct EventAccounts {
    std::function<std::optional<EventAccount>(std::string_view token)> of_session;
    std::function<std::optional<EventAccount>(const std::string& name)> named;
};

// How many events and rounds a client address may make (the games' token buckets).
struct EventRates {
    double events_per_minute = 30;  // per client address, events and rounds; <= 0: no limit
    double events_burst = 10;
    // New events per client address, on top of the above: an event's boards are games in play
    // outside the games' own limit, so the events one address may open are few.
    double creations_per_hour = 20;  // <= 0: no limit
    double creations_burst = 5;
};

struct EventServiceOptions {
    EventRates rates;
    std::function<void(const std::string&)> log;  // error lines; may be empty
    // Told the id of an event whose view changed (a round entered, revealed or started, a game's
    // end, the close), so that a rendered view of it is rendered again (http's RenderCache).
    std::function<void(const std::string&)> on_changed;
    EventAccounts accounts;
};

}  // namespace chess960::server
