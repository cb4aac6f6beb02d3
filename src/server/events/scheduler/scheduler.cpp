#include "events/scheduler.hpp"

#include <algorithm>
#include <vector>

#include "draw/commitment.hpp"
#include "events/derivation.hpp"

namespace chess960::server {

namespace {

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

}  // namespace

EventScheduler::EventScheduler(EventLedger& ledger, GameService& games)
    : ledger_(ledger), games_(games) {}

EventScheduler::~EventScheduler() { stop(); }

void EventScheduler::start() {
    {
        std::lock_guard lock(timer_mutex_);
        for (const PendingRound& pending : ledger_.store().pending_rounds())
            due_.emplace(pending.revealed ? pending.start_at : pending.reveal_at, pending.event_id);
    }
    timer_ = std::thread([this] { timer_loop(); });
}

void EventScheduler::stop() {
    {
        std::lock_guard lock(timer_mutex_);
        if (stopping_) return;
        stopping_ = true;
    }
    timer_wake_.notify_all();
    if (timer_.joinable()) timer_.join();
}

StoredEvent EventScheduler::advance(std::string_view id, Millis now) {
    StoredEvent stored = ledger_.load(id);
    const auto due = next_due(stored);
    if (!due || *due > now) return stored;

    auto lock = ledger_.lock();
    // A round whose games wait for the round before it: asked again every kDeferredStartRetry,
    // not at every request.
    if (auto it = deferred_until_.find(std::string(id)); it != deferred_until_.end()) {
        if (now < it->second && std::ranges::none_of(stored.rounds, [&](const EventRoundRow& r) {
                return !r.revealed() && now >= r.reveal_at;
            }))
            return stored;
        deferred_until_.erase(it);
    }
    stored = ledger_.load(id);  // as it is now that no other change is under way
    const std::string event_id = stored.event.id;
    bool advanced = false;
    bool waiting = false;
    for (std::size_t k = 0; k < stored.rounds.size(); ++k) {
        EventRoundRow& round = stored.rounds[k];
        if (!round.revealed() && now >= round.reveal_at) {
            reveal(stored, k, now);
            advanced = true;
        }
        // The rounds start in order, each once the games of the one before have ended (their
        // reveals are not held).
        if (!waiting && start_due(round, now)) {
            if (games_.event_games_in_play(event_id) > 0) {
                deferred_until_[event_id] = now + kDeferredStartRetry;
            } else {
                start_round(stored, round);
                ledger_.store().set_started(event_id, round.round, now);
                round.started_at = now;
                advanced = true;
            }
        }
        if (!round.started()) waiting = true;
    }
    if (advanced) {
        ledger_.changed(event_id);
        stored = ledger_.load(id);
    }
    return stored;
}

// The draw of rounds 1..k+1 from the secret: the earlier rounds' numbers matter without
// repeats, and recomputing them is what verification will do.
void EventScheduler::reveal(StoredEvent& stored, std::size_t k, Millis now) {
    const EventRow& e = stored.event;
    const auto secret = event::secret_from_hex(e.secret);
    if (!secret) throw StoreError("event " + e.id + ": the stored secret is not 64 hex digits");
    std::vector<std::string> entropies;
    for (std::size_t j = 0; j <= k; ++j) entropies.push_back(stored.rounds[j].entropy);
    const event::RoundDraw draw = event::draw_rounds(*secret, parameters_of(e), entropies).back();
    EventRoundRow& round = stored.rounds[k];
    ledger_.store().set_revealed(e.id, round.round, draw.white, draw.black, now);
    round.white_number = draw.white;
    round.black_number = draw.black;
    round.revealed_at = now;
}

// One game per board at the round's position, each under the id chosen when the round was
// entered: a start cut short (a failing store, a stop) is taken up again without a second game.
void EventScheduler::start_round(const StoredEvent& stored, const EventRoundRow& round) {
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

void EventScheduler::schedule(const StoredEvent& stored) {
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
void EventScheduler::timer_loop() {
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
                ledger_.log("event " + id + ": " + e.message);
                again = now_ms() + kRetryAfterFailure;
            }
        } catch (const std::exception& e) {
            ledger_.log("event " + id + ": " + e.what());
            again = now_ms() + kRetryAfterFailure;
        }
        lock.lock();
        if (again) due_.emplace(*again, id);
    }
}

}  // namespace chess960::server
