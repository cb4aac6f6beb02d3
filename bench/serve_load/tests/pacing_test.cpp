#include "pacing.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

namespace serve_load {
namespace {

using namespace std::chrono_literals;

TEST(MoveInterval, IsGamesOverRate) {
    EXPECT_EQ(move_interval(1000, 10'000), Clock::duration(100ms));
    EXPECT_EQ(move_interval(1000, 3'000), Clock::duration(333'333'333ns));
    EXPECT_EQ(move_interval(1, 1), Clock::duration(1s));
    EXPECT_EQ(move_interval(1, 1e12), Clock::duration(1ns));  // never zero
}

TEST(StartPhases, SpreadOverOneIntervalOnePerSlice) {
    std::mt19937_64 random(7);
    const Clock::duration interval = 100ms;
    const auto phases = start_phases(1000, interval, random);
    ASSERT_EQ(phases.size(), 1000u);
    for (std::size_t i = 0; i < phases.size(); ++i) {
        // Slot i starts within its own thousandth of the interval.
        EXPECT_GE(phases[i], interval * std::int64_t(i) / 1000) << i;
        EXPECT_LT(phases[i], interval * std::int64_t(i + 1) / 1000) << i;
    }
    // Not all at the start of their slices: the jitter is there.
    const auto at_slice_start = std::count_if(phases.begin(), phases.end(), [&](auto p) {
        return p % (interval / 1000) == Clock::duration(0);
    });
    EXPECT_LT(at_slice_start, 10);
}

TEST(MoveSchedule, UnpacedMovesAreDueAtOnce) {
    MoveSchedule unpaced;
    const auto now = Clock::now();
    EXPECT_FALSE(unpaced.paced());
    EXPECT_EQ(unpaced.due(now), now);
    unpaced.sent();
    EXPECT_EQ(unpaced.due(now + 1s), now + 1s);
    EXPECT_EQ(unpaced.skipped(), 0u);
}

TEST(MoveSchedule, DueTimesAreEveryIntervalFromTheFirst) {
    const auto t0 = Clock::now();
    MoveSchedule s(t0 + 30ms, 100ms);
    // Learning early: the move waits for its due time.
    EXPECT_EQ(s.due(t0), t0 + 30ms);
    s.sent();
    EXPECT_EQ(s.due(t0 + 40ms), t0 + 130ms);
    s.sent();
    EXPECT_EQ(s.due(t0 + 135ms), t0 + 230ms);
    EXPECT_EQ(s.moves_sent(), 2);
}

// A move learnt late goes at once, and the next is still due on the original schedule: a late
// move does not shift the ones after it.
TEST(MoveSchedule, LateMovesDoNotDrift) {
    const auto t0 = Clock::now();
    MoveSchedule s(t0, 100ms);
    for (int k = 0; k < 1000; ++k) {
        // Every move learnt 150 ms after it was due (within the cap): due time unchanged.
        const auto learnt = t0 + k * 100ms + 150ms;
        EXPECT_EQ(s.due(learnt), t0 + k * 100ms) << k;
        s.sent();
    }
    EXPECT_EQ(s.skipped(), 0u);
    EXPECT_EQ(s.due(t0), t0 + 1000 * 100ms);
}

TEST(MoveSchedule, NoRoundingDriftOverManyMoves) {
    const auto t0 = Clock::now();
    const Clock::duration interval = move_interval(1000, 3'000);  // 333,333,333 ns
    MoveSchedule s(t0, interval);
    for (int k = 0; k < 100'000; ++k) s.sent();
    EXPECT_EQ(s.due(t0), t0 + 100'000 * interval);
}

// A game that stalled does not burst: due times more than kMaxLagIntervals behind are skipped,
// so after a stall of any length at most kMaxLagIntervals + 1 moves are overdue.
TEST(MoveSchedule, AStalledGameSkipsInsteadOfBursting) {
    const auto t0 = Clock::now();
    const Clock::duration interval = 100ms;
    MoveSchedule s(t0, interval);
    s.sent();                                // the move due at t0
    const auto after_stall = t0 + 10'050ms;  // learnt 10 s late
    const auto due = s.due(after_stall);
    EXPECT_GE(due, after_stall - MoveSchedule::kMaxLagIntervals * interval);
    EXPECT_LT(due, after_stall - (MoveSchedule::kMaxLagIntervals - 1) * interval);
    EXPECT_EQ(due, t0 + 9'800ms);  // the oldest due time within 3 intervals of 10.05 s
    EXPECT_EQ(s.skipped(), 97u);   // due times 0.1 s .. 9.7 s
    // Caught up by sending back to back: the overdue moves, then on schedule again.
    int overdue = 0;
    for (auto now = after_stall; s.due(now) <= now; now += 1ms) {
        s.sent();
        ++overdue;
    }
    EXPECT_EQ(overdue, 3);  // due at 9.8, 9.9 and 10.0 s; the next at 10.1 s
    EXPECT_LE(overdue, MoveSchedule::kMaxLagIntervals + 1);
    EXPECT_EQ(s.skipped(), 97u);
    EXPECT_EQ(s.moves_sent(), 1 + overdue);
}

TEST(MoveSchedule, WithinTheCapNothingIsSkipped) {
    const auto t0 = Clock::now();
    MoveSchedule s(t0, 100ms);
    EXPECT_EQ(s.due(t0 + 300ms), t0);  // exactly kMaxLagIntervals behind: kept
    EXPECT_EQ(s.skipped(), 0u);
    EXPECT_EQ(s.due(t0 + 300ms + 1ns), t0 + 100ms);
    EXPECT_EQ(s.skipped(), 1u);
}

TEST(OfferedPerSecond, CountsEveryDueTimeOnceInItsSecond) {
    std::mt19937_64 random(3);
    const auto t0 = Clock::now();
    const Clock::duration interval = move_interval(1000, 10'000);
    std::vector<MoveSchedule> schedules;
    for (auto phase : start_phases(1000, interval, random))
        schedules.emplace_back(t0 + phase, interval);
    const auto offered = offered_per_second(schedules, t0, 5);
    // 1,000 games, one move every 100 ms each, phases within the first interval: exactly ten
    // due times per game in every second.
    EXPECT_EQ(offered, std::vector<std::uint64_t>(5, 10'000));

    // Three moves a second from one game due at 0.5 s, 0.833 s, 1.167 s, ...
    std::vector<MoveSchedule> one{MoveSchedule(t0 + 500ms, move_interval(1, 3))};
    EXPECT_EQ(offered_per_second(one, t0, 3), (std::vector<std::uint64_t>{2, 3, 3}));
    // Unpaced schedules offer nothing countable.
    EXPECT_EQ(offered_per_second(std::vector<MoveSchedule>(3), t0, 2),
              (std::vector<std::uint64_t>{0, 0}));
}

TEST(Sustained, EverySecondAfterTheFirstAtLeast99Percent) {
    const std::vector<std::uint64_t> offered{10'000, 10'000, 10'000, 10'000};
    EXPECT_EQ(first_unsustained_second(offered, {9'000, 9'900, 10'050, 9'950}), -1);
    EXPECT_EQ(first_unsustained_second(offered, {10'000, 9'900, 9'899, 10'000}), 2);
    // (Not {10'000, 10'000, 10'000, 0}: GCC 12.2's SLP vectorizer at -O2 -march=native built
    // that temporary from the four 10'000s of `offered`, and the test failed.)
    EXPECT_EQ(first_unsustained_second(offered, {10'020, 9'990, 10'010, 0}), 3);
    // A run that counted fewer seconds than were offered did not sustain the rest.
    EXPECT_EQ(first_unsustained_second(offered, {10'000, 10'000}), 2);
}

}  // namespace
}  // namespace serve_load
