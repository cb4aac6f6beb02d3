// Paired events (a Swiss by FIDE's Dutch system, Handbook C.04.3; a round robin by the Berger
// tables, C.05 Annex 1) as the pairing library sees them: the stored event, its players, byes
// and board results become a pairing::Tournament (start number = the player's number), from
// which the next round is paired, a changed pairing is checked against C.04's rules, the
// standings are computed with the event's tie-breaks (C.07) and the TRF-2026 is written.
// Pure functions of what they are given.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "chess960/pairing/dutch.hpp"
#include "chess960/pairing/tiebreaks.hpp"
#include "chess960/pairing/tournament.hpp"
#include "events/requests.hpp"
#include "store/event_store.hpp"

namespace chess960::server {

bool is_paired(const EventRow& event);

// A board's result as the event counts it: the arbiter's last row of the audit list, else the
// game's ("1-0", "0-1", "1/2-1/2"), else none (in play, or aborted and not yet settled).
// Arbiter's results also "+-", "-+" (forfeits) and "--" (double forfeit): kBoardResults
// (events/requests.hpp).
using BoardResults = std::map<std::pair<int, int>, std::string>;  // (round, board) -> result

// The tournament after the stored rounds: each published round's boards with their results
// (none yet: the entry has no result code, ' '), its byes ('U' the pairing's, 'H' and 'Z'
// asked for), a late entrant's missed rounds ('F', 'H' then 'Z' up to the points given), a
// withdrawn player's rounds after the withdrawal ('Z'). With `next`, the round after the
// stored ones gets the byes asked for and the withdrawals too, so that the engine leaves
// those players out.
pairing::Tournament tournament_of(const StoredEvent& stored, const BoardResults& results,
                                  bool next);

// The players' numbers (as stored) in the order of the initial ranking list (C.04.2 A.2 /
// C.04.3 A.2 as the Dutch system uses it): rating descending (none counts as 0), then title
// (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name alphabetically (ASCII letters without
// regard to case), then the order of entry.
std::vector<int> initial_ranking(const std::vector<EventPlayerRow>& players);

// The number of rounds from the first whose boards all have a result.
int completed_rounds(const StoredEvent& stored, const BoardResults& results);

// One board of a pairing: numbers; black 0 for the pairing-allocated bye.
struct ProposedPairing {
    int round = 0;
    std::vector<pairing::Pair> pairs;  // boards, white first
    int bye = 0;                       // the pairing-allocated bye's player, 0 for none
};

// Something a pairing breaks: the rule (C.04.1 / C.04.3 criterion) and the players.
struct PairingIssue {
    std::string code;  // "meets_twice", "bye_twice", "colour_difference", "colour_three_in_a_row",
                       // "differs_from_engine"
    std::string rule;  // "C.04.3 C1", "C.04.1 d, C.04.3 C2", "C.04.3 A.6, C3", "C.04.3"
    std::string message;
    std::vector<int> players;
};

// The players the next round pairs: entered by then, not withdrawn, no bye asked for (a round
// robin: every player, its table being fixed).
std::vector<int> players_to_pair(const StoredEvent& stored, int round);

// The engine's pairing of the next round: the Dutch system for a Swiss, the Berger table for
// a round robin (the players in number order). Error: why there is none.
std::expected<ProposedPairing, std::string> propose(const StoredEvent& stored,
                                                    const BoardResults& results);

// What `pairing` breaks of C.04's absolute rules given the rounds before it (players meeting
// twice, a second pairing-allocated bye, an absolute colour preference not met) and whether
// it differs from `engine` (the engine's pairing, when there is one).
std::vector<PairingIssue> pairing_issues(const StoredEvent& stored, const BoardResults& results,
                                         const ProposedPairing& pairing,
                                         const std::optional<ProposedPairing>& engine);

// What is wrong with a pairing as a pairing of the next round (a player twice, a player not
// to be paired, one left out, an unknown number), or "" when every player to pair is on it
// once.
std::string pairing_problem(const StoredEvent& stored, const ProposedPairing& pairing);

// The standings after the completed rounds, with the event's tie-breaks (none: points only).
struct PairedStandings {
    int rounds = 0;  // after this many rounds
    std::vector<pairing::Tiebreak> tiebreaks;
    std::vector<pairing::Standing> table;
};
PairedStandings paired_standings(const StoredEvent& stored, const BoardResults& results);

// The event's TRF-2026 after its completed rounds (the library's writer).
std::string event_trf(const StoredEvent& stored, const BoardResults& results);

}  // namespace chess960::server
