// The account games (store/account_game_store.hpp) on both back ends: a game made from a seek
// (store/seek_store.hpp: the seek taken once), settled once with its ratings, and listed by
// account; an account's deletion.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "store/account_game_store.hpp"
#include "store/account_store.hpp"
#include "store/open.hpp"
#include "store/seek_store.hpp"
#include "store/store.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

// Version 9: a seek is taken once (of two accepting, one gets it; a refusal inside leaves it);
// an account game is settled once it is over as stored, its Rater's ratings written with the
// ratings before and after, and never again; the games over but unsettled are found.
TEST_P(StoreBackendTest, SeeksAreTakenOnceAndAnAccountGameIsSettledOnce) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    const auto play = open_play_stores(db_);
    ASSERT_EQ(accounts->insert_account(an_account("a1", "Ann"), std::nullopt, 1),
              AccountInsert::inserted);
    ASSERT_EQ(accounts->insert_account(an_account("b1", "Bob"), std::nullopt, 1),
              AccountInsert::inserted);
    SeekRow seek;
    seek.id = "s1";
    seek.account_id = "a1";
    seek.rated = true;
    seek.pool = "blitz";
    seek.clock_initial_ms = 300'000;
    seek.clock_increment_ms = 3'000;
    seek.start_type = "double960";
    seek.start_number = 17;
    seek.min_rating = 1200;
    seek.created_at = 5;
    play->seeks().insert_seek(seek);
    const auto listed = play->seeks().seeks(10);
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0].account_name, "Ann");
    EXPECT_EQ(listed[0].start_number, 17);
    EXPECT_FALSE(listed[0].start_black);
    EXPECT_EQ(listed[0].min_rating, 1200);
    EXPECT_FALSE(listed[0].seeker_rating);
    EXPECT_EQ(play->seeks().count_seeks("a1"), 1);

    GameRow game = bare_game("g1");
    game.result = "*";
    game.termination = std::nullopt;
    game.updated_at = 86'400'000;
    game.clock_initial_ms = game.clock_per_move_ms = 3 * 86'400'000;  // correspondence
    auto make = [&](const SeekRow& s) {
        AccountGameRow g;
        g.game_id = "g1";
        g.white_account = s.account_id;
        g.black_account = "b1";
        g.rated = s.rated;
        g.pool = s.pool;
        g.created_at = 10;
        return NewAccountGame{game, g};
    };
    EXPECT_THROW(
        play->seeks().accept_seek(
            "s1", [](const SeekRow&) -> NewAccountGame { throw std::runtime_error("refused"); }),
        std::runtime_error);
    EXPECT_EQ(play->seeks().count_seeks("a1"), 1);  // the refusal left it
    EXPECT_TRUE(play->seeks().accept_seek("s1", make));
    EXPECT_FALSE(play->seeks().accept_seek("s1", make));
    EXPECT_EQ(play->seeks().count_seeks("a1"), 0);
    // The game's row came with the seek's acceptance, once.
    EXPECT_EQ(store->load_game("g1")->game.clock_per_move_ms, 3 * 86'400'000);
    int calls = 0;
    const Rater rater = [&](const RatingInput& in) -> std::optional<RatingOutput> {
        ++calls;
        EXPECT_EQ(in.game.result, "1-0");
        EXPECT_FALSE(in.white);  // first games in the pool
        EXPECT_FALSE(in.black);
        RatingRow before{"blitz", 1500, 500, 0.09, 0, std::nullopt};
        RatingRow white{"blitz", 1662.2108, 290.2305, 0.0899998, 1, in.game.updated_at};
        RatingRow black{"blitz", 1337.7892, 290.2305, 0.0899998, 1, in.game.updated_at};
        return RatingOutput{before, before, white, black};
    };
    EXPECT_EQ(play->account_games().rate_game("g1", rater), RateOutcome::in_play);
    EXPECT_EQ(play->account_games().rate_game("nope", rater), RateOutcome::unknown);
    EXPECT_TRUE(play->account_games().unsettled_games(10).empty());
    game.result = "1-0";
    game.termination = "checkmate";
    store->update_game(game);
    EXPECT_EQ(play->account_games().unsettled_games(10), std::vector<std::string>{"g1"});
    EXPECT_EQ(play->account_games().rate_game("g1", rater), RateOutcome::settled);
    EXPECT_EQ(play->account_games().rate_game("g1", rater), RateOutcome::already_settled);
    EXPECT_EQ(calls, 1);
    EXPECT_TRUE(play->account_games().unsettled_games(10).empty());
    const auto ann = play->account_games().ratings("a1");
    ASSERT_EQ(ann.size(), 1u);
    EXPECT_EQ(ann[0].pool, "blitz");
    EXPECT_EQ(ann[0].rating, 1662.2108);  // exact: doubles round-trip
    EXPECT_EQ(ann[0].volatility, 0.0899998);
    EXPECT_EQ(ann[0].games, 1);
    EXPECT_EQ(ann[0].last_played, 86'400'000);
    const auto settled = play->account_games().find_account_game("g1");
    ASSERT_TRUE(settled);
    EXPECT_EQ(settled->settled_at, 86'400'000);
    EXPECT_EQ(settled->white_name, "Ann");
    ASSERT_TRUE(settled->black_before && settled->black_after);
    EXPECT_EQ(settled->black_before->rating, 1500);
    EXPECT_EQ(settled->black_after->rating, 1337.7892);
    EXPECT_EQ(
        play->account_games().account_games({"b1", "loss", "blitz", 518, std::nullopt, 10}).size(),
        0u);
    EXPECT_EQ(play->account_games()
                  .account_games({"b1", "loss", "blitz", std::nullopt, std::nullopt, 10})
                  .size(),
              1u);
    EXPECT_EQ(play->account_games()
                  .account_games({"a1", "win", std::nullopt, std::nullopt, 11, 10})
                  .size(),
              1u);
    EXPECT_EQ(play->account_games()
                  .account_games({"a1", "win", std::nullopt, std::nullopt, 10, 10})
                  .size(),
              0u);

    // Ann deleted: her rating and seeks go, the game stays Bob's.
    play->seeks().insert_seek(seek);
    accounts->delete_account("a1");
    EXPECT_TRUE(play->account_games().ratings("a1").empty());
    EXPECT_EQ(play->seeks().count_seeks("a1"), 0);
    const auto kept = play->account_games().find_account_game("g1");
    ASSERT_TRUE(kept);
    EXPECT_FALSE(kept->white_account);
    EXPECT_EQ(kept->black_account, "b1");
}

}  // namespace
}  // namespace chess960::server::store_test
