// chess960::OnlineGame's takeback requests (the site's rule, as lichess's): who may ask, how many
// plies an accepted request takes back (the requester's last move, and the opponent's reply if
// there was one), the clock put back to the times saved after the ply that becomes the last,
// and the request's end (declined, withdrawn, a move, the game's end).
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/online_game.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

constexpr TimeControl kThreePlusTwo{180'000, 2'000};

Result<void> play(OnlineGame& game, std::string_view text, Millis now) {
    auto m = parse_uci(game.position(), text, CastlingMode::Chess960);
    EXPECT_TRUE(m.has_value()) << text;
    return game.play(game.side_to_move(), m ? *m : Move(), now);
}

void play_all(OnlineGame& game, const std::vector<std::string>& moves, Millis start, Millis step) {
    Millis now = start;
    for (const std::string& text : moves) {
        ASSERT_TRUE(play(game, text, now).has_value()) << text;
        now += step;
    }
}

::testing::AssertionResult fails_with(const Result<void>& r, ErrorCode code,
                                      std::string_view message) {
    if (r) return ::testing::AssertionFailure() << "succeeded";
    if (r.error().code != code || r.error().message != message)
        return ::testing::AssertionFailure()
               << "error " << int(r.error().code) << " '" << r.error().message << "'";
    return ::testing::AssertionSuccess();
}

std::string fen_after(const std::vector<std::string>& moves) {
    OnlineGame game(Position(), std::nullopt, 0);
    for (const std::string& text : moves) EXPECT_TRUE(game.replay(text).has_value());
    return write_fen(game.position());
}

TEST(OnlineGameTakeback, OnlyASeatThatHasMovedMayAsk) {
    OnlineGame game(Position(), std::nullopt, 0);
    EXPECT_TRUE(fails_with(game.request_takeback(White, 0), ErrorCode::NoTakeback,
                           "you have made no move to take back"));
    ASSERT_TRUE(play(game, "e2e4", 0).has_value());
    // Black, to move, has made no move yet.
    EXPECT_TRUE(fails_with(game.request_takeback(Black, 0), ErrorCode::NoTakeback,
                           "you have made no move to take back"));
    ASSERT_TRUE(game.request_takeback(White, 0).has_value());
    EXPECT_EQ(game.takeback_request(), White);
    EXPECT_TRUE(fails_with(game.request_takeback(White, 0), ErrorCode::TakebackPending,
                           "your takeback request stands already"));
    // The requester cannot accept its own request.
    EXPECT_TRUE(fails_with(game.accept_takeback(White, 0), ErrorCode::NoTakeback,
                           "there is no takeback request from your opponent to accept"));
    // Both have moved: the opponent must answer the standing request before asking.
    OnlineGame both(Position(), std::nullopt, 0);
    play_all(both, {"e2e4", "e7e5"}, 0, 0);
    ASSERT_TRUE(both.request_takeback(White, 0).has_value());
    EXPECT_EQ(both.takeback_plies(), 2);
    EXPECT_TRUE(fails_with(both.request_takeback(Black, 0), ErrorCode::TakebackPending,
                           "your opponent has asked for a takeback: answer it first"));
}

TEST(OnlineGameTakeback, TheOpponentToMoveTakesBackOnePly) {
    OnlineGame game(Position(), std::nullopt, 0);
    play_all(game, {"e2e4", "e7e5", "g1f3"}, 0, 0);
    ASSERT_TRUE(game.request_takeback(White, 0).has_value());
    EXPECT_EQ(game.takeback_plies(), 1);
    ASSERT_TRUE(game.offer_draw(Black, 0).has_value());
    ASSERT_TRUE(game.accept_takeback(Black, 0).has_value());
    EXPECT_EQ(game.ply(), 2);
    EXPECT_EQ(game.side_to_move(), White);
    EXPECT_EQ(write_fen(game.position()), fen_after({"e2e4", "e7e5"}));
    EXPECT_FALSE(game.takeback_request());
    EXPECT_FALSE(game.draw_offer());  // an offer made about the position taken back goes too
    EXPECT_TRUE(game.is_active());
    ASSERT_TRUE(play(game, "b1c3", 0).has_value());  // White moves again, another move
}

TEST(OnlineGameTakeback, TheRequesterToMoveGetsTwoPliesBack) {
    OnlineGame game(Position(), std::nullopt, 0);
    play_all(game, {"e2e4", "e7e5", "g1f3", "b8c6"}, 0, 0);
    // White asks after Black's reply: both go, and White moves again.
    ASSERT_TRUE(game.request_takeback(White, 0).has_value());
    EXPECT_EQ(game.takeback_plies(), 2);
    ASSERT_TRUE(game.accept_takeback(Black, 0).has_value());
    EXPECT_EQ(game.ply(), 2);
    EXPECT_EQ(game.side_to_move(), White);
    EXPECT_EQ(write_fen(game.position()), fen_after({"e2e4", "e7e5"}));
}

TEST(OnlineGameTakeback, TheClockGoesBackToTheTimesSavedAfterThePly) {
    OnlineGame game(Position(), kThreePlusTwo, 0);
    // Each move 10 s after the one before: White's and Black's clocks run from ply 2 on.
    play_all(game, {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4"}, 1'000, 10'000);
    const Millis white_after_3 = 180'000 - 10'000 + 2'000;  // ply 3 took 10 s, +2 s
    ASSERT_EQ(game.clock()->stored(White), white_after_3 - 10'000 + 2'000);
    // Black asks with White's reply made (Black to move): Black's move 4 and White's move 5
    // go, and Black moves again at ply 3.
    ASSERT_TRUE(game.request_takeback(Black, 45'000).has_value());
    EXPECT_EQ(game.takeback_plies(), 2);
    ASSERT_TRUE(game.accept_takeback(White, 50'000).has_value());
    EXPECT_EQ(game.ply(), 3);
    EXPECT_EQ(game.side_to_move(), Black);
    // The times saved after ply 3, Black's turn running from the accept.
    EXPECT_EQ(game.clock()->stored(White), white_after_3);
    EXPECT_EQ(game.clock()->stored(Black), 180'000);  // move 2 was free
    EXPECT_EQ(game.clock()->running(), Black);
    EXPECT_EQ(game.clock()->turn_started_at(), 50'000);
    EXPECT_EQ(game.clock()->remaining(Black, 53'000), 177'000);

    // Back to before both first moves: nothing runs, both have the initial time, and the abort
    // rule waits again from the takeback.
    OnlineGame early(Position(), kThreePlusTwo, 0);
    play_all(early, {"e2e4", "e7e5"}, 50'000, 5'000);
    ASSERT_TRUE(early.request_takeback(White, 56'000).has_value());
    ASSERT_TRUE(early.accept_takeback(Black, 57'000).has_value());
    EXPECT_EQ(early.ply(), 0);
    EXPECT_FALSE(early.clock()->running());
    EXPECT_EQ(early.clock()->stored(White), 180'000);
    EXPECT_EQ(early.abort_deadline(), 57'000 + 60'000);
    EXPECT_FALSE(early.tick(100'000));
}

TEST(OnlineGameTakeback, TimesRestoredFromTheStoreAreUsed) {
    OnlineGame game(Position(), kThreePlusTwo, 0);
    for (const char* move : {"e2e4", "e7e5", "g1f3", "b8c6"}) ASSERT_TRUE(game.replay(move));
    game.restore_times_after(3, TimesAfter{150'000, 170'000});
    game.restore_clock(Clock::restore(kThreePlusTwo, 140'000, 160'000, White, 9'000));
    ASSERT_TRUE(game.request_takeback(Black, 10'000).has_value());
    ASSERT_TRUE(game.accept_takeback(White, 11'000).has_value());
    EXPECT_EQ(game.ply(), 3);
    EXPECT_EQ(game.clock()->stored(White), 150'000);
    EXPECT_EQ(game.clock()->stored(Black), 170'000);
    EXPECT_EQ(game.clock()->running(), Black);
}

TEST(OnlineGameTakeback, DeclinedWithdrawnOrLapsedByAMove) {
    OnlineGame game(Position(), std::nullopt, 0);
    play_all(game, {"e2e4"}, 0, 0);
    EXPECT_TRUE(fails_with(game.decline_takeback(Black, 0), ErrorCode::NoTakeback,
                           "there is no takeback request to decline"));
    ASSERT_TRUE(game.request_takeback(White, 0).has_value());
    ASSERT_TRUE(game.decline_takeback(Black, 0).has_value());  // the opponent declines
    EXPECT_FALSE(game.takeback_request());
    ASSERT_TRUE(game.request_takeback(White, 0).has_value());
    ASSERT_TRUE(game.decline_takeback(White, 0).has_value());  // the requester withdraws
    EXPECT_FALSE(game.takeback_request());
    ASSERT_TRUE(game.request_takeback(White, 0).has_value());
    ASSERT_TRUE(play(game, "e7e5", 0).has_value());  // a move: the request lapses
    EXPECT_FALSE(game.takeback_request());
    EXPECT_EQ(game.ply(), 2);
    // The game's end ends it too.
    ASSERT_TRUE(game.request_takeback(Black, 0).has_value());
    ASSERT_TRUE(game.resign(White, 0).has_value());
    EXPECT_FALSE(game.takeback_request());
    EXPECT_TRUE(fails_with(game.accept_takeback(White, 0), ErrorCode::GameOver,
                           "the game is over: White resigned; Black wins"));
}

}  // namespace
