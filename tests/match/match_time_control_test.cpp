// The match runner's clock and search commands (src/match/include/match/time_control.hpp,
// go_command.hpp): the library's Clock as a match runs it (every move timed, moves per period, a
// time per move with node and depth limits), the "go" and "position" commands, how long the runner
// waits.
#include <gtest/gtest.h>

#include "match/go_command.hpp"
#include "match/time_control.hpp"

using namespace chess960;
using namespace chess960::match;

namespace {

MatchConfig timed(const std::string& tc) {
    MatchConfig config;
    config.limit.kind = Limit::Kind::Time;
    config.limit.time = *parse_time_control(tc);
    return config;
}

TEST(MatchTimeControl, ParsesMovesPerPeriod) {
    auto tc = parse_time_control("40/60+0.6");
    ASSERT_TRUE(tc) << tc.error();
    EXPECT_EQ(tc->moves, 40);
    EXPECT_EQ(tc->initial, 60'000);
    EXPECT_EQ(tc->increment, 600);
    EXPECT_EQ(tc->per_move, 0);
    EXPECT_EQ(time_control_tag(*tc), "40/60+0.6");
    EXPECT_FALSE(parse_time_control("0/60"));
    EXPECT_FALSE(parse_time_control("40/"));
}

TEST(MatchTimeControl, GoCarriesBothClocksTheIncrementAndMovesToGo) {
    const MatchConfig config = timed("40/60+0.6");
    Clock clock = game_clock(config, White);
    EXPECT_EQ(go_command(config.limit, clock, White, 0),
              "go wtime 60000 btime 60000 winc 600 binc 600 movestogo 40");
    // White thinks 1.5 s: 60 - 1.5 + 0.6 s left, 39 moves to go for it, still 40 for Black.
    clock.on_move(White, 1, 1'500);
    EXPECT_EQ(go_command(config.limit, clock, Black, 0),
              "go wtime 59100 btime 60000 winc 600 binc 600 movestogo 40");
    clock.on_move(Black, 2, 1'700);
    EXPECT_EQ(go_command(config.limit, clock, White, 0),
              "go wtime 59100 btime 60400 winc 600 binc 600 movestogo 39");
}

TEST(MatchTimeControl, GoWithoutIncrementOrPeriods) {
    const MatchConfig config = timed("10");
    Clock clock = game_clock(config, Black);  // a start position with Black to move
    EXPECT_EQ(clock.running(), Black);
    EXPECT_EQ(go_command(config.limit, clock, Black, 0), "go wtime 10000 btime 10000");
    // A clock run down to zero still says 1 ms: 0 may read as no limit at all.
    clock.on_move(Black, 1, 10'020);
    EXPECT_EQ(go_command(config.limit, clock, White, 0), "go wtime 10000 btime 1");
}

TEST(MatchTimeControl, TheRunnerWaitsForTheClockAndTheMargin) {
    MatchConfig config = timed("2+0.05");
    config.time_margin_ms = 50;
    Clock clock = game_clock(config, White);
    EXPECT_EQ(search_time(config, clock, White), 2'050);
    clock.on_move(White, 1, 300);
    EXPECT_EQ(search_time(config, clock, Black), 2'050);
    clock.on_move(Black, 2, 400);
    EXPECT_EQ(search_time(config, clock, White), 2'000 - 300 + 50 + 50);
}

TEST(MatchTimeControl, NodeAndDepthLimitsWaitForTheMoveTimeout) {
    MatchConfig config;
    config.limit.kind = Limit::Kind::Nodes;
    config.limit.nodes = 3000;
    config.move_timeout_s = 0.25;
    Clock clock = game_clock(config, White);
    EXPECT_EQ(clock.control().per_move, 250);
    EXPECT_EQ(search_time(config, clock, White), 250);  // no margin: no clock to forfeit on
    EXPECT_EQ(go_command(config.limit, clock, White, 0), "go nodes 3000");
    EXPECT_EQ(go_command(config.limit, clock, White, 700), "go nodes 700");  // the engine's own
    // Whatever a move took, the next has the whole timeout.
    clock.on_move(White, 1, 240);
    clock.on_move(Black, 2, 340);
    EXPECT_EQ(search_time(config, clock, White), 250);
    config.limit.kind = Limit::Kind::Depth;
    config.limit.depth = 7;
    EXPECT_EQ(go_command(config.limit, clock, White, 700), "go depth 7");
}

TEST(MatchGoCommand, PositionFromTheStartWithTheMovesSoFar) {
    const std::string fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    EXPECT_EQ(position_command(fen, {}), "position fen " + fen);
    EXPECT_EQ(position_command(fen, {"g2g3", "g8h8"}), "position fen " + fen + " moves g2g3 g8h8");
}

}  // namespace
