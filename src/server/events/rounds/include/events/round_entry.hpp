// A new round's entry (POST /api/events/{id}/rounds) as checked before it is paired, and a
// typed round's names as the event first spelled them: pure functions of the event as stored,
// the request and the time, which throw the ApiError the organiser is answered with.
#pragma once

#include <string>
#include <vector>

#include "chess960/clock.hpp"
#include "events/requests.hpp"
#include "store/event_store.hpp"

namespace chess960::server {

// The latest a round may be revealed after it is entered, and started after its reveal.
inline constexpr Millis kMaxRevealDelay = 30LL * 24 * 3600 * 1000;
inline constexpr Millis kMaxStartDelay = 24LL * 3600 * 1000;

// The next round of `event` as `request` enters it at `now`, without its boards: its number,
// entropy, reveal (`now` at the earliest) and start (at the reveal or up to a day after it).
// 409 when the event is closed, has all its rounds, or its last round is not revealed yet, or
// the request names another round; 400 for a reveal more than 30 days ahead, a start before the
// reveal or more than a day after it, and a typed event's round without pairings.
EventRoundRow check_round_entry(const StoredEvent& event, const AddRoundRequest& request,
                                Millis now);

// A typed round's pairings with each name that looks like a player's of an earlier round (the
// same confusable skeleton: a Cyrillic "А" for a Latin "A") spelled as that player was first
// entered; 400 when the round would bring the event over kMaxEventPlayers.
std::vector<Pairing> names_as_entered(const StoredEvent& event,
                                      const std::vector<Pairing>& pairings);

// "round 3"
std::string round_text(int round);
// "2025-01-31 18:00:00 UTC", for messages about a round's times.
std::string utc_text(Millis at);

}  // namespace chess960::server
