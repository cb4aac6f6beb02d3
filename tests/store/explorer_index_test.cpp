// The explorer's index (store/explorer_index.hpp): rows added in a large batch (a sorted file
// ingested) and in small ones (the log) are read back by position, each once, by game; a row
// added again is one row; the mark of how far it got survives a reopening; a second opener in
// another process is told the index is busy.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <random>

#include "store/explorer_index.hpp"

using namespace chess960::server;

namespace {

std::string temp_dir() {
    std::string dir = (std::filesystem::path(::testing::TempDir()) / "index_test_XXXXXX").string();
    EXPECT_NE(mkdtemp(dir.data()), nullptr);
    return dir + "/index";
}

}  // namespace

TEST(ExplorerIndex, LargeAndSmallBatchesReadBackByPositionAndGame) {
    const std::string dir = temp_dir();
    std::mt19937_64 rng(5);
    // 2,000 positions (some keys negative as int64), 100 games each, rows by game as the keeper
    // adds them; the large batch goes in as a file, the small ones through the log.
    std::vector<std::int64_t> keys(2000);
    for (auto& k : keys) k = std::int64_t(rng());
    std::map<std::int64_t, std::vector<IndexHit>> expected;
    std::vector<IndexRow> large, small;
    for (std::int64_t game = 1; game <= 100; ++game)
        for (std::size_t k = 0; k < keys.size(); ++k) {
            const IndexRow row{keys[k], game, game * 10000 + std::int64_t(k)};
            (game <= 90 ? large : small).push_back(row);
            expected[keys[k]].push_back({game, row.entry});
        }
    ASSERT_GE(large.size(), 50'000u);
    {
        ExplorerIndex index(dir);
        EXPECT_EQ(index.indexed_to(), 0);
        index.add(large, 90);
        for (std::size_t at = 0; at < small.size(); at += 1000)
            index.add(std::vector<IndexRow>(
                          small.begin() + std::ptrdiff_t(at),
                          small.begin() + std::ptrdiff_t(std::min(at + 1000, small.size()))),
                      100);
        index.add({small.front()}, 100);  // again: the same row
        EXPECT_EQ(index.indexed_to(), 100);
    }
    ExplorerIndex index(dir);
    EXPECT_EQ(index.indexed_to(), 100);
    for (const auto& [key, hits] : expected) {
        const std::vector<IndexHit> got = index.position(key);
        ASSERT_EQ(got.size(), hits.size()) << key;
        for (std::size_t i = 0; i < got.size(); ++i) {
            ASSERT_EQ(got[i].game, hits[i].game);
            ASSERT_EQ(got[i].entry, hits[i].entry);
        }
    }
    EXPECT_TRUE(index.position(std::int64_t(rng())).empty());
    EXPECT_GT(index.bytes_on_disk(), 0u);
}

TEST(ExplorerIndex, AnotherProcessIsToldItIsBusy) {
    const std::string dir = temp_dir();
    ExplorerIndex index(dir);
    const pid_t child = fork();
    if (child == 0) {
        try {
            ExplorerIndex second(dir);
            _exit(1);
        } catch (const ExplorerIndexBusy&) {
            _exit(0);
        } catch (...) {
            _exit(2);
        }
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
}
