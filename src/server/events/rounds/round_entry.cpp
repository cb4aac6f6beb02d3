#include "events/round_entry.hpp"

#include <algorithm>
#include <ctime>
#include <map>

#include "common/api_error.hpp"
#include "events/paired.hpp"
#include "text/names.hpp"

namespace chess960::server {

namespace {

// The round entered must be the next, after the last is revealed, in an open event.
int next_round(const StoredEvent& stored, const AddRoundRequest& request) {
    const EventRow& e = stored.event;
    if (e.closed_at)
        throw ApiError{409, "the event is closed: it takes no more rounds", 0, "event_closed"};
    const int next = int(stored.rounds.size()) + 1;
    if (next > e.rounds)
        throw ApiError{
            409,
            "all " + std::to_string(e.rounds) + " rounds of the event are entered already",
            0,
            "all_rounds_entered",
            {{"rounds", e.rounds}}};
    if (request.round && *request.round != next)
        throw ApiError{
            409,
            "the next round is " + std::to_string(next) + ", not " + std::to_string(*request.round),
            0,
            "wrong_round",
            {{"next", next}, {"round", *request.round}}};
    if (!stored.rounds.empty() && !stored.rounds.back().revealed())
        throw ApiError{409,
                       round_text(next - 1) + " is not revealed yet (at " +
                           utc_text(stored.rounds.back().reveal_at) + "): enter round " +
                           std::to_string(next) + " after it",
                       0,
                       "round_not_revealed",
                       {{"round", next - 1}, {"at", utc_text(stored.rounds.back().reveal_at)}}};
    return next;
}

}  // namespace

std::string round_text(int round) { return "round " + std::to_string(round); }

std::string utc_text(Millis at) {
    const std::time_t seconds = std::time_t(at / 1000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &utc);
    return text;
}

EventRoundRow check_round_entry(const StoredEvent& stored, const AddRoundRequest& request,
                                Millis now) {
    const int next = next_round(stored, request);
    const Millis reveal_at = std::max(now, request.reveal_at.value_or(now));
    if (reveal_at > now + kMaxRevealDelay)
        throw ApiError{400,
                       "field 'revealAt' is more than 30 days ahead (" + utc_text(reveal_at) + ")",
                       0,
                       "reveal_too_late",
                       {{"at", utc_text(reveal_at)}}};
    const Millis start_at = request.start_at.value_or(reveal_at);
    if (start_at < reveal_at)
        throw ApiError{400,
                       "field 'startAt' is before the reveal (" + utc_text(start_at) + " < " +
                           utc_text(reveal_at) + "): the games start at or after it",
                       0, "start_before_reveal"};
    if (start_at > reveal_at + kMaxStartDelay)
        throw ApiError{400, "field 'startAt' is more than a day after the reveal", 0,
                       "start_too_late"};
    if (!is_paired(stored.event) && request.pairings.empty())
        throw ApiError{400,
                       "field 'pairings' must list the round's games: [{\"white\": NAME, "
                       "\"black\": NAME}, ...]",
                       0,
                       "invalid_field",
                       {{"field", "pairings"}}};
    EventRoundRow round;
    round.round = next;
    round.entropy = request.entropy;
    round.reveal_at = reveal_at;
    round.start_at = start_at;
    round.created_at = now;
    return round;
}

std::vector<Pairing> names_as_entered(const StoredEvent& stored,
                                      const std::vector<Pairing>& pairings) {
    std::map<std::string, std::string> players;  // by skeleton, as first entered
    for (const EventRoundRow& earlier : stored.rounds)
        for (const EventBoardRow& b : earlier.boards)
            for (const std::string* name : {&b.white_name, &b.black_name})
                players.emplace(text::name_skeleton(*name), *name);
    std::size_t newcomers = 0;
    for (const Pairing& p : pairings)
        for (const std::string* name : {&p.white, &p.black})
            newcomers += !players.contains(text::name_skeleton(*name));
    if (players.size() + newcomers > kMaxEventPlayers)
        throw ApiError{400,
                       "an event has at most " + std::to_string(kMaxEventPlayers) +
                           " players: this round would bring it to " +
                           std::to_string(players.size() + newcomers),
                       0,
                       "too_many_players",
                       {{"max", int(kMaxEventPlayers)}}};
    const auto as_entered = [&](const std::string& name) {
        const auto it = players.find(text::name_skeleton(name));
        return it == players.end() ? name : it->second;
    };
    std::vector<Pairing> named;
    for (const Pairing& p : pairings) named.push_back({as_entered(p.white), as_entered(p.black)});
    return named;
}

}  // namespace chess960::server
