#include "lobby/fan_out.hpp"

#include <algorithm>

namespace chess960::server {

FanOut::FanOut(int helpers, std::size_t min_share)
    : min_share_(std::max<std::size_t>(1, min_share)) {
    for (int k = 0; k < helpers; ++k)
        threads_.emplace_back([this, k] { helper(std::size_t(k) + 1); });
}

FanOut::~FanOut() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    start_.notify_all();
    for (std::thread& t : threads_) t.join();
}

void FanOut::run(std::size_t n, const Part& part) {
    const std::size_t shares =
        std::min(threads_.size() + 1, std::max<std::size_t>(1, n / min_share_));
    if (shares <= 1) {
        part(0, n);
        return;
    }
    {
        std::lock_guard lock(mutex_);
        part_ = &part;
        n_ = n;
        shares_ = shares;
        pending_ = shares - 1;
        ++generation_;
    }
    start_.notify_all();
    part(0, n / shares);
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return pending_ == 0; });
    part_ = nullptr;
}

void FanOut::helper(std::size_t k) {
    std::uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
        start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
        if (k >= shares_) continue;  // fewer shares this time
        const Part& part = *part_;
        const std::size_t begin = n_ * k / shares_, end = n_ * (k + 1) / shares_;
        lock.unlock();
        part(begin, end);
        lock.lock();
        if (--pending_ == 0) done_.notify_one();
    }
}

}  // namespace chess960::server
