// The server's cache of rendered views (src/server/http/render_cache.cpp): one render at a time
// per key, its text shared with the callers that waited for it, and no caller left waiting.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "http/render_cache.hpp"

namespace {

using chess960::server::RenderCache;

TEST(RenderCache, ARenderIsSharedByTheCallersThatWaitForIt) {
    RenderCache cache(60'000, 16);
    std::atomic<int> renders{0};
    std::vector<std::thread> callers;
    std::atomic<int> right{0};
    for (int i = 0; i < 8; ++i)
        callers.emplace_back([&] {
            const std::string text = cache.get("event", [&] {
                ++renders;
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                return std::string("view");
            });
            if (text == "view") ++right;
        });
    for (auto& t : callers) t.join();
    EXPECT_EQ(right, 8);
    EXPECT_EQ(renders, 1);
}

TEST(RenderCache, AnInvalidatedKeyIsRenderedAgain) {
    RenderCache cache(60'000, 16);
    int renders = 0;
    auto render = [&] { return "view " + std::to_string(++renders); };
    EXPECT_EQ(cache.get("event", render), "view 1");
    EXPECT_EQ(cache.get("event", render), "view 1");
    cache.invalidate("event");
    EXPECT_EQ(cache.get("event", render), "view 2");
}

// While the text is older than its lifetime but unchanged, the callers that come during its
// next render get the text as it was at once, instead of waiting for the render (which held
// the server's threads while a 2.8 MB view rendered slowly: another client's request waited
// 12.5 s in the sanitizer pass).
TEST(RenderCache, AnExpiredTextIsServedWhileItIsRenderedAgain) {
    RenderCache cache(0, 16);
    EXPECT_EQ(cache.get("event", [] { return std::string("view 1"); }), "view 1");
    std::promise<void> started, release;
    std::shared_future<void> released = release.get_future().share();
    std::thread renderer([&] {
        cache.get("event", [&] {
            started.set_value();
            released.wait();
            return std::string("view 2");
        });
    });
    started.get_future().wait();
    auto other = std::async(std::launch::async, [&] {
        return cache.get("event", [] { return std::string("not rendered here"); });
    });
    const bool at_once = other.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
    release.set_value();
    renderer.join();
    ASSERT_TRUE(at_once) << "the caller waited for the render under way";
    EXPECT_EQ(other.get(), "view 1");
}

// An invalidated text is never served: the caller waits for the render under way.
TEST(RenderCache, AnInvalidatedTextWaitsForTheRenderUnderWay) {
    RenderCache cache(60'000, 16);
    EXPECT_EQ(cache.get("event", [] { return std::string("view 1"); }), "view 1");
    cache.invalidate("event");
    std::promise<void> started, release;
    std::shared_future<void> released = release.get_future().share();
    std::thread renderer([&] {
        cache.get("event", [&] {
            started.set_value();
            released.wait();
            return std::string("view 2");
        });
    });
    started.get_future().wait();
    auto other = std::async(std::launch::async, [&] {
        return cache.get("event", [] { return std::string("not rendered here"); });
    });
    EXPECT_EQ(other.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
    release.set_value();
    renderer.join();
    EXPECT_EQ(other.get(), "view 2");
}

// Renders slower than the lifetime (a 2.8 MB event view on a loaded machine took longer than
// the second it is kept): a caller woken by the end of one render found the next one begun by
// a third caller and waited for a signal nobody would give again. The server's I/O thread
// stayed blocked and the server could not stop (EventServerTest hung in the sanitizer pass).
TEST(RenderCache, NoCallerWaitsForeverWhenRendersOutlastTheLifetime) {
    RenderCache cache(0, 16);
    constexpr int kCallers = 8, kCalls = 200;
    auto finished = std::make_shared<std::atomic<int>>(0);
    std::vector<std::thread> callers;
    for (int i = 0; i < kCallers; ++i)
        callers.emplace_back([&cache, finished] {
            for (int n = 0; n < kCalls; ++n)
                cache.get("event", [] {
                    std::this_thread::sleep_for(std::chrono::microseconds(200));
                    return std::string("view");
                });
            ++*finished;
        });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (*finished < kCallers && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (*finished < kCallers) {
        // The callers cannot be joined: say so and end here rather than hang the suite.
        std::fprintf(stderr, "RenderCache: %d of %d callers still waiting after 20 s\n",
                     kCallers - finished->load(), kCallers);
        std::_Exit(1);
    }
    for (auto& t : callers) t.join();
    SUCCEED();
}

}  // namespace
