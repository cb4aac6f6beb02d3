// The events' JSON (docs/openapi.yaml: EventView, SeatView): the published parameters and the
// commitment, the rounds with their pairings and, once revealed, their start position, each
// board's game state, the standings, and once closed the secret and the verification.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "chess960/clock.hpp"
#include "chess960/pgn.hpp"
#include "events/event_view.hpp"

namespace chess960::server {

// The EventView (docs/openapi.yaml). A round's position appears only once it is revealed; a
// closed event's verification brings the secret with it; the organiser's view has each board's
// seat tokens.
nlohmann::json event_json(const EventView& view);
// The EventView as text.
std::string event_text(const EventView& view);
// POST /api/events: {"event": EventView, "id", "organiserToken"}.
std::string created_event_json(const CreatedEvent& created);
// GET /api/events/{id}/seat: the SeatView.
std::string seat_json(const SeatView& seat);
// GET /api/events/{id}/proposal (and POST, the check of a change): ProposalView.
std::string proposal_json(const ProposalView& proposal);
// POST /api/events/{id}/players, POST /api/events/{id}/join: AddedPlayer.
std::string added_player_json(const AddedPlayer& added);
// GET /api/events/{id}/player: PlayerView.
std::string player_view_json(const PlayerView& player);
// GET /api/events/{id}/pgn: the games one after another.
std::string event_pgn(const std::vector<pgn::GameRecord>& records);

// {"number", "fen", "backRank"} (and "blackNumber", "blackBackRank" when the sides differ).
nlohmann::json start_position_json(int white_number, int black_number);

}  // namespace chess960::server
