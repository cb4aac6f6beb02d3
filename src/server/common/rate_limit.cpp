#include "common/rate_limit.hpp"

#include <algorithm>
#include <cmath>

namespace chess960::server {

namespace {
// Beyond this many clients, buckets that have refilled are forgotten (they equal a new one).
constexpr std::size_t kPruneAbove = 100'000;
}  // namespace

RateLimiter::RateLimiter(double rate_per_second, double burst)
    : rate_(rate_per_second), burst_(std::max(1.0, burst)) {}

int RateLimiter::take(const std::string& client, Millis now) {
    if (rate_ <= 0) return 0;
    std::lock_guard lock(mutex_);
    if (buckets_.size() > kPruneAbove) {
        std::erase_if(buckets_, [&](const auto& entry) {
            return entry.second.tokens + double(now - entry.second.at) * rate_ / 1000.0 >= burst_;
        });
    }
    auto [it, fresh] = buckets_.try_emplace(client, Bucket{burst_, now});
    Bucket& bucket = it->second;
    if (!fresh && now > bucket.at) {
        bucket.tokens = std::min(burst_, bucket.tokens + double(now - bucket.at) * rate_ / 1000.0);
        bucket.at = now;
    }
    if (bucket.tokens >= 1.0) {
        bucket.tokens -= 1.0;
        return 0;
    }
    return std::max(1, int(std::ceil((1.0 - bucket.tokens) / rate_)));
}

}  // namespace chess960::server
