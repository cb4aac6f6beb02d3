// What happens to an event without anyone asking: each round is revealed at its time (its
// position drawn from the event's secret only then) and its games are started at its start,
// once the games of the round before have ended. A timer thread does it when nobody asks, and
// every reader of an event first advances it (advance), so that nobody sees a round late.
#pragma once

#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "events/ledger.hpp"
#include "games/service.hpp"

namespace chess960::server {

// While a round waits for the games of the round before it to end, how often its start is
// tried again.
inline constexpr Millis kDeferredStartRetry = 2000;

class EventScheduler {
  public:
    EventScheduler(EventLedger& ledger, GameService& games);
    ~EventScheduler();
    EventScheduler(const EventScheduler&) = delete;
    EventScheduler& operator=(const EventScheduler&) = delete;

    // Queues the rounds of the store that are still to reveal or start, and starts the timer.
    void start();
    void stop();

    // Reveals and starts the event's rounds that are due at `now` (under the ledger's lock),
    // then reads the event as it stands. A round's games start only once no game of the event
    // is in play (one round at a time: an event's games in play are one round's at most).
    // ApiError 404 for no such event.
    StoredEvent advance(std::string_view id, Millis now);
    // Wakes the timer for the event's next reveal or start (a round entered or moved).
    void schedule(const StoredEvent& event);

  private:
    // Draws round `k` (0-based) from the secret and stores it revealed at `now`.
    void reveal(StoredEvent& event, std::size_t k, Millis now);
    // One game per board at the round's position.
    void start_round(const StoredEvent& event, const EventRoundRow& round);
    void timer_loop();

    EventLedger& ledger_;
    GameService& games_;
    // Events whose next round's games wait for the round before it, until when (under the
    // ledger's lock).
    std::unordered_map<std::string, Millis> deferred_until_;

    std::mutex timer_mutex_;
    std::condition_variable timer_wake_;
    std::multimap<Millis, std::string> due_;  // event ids by the time something is due
    bool stopping_ = false;
    std::thread timer_;
};

}  // namespace chess960::server
