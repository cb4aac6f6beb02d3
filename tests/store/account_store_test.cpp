// The accounts' store (store/account_store.hpp) on both back ends: accounts, sessions and
// invitations, and what a deleted account leaves.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "store/account_store.hpp"
#include "store/open.hpp"
#include "store/secrets.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

// Version 8: an account, its sessions and invitations round-trip; a name key is taken once; an
// invitation makes one account; a deleted account leaves nothing of its person behind.
TEST_P(StoreBackendTest, AccountsSessionsAndInvitationsRoundTrip) {
    const auto store = open_store(db_);
    const auto accounts = open_account_store(db_);
    AccountRow ann = an_account("a1", "Ann");
    ann.role = "admin";
    EXPECT_EQ(accounts->insert_account(ann, std::nullopt, 1), AccountInsert::inserted);
    AccountRow other = an_account("a2", "Ann");  // the same key
    EXPECT_EQ(accounts->insert_account(other, std::nullopt, 1), AccountInsert::name_taken);
    const auto loaded = accounts->find_by_key("key:Ann");
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->id, "a1");
    EXPECT_EQ(loaded->name, "Ann");
    EXPECT_EQ(loaded->password_hash, ann.password_hash);
    EXPECT_EQ(loaded->display_name, "Ann the player");
    EXPECT_EQ(loaded->language, "de");
    EXPECT_EQ(loaded->theme, "dark");
    EXPECT_EQ(loaded->role, "admin");
    EXPECT_EQ(loaded->created_at, ann.created_at);
    EXPECT_FALSE(accounts->find_by_id("a2"));

    ann.display_name = "Annie";
    ann.theme = "light";
    accounts->update_account(ann);
    EXPECT_EQ(accounts->find_by_id("a1")->display_name, "Annie");
    EXPECT_EQ(accounts->find_by_id("a1")->theme, "light");

    accounts->insert_session({sha256_hex("s"), "a1", 10, 10, 100});
    EXPECT_TRUE(accounts->find_session(sha256_hex("s"), 99));
    EXPECT_FALSE(accounts->find_session(sha256_hex("s"), 100));  // expired
    accounts->touch_session(sha256_hex("s"), 50, 200);
    const auto session = accounts->find_session(sha256_hex("s"), 150);
    ASSERT_TRUE(session);
    EXPECT_EQ(session->account_id, "a1");
    EXPECT_EQ(session->last_seen_at, 50);
    accounts->delete_session(sha256_hex("s"));
    EXPECT_FALSE(accounts->find_session(sha256_hex("s"), 0));

    // An invitation makes one account; an unknown one none.
    accounts->insert_invitation({sha256_hex("i"), "a1", 5, std::nullopt, std::nullopt});
    EXPECT_EQ(accounts->insert_account(an_account("b1", "Bob"), sha256_hex("nope"), 6),
              AccountInsert::invitation_unusable);
    EXPECT_FALSE(accounts->find_by_id("b1"));  // rolled back with the invitation
    EXPECT_EQ(accounts->insert_account(an_account("b1", "Bob"), sha256_hex("i"), 6),
              AccountInsert::inserted);
    EXPECT_EQ(accounts->insert_account(an_account("c1", "Cid"), sha256_hex("i"), 7),
              AccountInsert::invitation_unusable);
    EXPECT_EQ(accounts->find_invitation(sha256_hex("i"))->used_by, "b1");

    // Deleting Bob: his row, his sessions and his name on the invitation are gone; the
    // invitation stays used.
    accounts->insert_session({sha256_hex("bob"), "b1", 10, 10, 100});
    accounts->delete_account("b1");
    EXPECT_FALSE(accounts->find_by_id("b1"));
    EXPECT_EQ(column("SELECT count(*) FROM account_sessions WHERE account_id = 'b1'"),
              std::vector<std::string>{"0"});
    EXPECT_EQ(column("SELECT count(*) FROM invitations WHERE used_by = 'b1'"),
              std::vector<std::string>{"0"});
    EXPECT_EQ(accounts->insert_account(an_account("c1", "Cid"), sha256_hex("i"), 8),
              AccountInsert::invitation_unusable);
}

}  // namespace
}  // namespace chess960::server::store_test
