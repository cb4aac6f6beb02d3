#include "events/proposals.hpp"

#include "chess960/pairing/trf.hpp"
#include "events/ledger.hpp"

namespace chess960::server {

namespace {

// The pairing the organiser typed, by number.
ProposedPairing numbered_pairing(int round, const std::vector<NumberedPairing>& pairs, int bye) {
    ProposedPairing changed{round, {}, bye};
    for (const NumberedPairing& n : pairs) changed.pairs.push_back({n.white, n.black});
    return changed;
}

// Pairing the next round needs every game of the round before to have a result.
void require_completed(const StoredEvent& stored, const BoardResults& results) {
    const int published = int(stored.rounds.size());
    if (completed_rounds(stored, results) < published)
        throw ApiError{409,
                       "round " + std::to_string(published) +
                           " has games without a result: the next round is paired from the "
                           "results",
                       0,
                       "round_unfinished",
                       {{"round", published}}};
}

ProposalView proposal_view(const StoredEvent& stored, ProposedPairing pairing,
                           std::vector<PairingIssue> issues) {
    ProposalView view{stored.event.id, std::move(pairing), std::move(issues), {}};
    for (const EventPlayerRow& p : stored.players) view.names[p.number] = p.name;
    return view;
}

std::optional<ProposedPairing> engine_or_none(
    const std::expected<ProposedPairing, std::string>& engine) {
    return engine ? std::optional<ProposedPairing>(*engine) : std::nullopt;
}

}  // namespace

RoundProposals::RoundProposals(EventScheduler& scheduler, EventResults& results)
    : scheduler_(scheduler), results_(results) {}

std::expected<ProposedPairing, std::string> RoundProposals::engine_pairing(
    const StoredEvent& stored, const BoardResults& results) {
    std::string key = stored.event.kind + "\n" + std::to_string(stored.rounds.size()) + "\n" +
                      pairing::write_trf(tournament_of(stored, results, true));
    {
        std::lock_guard lock(mutex_);
        if (auto it = proposals_.find(stored.event.id);
            it != proposals_.end() && it->second.first == key)
            return it->second.second;
    }
    auto proposal = propose(stored, results);
    if (proposal) {
        std::lock_guard lock(mutex_);
        proposals_[stored.event.id] = {std::move(key), *proposal};
    }
    return proposal;
}

ProposalView RoundProposals::review(std::string_view id, std::string_view token) {
    const StoredEvent stored = scheduler_.advance(id, now_ms());
    require_organiser(stored, token);
    require_paired_event(stored);
    if (int(stored.rounds.size()) >= stored.event.rounds)
        throw ApiError{409,
                       "all " + std::to_string(stored.event.rounds) +
                           " rounds of the event are published already",
                       0,
                       "all_rounds_entered",
                       {{"rounds", stored.event.rounds}}};
    const BoardResults results = results_.board_results(stored);
    require_completed(stored, results);
    auto engine = engine_pairing(stored, results);
    if (!engine) throw ApiError{409, "no pairing: " + engine.error(), 0, "no_pairing"};
    return proposal_view(stored, *engine, {});
}

ProposalView RoundProposals::check(std::string_view id, std::string_view token,
                                   const std::vector<NumberedPairing>& pairs, int bye) {
    const StoredEvent stored = scheduler_.advance(id, now_ms());
    require_organiser(stored, token);
    require_paired_event(stored);
    const BoardResults results = results_.board_results(stored);
    ProposedPairing changed = numbered_pairing(int(stored.rounds.size()) + 1, pairs, bye);
    if (std::string problem = pairing_problem(stored, changed); !problem.empty())
        throw ApiError{400, "the pairing: " + problem, 0, "invalid_pairing"};
    auto engine = engine_pairing(stored, results);
    std::vector<PairingIssue> issues =
        pairing_issues(stored, results, changed, engine_or_none(engine));
    return proposal_view(stored, std::move(changed), std::move(issues));
}

PairedRound RoundProposals::for_round(const StoredEvent& stored, const AddRoundRequest& request,
                                      int round) {
    const BoardResults results = results_.board_results(stored);
    require_completed(stored, results);
    auto engine = engine_pairing(stored, results);
    PairedRound paired;
    if (request.numbered.empty()) {
        if (!engine) throw ApiError{409, "no pairing: " + engine.error(), 0, "no_pairing"};
        paired.pairing = *engine;
    } else {
        paired.pairing = numbered_pairing(round, request.numbered, request.bye);
    }
    if (std::string problem = pairing_problem(stored, paired.pairing); !problem.empty())
        throw ApiError{400, "the pairing: " + problem, 0, "invalid_pairing"};
    paired.issues = pairing_issues(stored, results, paired.pairing, engine_or_none(engine));
    return paired;
}

}  // namespace chess960::server
