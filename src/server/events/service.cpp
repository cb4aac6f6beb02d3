#include "events/service.hpp"

#include <algorithm>

#include "event/commitment.hpp"
#include "games/words.hpp"
#include "store/secrets.hpp"
#include "text/names.hpp"

namespace chess960::server {

namespace {

// Event ids are 16 hex digits; anything else is no event (and no database query).
bool plausible_id(std::string_view id) {
    return id.size() == 16 && std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

// A timer that cannot reach the store tries again this much later.
constexpr Millis kRetryAfterFailure = 5'000;

std::optional<Millis> next_due(const StoredEvent& stored) {
    for (const EventRoundRow& r : stored.rounds) {
        if (!r.revealed()) return r.reveal_at;
        if (!r.started()) return r.start_at;
    }
    return std::nullopt;
}

// Whether a round is due to start at `now` (and may wait for the round before it to end).
bool start_due(const EventRoundRow& r, Millis now) {
    return r.revealed() && !r.started() && now >= r.start_at;
}

std::string round_text(int round) { return "round " + std::to_string(round); }

// "2025-01-31 18:00:00 UTC", for messages about a round's times.
std::string utc_text(Millis at) {
    const std::time_t seconds = std::time_t(at / 1000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S UTC", &utc);
    return text;
}

}  // namespace

event::Parameters parameters_of(const EventRow& e) {
    return event::Parameters{e.name, e.rounds, e.excluded, e.allow_repeats, e.double960};
}

event::Verification verify_event(const StoredEvent& stored) {
    const EventRow& e = stored.event;
    const auto secret = event::secret_from_hex(e.secret);
    if (!secret) throw StoreError("event " + e.id + ": the stored secret is not 64 hex digits");
    std::vector<std::string> entropies;
    std::map<int, event::RoundDraw> played;
    for (const EventRoundRow& r : stored.rounds) {
        entropies.push_back(r.entropy);
        if (r.revealed() && r.white_number)
            played[r.round] = {r.round, *r.white_number, r.black_number.value_or(*r.white_number)};
    }
    return event::verify(e.commitment, *secret, parameters_of(e), entropies, played);
}

std::string event_seat_token(std::string_view organiser_token, std::string_view event_id, int round,
                             int board, Color color) {
    std::string message = "chess960-event-seat-v1";
    for (const std::string& part : {std::string(event_id), std::to_string(round),
                                    std::to_string(board), std::string(color_name(color))}) {
        message.push_back('\0');
        message += part;
    }
    return hmac_sha256_hex(organiser_token, message).substr(0, 32);
}

EventService::EventService(EventStore& store, GameService& games, EventServiceOptions options)
    : store_(store), games_(games), options_(std::move(options)) {
    games_.set_on_event_game_over([this](const std::string& id) { changed(id); });
    games_.set_event_seat(
        [this](const std::string& event_id, const std::string& game_id, std::string_view token) {
            return player_seat(event_id, game_id, token);
        });
    games_.set_event_origin([this](const std::string& event_id, const std::string& game_id) {
        return game_origin(event_id, game_id);
    });
    for (const PendingRound& pending : store_.pending_rounds())
        due_.emplace(pending.revealed ? pending.start_at : pending.reveal_at, pending.event_id);
    timer_ = std::thread([this] { timer_loop(); });
}

EventService::~EventService() { stop(); }

void EventService::stop() {
    {
        std::lock_guard lock(timer_mutex_);
        if (stopping_) return;
        stopping_ = true;
    }
    timer_wake_.notify_all();
    if (timer_.joinable()) timer_.join();
}

void EventService::log(const std::string& line) {
    if (options_.log) options_.log(line);
}

void EventService::changed(const std::string& id) {
    if (options_.on_changed) options_.on_changed(id);
}

bool EventService::is_event_id(std::string_view id) { return plausible_id(id); }

// --- Reading and advancing an event ---------------------------------------------------------

StoredEvent EventService::load(std::string_view id) {
    if (!plausible_id(id))
        throw ApiError{404,
                       "unknown event '" + quote(id, 32) + "'",
                       0,
                       "unknown_event",
                       {{"id", quote(id, 32)}}};
    auto stored = store_.load_event(std::string(id));
    if (!stored)
        throw ApiError{404,
                       "unknown event '" + quote(id, 32) + "'",
                       0,
                       "unknown_event",
                       {{"id", quote(id, 32)}}};
    return std::move(*stored);
}

StoredEvent EventService::advance(std::string_view id, Millis now) {
    StoredEvent stored = load(id);
    const auto due = next_due(stored);
    if (!due || *due > now) return stored;

    std::lock_guard lock(mutex_);
    // A round whose games wait for the round before it: asked again every kDeferredStartRetry,
    // not at every request.
    if (auto it = deferred_until_.find(std::string(id)); it != deferred_until_.end()) {
        if (now < it->second && std::ranges::none_of(stored.rounds, [&](const EventRoundRow& r) {
                return !r.revealed() && now >= r.reveal_at;
            }))
            return stored;
        deferred_until_.erase(it);
    }
    stored = load(id);  // as it is now that no other change is under way
    const EventRow& e = stored.event;
    bool advanced = false;
    bool waiting = false;
    for (std::size_t k = 0; k < stored.rounds.size(); ++k) {
        EventRoundRow& round = stored.rounds[k];
        if (!round.revealed() && now >= round.reveal_at) {
            // The draw of rounds 1..k+1 from the secret: the earlier rounds' numbers matter
            // without repeats, and recomputing them is what verification will do.
            const auto secret = event::secret_from_hex(e.secret);
            if (!secret)
                throw StoreError("event " + e.id + ": the stored secret is not 64 hex digits");
            std::vector<std::string> entropies;
            for (std::size_t j = 0; j <= k; ++j) entropies.push_back(stored.rounds[j].entropy);
            const event::RoundDraw draw =
                event::draw_rounds(*secret, parameters_of(e), entropies).back();
            store_.set_revealed(e.id, round.round, draw.white, draw.black, now);
            round.white_number = draw.white;
            round.black_number = draw.black;
            round.revealed_at = now;
            advanced = true;
        }
        // The rounds start in order, each once the games of the one before have ended (their
        // reveals are not held).
        if (!waiting && start_due(round, now)) {
            if (games_.event_games_in_play(e.id) > 0) {
                deferred_until_[e.id] = now + kDeferredStartRetry;
            } else {
                start_round(stored, round);
                store_.set_started(e.id, round.round, now);
                round.started_at = now;
                advanced = true;
            }
        }
        if (!round.started()) waiting = true;
    }
    if (advanced) {
        changed(e.id);
        stored = load(id);
    }
    return stored;
}

// One game per board at the round's position, each under the id chosen when the round was
// entered: a start cut short (a failing store, a stop) is taken up again without a second game.
void EventService::start_round(const StoredEvent& stored, const EventRoundRow& round) {
    const EventRow& e = stored.event;
    std::optional<TimeControl> clock;
    if (e.clock_initial_ms)
        clock = TimeControl{*e.clock_initial_ms, e.clock_increment_ms.value_or(0)};
    for (const EventBoardRow& board : round.boards) {
        if (games_.lookup(board.game_id)) continue;
        games_.create_seated(
            SeatedGame{board.game_id, e.id, *round.white_number,
                       round.black_number.value_or(*round.white_number), clock,
                       board.white_token_hash, board.black_token_hash,
                       GameOrigin{.event = GameOrigin::Event{e.id, e.name, round.round}}});
    }
}

std::optional<GameOrigin::Event> EventService::game_origin(const std::string& event_id,
                                                           const std::string& game_id) {
    const auto stored = store_.load_event(event_id);
    if (!stored) return std::nullopt;
    for (const EventRoundRow& round : stored->rounds)
        for (const EventBoardRow& board : round.boards)
            if (board.game_id == game_id)
                return GameOrigin::Event{stored->event.id, stored->event.name, round.round};
    return std::nullopt;
}

void EventService::require_organiser(const StoredEvent& stored, std::string_view token) {
    if (token.empty())
        throw ApiError{401,
                       "this needs the event's organiser token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    if (!token_matches(token, stored.event.organiser_token_hash))
        throw ApiError{403, "the token is not this event's organiser token", 0, "wrong_token"};
}

EventView EventService::snapshot(const StoredEvent& stored, Millis now,
                                 std::optional<std::string> token) {
    EventView view{stored, {}, {}, now, std::nullopt, std::move(token), {}, {}, {}, {}};
    for (const EventRoundRow& round : stored.rounds) {
        if (!round.started()) continue;
        for (const EventBoardRow& board : round.boards) {
            if (auto game = games_.lookup(board.game_id))
                view.games.emplace(board.game_id, games_.state(*game));
            else
                log("event " + stored.event.id + ": game " + board.game_id + " not found");
        }
    }
    std::vector<ScoredGame> scored;
    for (const EventRoundRow& round : stored.rounds)
        for (const EventBoardRow& board : round.boards) {
            std::string result = "*";
            if (round.started())
                if (auto it = view.games.find(board.game_id); it != view.games.end())
                    result = result_string(it->second.outcome.result);
            scored.push_back(ScoredGame{board.white_name, board.black_name, result});
        }
    view.standings = standings(scored);
    if (is_paired(stored.event)) {
        view.results = board_results(stored, &view.result_sources);
        view.paired_standings = paired_standings(stored, view.results);
    }
    if (stored.event.closed_at) {
        std::vector<event::DrawnRound> drawn;
        for (const EventRoundRow& r : stored.rounds)
            if (r.revealed() && r.white_number)
                drawn.push_back(
                    {{r.round, *r.white_number, r.black_number.value_or(*r.white_number)},
                     r.entropy});
        view.verified = Verified{verify_event(stored),
                                 event::verify_command(stored.event.commitment,
                                                       *event::secret_from_hex(stored.event.secret),
                                                       parameters_of(stored.event), drawn)};
    }
    return view;
}

void EventService::schedule(const StoredEvent& stored) {
    const auto due = next_due(stored);
    if (!due) return;
    {
        std::lock_guard lock(timer_mutex_);
        due_.emplace(*due, stored.event.id);
    }
    timer_wake_.notify_all();
}

// Reveals and starts rounds when they are due even when nobody is asking (a request made at
// or after a round's time advances its event itself, so nobody sees a round late).
void EventService::timer_loop() {
    std::unique_lock lock(timer_mutex_);
    while (!stopping_) {
        if (due_.empty()) {
            timer_wake_.wait(lock);
            continue;
        }
        const auto [when, id] = *due_.begin();
        const Millis now = now_ms();
        if (when > now) {
            timer_wake_.wait_for(lock,
                                 std::chrono::milliseconds(std::min<Millis>(when - now, 60'000)));
            continue;
        }
        due_.erase(due_.begin());
        lock.unlock();
        std::optional<Millis> again;
        try {
            const StoredEvent stored = advance(id, now);
            again = next_due(stored);
            // A round due to start that waits for the round before it to end.
            if (again && *again <= now) again = now + kDeferredStartRetry;
        } catch (const ApiError& e) {
            if (e.status != 404) {
                log("event " + id + ": " + e.message);
                again = now_ms() + kRetryAfterFailure;
            }
        } catch (const std::exception& e) {
            log("event " + id + ": " + e.what());
            again = now_ms() + kRetryAfterFailure;
        }
        lock.lock();
        if (again) due_.emplace(*again, id);
    }
}

// --- The API's calls ---------------------------------------------------------------------------

// Events and rounds share one bucket per client (each round may create hundreds of games).
void EventService::take_event_token(const std::string& client) {
    if (int wait = games_.take_token("events", client, options_.events_per_minute / 60.0,
                                     options_.events_burst))
        throw ApiError{429,
                       "too many events and rounds from your address: try again in " +
                           std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
}

CreatedEvent EventService::create(const CreateEventRequest& request, const std::string& client) {
    const Millis now = now_ms();
    take_event_token(client);
    if (int wait =
            games_.take_token("event-creations", client, options_.creations_per_hour / 3600.0,
                              options_.creations_burst))
        throw ApiError{429,
                       "too many events created from your address: try again in " +
                           std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
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
    store_.insert_event(row);
    return CreatedEvent{row.id, token, snapshot(StoredEvent{row, {}, {}, {}, {}}, now, token)};
}

EventView EventService::view(std::string_view id) {
    const Millis now = now_ms();
    return snapshot(advance(id, now), now, std::nullopt);
}

EventView EventService::organiser_view(std::string_view id, std::string_view token) {
    const Millis now = now_ms();
    StoredEvent stored = advance(id, now);
    require_organiser(stored, token);
    return snapshot(stored, now, std::string(token));
}

EventView EventService::add_round(std::string_view id, std::string_view token,
                                  const AddRoundRequest& request, const std::string& client) {
    Millis now = now_ms();
    {
        StoredEvent stored = load(id);
        require_organiser(stored, token);
    }
    take_event_token(client);
    std::vector<PairingIssue> issues;
    {
        std::lock_guard lock(mutex_);
        StoredEvent stored = load(id);
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
            throw ApiError{409,
                           "the next round is " + std::to_string(next) + ", not " +
                               std::to_string(*request.round),
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
        now = now_ms();
        const Millis reveal_at = std::max(now, request.reveal_at.value_or(now));
        if (reveal_at > now + kMaxRevealDelay)
            throw ApiError{
                400,
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

        // A paired event's round: the engine's pairing, or the organiser's change of it, of
        // the players to pair once every game of the round before has a result.
        std::optional<ProposedPairing> paired;
        if (is_paired(e)) {
            const BoardResults results = board_results(stored);
            if (completed_rounds(stored, results) < int(stored.rounds.size()))
                throw ApiError{409,
                               round_text(next - 1) +
                                   " has games without a result: the next round is paired "
                                   "from the results",
                               0,
                               "round_unfinished",
                               {{"round", next - 1}}};
            auto engine = proposal_for(stored, results);
            if (request.numbered.empty()) {
                if (!engine) throw ApiError{409, "no pairing: " + engine.error(), 0, "no_pairing"};
                paired = *engine;
            } else {
                ProposedPairing changed{next, {}, request.bye};
                for (const NumberedPairing& n : request.numbered)
                    changed.pairs.push_back({n.white, n.black});
                paired = std::move(changed);
            }
            if (std::string problem = pairing_problem(stored, *paired); !problem.empty())
                throw ApiError{400, "the pairing: " + problem, 0, "invalid_pairing"};
            issues =
                pairing_issues(stored, results, *paired,
                               engine ? std::optional<ProposedPairing>(*engine) : std::nullopt);
        } else if (request.pairings.empty()) {
            throw ApiError{400,
                           "field 'pairings' must list the round's games: [{\"white\": NAME, "
                           "\"black\": NAME}, ...]",
                           0,
                           "invalid_field",
                           {{"field", "pairings"}}};
        }

        EventRoundRow round;
        round.round = next;
        round.entropy = request.entropy;
        round.reveal_at = reveal_at;
        round.start_at = start_at;
        round.created_at = now;
        // A name that looks like a player's of an earlier round (the same confusable skeleton:
        // a Cyrillic "А" for a Latin "A") is that player, spelled as first entered.
        std::map<std::string, std::string> players;
        for (const EventRoundRow& earlier : stored.rounds)
            for (const EventBoardRow& b : earlier.boards)
                for (const std::string* name : {&b.white_name, &b.black_name})
                    players.emplace(text::name_skeleton(*name), *name);
        auto as_entered = [&](const std::string& name) {
            const auto it = players.find(text::name_skeleton(name));
            return it == players.end() ? name : it->second;
        };
        std::size_t newcomers = 0;
        for (const Pairing& p : request.pairings)
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
        std::vector<EventByeRow> byes;
        if (paired) {
            std::map<int, std::string> names;
            for (const EventPlayerRow& p : stored.players) names[p.number] = p.name;
            for (std::size_t i = 0; i < paired->pairs.size(); ++i) {
                const int board = int(i) + 1;
                const pairing::Pair& pair = paired->pairs[i];
                EventBoardRow b;
                b.board = board;
                b.white_name = names[pair.white];
                b.black_name = names[pair.black];
                b.white_number = pair.white;
                b.black_number = pair.black;
                b.white_token_hash = sha256_hex(event_seat_token(token, e.id, next, board, White));
                b.black_token_hash = sha256_hex(event_seat_token(token, e.id, next, board, Black));
                b.game_id = random_hex(8);
                round.boards.push_back(std::move(b));
            }
            if (paired->bye) byes.push_back(EventByeRow{next, paired->bye, 'U', now});
        }
        for (std::size_t i = 0; !paired && i < request.pairings.size(); ++i) {
            const int board = int(i) + 1;
            EventBoardRow b;
            b.board = board;
            b.white_name = as_entered(request.pairings[i].white);
            b.black_name = as_entered(request.pairings[i].black);
            b.white_token_hash = sha256_hex(event_seat_token(token, e.id, next, board, White));
            b.black_token_hash = sha256_hex(event_seat_token(token, e.id, next, board, Black));
            b.game_id = random_hex(8);
            round.boards.push_back(std::move(b));
        }
        store_.insert_round(e.id, round, byes);
    }
    changed(std::string(id));
    StoredEvent stored = advance(id, now_ms());
    schedule(stored);
    EventView view = snapshot(stored, now_ms(), std::string(token));
    view.issues = std::move(issues);
    return view;
}

EventView EventService::reveal_now(std::string_view id, std::string_view token, int round) {
    {
        std::lock_guard lock(mutex_);
        StoredEvent stored = load(id);
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
        store_.move_reveal(stored.event.id, round, now, now + (r.start_at - r.reveal_at));
    }
    changed(std::string(id));
    StoredEvent stored = advance(id, now_ms());
    schedule(stored);
    return snapshot(stored, now_ms(), std::string(token));
}

EventView EventService::close(std::string_view id, std::string_view token) {
    {
        StoredEvent stored = advance(id, now_ms());
        require_organiser(stored, token);
    }
    {
        std::lock_guard lock(mutex_);
        StoredEvent stored = load(id);
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
        store_.set_closed(stored.event.id, now_ms());
    }
    changed(std::string(id));
    const Millis now = now_ms();
    return snapshot(advance(id, now), now, std::nullopt);
}

std::vector<pgn::GameRecord> EventService::pgn(std::string_view id) {
    const StoredEvent stored = advance(id, now_ms());
    std::vector<pgn::GameRecord> records;
    for (const EventRoundRow& round : stored.rounds) {
        if (!round.started()) continue;
        for (const EventBoardRow& board : round.boards) {
            auto game = games_.lookup(board.game_id);
            if (!game) {
                log("event " + stored.event.id + ": game " + board.game_id + " not found");
                continue;
            }
            pgn::GameRecord record = games_.pgn_record(*game);
            if (record.result == GameResult::Ongoing) continue;  // in play, or aborted
            record.set_tag("Event", stored.event.name);
            record.set_tag("Site",
                           "chess960 serve, event " + stored.event.id + ", game " + board.game_id);
            record.set_tag("Round", std::to_string(round.round));
            record.set_tag("White", board.white_name);
            record.set_tag("Black", board.black_name);
            record.set_tag("Board", std::to_string(board.board));
            records.push_back(std::move(record));
        }
    }
    return records;
}

SeatView EventService::seat(std::string_view id, std::string_view token) {
    const Millis now = now_ms();
    const StoredEvent stored = advance(id, now);
    if (token.empty())
        throw ApiError{401, "this needs a player's seat token (Authorization: Bearer <token>)", 0,
                       "token_required"};
    for (const EventRoundRow& round : stored.rounds)
        for (const EventBoardRow& board : round.boards)
            for (Color color : {White, Black}) {
                const std::string& hash =
                    color == White ? board.white_token_hash : board.black_token_hash;
                if (!token_matches(token, hash)) continue;
                return SeatView{stored.event.id,
                                stored.event.name,
                                round.round,
                                board.board,
                                color,
                                color == White ? board.white_name : board.black_name,
                                color == White ? board.black_name : board.white_name,
                                round.reveal_at,
                                round.start_at,
                                round.revealed(),
                                round.started(),
                                round.started() ? board.game_id : std::string(),
                                now};
            }
    throw ApiError{403, "the token holds no seat in this event", 0, "wrong_token"};
}

}  // namespace chess960::server
