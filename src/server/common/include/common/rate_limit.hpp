// Per-client rate limits: a token bucket per client address (`rate` tokens a second up to
// `burst`). A refused request is told how long to wait (the Retry-After of a 429).
#pragma once

#include <mutex>
#include <string>
#include <unordered_map>

#include "chess960/clock.hpp"

namespace chess960::server {

class RateLimiter {
  public:
    // rate <= 0: no limit.
    RateLimiter(double rate_per_second, double burst);
    // Takes a token for `client` at `now`: 0 when allowed, else the seconds to wait (>= 1).
    int take(const std::string& client, Millis now);

  private:
    struct Bucket {
        double tokens;
        Millis at;
    };
    double rate_;
    double burst_;
    std::mutex mutex_;
    std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace chess960::server
