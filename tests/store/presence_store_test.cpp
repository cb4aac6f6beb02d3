// Who is online (store/presence_store.hpp) on both back ends: the live servers' accounts, a
// server taken for dead dropped once, an account's deletion.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "store/account_store.hpp"
#include "store/open.hpp"
#include "store/presence_store.hpp"
#include "store/store.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

// Who is online: an account is online while a live server has it; a server that stops renewing
// its row is dropped with its accounts, and those online nowhere else are the ones returned
// (their seeks are to go); an account's deletion takes it out.
TEST_P(StoreBackendTest, PresenceFollowsTheLiveServers) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    for (const auto& [id, name] : {std::pair{"a1", "Ann"}, {"b2", "Bob"}, {"c3", "Cy"}})
        ASSERT_EQ(accounts->insert_account(an_account(id, name), std::nullopt, 1),
                  AccountInsert::inserted);
    const auto play = open_play_stores(db_);
    EXPECT_FALSE(play->presence().update_presence("A", {"a1", "b2"}, {}, 1'000));  // a new row
    EXPECT_FALSE(play->presence().update_presence("B", {"b2", "c3", "nobody"}, {}, 1'000));
    EXPECT_TRUE(play->presence().update_presence("A", {}, {}, 2'000));  // renewed
    auto names = [&](std::int64_t since) {
        std::vector<std::string> out;
        for (const PresenceRow& row : play->presence().online(since)) out.push_back(row.name);
        return out;
    };
    EXPECT_EQ(names(500), (std::vector<std::string>{"Ann", "Bob", "Cy"}));
    EXPECT_EQ(names(1'500), (std::vector<std::string>{"Ann", "Bob"}));  // B not seen since
    EXPECT_TRUE(play->presence().online_elsewhere("b2", "B", 1'500));
    EXPECT_FALSE(play->presence().online_elsewhere("c3", "A", 1'500));
    EXPECT_FALSE(play->presence().online_elsewhere("a1", "A", 500));
    // B is dropped: Cy was online only there, Bob is still on A.
    EXPECT_EQ(play->presence().drop_servers_seen_before(1'500), std::vector<std::string>{"c3"});
    EXPECT_TRUE(play->presence().drop_servers_seen_before(1'500).empty());  // once
    EXPECT_FALSE(
        play->presence().update_presence("B", {}, {}, 3'000));  // taken for dead: to write again
    EXPECT_TRUE(play->presence().update_presence("A", {}, {"b2"}, 3'000));
    EXPECT_EQ(names(2'500), std::vector<std::string>{"Ann"});
    accounts->delete_account("a1");
    EXPECT_TRUE(names(0).empty());
    play->presence().update_presence("A", {"b2"}, {}, 4'000);
    play->presence().drop_server("A");
    EXPECT_TRUE(names(0).empty());
}

}  // namespace
}  // namespace chess960::server::store_test
