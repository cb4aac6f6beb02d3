// The lobby's fan-out (src/server/lobby/fan_out.hpp): every index done once, by several threads
// when there are enough, run after run; a short range on the caller's thread alone.
#include "lobby/fan_out.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace chess960::server {
namespace {

TEST(FanOut, EveryIndexOnceOverSeveralThreadsRunAfterRun) {
    FanOut fan_out(3, 100);
    for (std::size_t n : {0u, 1u, 99u, 400u, 5'000u, 10'001u}) {
        for (int run = 0; run < 20; ++run) {
            std::vector<std::atomic<int>> done(n);
            std::mutex mutex;
            std::set<std::thread::id> threads;
            fan_out.run(n, [&](std::size_t begin, std::size_t end) {
                {
                    std::lock_guard lock(mutex);
                    threads.insert(std::this_thread::get_id());
                }
                for (std::size_t i = begin; i < end; ++i) ++done[i];
            });
            for (std::size_t i = 0; i < n; ++i)
                ASSERT_EQ(done[i], 1) << "n " << n << " index " << i;
            // 100 a share at least, 4 threads at most.
            EXPECT_EQ(threads.size(), std::max<std::size_t>(1, std::min<std::size_t>(4, n / 100)))
                << "n " << n;
            if (n < 200) {
                EXPECT_EQ(threads, std::set<std::thread::id>{std::this_thread::get_id()});
            }
        }
    }
}

TEST(FanOut, WithoutHelpersAllIsOnTheCallersThread) {
    FanOut fan_out(0);
    std::thread::id who;
    std::size_t covered = 0;
    fan_out.run(100'000, [&](std::size_t begin, std::size_t end) {
        who = std::this_thread::get_id();
        covered += end - begin;
    });
    EXPECT_EQ(who, std::this_thread::get_id());
    EXPECT_EQ(covered, 100'000u);
}

}  // namespace
}  // namespace chess960::server
