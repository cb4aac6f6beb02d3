// The explorer's index (store/explorer_index.hpp): rows added in a large batch (a sorted file
// ingested) and in small ones (the log) are read back by position, each once, by game; a row
// added again is one row; the mark of how far it got survives a reopening; a second opener in
// another process is told the index is busy; a temporary index's directory left by a process
// gone is removed.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
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

// A temporary index's directory names its owner; making one removes those whose owner is gone
// (a killed server's), and keeps a living owner's, one just being made and whatever is not ours.
TEST(ExplorerIndex, ATemporaryDirectoryOfAProcessGoneIsRemovedWhenAnotherIsMade) {
    namespace fs = std::filesystem;
    const fs::path tmp = fs::path(temp_dir()).parent_path();
    const char* before = std::getenv("TMPDIR");
    const std::string saved = before ? before : "";
    ASSERT_EQ(setenv("TMPDIR", tmp.c_str(), 1), 0);
    const fs::path mine = temporary_explorer_dir();  // this process's, alive
    ASSERT_EQ(mine.parent_path(), tmp);
    EXPECT_TRUE(fs::exists(mine / "owner"));
    const pid_t child = fork();
    if (child == 0) _exit(0);
    ASSERT_EQ(waitpid(child, nullptr, 0), child);
    const auto make = [&](const std::string& name, const std::string& owner) {
        fs::create_directories(tmp / name / "sub");
        std::ofstream(tmp / name / "000004.log") << "rows";
        if (!owner.empty()) std::ofstream(tmp / name / "owner") << owner;
        return tmp / name;
    };
    const fs::path dead = make("chess960-explorer-dead01", std::to_string(child) + " 12345\n");
    // Process 1 runs, but it started at another time: its id was reused.
    const fs::path reused = make("chess960-explorer-reused", "1 1\n");
    const fs::path old_unowned = make("chess960-explorer-old001", "");
    fs::last_write_time(old_unowned, fs::file_time_type::clock::now() - std::chrono::hours(1));
    const fs::path new_unowned = make("chess960-explorer-new001", "");
    const fs::path other = make("other-dir", std::to_string(child) + " 12345\n");
    const fs::path next = temporary_explorer_dir();
    EXPECT_TRUE(fs::exists(next / "owner"));
    EXPECT_TRUE(fs::exists(mine));
    EXPECT_FALSE(fs::exists(dead));
    EXPECT_FALSE(fs::exists(reused));
    EXPECT_FALSE(fs::exists(old_unowned));
    EXPECT_TRUE(fs::exists(new_unowned));
    EXPECT_TRUE(fs::exists(other));
    // An index opens in it as in any directory, and is removed with it when closed.
    { ExplorerIndex index(next.string(), true); }
    EXPECT_FALSE(fs::exists(next));
    if (before)
        setenv("TMPDIR", saved.c_str(), 1);
    else
        unsetenv("TMPDIR");
}
