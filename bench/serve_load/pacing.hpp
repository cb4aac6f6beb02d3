// Pacing of the games scenarios: a fixed offered load (an open loop), so that latency is
// measured at a given rate of moves. In a closed loop, where each seat moves the instant it
// sees its turn, N games always have N moves outstanding, and by Little's law the latency is
// N / throughput whatever the server does; it measures capacity, not latency.
//
// Each game slot has its own schedule: with N slots offering R moves a second together, a
// move is due every N / R seconds in each slot (its two seats alternating), from a start phase
// spread over the first interval so that the slots do not move in step. A seat whose turn it is
// sends at max(due time, the moment it learns of its turn); a late move goes at once, and the
// schedule goes on from the due times (no drift) but never lags more than a few intervals
// behind (a game that stalled does not burst to catch up: older due times are skipped).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "latency.hpp"

namespace serve_load {

// The time between two moves of one game when `games` games offer `moves_per_second`
// together: games / moves_per_second seconds (at least a nanosecond).
Clock::duration move_interval(int games, double moves_per_second);

// The offsets of the first due times of `games` slots from the start: slot i at (i + u) / games
// of the interval, u uniform in [0, 1): spread evenly over one interval, with jitter.
std::vector<Clock::duration> start_phases(int games, Clock::duration interval,
                                          std::mt19937_64& random);

// The due times of one slot: first_due + k * interval, k = 0, 1, ... (computed from k, so
// rounding never accumulates). A default schedule is unpaced: every move is due at once.
class MoveSchedule {
  public:
    // How far behind its schedule a slot may fall: due times older than this many intervals
    // before now are skipped.
    static constexpr int kMaxLagIntervals = 3;

    MoveSchedule() = default;
    MoveSchedule(Clock::time_point first_due, Clock::duration interval);

    bool paced() const { return interval_.count() > 0; }
    Clock::duration interval() const { return interval_; }
    Clock::time_point first_due() const { return first_due_; }

    // The due time of the next move, for a seat that learns of its turn at `now`: due times
    // more than kMaxLagIntervals intervals before `now` are skipped first. Unpaced: `now`.
    Clock::time_point due(Clock::time_point now);
    // The next move was sent: the schedule moves on to the following due time.
    void sent() { ++next_; }

    std::int64_t moves_sent() const { return next_ - std::int64_t(skipped_); }
    std::uint64_t skipped() const { return skipped_; }

  private:
    Clock::time_point at(std::int64_t k) const { return first_due_ + k * interval_; }

    Clock::time_point first_due_{};
    Clock::duration interval_{0};
    std::int64_t next_ = 0;  // the index of the next due time
    std::uint64_t skipped_ = 0;
};

// What the schedules offered: their due times in each second of [start, start + seconds).
std::vector<std::uint64_t> offered_per_second(const std::vector<MoveSchedule>& schedules,
                                              Clock::time_point start, int seconds);

// The load is sustained when every second after the first achieved at least `share` of what
// was offered in it. Returns the first second (index) that did not, or -1.
inline constexpr double kSustainedShare = 0.99;
int first_unsustained_second(const std::vector<std::uint64_t>& offered,
                             const std::vector<std::uint64_t>& achieved,
                             double share = kSustainedShare);

}  // namespace serve_load
