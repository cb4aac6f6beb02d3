// Events on the server (docs/event-draw.md, section 3): an organiser creates an event and
// publishes its commitment; enters each round's pairings and public entropy with a reveal
// time; at that time the round's start position, drawn from the secret the server keeps by the
// derivation of src/draw/, is shown to everyone at once, and at the round's start the server
// makes one game per board at that position (GameService); the standings follow the games'
// results; once closed, the event shows its secret and the verification of every round.
//
// Nothing answers a round's position before its reveal time: it is not computed before then.
// The organiser holds a token (kept as a SHA-256); the players' seat tokens are derived from
// it (HMAC-SHA-256), so the organiser can be given them again at any time while the database
// keeps only their hashes.
//
// The service is a facade over parts that each hold their own state, each a library of its own
// in its folder that sees only the parts below it (tests/layers keeps them so): common/ (the
// ledger: the store, the one lock of changes and their notice; what every part shares),
// scheduler/ (reveals and starts when due, its timer), results/ (board results, the arbiter's,
// PGN and TRF; the views), roster/ (a paired event's players, join link, byes, withdrawals, and
// the players' seats) and rounds/ (create, add, reveal, close; the proposals of the next round's
// pairing). The roster and the rounds never include each other. Routes reach the parts that
// change an event through rounds(), proposals() and roster(). Refusals are thrown as ApiError.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "chess960/pgn.hpp"
#include "events/derivation.hpp"
#include "events/event_view.hpp"
#include "events/ledger.hpp"
#include "events/options.hpp"
#include "events/proposals.hpp"
#include "events/requests.hpp"
#include "events/results.hpp"
#include "events/roster.hpp"
#include "events/rounds.hpp"
#include "events/scheduler.hpp"
#include "events/seats.hpp"
#include "events/views.hpp"
#include "games/service.hpp"
#include "store/event_store.hpp"

namespace chess960::server {

class EventService {
  public:
    // Starts the timer that reveals and starts the rounds of the store when they are due, and
    // tells `games` whom an event's games' ends and players' seats concern.
    EventService(EventStore& store, GameService& games, EventServiceOptions options);
    ~EventService();
    EventService(const EventService&) = delete;
    EventService& operator=(const EventService&) = delete;
    void stop();

    // Whether `id` could name an event (16 hex digits): anything else is none, and no query.
    static bool is_event_id(std::string_view id) { return EventLedger::is_event_id(id); }

    // Reading an event (views.hpp, results.hpp).
    EventView view(std::string_view id) { return views_.view(id); }
    EventView organiser_view(std::string_view id, std::string_view token) {
        return views_.organiser_view(id, token);
    }
    SeatView seat(std::string_view id, std::string_view token) { return views_.seat(id, token); }
    std::vector<pgn::GameRecord> pgn(std::string_view id) { return results_.pgn(id); }
    std::string trf(std::string_view id) { return results_.trf(id); }
    // POST /api/events/{id}/rounds/{k}/boards/{b}/result: the arbiter's result (a game still
    // in play is ended); the organiser's view.
    EventView set_result(std::string_view id, std::string_view token, int round, int board,
                         const ResultRequest& request);

    // The parts that change an event.
    EventRounds& rounds() { return rounds_; }
    RoundProposals& proposals() { return proposals_; }
    EventRoster& roster() { return roster_; }

  private:
    // The event's name and the round of its game `game_id` (GameService's EventOrigin), if it is
    // one of its boards; StoreError when the store fails.
    std::optional<GameOrigin::Event> game_origin(const std::string& event_id,
                                                 const std::string& game_id);

    EventLedger ledger_;
    EventScheduler scheduler_;
    EventResults results_;
    EventViews views_;
    PlayerSeats seats_;
    EventRoster roster_;
    RoundProposals proposals_;
    EventRounds rounds_;
};

}  // namespace chess960::server
