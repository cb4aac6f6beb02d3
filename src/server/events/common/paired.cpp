#include "events/paired.hpp"

#include <algorithm>
#include <set>

#include "chess960/pairing/berger.hpp"
#include "chess960/pairing/trf.hpp"

namespace chess960::server {

namespace {

using pairing::Colour;
using pairing::RoundEntry;

// The two entries a board's result gives (white's, black's): TRF-2026's result codes.
std::pair<char, char> result_codes(std::string_view result) {
    if (result == "1-0") return {'1', '0'};
    if (result == "0-1") return {'0', '1'};
    if (result == "1/2-1/2") return {'=', '='};
    if (result == "+-") return {'+', '-'};
    if (result == "-+") return {'-', '+'};
    if (result == "--") return {'-', '-'};
    return {' ', ' '};
}

const EventPlayerRow* find_player(const StoredEvent& stored, int number) {
    for (const EventPlayerRow& p : stored.players)
        if (p.number == number) return &p;
    return nullptr;
}

std::optional<char> bye_of(const StoredEvent& stored, int round, int player) {
    for (const EventByeRow& b : stored.byes)
        if (b.round == round && b.player == player) return b.kind;
    return std::nullopt;
}

// A late entrant's missed rounds: full-point byes while the points given allow, then a
// half-point one, then zero-point ones (the points given in tenths, a multiple of 5).
std::vector<char> late_entries(const EventPlayerRow& p) {
    std::vector<char> codes;
    int left = p.late_points;
    for (int r = 1; r < p.joined_round; ++r) {
        const char code = left >= 10 ? 'F' : left >= 5 ? 'H' : 'Z';
        left -= code == 'F' ? 10 : code == 'H' ? 5 : 0;
        codes.push_back(code);
    }
    return codes;
}

bool withdrawn_by(const EventPlayerRow& p, int round) {
    return p.withdrawn_after && round > *p.withdrawn_after;
}

}  // namespace

namespace {

int title_rank(std::string_view title) {
    static constexpr std::string_view kOrder[] = {"GM",  "IM", "WGM", "FM",
                                                  "WIM", "CM", "WFM", "WCM"};
    for (std::size_t i = 0; i < std::size(kOrder); ++i)
        if (title == kOrder[i]) return int(i);
    return int(std::size(kOrder));
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

}  // namespace

std::vector<int> initial_ranking(const std::vector<EventPlayerRow>& players) {
    std::vector<const EventPlayerRow*> order;
    for (const EventPlayerRow& p : players) order.push_back(&p);
    std::ranges::stable_sort(order, [](const EventPlayerRow* a, const EventPlayerRow* b) {
        if (a->rating.value_or(0) != b->rating.value_or(0))
            return a->rating.value_or(0) > b->rating.value_or(0);
        if (title_rank(a->title) != title_rank(b->title))
            return title_rank(a->title) < title_rank(b->title);
        const auto by_letter = [](char x, char y) { return lower(x) < lower(y); };
        if (std::lexicographical_compare(a->name.begin(), a->name.end(), b->name.begin(),
                                         b->name.end(), by_letter))
            return true;
        if (std::lexicographical_compare(b->name.begin(), b->name.end(), a->name.begin(),
                                         a->name.end(), by_letter))
            return false;
        return a->number < b->number;
    });
    std::vector<int> numbers;
    for (const EventPlayerRow* p : order) numbers.push_back(p->number);
    return numbers;
}

bool is_paired(const EventRow& event) { return event.kind != "typed"; }

pairing::Tournament tournament_of(const StoredEvent& stored, const BoardResults& results,
                                  bool next) {
    pairing::Tournament t;
    t.name = stored.event.name;
    t.total_rounds = stored.event.rounds;
    t.initial_colour = Colour::White;
    const int published = int(stored.rounds.size());
    const int last = next ? published + 1 : published;
    int size = 0;
    for (const EventPlayerRow& p : stored.players) size = std::max(size, p.number);
    t.players.resize(std::size_t(size));
    for (int i = 0; i < size; ++i) t.players[std::size_t(i)].start_number = i + 1;
    for (const EventPlayerRow& p : stored.players) {
        pairing::Player& player = t.players[std::size_t(p.number - 1)];
        player.name = p.name;
        player.title = p.title;
        player.rating = p.rating.value_or(0);
        player.federation = p.federation;
        player.fide_id = p.fide_id;
        player.rounds.assign(std::size_t(last), RoundEntry{});
        const std::vector<char> late = late_entries(p);
        for (int r = 1; r <= last; ++r) {
            RoundEntry& entry = player.rounds[std::size_t(r - 1)];
            if (r < p.joined_round)
                entry.result = late[std::size_t(r - 1)];
            else if (auto bye = bye_of(stored, r, p.number))
                entry.result = *bye;
            else if (withdrawn_by(p, r))
                entry.result = 'Z';
        }
    }
    for (const EventRoundRow& round : stored.rounds)
        for (const EventBoardRow& board : round.boards) {
            if (!board.white_number || !board.black_number) continue;
            const auto it = results.find({round.round, board.board});
            const auto [w, b] = result_codes(it == results.end() ? std::string_view() : it->second);
            auto& white = t.players.at(std::size_t(*board.white_number - 1));
            auto& black = t.players.at(std::size_t(*board.black_number - 1));
            white.rounds.at(std::size_t(round.round - 1)) =
                RoundEntry{*board.black_number, Colour::White, w};
            black.rounds.at(std::size_t(round.round - 1)) =
                RoundEntry{*board.white_number, Colour::Black, b};
        }
    // Trailing empty rounds say nothing (the round being paired, for those it pairs).
    for (pairing::Player& player : t.players) {
        while (!player.rounds.empty() && player.rounds.back().empty()) player.rounds.pop_back();
        // A round already played with no entry: the player was absent (a zero).
        for (std::size_t r = 0; r < player.rounds.size() && int(r) < published; ++r)
            if (player.rounds[r].empty()) player.rounds[r].result = 'Z';
    }
    for (pairing::Player& player : t.players) player.points = t.score(player);
    return t;
}

int completed_rounds(const StoredEvent& stored, const BoardResults& results) {
    int done = 0;
    for (const EventRoundRow& round : stored.rounds) {
        for (const EventBoardRow& board : round.boards)
            if (!results.contains({round.round, board.board})) return done;
        ++done;
    }
    return done;
}

std::vector<int> players_to_pair(const StoredEvent& stored, int round) {
    // A round robin's table is fixed (C.05): a withdrawn player's games stay on it, and the
    // arbiter scores them as forfeits.
    const bool table =
        stored.event.kind == "round_robin" || stored.event.kind == "double_round_robin";
    std::vector<int> numbers;
    for (const EventPlayerRow& p : stored.players)
        if (table || (p.joined_round <= round && !withdrawn_by(p, round) &&
                      !bye_of(stored, round, p.number)))
            numbers.push_back(p.number);
    return numbers;
}

std::expected<ProposedPairing, std::string> propose(const StoredEvent& stored,
                                                    const BoardResults& results) {
    const int round = int(stored.rounds.size()) + 1;
    ProposedPairing proposal;
    proposal.round = round;
    const EventRow& e = stored.event;
    if (e.kind == "round_robin" || e.kind == "double_round_robin") {
        const int n = int(stored.players.size());
        auto schedule = pairing::berger_schedule(n, e.kind == "double_round_robin");
        if (!schedule) return std::unexpected(schedule.error().message);
        if (int(schedule->rounds.size()) != e.rounds)
            return std::unexpected(std::to_string(n) + " players make a round robin of " +
                                   std::to_string(schedule->rounds.size()) +
                                   " rounds, and the event has " + std::to_string(e.rounds));
        for (const pairing::Pair& pair : schedule->rounds.at(std::size_t(round - 1)).pairs) {
            if (pair.black == 0)
                proposal.bye = pair.white;
            else
                proposal.pairs.push_back(pair);
        }
        return proposal;
    }
    const pairing::Tournament t = tournament_of(stored, results, true);
    if (players_to_pair(stored, round).empty()) return std::unexpected("nobody is left to pair");
    auto paired = pairing::pair_next_round(t);
    if (!paired) return std::unexpected(paired.error().message);
    for (const pairing::Pair& pair : paired->pairs) {
        if (pair.black == 0)
            proposal.bye = pair.white;
        else
            proposal.pairs.push_back(pair);
    }
    return proposal;
}

std::string pairing_problem(const StoredEvent& stored, const ProposedPairing& pairing) {
    const std::vector<int> expected = players_to_pair(stored, pairing.round);
    std::set<int> seen;
    auto place = [&](int number) -> std::string {
        if (!find_player(stored, number))
            return "player " + std::to_string(number) + " is not in the event";
        if (std::ranges::find(expected, number) == expected.end())
            return "player " + std::to_string(number) +
                   " is not to be paired this round (withdrawn, a bye asked for, or not yet "
                   "entered)";
        if (!seen.insert(number).second)
            return "player " + std::to_string(number) + " is paired twice";
        return "";
    };
    for (const pairing::Pair& pair : pairing.pairs) {
        if (pair.white == pair.black)
            return "player " + std::to_string(pair.white) + " cannot play themselves";
        for (int number : {pair.white, pair.black})
            if (std::string problem = place(number); !problem.empty()) return problem;
    }
    if (pairing.bye)
        if (std::string problem = place(pairing.bye); !problem.empty()) return problem;
    for (int number : expected)
        if (!seen.contains(number))
            return "player " + std::to_string(number) + " is left out of the pairing";
    if (seen.size() % 2 == 1 && !pairing.bye) return "an odd number of players needs a bye";
    if (pairing.bye && expected.size() % 2 == 0) return "an even number of players has no bye";
    return "";
}

std::vector<PairingIssue> pairing_issues(const StoredEvent& stored, const BoardResults& results,
                                         const ProposedPairing& pairing,
                                         const std::optional<ProposedPairing>& engine) {
    const pairing::Tournament t = tournament_of(stored, results, false);
    std::vector<PairingIssue> issues;
    auto history = [&](int number) -> const std::vector<RoundEntry>& {
        return t.players.at(std::size_t(number - 1)).rounds;
    };
    for (const pairing::Pair& pair : pairing.pairs) {
        // C.04.3 C1: two players shall not play against each other more than once (a
        // forfeited game was not played: they may meet again).
        for (const RoundEntry& entry : history(pair.white))
            if (entry.opponent == pair.black && entry.played())
                issues.push_back({"meets_twice",
                                  "C.04.3 C1",
                                  "players " + std::to_string(pair.white) + " and " +
                                      std::to_string(pair.black) + " have met already",
                                  {pair.white, pair.black}});
        // C.04.3 A.6 and C3: an absolute colour preference (a colour difference beyond 1, or
        // the same colour twice in a row) is met (C3 lets only topscorers break it).
        for (auto [number, colour] :
             {std::pair{pair.white, Colour::White}, std::pair{pair.black, Colour::Black}}) {
            int difference = 0;  // whites - blacks
            std::vector<Colour> colours;
            for (const RoundEntry& entry : history(number))
                if (entry.played()) {
                    difference += entry.colour == Colour::White ? 1 : -1;
                    colours.push_back(entry.colour);
                }
            difference += colour == Colour::White ? 1 : -1;
            const std::string name = colour == Colour::White ? "white" : "black";
            if (difference > 2 || difference < -2)
                issues.push_back({"colour_difference",
                                  "C.04.3 A.6, C3",
                                  "player " + std::to_string(number) + " with " + name +
                                      " would have a colour difference of " +
                                      std::to_string(difference),
                                  {number}});
            if (colours.size() >= 2 && colours.back() == colour &&
                colours[colours.size() - 2] == colour)
                issues.push_back({"colour_three_in_a_row",
                                  "C.04.3 A.6, C3",
                                  "player " + std::to_string(number) + " would have " + name +
                                      " three times in a row",
                                  {number}});
        }
    }
    // C.04.1 d and C.04.3 C2: a player who has had a pairing-allocated bye, or scored a point
    // without playing (a forfeit win, a full-point bye), shall not receive the pairing-allocated
    // bye.
    if (pairing.bye)
        for (const RoundEntry& entry : history(pairing.bye))
            if (entry.result == 'U' || entry.result == '+' || entry.result == 'F') {
                issues.push_back({"bye_twice",
                                  "C.04.1 d, C.04.3 C2",
                                  "player " + std::to_string(pairing.bye) +
                                      " has had a point without playing already",
                                  {pairing.bye}});
                break;
            }
    if (engine) {
        auto normal = [](const ProposedPairing& p) {
            std::set<std::pair<int, int>> boards;
            for (const pairing::Pair& pair : p.pairs) boards.insert({pair.white, pair.black});
            boards.insert({p.bye, 0});
            return boards;
        };
        if (normal(*engine) != normal(pairing))
            issues.push_back({"differs_from_engine",
                              "C.04.3",
                              "the pairing differs from the Dutch system's (or the Berger "
                              "table's)",
                              {}});
    }
    return issues;
}

PairedStandings paired_standings(const StoredEvent& stored, const BoardResults& results) {
    PairedStandings out;
    out.rounds = completed_rounds(stored, results);
    if (!stored.event.tiebreaks.empty())
        if (auto parsed = pairing::parse_tiebreaks(stored.event.tiebreaks))
            out.tiebreaks = std::move(*parsed);
    if (out.rounds == 0 || stored.players.empty()) return out;
    pairing::Tournament t = tournament_of(stored, results, false);
    // The rounds completed only.
    for (pairing::Player& p : t.players) {
        if (int(p.rounds.size()) > out.rounds) p.rounds.resize(std::size_t(out.rounds));
        p.points = t.score(p);
    }
    if (auto table = pairing::standings(t, out.tiebreaks, out.rounds))
        out.table = std::move(*table);
    return out;
}

std::string event_trf(const StoredEvent& stored, const BoardResults& results) {
    const int rounds = completed_rounds(stored, results);
    pairing::Tournament t = tournament_of(stored, results, false);
    for (pairing::Player& p : t.players) {
        if (int(p.rounds.size()) > rounds) p.rounds.resize(std::size_t(rounds));
        p.points = t.score(p);
    }
    // The rounds still to come (or in play): who is not to be paired in them, as TRF-2026's
    // record 240 says it (a pairing program leaves them out): the byes asked for, a late
    // entrant's rounds before its first, a withdrawn player's rounds after its withdrawal.
    for (int round = rounds + 1; round <= stored.event.rounds; ++round)
        for (const EventPlayerRow& p : stored.players) {
            std::optional<char> kind = bye_of(stored, round, p.number);
            if (round < p.joined_round)
                kind = late_entries(p)[std::size_t(round - 1)];
            else if (!kind && withdrawn_by(p, round))
                kind = 'Z';
            if (kind && *kind != 'U') t.requested_byes.push_back({round, p.number, *kind});
        }
    if (auto table = pairing::standings(t, {}, rounds))
        for (const pairing::Standing& s : *table)
            t.players.at(std::size_t(s.start_number - 1)).rank = s.rank;
    return pairing::write_trf(t);
}

}  // namespace chess960::server
