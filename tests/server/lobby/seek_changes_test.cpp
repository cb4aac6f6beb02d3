// The feed's seek changes from one pass to the next (lobby/seek_changes.hpp), without sockets:
// what is added, what went (known, or watched and never read), what quick pairing took here.
#include "lobby/seek_changes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace chess960::server {
namespace {

SeekRow seek(const std::string& id, std::int64_t created_at = 0) {
    SeekRow s;
    s.id = id;
    s.account_id = "acc-" + id;
    s.created_at = created_at;
    return s;
}

std::unordered_map<std::string, SeekRow> known_of(const std::vector<SeekRow>& seeks) {
    std::unordered_map<std::string, SeekRow> known;
    for (const SeekRow& s : seeks) known.emplace(s.id, s);
    return known;
}

std::vector<std::string> ids(const std::vector<SeekRow>& seeks) {
    std::vector<std::string> out;
    for (const SeekRow& s : seeks) out.push_back(s.id);
    return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::ranges::sort(v);
    return v;
}

TEST(SeekChanges, NothingChangesWhenTheReadIsWhatIsKnown) {
    const std::vector<SeekRow> read{seek("a", 1), seek("b", 2)};
    const RecentIds told(10);
    const SeekChanges changes = seek_changes(known_of(read), read, {}, {}, told);
    EXPECT_TRUE(changes.added.empty());
    EXPECT_TRUE(changes.gone.empty());
    EXPECT_TRUE(changes.paired.empty());
}

TEST(SeekChanges, NewSeeksAreAddedInTheReadsOrderAndMissingOnesGo) {
    const RecentIds told(10);
    const SeekChanges changes = seek_changes(known_of({seek("a"), seek("b")}),
                                             {seek("b"), seek("d", 3), seek("c", 4)}, {}, {}, told);
    EXPECT_EQ(ids(changes.added), (std::vector<std::string>{"d", "c"}));
    EXPECT_EQ(ids(changes.gone), (std::vector<std::string>{"a"}));
}

TEST(SeekChanges, SeeksPairedHereAreForgottenNotToldGone) {
    const RecentIds told(10);
    const SeekChanges changes = seek_changes(known_of({seek("a"), seek("b"), seek("c")}),
                                             {seek("c")}, {"a", "b"}, {}, told);
    EXPECT_TRUE(changes.gone.empty());
    EXPECT_EQ(sorted(changes.paired), (std::vector<std::string>{"a", "b"}));
}

TEST(SeekChanges, AWatchedSeekNeverReadIsGoneOnce) {
    // Made here and accepted on another server before a pass read it: gone (its game is told
    // to its players), however often it was watched; not again once told gone.
    RecentIds told(10);
    const std::vector<SeekRow> watched{seek("w"), seek("w")};
    const SeekChanges first = seek_changes({}, {}, {}, watched, told);
    EXPECT_EQ(ids(first.gone), (std::vector<std::string>{"w"}));
    told.insert("w");
    EXPECT_TRUE(seek_changes({}, {}, {}, watched, told).gone.empty());
}

TEST(SeekChanges, AWatchedSeekStillOpenOrKnownOrPairedIsNotGone) {
    const RecentIds told(10);
    // Still open: added by the read, not gone.
    const SeekChanges open = seek_changes({}, {seek("w")}, {}, {seek("w")}, told);
    EXPECT_EQ(ids(open.added), (std::vector<std::string>{"w"}));
    EXPECT_TRUE(open.gone.empty());
    // Known and gone: gone once, as known.
    const SeekChanges known = seek_changes(known_of({seek("w")}), {}, {}, {seek("w")}, told);
    EXPECT_EQ(ids(known.gone), (std::vector<std::string>{"w"}));
    // Paired by this pass: its game is told as paired.
    EXPECT_TRUE(seek_changes({}, {}, {"w"}, {seek("w")}, told).gone.empty());
}

TEST(SeekChanges, AGoneSeekKeepsItsRowForTheTelling) {
    SeekRow challenge = seek("c");
    challenge.to_account = "acc-x";
    const RecentIds told(10);
    const SeekChanges changes = seek_changes(known_of({challenge}), {}, {}, {}, told);
    ASSERT_EQ(changes.gone.size(), 1u);
    EXPECT_EQ(changes.gone[0].to_account, challenge.to_account);
}

}  // namespace
}  // namespace chess960::server
