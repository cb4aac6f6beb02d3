// What clients ask the events' service for, typed: a new event, a round's pairings. Read from
// JSON bodies by http/event_requests.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/clock.hpp"
#include "draw/draw.hpp"

namespace chess960::server {

inline constexpr std::size_t kMaxPlayerName = 100;  // bytes of UTF-8

// An event's kinds: "typed" (pairings entered by name), "swiss" (FIDE Dutch), "round_robin"
// and "double_round_robin" (Berger tables).
inline bool is_event_kind(std::string_view kind) {
    return kind == "typed" || kind == "swiss" || kind == "round_robin" ||
           kind == "double_round_robin";
}

// The results a board may be given by the arbiter: played ("1-0", "0-1", "1/2-1/2"), forfeits
// ("+-" won by White, "-+" by Black) and the double forfeit ("--").
inline constexpr std::string_view kBoardResults[] = {"1-0", "0-1", "1/2-1/2", "+-", "-+", "--"};
inline bool is_board_result(std::string_view result) {
    for (std::string_view r : kBoardResults)
        if (r == result) return true;
    return false;
}
inline constexpr int kMaxBoards = 500;  // boards in one round
// The most players (distinct names) an event may have: its rounds have at most half as many
// boards.
inline constexpr std::size_t kMaxEventPlayers = 2 * kMaxBoards;

struct CreateEventRequest {
    event::Parameters parameters;  // checked (event::checked): exclusions sorted
    std::optional<TimeControl> clock;
    std::string kind = "typed";  // "typed", "swiss", "round_robin", "double_round_robin"
    std::string tiebreaks;       // checked: the pairing library's names, "BH-C1,SB"
};

// A player's particulars (POST/PUT /api/events/{id}/players, POST /api/events/{id}/join): all
// but the name optional.
struct PlayerRequest {
    std::string name;  // checked (player_name)
    std::optional<int> rating;
    std::string title;
    std::string federation;
    std::string fide_id;
    std::optional<int> late_points;  // tenths: the points a late entrant is given
    // The organiser's: the name of the account that is this player (none: no account; "" in an
    // edit: none any more).
    std::optional<std::string> account;
};

// A board by the players' numbers (paired events).
struct NumberedPairing {
    int white = 0;
    int black = 0;
};

// POST /api/events/{id}/rounds/{k}/boards/{b}/result
struct ResultRequest {
    std::string result;  // one of kBoardResults (events/paired.hpp)
    std::string reason;  // "forfeit", "double_forfeit", "correction", "adjudication"
};

// POST /api/events/{id}/byes: "half", "zero", or "none" (taken back).
struct ByeRequest {
    int round = 0;
    std::string kind;
    std::optional<int> player;  // the organiser names the player
};

struct Pairing {
    std::string white;
    std::string black;
};

struct AddRoundRequest {
    std::optional<int> round;       // when given, must be the next round
    std::vector<Pairing> pairings;  // a typed event's, by name
    // A paired event's boards changed by the organiser, by number, and the bye's player (0:
    // none); empty: the engine's pairing as proposed.
    std::vector<NumberedPairing> numbered;
    int bye = 0;
    std::string entropy;                    // "" for none
    std::optional<std::int64_t> reveal_at;  // epoch ms; none: now
    std::optional<std::int64_t> start_at;   // epoch ms; none: at the reveal
};

}  // namespace chess960::server
