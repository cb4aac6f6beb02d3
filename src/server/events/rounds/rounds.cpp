#include "events/rounds.hpp"

#include <map>

#include "draw/commitment.hpp"
#include "events/derivation.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

namespace {

// A board of round `round` with its players' seat tokens' hashes and the id its game will
// have.
EventBoardRow seated_board(EventBoardRow board, std::string_view token, const std::string& event_id,
                           int round) {
    board.white_token_hash =
        sha256_hex(event_seat_token(token, event_id, round, board.board, White));
    board.black_token_hash =
        sha256_hex(event_seat_token(token, event_id, round, board.board, Black));
    board.game_id = random_hex(8);
    return board;
}

}  // namespace

EventRounds::EventRounds(EventLedger& ledger, EventScheduler& scheduler, EventViews& views,
                         RoundProposals& proposals, GameService& games, EventRates rates)
    : ledger_(ledger),
      scheduler_(scheduler),
      views_(views),
      proposals_(proposals),
      games_(games),
      rates_(rates) {}

void EventRounds::take_token(const std::string& kind, const std::string& client,
                             double rate_per_second, double burst, const std::string& what) {
    if (int wait = games_.take_token(kind, client, rate_per_second, burst))
        throw ApiError{
            429,
            "too many " + what + " from your address: try again in " + std::to_string(wait) + " s",
            wait,
            "rate_limited",
            {{"seconds", wait}}};
}

CreatedEvent EventRounds::create(const CreateEventRequest& request, const std::string& client) {
    const Millis now = now_ms();
    // Events and rounds share one bucket per client (each round may create hundreds of games).
    take_token("events", client, rates_.events_per_minute / 60.0, rates_.events_burst,
               "events and rounds");
    take_token("event-creations", client, rates_.creations_per_hour / 3600.0,
               rates_.creations_burst, "events created");
    const event::Secret secret = event::new_secret();
    const std::string token = random_hex(16);
    EventRow row;
    row.id = random_hex(8);
    row.name = request.parameters.name;
    row.rounds = request.parameters.rounds;
    row.excluded = request.parameters.excluded;
    row.allow_repeats = request.parameters.allow_repeats;
    row.double960 = request.parameters.double960;
    if (request.clock) {
        row.clock_initial_ms = request.clock->initial;
        row.clock_increment_ms = request.clock->increment;
    }
    row.secret = event::to_hex(secret);
    row.commitment = event::commitment_of(secret);
    row.organiser_token_hash = sha256_hex(token);
    row.created_at = now;
    row.kind = request.kind;
    row.tiebreaks = request.tiebreaks;
    ledger_.store().insert_event(row);
    return CreatedEvent{row.id, token,
                        views_.snapshot(StoredEvent{row, {}, {}, {}, {}}, now, token)};
}

// Validate, pair, store, schedule: the round is checked (round_entry.hpp) and paired (a paired
// event's by the engine or the organiser, proposals.hpp; a typed event's as entered) under the
// ledger's lock, stored, and then revealed and started when due (scheduler.hpp).
EventView EventRounds::add(std::string_view id, std::string_view token,
                           const AddRoundRequest& request, const std::string& client) {
    require_organiser(ledger_.load(id), token);
    take_token("events", client, rates_.events_per_minute / 60.0, rates_.events_burst,
               "events and rounds");
    std::vector<PairingIssue> issues;
    {
        auto lock = ledger_.lock();
        const StoredEvent stored = ledger_.load(id);
        EventRoundRow round = check_round_entry(stored, request, now_ms());
        std::optional<PairedRound> paired;
        if (is_paired(stored.event)) paired = proposals_.for_round(stored, request, round.round);
        const std::vector<Pairing> named = names_as_entered(stored, request.pairings);
        store_round(stored, token, std::move(round), paired ? &*paired : nullptr, named);
        if (paired) issues = std::move(paired->issues);
    }
    ledger_.changed(std::string(id));
    const StoredEvent stored = scheduler_.advance(id, now_ms());
    scheduler_.schedule(stored);
    EventView view = views_.snapshot(stored, now_ms(), std::string(token));
    view.issues = std::move(issues);
    return view;
}

void EventRounds::store_round(const StoredEvent& stored, std::string_view token,
                              EventRoundRow round, const PairedRound* paired,
                              const std::vector<Pairing>& named) {
    const std::string& event_id = stored.event.id;
    std::vector<EventByeRow> byes;
    if (paired) {
        std::map<int, std::string> names;
        for (const EventPlayerRow& p : stored.players) names[p.number] = p.name;
        const std::vector<pairing::Pair>& pairs = paired->pairing.pairs;
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            EventBoardRow b;
            b.board = int(i) + 1;
            b.white_name = names[pairs[i].white];
            b.black_name = names[pairs[i].black];
            b.white_number = pairs[i].white;
            b.black_number = pairs[i].black;
            round.boards.push_back(seated_board(std::move(b), token, event_id, round.round));
        }
        if (paired->pairing.bye)
            byes.push_back(EventByeRow{round.round, paired->pairing.bye, 'U', round.created_at});
    } else {
        for (std::size_t i = 0; i < named.size(); ++i) {
            EventBoardRow b;
            b.board = int(i) + 1;
            b.white_name = named[i].white;
            b.black_name = named[i].black;
            round.boards.push_back(seated_board(std::move(b), token, event_id, round.round));
        }
    }
    ledger_.store().insert_round(event_id, round, byes);
}

EventView EventRounds::reveal_now(std::string_view id, std::string_view token, int round) {
    {
        auto lock = ledger_.lock();
        const StoredEvent stored = ledger_.load(id);
        require_organiser(stored, token);
        if (round < 1 || round > int(stored.rounds.size()))
            throw ApiError{404,
                           round_text(round) + " is not entered (the event has " +
                               std::to_string(stored.rounds.size()) + " rounds so far)",
                           0,
                           "unknown_round",
                           {{"round", std::to_string(round)}}};
        const EventRoundRow& r = stored.rounds[std::size_t(round - 1)];
        if (r.revealed())
            throw ApiError{409,
                           round_text(round) + " is revealed already",
                           0,
                           "round_revealed",
                           {{"round", round}}};
        const Millis now = now_ms();
        // The games keep their delay after the reveal.
        ledger_.store().move_reveal(stored.event.id, round, now, now + (r.start_at - r.reveal_at));
    }
    ledger_.changed(std::string(id));
    const StoredEvent stored = scheduler_.advance(id, now_ms());
    scheduler_.schedule(stored);
    return views_.snapshot(stored, now_ms(), std::string(token));
}

EventView EventRounds::close(std::string_view id, std::string_view token) {
    require_organiser(scheduler_.advance(id, now_ms()), token);
    {
        auto lock = ledger_.lock();
        const StoredEvent stored = ledger_.load(id);
        if (stored.event.closed_at)
            throw ApiError{409, "the event is closed already", 0, "event_closed"};
        for (const EventRoundRow& r : stored.rounds)
            if (!r.revealed())
                throw ApiError{409,
                               round_text(r.round) + " is not revealed yet (at " +
                                   utc_text(r.reveal_at) +
                                   "): the secret would give its position away",
                               0,
                               "round_not_revealed",
                               {{"round", r.round}, {"at", utc_text(r.reveal_at)}}};
        ledger_.store().set_closed(stored.event.id, now_ms());
    }
    ledger_.changed(std::string(id));
    const Millis now = now_ms();
    return views_.snapshot(scheduler_.advance(id, now), now, std::nullopt);
}

}  // namespace chess960::server
