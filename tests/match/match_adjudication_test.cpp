// The match runner's adjudication rules (src/match/include/match/adjudication.hpp) on runs of
// scores: resignation (one- and two-sided), the draw rule from its move number on, a missing score
// breaking a run, and the maximum number of moves.
#include <gtest/gtest.h>

#include <optional>

#include "match/adjudication.hpp"

using namespace chess960;
using namespace chess960::match;

namespace {

// One move of a game: the mover, the score its engine gave, the move number after it.
struct Step {
    Color mover;
    std::optional<int> score;
    int fullmove;
};

// Plays `steps` until the adjudicator ends the game; the number of moves played and the end.
std::pair<int, std::optional<GameEnd>> play(Adjudicator& adjudicator,
                                            const std::vector<Step>& steps) {
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (auto end = adjudicator.after_move(steps[i].mover, steps[i].score, steps[i].fullmove))
            return {int(i) + 1, end};
    return {int(steps.size()), std::nullopt};
}

// White and Black alternating from move 1, White giving `white` and Black `black` each time.
std::vector<Step> alternating(int plies, std::optional<int> white, std::optional<int> black) {
    std::vector<Step> steps;
    for (int ply = 1; ply <= plies; ++ply) {
        const bool white_moved = ply % 2 == 1;
        // The move number of the position after the ply: it grows after Black's move.
        steps.push_back({white_moved ? White : Black, white_moved ? white : black, ply / 2 + 1});
    }
    return steps;
}

TEST(MatchAdjudication, TwoSidedResignNeedsBothRuns) {
    // White thinks it is lost (-7.00), Black agrees (+7.00): three moves each.
    Adjudicator adjudicator(std::nullopt, ResignAdjudication{3, 600, true}, 0);
    auto [moves, end] = play(adjudicator, alternating(20, -700, 700));
    ASSERT_TRUE(end);
    EXPECT_EQ(moves, 6);  // White's third low score, confirmed by Black's third high one
    EXPECT_EQ(end->result, GameResult::BlackWins);
    EXPECT_EQ(end->reason, "adjudication: resign");
    EXPECT_EQ(end->detail, "adjudication: resign (White scored -6.00 or less for 3 moves)");
    EXPECT_EQ(end->termination, "adjudication");
    EXPECT_FALSE(end->faulty);
}

TEST(MatchAdjudication, TwoSidedResignWaitsForTheWinnersAgreement) {
    Adjudicator adjudicator(std::nullopt, ResignAdjudication{3, 600, true}, 0);
    // Black sees only +1.00: no resignation however long White despairs.
    EXPECT_FALSE(play(adjudicator, alternating(40, -900, 100)).second);
}

TEST(MatchAdjudication, OneSidedResignOnTheLosersScoresAlone) {
    Adjudicator adjudicator(std::nullopt, ResignAdjudication{2, 500, false}, 0);
    auto [moves, end] = play(adjudicator, alternating(20, 0, -500));
    ASSERT_TRUE(end);
    EXPECT_EQ(moves, 4);  // Black's second move at -5.00
    EXPECT_EQ(end->result, GameResult::WhiteWins);
    EXPECT_EQ(end->detail, "adjudication: resign (Black scored -5.00 or less for 2 moves)");
}

TEST(MatchAdjudication, AMissingOrBetterScoreBreaksTheRun) {
    Adjudicator adjudicator(std::nullopt, ResignAdjudication{3, 600, false}, 0);
    std::vector<Step> steps = {{White, -700, 1}, {Black, 0, 2},    {White, std::nullopt, 2},
                               {Black, 0, 3},    {White, -700, 3}, {Black, 0, 4},
                               {White, -599, 4}, {Black, 0, 5},    {White, -700, 5},
                               {Black, 0, 6},    {White, -700, 6}};
    auto [moves, end] = play(adjudicator, steps);
    EXPECT_FALSE(end);  // never three in a row
    // A third in a row ends it.
    auto late = adjudicator.after_move(Black, 0, 7);
    EXPECT_FALSE(late);
    late = adjudicator.after_move(White, -600, 7);
    ASSERT_TRUE(late);
    EXPECT_EQ(late->result, GameResult::BlackWins);
}

TEST(MatchAdjudication, DrawAfterTheMoveNumberWithBothScoresSmall) {
    // From move 3 on, both within 0.10 for 2 moves each (as cutechess's -draw).
    Adjudicator adjudicator(DrawAdjudication{3, 2, 10}, std::nullopt, 0);
    auto [moves, end] = play(adjudicator, alternating(20, 5, -3));
    ASSERT_TRUE(end);
    // After Black's third move the board shows move 4, past move 3.
    EXPECT_EQ(moves, 6);
    EXPECT_EQ(end->result, GameResult::Draw);
    EXPECT_EQ(end->reason, "adjudication: draw");
    EXPECT_EQ(end->detail, "adjudication: draw (both scores within 10 cp for 2 moves)");
    EXPECT_EQ(end->termination, "adjudication");
}

TEST(MatchAdjudication, NoDrawWhileOneScoreIsLarge) {
    Adjudicator adjudicator(DrawAdjudication{1, 2, 10}, std::nullopt, 0);
    EXPECT_FALSE(play(adjudicator, alternating(40, 5, -11)).second);
}

TEST(MatchAdjudication, ResignIsCheckedBeforeDraw) {
    // Black's -0.05 both completes the draw rule's runs and is a resignation.
    Adjudicator adjudicator(DrawAdjudication{0, 1, 10}, ResignAdjudication{1, 5, false}, 0);
    EXPECT_FALSE(adjudicator.after_move(White, 3, 1));
    auto end = adjudicator.after_move(Black, -5, 2);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->reason, "adjudication: resign");
    EXPECT_EQ(end->result, GameResult::WhiteWins);
}

TEST(MatchAdjudication, MaxMovesCountsBothSides) {
    Adjudicator adjudicator(std::nullopt, std::nullopt, 30);
    EXPECT_FALSE(adjudicator.before_move(0));
    EXPECT_FALSE(adjudicator.before_move(59));
    auto end = adjudicator.before_move(60);
    ASSERT_TRUE(end);
    EXPECT_EQ(end->result, GameResult::Draw);
    EXPECT_EQ(end->reason, "adjudication: max moves");
    EXPECT_EQ(end->detail, "adjudication: draw after 30 moves");
    EXPECT_FALSE(Adjudicator(std::nullopt, std::nullopt, 0).before_move(10'000));
}

}  // namespace
