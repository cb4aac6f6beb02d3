// The accounts' play (store/play_store.hpp) on both back ends: seeks taken once, quick seeks
// paired once, an account game settled once with its ratings, and who is online.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "store/account_store.hpp"
#include "store/open.hpp"
#include "store/play_store.hpp"
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
    const auto play = open_play_store(db_);
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
    play->insert_seek(seek);
    const auto listed = play->seeks(10);
    ASSERT_EQ(listed.size(), 1u);
    EXPECT_EQ(listed[0].account_name, "Ann");
    EXPECT_EQ(listed[0].start_number, 17);
    EXPECT_FALSE(listed[0].start_black);
    EXPECT_EQ(listed[0].min_rating, 1200);
    EXPECT_FALSE(listed[0].seeker_rating);
    EXPECT_EQ(play->count_seeks("a1"), 1);

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
        play->accept_seek(
            "s1", [](const SeekRow&) -> NewAccountGame { throw std::runtime_error("refused"); }),
        std::runtime_error);
    EXPECT_EQ(play->count_seeks("a1"), 1);  // the refusal left it
    EXPECT_TRUE(play->accept_seek("s1", make));
    EXPECT_FALSE(play->accept_seek("s1", make));
    EXPECT_EQ(play->count_seeks("a1"), 0);
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
    EXPECT_EQ(play->rate_game("g1", rater), RateOutcome::in_play);
    EXPECT_EQ(play->rate_game("nope", rater), RateOutcome::unknown);
    EXPECT_TRUE(play->unsettled_games(10).empty());
    game.result = "1-0";
    game.termination = "checkmate";
    store->update_game(game);
    EXPECT_EQ(play->unsettled_games(10), std::vector<std::string>{"g1"});
    EXPECT_EQ(play->rate_game("g1", rater), RateOutcome::settled);
    EXPECT_EQ(play->rate_game("g1", rater), RateOutcome::already_settled);
    EXPECT_EQ(calls, 1);
    EXPECT_TRUE(play->unsettled_games(10).empty());
    const auto ann = play->ratings("a1");
    ASSERT_EQ(ann.size(), 1u);
    EXPECT_EQ(ann[0].pool, "blitz");
    EXPECT_EQ(ann[0].rating, 1662.2108);  // exact: doubles round-trip
    EXPECT_EQ(ann[0].volatility, 0.0899998);
    EXPECT_EQ(ann[0].games, 1);
    EXPECT_EQ(ann[0].last_played, 86'400'000);
    const auto settled = play->find_account_game("g1");
    ASSERT_TRUE(settled);
    EXPECT_EQ(settled->settled_at, 86'400'000);
    EXPECT_EQ(settled->white_name, "Ann");
    ASSERT_TRUE(settled->black_before && settled->black_after);
    EXPECT_EQ(settled->black_before->rating, 1500);
    EXPECT_EQ(settled->black_after->rating, 1337.7892);
    EXPECT_EQ(play->account_games({"b1", "loss", "blitz", 518, std::nullopt, 10}).size(), 0u);
    EXPECT_EQ(play->account_games({"b1", "loss", "blitz", std::nullopt, std::nullopt, 10}).size(),
              1u);
    EXPECT_EQ(play->account_games({"a1", "win", std::nullopt, std::nullopt, 11, 10}).size(), 1u);
    EXPECT_EQ(play->account_games({"a1", "win", std::nullopt, std::nullopt, 10, 10}).size(), 0u);

    // Ann deleted: her rating and seeks go, the game stays Bob's.
    play->insert_seek(seek);
    accounts->delete_account("a1");
    EXPECT_TRUE(play->ratings("a1").empty());
    EXPECT_EQ(play->count_seeks("a1"), 0);
    const auto kept = play->find_account_game("g1");
    ASSERT_TRUE(kept);
    EXPECT_FALSE(kept->white_account);
    EXPECT_EQ(kept->black_account, "b1");
}

// Quick pairing: two seeks become one game once, in one transaction (a seek gone, or the same
// twice, pairs nothing), and the game is found from either seek.
TEST_P(StoreBackendTest, TwoQuickSeeksArePairedOnceAndTheGameIsFoundFromEither) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    const auto play = open_play_store(db_);
    for (const auto& [id, name] : {std::pair{"a1", "Ann"}, {"b1", "Bob"}, {"c1", "Cy"}})
        ASSERT_EQ(accounts->insert_account(an_account(id, name), std::nullopt, 1),
                  AccountInsert::inserted);
    for (const auto& [id, account] : {std::pair{"qa", "a1"}, {"qb", "b1"}, {"qc", "c1"}}) {
        SeekRow seek;
        seek.id = id;
        seek.account_id = account;
        seek.rated = true;
        seek.pool = "blitz";
        seek.quick = "5+3";
        seek.created_at = 5;
        play->insert_seek(seek);
    }
    EXPECT_EQ(play->seeks(10).at(0).quick, "5+3");
    AccountGameRow game;
    game.game_id = "gq";
    game.seek_id = "qa";
    game.second_seek_id = "qb";
    game.white_account = "a1";
    game.black_account = "b1";
    game.rated = true;
    game.pool = "blitz";
    game.created_at = 10;
    EXPECT_FALSE(play->pair_seeks("qa", "qa", {bare_game("gq"), game}));
    EXPECT_TRUE(play->pair_seeks("qa", "qb", {bare_game("gq"), game}));
    game.game_id = "gq2";
    EXPECT_FALSE(play->pair_seeks("qb", "qc", {bare_game("gq2"), game}));  // qb is taken
    EXPECT_EQ(play->seeks(10).size(), 1u);                                 // qc waits on
    EXPECT_FALSE(store->load_game("gq2"));  // nothing of a pairing that failed
    // The game's row came with the pairing.
    EXPECT_EQ(store->load_game("gq")->game.id, "gq");
    for (const char* seek : {"qa", "qb"}) {
        const auto found = play->find_game_of_seek(seek);
        ASSERT_TRUE(found) << seek;
        EXPECT_EQ(found->game_id, "gq");
    }
    EXPECT_FALSE(play->find_game_of_seek("qc"));
    EXPECT_FALSE(play->find_account_game("gq2"));
}

// Who is online: an account is online while a live server has it; a server that stops renewing
// its row is dropped with its accounts, and those online nowhere else are the ones returned
// (their seeks are to go); an account's deletion takes it out.
TEST_P(StoreBackendTest, PresenceFollowsTheLiveServers) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    for (const auto& [id, name] : {std::pair{"a1", "Ann"}, {"b2", "Bob"}, {"c3", "Cy"}})
        ASSERT_EQ(accounts->insert_account(an_account(id, name), std::nullopt, 1),
                  AccountInsert::inserted);
    const auto play = open_play_store(db_);
    EXPECT_FALSE(play->update_presence("A", {"a1", "b2"}, {}, 1'000));  // a new row
    EXPECT_FALSE(play->update_presence("B", {"b2", "c3", "nobody"}, {}, 1'000));
    EXPECT_TRUE(play->update_presence("A", {}, {}, 2'000));  // renewed
    auto names = [&](std::int64_t since) {
        std::vector<std::string> out;
        for (const PresenceRow& row : play->online(since)) out.push_back(row.name);
        return out;
    };
    EXPECT_EQ(names(500), (std::vector<std::string>{"Ann", "Bob", "Cy"}));
    EXPECT_EQ(names(1'500), (std::vector<std::string>{"Ann", "Bob"}));  // B not seen since
    EXPECT_TRUE(play->online_elsewhere("b2", "B", 1'500));
    EXPECT_FALSE(play->online_elsewhere("c3", "A", 1'500));
    EXPECT_FALSE(play->online_elsewhere("a1", "A", 500));
    // B is dropped: Cy was online only there, Bob is still on A.
    EXPECT_EQ(play->drop_servers_seen_before(1'500), std::vector<std::string>{"c3"});
    EXPECT_TRUE(play->drop_servers_seen_before(1'500).empty());  // once
    EXPECT_FALSE(play->update_presence("B", {}, {}, 3'000));     // taken for dead: to write again
    EXPECT_TRUE(play->update_presence("A", {}, {"b2"}, 3'000));
    EXPECT_EQ(names(2'500), std::vector<std::string>{"Ann"});
    accounts->delete_account("a1");
    EXPECT_TRUE(names(0).empty());
    play->update_presence("A", {"b2"}, {}, 4'000);
    play->drop_server("A");
    EXPECT_TRUE(names(0).empty());
}

}  // namespace
}  // namespace chess960::server::store_test
