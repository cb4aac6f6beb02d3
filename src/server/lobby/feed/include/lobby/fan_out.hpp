// Work over a range of indexes split between the calling thread and a few threads of its own:
// the lobby's message to each of thousands of connections is a system call apiece (a loopback
// send costs about 6 us, with the receiving side's work), and on one thread a pass over 5,000
// connections took 35 ms, the time every change waited for the pass before it. Each helper
// takes an equal share; run returns when every share is done, so that passes stay in order.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace chess960::server {

class FanOut {
  public:
    // `helpers` threads besides the caller's (0: all on the caller's); a range shorter than
    // `min_share` a thread is not split.
    explicit FanOut(int helpers, std::size_t min_share = 256);
    ~FanOut();
    FanOut(const FanOut&) = delete;
    FanOut& operator=(const FanOut&) = delete;

    using Part = std::function<void(std::size_t begin, std::size_t end)>;
    // Calls part over [0, n), split into shares, the first on this thread; returns when all are
    // done. One run at a time (the lobby's feed thread).
    void run(std::size_t n, const Part& part);

  private:
    void helper(std::size_t k);

    const std::size_t min_share_;
    std::mutex mutex_;
    std::condition_variable start_, done_;
    std::uint64_t generation_ = 0;
    std::size_t pending_ = 0, n_ = 0, shares_ = 1;
    const Part* part_ = nullptr;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace chess960::server
