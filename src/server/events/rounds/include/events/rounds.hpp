// An event's life as its organiser leads it: created with its commitment published; each
// round entered (checked, paired, stored with its boards' seat tokens and game ids, and
// scheduled to reveal and start: scheduler.hpp), revealed early on demand; closed, which shows
// the secret. Events and rounds are limited per client address (each round may create hundreds
// of games).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "events/event_view.hpp"
#include "events/ledger.hpp"
#include "events/options.hpp"
#include "events/proposals.hpp"
#include "events/requests.hpp"
#include "events/round_entry.hpp"
#include "events/scheduler.hpp"
#include "events/views.hpp"
#include "games/service.hpp"

namespace chess960::server {

class EventRounds {
  public:
    EventRounds(EventLedger& ledger, EventScheduler& scheduler, EventViews& views,
                RoundProposals& proposals, GameService& games, EventRates rates);

    // POST /api/events: the new event and its organiser's token.
    CreatedEvent create(const CreateEventRequest& request, const std::string& client);
    // POST /api/events/{id}/rounds: the organiser's view, with what a paired round breaks.
    EventView add(std::string_view id, std::string_view token, const AddRoundRequest& request,
                  const std::string& client);
    // POST /api/events/{id}/rounds/{k}/reveal: the round revealed now; the organiser's view.
    EventView reveal_now(std::string_view id, std::string_view token, int round);
    // POST /api/events/{id}/close: the view with the secret and the verification.
    EventView close(std::string_view id, std::string_view token);

  private:
    // Takes a token of the client's bucket `kind` ("events", "event-creations"), or throws
    // 429 saying what there were too many of.
    void take_token(const std::string& kind, const std::string& client, double rate_per_second,
                    double burst, const std::string& what);
    // Stores the round entered (check_round_entry's) with its boards: `paired`'s (a paired
    // event's), else the typed `named` pairings; each board's seat tokens derived from the
    // organiser's token.
    void store_round(const StoredEvent& event, std::string_view token, EventRoundRow round,
                     const PairedRound* paired, const std::vector<Pairing>& named);

    EventLedger& ledger_;
    EventScheduler& scheduler_;
    EventViews& views_;
    RoundProposals& proposals_;
    GameService& games_;
    EventRates rates_;
};

}  // namespace chess960::server
