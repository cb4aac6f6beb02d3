// The events' JSON (docs/openapi.yaml: EventView, SeatView): the published parameters and the
// commitment, the rounds with their pairings and, once revealed, their start position, each
// board's game state, the standings, and once closed the secret and the verification.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "chess960/clock.hpp"
#include "event/verify.hpp"
#include "events/standings.hpp"
#include "store/event_store.hpp"

namespace chess960::server {

// Each started board's GameState (views.hpp), by game id.
using GameStates = std::map<std::string, nlohmann::json>;
// The organiser's view adds each board's seat tokens (white, black).
using SeatTokens = std::function<std::pair<std::string, std::string>(int round, int board)>;

// The games of the started rounds with their results, for the standings.
std::vector<ScoredGame> scored_games(const StoredEvent& event, const GameStates& games);

// What a closed event shows besides its secret: the verdict of `chess960 event verify` and the
// command line that gives it.
struct Verified {
    event::Verification verification;
    std::string command;
};

// The EventView. A round's position appears only once it is revealed; `verified` (given for a
// closed event) brings the secret with it.
nlohmann::json event_json(const StoredEvent& event, const GameStates& games, Millis now,
                          const Verified* verified, const SeatTokens* seats);

// {"number", "fen", "backRank"} (and "blackNumber", "blackBackRank" when the sides differ).
nlohmann::json start_position_json(int white_number, int black_number);

}  // namespace chess960::server
