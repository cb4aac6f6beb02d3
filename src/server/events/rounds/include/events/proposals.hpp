// The next round of a paired event as the engine pairs it (events/paired.hpp: propose), for
// the organiser to review, change and publish. Each event's latest proposal is kept for the
// tournament it was paired from (its TRF as the key): the organiser reviews it, then publishes
// it without the 570-player event being paired a second time.
#pragma once

#include <expected>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "events/event_view.hpp"
#include "events/paired.hpp"
#include "events/requests.hpp"
#include "events/results.hpp"
#include "events/scheduler.hpp"

namespace chess960::server {

// A paired event's round as published: the engine's pairing or the organiser's change of it,
// and what it breaks of C.04's rules.
struct PairedRound {
    ProposedPairing pairing;
    std::vector<PairingIssue> issues;
};

class RoundProposals {
  public:
    RoundProposals(EventScheduler& scheduler, EventResults& results);

    // GET /api/events/{id}/proposal: the next round as the engine pairs it, for review.
    ProposalView review(std::string_view id, std::string_view token);
    // POST /api/events/{id}/proposal: what a changed pairing breaks (nothing is stored).
    ProposalView check(std::string_view id, std::string_view token,
                       const std::vector<NumberedPairing>& pairs, int bye);
    // Round `round` of the event as `request` publishes it: the engine's pairing, or the
    // organiser's numbered boards. ApiError 409 while a game of the round before has no
    // result or when the engine finds no pairing, 400 for a pairing that is not one.
    PairedRound for_round(const StoredEvent& event, const AddRoundRequest& request, int round);

  private:
    // The engine's pairing of the next round, from the kept proposal when the event has not
    // changed since.
    std::expected<ProposedPairing, std::string> engine_pairing(const StoredEvent& event,
                                                               const BoardResults& results);

    EventScheduler& scheduler_;
    EventResults& results_;
    std::mutex mutex_;
    // By event id: the key of the tournament paired, and its pairing.
    std::unordered_map<std::string, std::pair<std::string, ProposedPairing>> proposals_;
};

}  // namespace chess960::server
