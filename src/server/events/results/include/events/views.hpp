// How an event reads, as it stands: its rounds with each started board's game state, the
// standings (points and Sonneborn-Berger; a paired event's by its tie-breaks, from the board
// results), the organiser's view with the seat tokens, a seat's own view, and once closed the
// verification of every round. Each view is read after the event is advanced (scheduler.hpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "events/event_view.hpp"
#include "events/ledger.hpp"
#include "events/results.hpp"
#include "events/scheduler.hpp"
#include "games/service.hpp"

namespace chess960::server {

class EventViews {
  public:
    EventViews(EventLedger& ledger, EventScheduler& scheduler, EventResults& results,
               GameService& games);

    // The event as it stands for its reader at `now` (`token`: the organiser's).
    EventView snapshot(const StoredEvent& event, Millis now, std::optional<std::string> token);
    // GET /api/events/{id}: the public view (the secret and verification once closed).
    EventView view(std::string_view id);
    // GET /api/events/{id}/organiser: the view with each board's seat tokens.
    EventView organiser_view(std::string_view id, std::string_view token);
    // GET /api/events/{id}/seat: the board a seat token holds, and its game once started.
    SeatView seat(std::string_view id, std::string_view token);

  private:
    // A closed event's verification and the command line that gives it.
    static Verified verified(const StoredEvent& event);

    EventLedger& ledger_;
    EventScheduler& scheduler_;
    EventResults& results_;
    GameService& games_;
};

}  // namespace chess960::server
