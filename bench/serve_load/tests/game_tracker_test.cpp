#include "game_tracker.hpp"

#include <gtest/gtest.h>

#include "chess960/uci_move.hpp"

namespace serve_load {
namespace {

using namespace std::chrono_literals;

TEST(GameTracker, ChosenMovesAreLegalAndAppliedWhenReported) {
    GameTracker tracker("g", chess960::Position(), 0);
    std::mt19937_64 random(3);
    for (int ply = 1; ply <= 40; ++ply) {
        const auto uci = std::string(tracker.choose_move(random, ply, Clock::now()));
        ASSERT_FALSE(uci.empty());
        ASSERT_TRUE(chess960::parse_uci(tracker.position(), uci, chess960::CastlingMode::Chess960));
        EXPECT_EQ(tracker.apply(ply, uci), GameTracker::Applied::New);
        EXPECT_EQ(tracker.apply(ply, uci), GameTracker::Applied::Known);
        tracker.acknowledge(tracker.side_to_move() == Side::White ? Side::Black : Side::White, ply,
                            uci, Clock::now(), nullptr, nullptr);
        EXPECT_EQ(tracker.ply(), ply);
    }
}

TEST(GameTracker, MovesThatDoNotFollowAreWrong) {
    GameTracker tracker("g", chess960::Position(), 0);
    EXPECT_EQ(tracker.apply(2, "e7e5"), GameTracker::Applied::Wrong);  // skips ply 1
    EXPECT_EQ(tracker.apply(1, "e2e5"), GameTracker::Applied::Wrong);  // illegal
    EXPECT_EQ(tracker.apply(1, "e2e4"), GameTracker::Applied::New);
    EXPECT_EQ(tracker.side_to_move(), Side::Black);
    EXPECT_TRUE(tracker.reset("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 2));
    EXPECT_EQ(tracker.ply(), 2);
    EXPECT_EQ(tracker.side_to_move(), Side::White);
    EXPECT_FALSE(tracker.reset("not a fen", 3));
}

TEST(GameTracker, AcknowledgementsAreRecordedByPly) {
    GameRecord record{"g", {}, 0};
    GameTracker tracker("g", chess960::Position(), 0, &record);
    std::mt19937_64 random(1);
    const auto t0 = Clock::now();
    const auto first = std::string(tracker.choose_move(random, 1, t0));
    EXPECT_TRUE(tracker.has_pending(Side::White));
    EXPECT_FALSE(tracker.has_pending(Side::Black));
    EXPECT_EQ(tracker.apply(1, first), GameTracker::Applied::New);
    const auto took = tracker.acknowledge(Side::White, 1, first, t0 + 3ms, nullptr, nullptr);
    EXPECT_EQ(took, Clock::duration(3ms));
    EXPECT_FALSE(tracker.has_pending(Side::White));
    // Ply 2's ack is not seen (another seat's): a hole in the record.
    const auto second = std::string(tracker.choose_move(random, 2, t0));
    EXPECT_EQ(tracker.apply(2, second), GameTracker::Applied::New);
    tracker.clear_pending(Side::Black);
    const auto third = std::string(tracker.choose_move(random, 3, t0));
    EXPECT_EQ(tracker.apply(3, third), GameTracker::Applied::New);
    tracker.acknowledge(Side::White, 3, third, t0, nullptr, nullptr);
    ASSERT_EQ(record.acked.size(), 3u);
    EXPECT_EQ(record.acked[0], first);
    EXPECT_EQ(record.acked[1], "");
    EXPECT_EQ(record.acked[2], third);
    EXPECT_EQ(record.acked_count, 2u);
}

// The race that stalled games: Black sees White's move (and answers it) before White's
// acknowledgement arrives. Each seat's move in flight is its own.
TEST(GameTracker, TheOpponentMayMoveBeforeTheMoverHasItsAck) {
    GameTracker tracker("g", chess960::Position(), 0);
    std::mt19937_64 random(5);
    const auto t0 = Clock::now();
    const auto white = std::string(tracker.choose_move(random, 1, t0));
    EXPECT_EQ(tracker.apply(1, white), GameTracker::Applied::New);  // Black's move event
    EXPECT_TRUE(tracker.has_pending(Side::White));
    EXPECT_FALSE(tracker.has_pending(Side::Black));
    const auto black = std::string(tracker.choose_move(random, 2, t0 + 1ms));
    EXPECT_TRUE(tracker.has_pending(Side::Black));
    EXPECT_EQ(tracker.pending_id(Side::White), 1);
    EXPECT_EQ(tracker.pending_id(Side::Black), 2);
    EXPECT_EQ(tracker.acknowledge(Side::White, 1, white, t0 + 2ms, nullptr, nullptr),
              Clock::duration(2ms));
    EXPECT_EQ(tracker.apply(2, black), GameTracker::Applied::New);
    EXPECT_EQ(tracker.acknowledge(Side::Black, 2, black, t0 + 4ms, nullptr, nullptr),
              Clock::duration(3ms));
    EXPECT_EQ(tracker.ply(), 2);
}

// The mover gets no move event for its own move (only its ack, which carries the move): the
// ack alone must play the move on the tracker, and the opponent's move event after it is known.
TEST(GameTracker, TheAckAloneReportsTheMoversMove) {
    GameTracker tracker("g", chess960::Position(), 0);
    std::mt19937_64 random(9);
    const auto t0 = Clock::now();
    const auto white = std::string(tracker.choose_move(random, 1, t0, t0 - 1ms));
    EXPECT_EQ(tracker.pending_due(Side::White), t0 - 1ms);
    EXPECT_EQ(tracker.acknowledge(Side::White, 1, white, t0 + 2ms, nullptr, nullptr),
              Clock::duration(2ms));
    EXPECT_EQ(tracker.apply(1, white), GameTracker::Applied::New);  // from the ack
    EXPECT_EQ(tracker.side_to_move(), Side::Black);
    EXPECT_EQ(tracker.apply(1, white), GameTracker::Applied::Known);  // Black's move event
}

// One legal-move generation per position serves the `legal` check and the next choice, and a
// new position (a move, a reset) has its own list.
TEST(GameTracker, LegalMovesFollowThePosition) {
    GameTracker tracker("g", chess960::Position(), 0);
    EXPECT_EQ(tracker.legal_moves().size(), 20);
    EXPECT_EQ(tracker.apply(1, "e2e4"), GameTracker::Applied::New);
    EXPECT_EQ(tracker.legal_moves().size(), 20);
    EXPECT_EQ(tracker.apply(2, "f7f6"), GameTracker::Applied::New);
    EXPECT_EQ(tracker.legal_moves().size(), tracker.position().legal_moves().size());
    EXPECT_EQ(tracker.legal_moves().size(), 30);  // 15 pawn, 5 knight, 5 bishop, 4 queen, 1 king
    ASSERT_TRUE(tracker.reset("7k/8/8/8/8/8/8/K7 w - - 0 1", 10));
    EXPECT_EQ(tracker.legal_moves().size(), 3);
    std::mt19937_64 random(1);
    const auto uci = std::string(tracker.choose_move(random, 11, Clock::now()));
    EXPECT_TRUE(uci == "a1a2" || uci == "a1b1" || uci == "a1b2") << uci;
}

TEST(GameTracker, WatchersAreTimedFromTheAcknowledgement) {
    GameTracker tracker("g", chess960::Position(), 0);
    std::mt19937_64 random(1);
    const auto t0 = Clock::now();
    LatencyLog watchers;
    std::uint64_t early = 0;
    // Ply 1: one watcher before the ack (timed 0), one 2 ms after it.
    auto uci = std::string(tracker.choose_move(random, 1, t0));
    tracker.watcher_saw(1, t0 + 1ms, &watchers);
    EXPECT_EQ(watchers.count(), 0u);
    tracker.acknowledge(Side::White, 1, uci, t0 + 2ms, &watchers, &early);
    EXPECT_EQ(early, 1u);
    EXPECT_EQ(watchers.count(), 1u);
    tracker.watcher_saw(1, t0 + 4ms, &watchers);
    ASSERT_EQ(watchers.count(), 2u);
    const auto s = watchers.summary();
    EXPECT_EQ(s.p50_ms, 0.0);
    EXPECT_EQ(s.max_ms, 2.0);
}

TEST(GameTracker, AWatcherCatchingUpIsNotTimed) {
    GameTracker tracker("g", chess960::Position(), 0);
    std::mt19937_64 random(1);
    const auto t0 = Clock::now();
    LatencyLog watchers;
    auto uci = std::string(tracker.choose_move(random, 1, t0));
    tracker.acknowledge(Side::White, 1, uci, t0 + 2ms, &watchers, nullptr);
    // A watcher whose stream opened after the ack (it reconnected) gets the move as it catches
    // up: not a delivery delay.
    EXPECT_FALSE(tracker.watcher_saw(1, t0 + 3000ms, &watchers, t0 + 2900ms));
    EXPECT_EQ(watchers.count(), 0u);
    // One open since before the ack is timed.
    EXPECT_TRUE(tracker.watcher_saw(1, t0 + 5ms, &watchers, t0));
    EXPECT_EQ(watchers.count(), 1u);
}

TEST(GameTracker, WatchersAreAlsoTimedFromTheSend) {
    GameTracker tracker("g", chess960::Position(), 0);
    std::mt19937_64 random(1);
    const auto t0 = Clock::now();
    LatencyLog from_ack, from_send;
    // Sent at t0, one watcher at +1 ms (before the ack at +3 ms), one at +5 ms.
    auto uci = std::string(tracker.choose_move(random, 1, t0));
    tracker.watcher_saw(1, t0 + 1ms, &from_ack, {}, &from_send);
    tracker.acknowledge(Side::White, 1, uci, t0 + 3ms, &from_ack, nullptr, &from_send);
    tracker.watcher_saw(1, t0 + 5ms, &from_ack, {}, &from_send);
    ASSERT_EQ(from_send.count(), 2u);
    const auto s = from_send.summary();
    EXPECT_EQ(s.p50_ms, 1.0);
    EXPECT_EQ(s.max_ms, 5.0);
    EXPECT_EQ(from_ack.summary().max_ms, 2.0);
}

TEST(LatencyLog, NearestRankPercentiles) {
    LatencyLog log;
    for (std::uint32_t us = 1; us <= 1000; ++us) log.add_us(us * 1000);  // 1..1000 ms
    const auto s = log.summary();
    EXPECT_EQ(s.count, 1000u);
    EXPECT_EQ(s.p50_ms, 500.0);
    EXPECT_EQ(s.p99_ms, 990.0);
    EXPECT_EQ(s.max_ms, 1000.0);
    LatencyLog empty;
    EXPECT_EQ(empty.summary().count, 0u);
}

TEST(PerSecond, CountsEachSecondOfTheRunOnly) {
    PerSecond counter;
    const auto t0 = Clock::now();
    counter.start(t0, 3);
    EXPECT_FALSE(counter.add(t0 - 1ms));
    EXPECT_TRUE(counter.add(t0));
    EXPECT_TRUE(counter.add(t0 + 999ms));
    EXPECT_TRUE(counter.add(t0 + 2500ms));
    EXPECT_FALSE(counter.add(t0 + 3s));
    EXPECT_EQ(counter.counts(), (std::vector<std::uint64_t>{2, 0, 1}));
    EXPECT_EQ(counter.total(), 3u);
}

}  // namespace
}  // namespace serve_load
