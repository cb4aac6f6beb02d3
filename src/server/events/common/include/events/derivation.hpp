// What the server derives from an event's secrets (docs/event-draw.md): the parameters the
// draw is made with, the verification of every round once the secret is shown, and the
// players' seat tokens, derived from the organiser's token so that only their hashes are kept.
#pragma once

#include <string>
#include <string_view>

#include "chess960/types.hpp"
#include "draw/verify.hpp"
#include "store/event_store.hpp"

namespace chess960::server {

// The parameters an event published (for the derivation).
event::Parameters parameters_of(const EventRow& event);
// Recomputes every round from the event's secret and compares with the commitment and the
// positions the rounds were revealed with: `chess960 event verify`'s check.
event::Verification verify_event(const StoredEvent& event);
// A player's seat token for a board: HMAC-SHA-256 under the organiser's token of the event,
// round, board and colour (32 hex digits, as a game's seat tokens).
std::string event_seat_token(std::string_view organiser_token, std::string_view event_id, int round,
                             int board, Color color);

}  // namespace chess960::server
