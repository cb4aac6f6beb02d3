// The seeks (store/seek_store.hpp) on both back ends: quick seeks paired once, and the game
// found from either seek.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>

#include "store/account_game_store.hpp"
#include "store/account_store.hpp"
#include "store/open.hpp"
#include "store/seek_store.hpp"
#include "store/store.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

// Quick pairing: two seeks become one game once, in one transaction (a seek gone, or the same
// twice, pairs nothing), and the game is found from either seek.
TEST_P(StoreBackendTest, TwoQuickSeeksArePairedOnceAndTheGameIsFoundFromEither) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    const auto play = open_play_stores(db_);
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
        play->seeks().insert_seek(seek);
    }
    EXPECT_EQ(play->seeks().seeks(10).at(0).quick, "5+3");
    AccountGameRow game;
    game.game_id = "gq";
    game.seek_id = "qa";
    game.second_seek_id = "qb";
    game.white_account = "a1";
    game.black_account = "b1";
    game.rated = true;
    game.pool = "blitz";
    game.created_at = 10;
    EXPECT_FALSE(play->seeks().pair_seeks("qa", "qa", {bare_game("gq"), game}));
    EXPECT_TRUE(play->seeks().pair_seeks("qa", "qb", {bare_game("gq"), game}));
    game.game_id = "gq2";
    EXPECT_FALSE(play->seeks().pair_seeks("qb", "qc", {bare_game("gq2"), game}));  // qb is taken
    EXPECT_EQ(play->seeks().seeks(10).size(), 1u);                                 // qc waits on
    EXPECT_FALSE(store->load_game("gq2"));  // nothing of a pairing that failed
    // The game's row came with the pairing.
    EXPECT_EQ(store->load_game("gq")->game.id, "gq");
    for (const char* seek : {"qa", "qb"}) {
        const auto found = play->seeks().find_game_of_seek(seek);
        ASSERT_TRUE(found) << seek;
        EXPECT_EQ(found->game_id, "gq");
    }
    EXPECT_FALSE(play->seeks().find_game_of_seek("qc"));
    EXPECT_FALSE(play->account_games().find_account_game("gq2"));
}

}  // namespace
}  // namespace chess960::server::store_test
