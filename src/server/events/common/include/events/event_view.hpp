// What the events' service answers with, typed (http/event_views.hpp writes the JSON): an
// event as it stands, with each started board's game state and the standings, and once closed
// the verdict of its verification; a new event; a player's seat.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "chess960/clock.hpp"
#include "draw/verify.hpp"
#include "events/paired.hpp"
#include "events/standings.hpp"
#include "games/snapshot.hpp"
#include "store/event_store.hpp"

namespace chess960::server {

// What a closed event shows besides its secret: the verdict of `chess960 event verify` and the
// command line that gives it.
struct Verified {
    event::Verification verification;
    std::string command;
};

struct EventView {
    StoredEvent stored;
    std::map<std::string, GameState> games;  // each started board's game, by id
    std::vector<Standing> standings;
    Millis now = 0;
    std::optional<Verified> verified;  // a closed event's; the secret shows with it
    // The organiser's view shows each board's seat tokens (derived from this token).
    std::optional<std::string> organiser_token;
    // A paired event's: each board's result ("" none yet) and where it comes from ("board",
    // "arbiter"), the standings with its tie-breaks, and what a round just published breaks.
    BoardResults results;
    std::map<std::pair<int, int>, std::string> result_sources;
    std::optional<PairedStandings> paired_standings;
    std::vector<PairingIssue> issues;
};

// The next round's pairing as the server proposes it, or as changed by the organiser, with
// what it breaks of C.04's rules.
struct ProposalView {
    std::string event_id;
    ProposedPairing pairing;
    std::vector<PairingIssue> issues;
    std::map<int, std::string> names;  // the players' names by number
};

// A player just entered (by the organiser or through the join link), with the token they
// authenticate with (byes, withdrawal, their view).
struct AddedPlayer {
    std::string event_id;
    EventPlayerRow player;
    std::string token;
};

// GET /api/events/{id}/player: the player's own view.
struct PlayerView {
    std::string event_id;
    std::string event_name;
    EventPlayerRow player;
    std::vector<EventByeRow> byes;  // the player's
    // The latest published round the player is in: a board, or a bye.
    int round = 0;
    int board = 0;  // 0: none (a bye, or not paired)
    Color color = White;
    int opponent = 0;
    std::string opponent_name;
    std::optional<char> bye;  // 'U', 'H', 'Z' for that round
    bool revealed = false;
    bool started = false;
    std::string game_id;  // once started
    std::string result;   // "" none yet
    std::optional<pairing::Points> points;
    Millis now = 0;
};

struct CreatedEvent {
    std::string id;
    std::string organiser_token;
    EventView view;
};

// The board a player's seat token holds.
struct SeatView {
    std::string event_id;
    std::string name;
    int round = 0;
    int board = 0;
    Color color = White;
    std::string you;
    std::string opponent;
    Millis reveal_at = 0;
    Millis start_at = 0;
    bool revealed = false;
    bool started = false;
    std::string game_id;  // once started
    Millis now = 0;
};

}  // namespace chess960::server
