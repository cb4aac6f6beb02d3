// chess960::Clock: free first moves, Fischer increment only on one's own running time, flag fall
// at zero (Laws 6.9), stopping, resuming after a restart, and restoring a saved clock; for engine
// matches every move timed, moves per period (Laws 6.3) and a time per move. Times are
// milliseconds against a "now" the test chooses.
#include <gtest/gtest.h>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "chess960/clock.hpp"

using namespace chess960;

namespace {

// Names a table's cases after their `name` field.
struct CaseName {
    template <typename Case>
    std::string operator()(const ::testing::TestParamInfo<Case>& case_info) const {
        return case_info.param.name;
    }
};

constexpr TimeControl kThreePlusTwo{180'000, 2'000};

std::string color_text(std::optional<Color> c) {
    if (!c) return "none";
    return *c == White ? "white" : "black";
}

// --- Free first moves and the increment ------------------------------------------------------

TEST(Clock, StartsStoppedWithTheInitialTime) {
    Clock clock(kThreePlusTwo);
    EXPECT_EQ(clock.running(), std::nullopt);
    EXPECT_EQ(clock.remaining(White, 1'000'000), 180'000);
    EXPECT_EQ(clock.remaining(Black, 1'000'000), 180'000);
    EXPECT_EQ(clock.flag_time(), std::nullopt);
    EXPECT_EQ(clock.flagged(1'000'000'000), std::nullopt);
}

TEST(Clock, EachSidesFirstMoveIsFreeThenWhitesClockRuns) {
    Clock clock(kThreePlusTwo);
    clock.on_move(White, 1, 50'000);  // White thought 50 s: free
    EXPECT_EQ(clock.running(), std::nullopt);
    EXPECT_EQ(clock.stored(White), 180'000);  // and no increment
    clock.on_move(Black, 2, 120'000);         // Black thought 70 s: free too
    EXPECT_EQ(clock.stored(Black), 180'000);
    ASSERT_EQ(clock.running(), White);
    EXPECT_EQ(clock.turn_started_at(), 120'000);
    EXPECT_EQ(clock.remaining(White, 130'000), 170'000);
    EXPECT_EQ(clock.remaining(Black, 130'000), 180'000);
    // White's third ply: 10 s used, 2 s back.
    clock.on_move(White, 3, 130'000);
    EXPECT_EQ(clock.stored(White), 172'000);
    ASSERT_EQ(clock.running(), Black);
    EXPECT_EQ(clock.remaining(Black, 135'500), 174'500);
}

// One move on a clock in a given state: what it charges, what it adds, whose time runs next.
struct MoveCase {
    const char* name;
    std::optional<Color> running;  // before the move; the turn started at 10'000
    Color mover;
    int plies_played;  // after the move
    Millis now;
    Millis increment;
    Millis white_after, black_after;
    std::optional<Color> running_after;
};

void PrintTo(const MoveCase& c, std::ostream* os) { *os << c.name; }

class ClockMove : public ::testing::TestWithParam<MoveCase> {};

TEST_P(ClockMove, ChargesTheMoverAndAddsTheIncrementOnlyWithItsClockRunning) {
    const MoveCase& c = GetParam();
    Clock clock = Clock::restore({60'000, c.increment}, 60'000, 50'000, c.running, 10'000);
    clock.on_move(c.mover, c.plies_played, c.now);
    EXPECT_EQ(clock.stored(White), c.white_after);
    EXPECT_EQ(clock.stored(Black), c.black_after);
    EXPECT_EQ(color_text(clock.running()), color_text(c.running_after));
    if (c.running_after) {
        EXPECT_EQ(clock.turn_started_at(), c.now);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Table, ClockMove,
    ::testing::Values(
        // White's first move: nothing runs, nothing is charged, no increment.
        MoveCase{"WhiteFirstMove", std::nullopt, White, 1, 40'000, 1'000, 60'000, 50'000,
                 std::nullopt},
        // Black's first move: free, and now White's clock starts.
        MoveCase{"BlackFirstMove", std::nullopt, Black, 2, 40'000, 1'000, 60'000, 50'000, White},
        // A game set up with Black to move: Black's first move is ply 1, White's ply 2.
        MoveCase{"BlackMovesFirst", std::nullopt, Black, 1, 40'000, 1'000, 60'000, 50'000,
                 std::nullopt},
        MoveCase{"WhiteSecondFirstMove", std::nullopt, White, 2, 40'000, 1'000, 60'000, 50'000,
                 Black},
        // With its clock running the mover pays the time it used and earns the increment.
        MoveCase{"WhiteOnItsTime", White, White, 3, 15'000, 1'000, 56'000, 50'000, Black},
        MoveCase{"BlackOnItsTime", Black, Black, 4, 30'000, 1'000, 60'000, 31'000, White},
        MoveCase{"NoIncrement", White, White, 3, 15'000, 0, 55'000, 50'000, Black},
        // A move at the very start of the turn still earns the increment.
        MoveCase{"InstantMove", White, White, 9, 10'000, 3'000, 63'000, 50'000, Black},
        // Out of time at the move: the stored time is the increment, never below it.
        MoveCase{"MoveAfterZero", White, White, 5, 100'000, 2'000, 2'000, 50'000, Black}),
    CaseName());

// --- Flag fall (Laws 6.9) --------------------------------------------------------------------

struct FlagCase {
    const char* name;
    Millis elapsed;  // since the running turn started, with 5'000 left at its start
    Millis remaining;
    bool flagged;
};

void PrintTo(const FlagCase& c, std::ostream* os) { *os << c.name; }

class ClockFlag : public ::testing::TestWithParam<FlagCase> {};

TEST_P(ClockFlag, FallsAtExactlyZeroAndRemainingIsNeverNegative) {
    const FlagCase& c = GetParam();
    for (Color side : {White, Black}) {
        Clock clock = Clock::restore({60'000, 0}, 5'000, 5'000, side, 1'000);
        EXPECT_EQ(clock.remaining(side, 1'000 + c.elapsed), c.remaining);
        EXPECT_EQ(clock.remaining(~side, 1'000 + c.elapsed), 5'000) << "the other side's time";
        EXPECT_EQ(color_text(clock.flagged(1'000 + c.elapsed)),
                  color_text(c.flagged ? std::optional<Color>(side) : std::nullopt));
        ASSERT_TRUE(clock.flag_time().has_value());
        EXPECT_EQ(*clock.flag_time(), 6'000);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Table, ClockFlag,
    ::testing::Values(FlagCase{"AtTheStart", 0, 5'000, false},
                      FlagCase{"OneMillisecondLeft", 4'999, 1, false},
                      FlagCase{"ExactlyZero", 5'000, 0, true},
                      FlagCase{"OneMillisecondOver", 5'001, 0, true},
                      FlagCase{"LongAfter", 1'000'000, 0, true},
                      // A now before the turn started (the clock stepped back) charges nothing.
                      FlagCase{"BeforeTheTurnStarted", -500, 5'000, false}),
    CaseName());

TEST(Clock, FlagTimeMovesWithTheIncrement) {
    Clock clock = Clock::restore({60'000, 2'000}, 10'000, 20'000, White, 0);
    EXPECT_EQ(clock.flag_time(), 10'000);
    clock.on_move(White, 3, 4'000);  // 6'000 + 2'000 left for White; Black's turn from 4'000
    EXPECT_EQ(clock.stored(White), 8'000);
    EXPECT_EQ(clock.flag_time(), 24'000);
    EXPECT_EQ(clock.flagged(23'999), std::nullopt);
    EXPECT_EQ(clock.flagged(24'000), Black);
}

// --- Stop, resume, restore -------------------------------------------------------------------

TEST(Clock, StopChargesTheRunningSideAndFreezesBothTimes) {
    Clock clock = Clock::restore(kThreePlusTwo, 100'000, 90'000, Black, 50'000);
    clock.stop(62'000);
    EXPECT_EQ(clock.running(), std::nullopt);
    EXPECT_EQ(clock.flag_time(), std::nullopt);
    for (Millis later : {62'000, 100'000, 10'000'000}) {
        EXPECT_EQ(clock.remaining(White, later), 100'000);
        EXPECT_EQ(clock.remaining(Black, later), 78'000);
        EXPECT_EQ(clock.flagged(later), std::nullopt);
    }
    // Stopping again changes nothing.
    clock.stop(99'000);
    EXPECT_EQ(clock.remaining(Black, 99'000), 78'000);
}

TEST(Clock, StopAfterTheFlagFellKeepsZero) {
    Clock clock = Clock::restore(kThreePlusTwo, 1'000, 90'000, White, 0);
    clock.stop(5'000);
    EXPECT_EQ(clock.stored(White), 0);
    EXPECT_EQ(clock.remaining(White, 9'000), 0);
    EXPECT_EQ(clock.stored(Black), 90'000);
}

TEST(Clock, ResumeChargesTheDowntimeToNobody) {
    // Saved at the start of White's turn at 10'000; the server comes back at 500'000.
    Clock clock = Clock::restore(kThreePlusTwo, 30'000, 40'000, White, 10'000);
    clock.resume(500'000);
    EXPECT_EQ(clock.running(), White);
    EXPECT_EQ(clock.turn_started_at(), 500'000);
    EXPECT_EQ(clock.remaining(White, 500'000), 30'000);
    EXPECT_EQ(clock.remaining(White, 507'000), 23'000);
    EXPECT_EQ(clock.remaining(Black, 507'000), 40'000);
    EXPECT_EQ(clock.flag_time(), 530'000);
    // A stopped clock has nothing to resume.
    Clock stopped = Clock::restore(kThreePlusTwo, 30'000, 40'000, std::nullopt, 10'000);
    stopped.resume(500'000);
    EXPECT_EQ(stopped.running(), std::nullopt);
    EXPECT_EQ(stopped.turn_started_at(), 10'000);
    EXPECT_EQ(stopped.remaining(White, 600'000), 30'000);
}

TEST(Clock, RestoreRoundTripsEveryStateOfAGame) {
    Clock clock(kThreePlusTwo);
    const std::vector<Millis> move_times = {3'000, 9'000, 20'000, 26'500, 40'000, 41'000};
    Color mover = White;
    for (std::size_t i = 0; i < move_times.size(); ++i) {
        clock.on_move(mover, int(i) + 1, move_times[i]);
        mover = ~mover;
        const Clock saved =
            Clock::restore(clock.control(), clock.stored(White), clock.stored(Black),
                           clock.running(), clock.turn_started_at());
        EXPECT_EQ(saved.control().initial, kThreePlusTwo.initial);
        EXPECT_EQ(saved.control().increment, kThreePlusTwo.increment);
        EXPECT_EQ(color_text(saved.running()), color_text(clock.running()));
        EXPECT_EQ(saved.turn_started_at(), clock.turn_started_at());
        EXPECT_EQ(saved.flag_time(), clock.flag_time());
        for (Millis later : {move_times[i], move_times[i] + 1'234, move_times[i] + 500'000})
            for (Color side : {White, Black})
                EXPECT_EQ(saved.remaining(side, later), clock.remaining(side, later))
                    << "after ply " << i + 1 << " at " << later;
    }
    // White: free, then 11'000 used + 2'000, then 13'500 used + 2'000.
    EXPECT_EQ(clock.stored(White), 180'000 - 11'000 + 2'000 - 13'500 + 2'000);
    // Black: free, then 6'500 used + 2'000, then 1'000 used + 2'000; White's clock runs.
    EXPECT_EQ(clock.stored(Black), 180'000 - 6'500 + 2'000 - 1'000 + 2'000);
    EXPECT_EQ(clock.running(), White);
    EXPECT_EQ(clock.turn_started_at(), 41'000);
}

// --- Every move timed, moves per period, a time per move (an engine match) -------------------

TEST(Clock, StartTimesEveryMoveFromTheFirst) {
    Clock clock(kThreePlusTwo);
    clock.start(White, 0);
    ASSERT_EQ(clock.running(), White);
    EXPECT_EQ(clock.remaining(White, 10'000), 170'000);
    // The first move is charged and earns the increment; Black's clock runs at once.
    clock.on_move(White, 1, 10'000);
    EXPECT_EQ(clock.stored(White), 180'000 - 10'000 + 2'000);
    ASSERT_EQ(clock.running(), Black);
    EXPECT_EQ(clock.turn_started_at(), 10'000);
    // Black's first move too, and its flag can fall on it.
    EXPECT_EQ(clock.flagged(10'000 + 180'000), Black);
    clock.on_move(Black, 2, 15'000);
    EXPECT_EQ(clock.stored(Black), 180'000 - 5'000 + 2'000);
    EXPECT_EQ(clock.running(), White);
}

TEST(Clock, StartWithBlackToMove) {
    Clock clock(kThreePlusTwo);
    clock.start(Black, 1'000);
    EXPECT_EQ(clock.running(), Black);
    EXPECT_EQ(clock.remaining(Black, 4'000), 177'000);
    EXPECT_EQ(clock.remaining(White, 4'000), 180'000);
}

TEST(Clock, EachPeriodBringsItsTimeAndTheTimeSavedCarriesOver) {
    // 2 moves in 60 s (Laws 6.3.1); what a period leaves is kept (Laws 6.3.2).
    Clock clock(TimeControl{.initial = 60'000, .moves = 2});
    clock.start(White, 0);
    EXPECT_EQ(clock.moves_to_go(White), 2);
    EXPECT_EQ(clock.moves_to_go(Black), 2);
    clock.on_move(White, 1, 10'000);  // 10 s
    EXPECT_EQ(clock.stored(White), 50'000);
    EXPECT_EQ(clock.moves_to_go(White), 1);
    EXPECT_EQ(clock.moves_to_go(Black), 2);
    clock.on_move(Black, 2, 11'000);
    clock.on_move(White, 3, 16'000);  // 5 s: the period ends with 45 s saved
    EXPECT_EQ(clock.stored(White), 45'000 + 60'000);
    EXPECT_EQ(clock.moves_to_go(White), 2);
    clock.on_move(Black, 4, 17'000);
    EXPECT_EQ(clock.stored(Black), 58'000 + 60'000);
}

TEST(Clock, FortyMovesInAMinuteWithIncrement) {
    // "40/60+0.6": forty moves of one second each.
    Clock clock(TimeControl{.initial = 60'000, .increment = 600, .moves = 40});
    clock.start(White, 0);
    Millis now = 0;
    for (int ply = 1; ply <= 80; ++ply) {
        const Color mover = ply % 2 ? White : Black;
        if (mover == White) {
            EXPECT_EQ(clock.moves_to_go(White), 40 - (ply - 1) / 2);
        }
        now += 1'000;
        clock.on_move(mover, ply, now);
    }
    for (Color side : {White, Black}) {
        EXPECT_EQ(clock.stored(side), 60'000 - 40 * 1'000 + 40 * 600 + 60'000);
        EXPECT_EQ(clock.moves_to_go(side), 40);
    }
}

TEST(Clock, OnePeriodHasNoMovesToGo) {
    Clock clock(kThreePlusTwo);
    EXPECT_EQ(clock.moves_to_go(White), std::nullopt);
    clock.start(White, 0);
    clock.on_move(White, 1, 1'000);
    EXPECT_EQ(clock.moves_to_go(White), std::nullopt);
}

TEST(Clock, ATimePerMoveIsNotCarriedOver) {
    Clock clock(TimeControl{.per_move = 5'000});
    EXPECT_EQ(clock.remaining(White, 0), 5'000);
    clock.start(White, 0);
    EXPECT_EQ(clock.remaining(White, 3'000), 2'000);
    EXPECT_EQ(clock.flagged(4'999), std::nullopt);
    EXPECT_EQ(clock.flagged(5'000), White);
    clock.on_move(White, 1, 1'000);  // 4 s saved, and lost
    EXPECT_EQ(clock.stored(White), 5'000);
    ASSERT_EQ(clock.running(), Black);
    EXPECT_EQ(clock.remaining(Black, 3'500), 2'500);
    clock.on_move(Black, 2, 6'000);  // 5 s: at the limit
    EXPECT_EQ(clock.stored(Black), 5'000);
    EXPECT_EQ(clock.moves_to_go(White), std::nullopt);
}

}  // namespace
