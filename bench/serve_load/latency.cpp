#include "latency.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace serve_load {

LatencyLog::Summary LatencyLog::summary() {
    Summary s;
    s.count = samples_.size();
    if (samples_.empty()) return s;
    std::sort(samples_.begin(), samples_.end());
    // The nearest-rank percentile: the smallest sample with at least p of the samples at or
    // below it.
    auto at = [&](double p) {
        std::size_t rank = std::size_t(p * double(samples_.size()) + 0.999999);
        rank = std::clamp<std::size_t>(rank, 1, samples_.size());
        return double(samples_[rank - 1]) / 1000.0;
    };
    s.p50_ms = at(0.50);
    s.p90_ms = at(0.90);
    s.p99_ms = at(0.99);
    s.p999_ms = at(0.999);
    s.max_ms = double(samples_.back()) / 1000.0;
    const double sum = std::accumulate(samples_.begin(), samples_.end(), 0.0);
    s.mean_ms = sum / double(samples_.size()) / 1000.0;
    return s;
}

std::string format_ms(double ms) {
    char text[32];
    if (ms >= 100)
        std::snprintf(text, sizeof text, "%.0f ms", ms);
    else if (ms >= 10)
        std::snprintf(text, sizeof text, "%.1f ms", ms);
    else
        std::snprintf(text, sizeof text, "%.2f ms", ms);
    return text;
}

std::uint64_t PerSecond::total() const {
    return std::accumulate(counts_.begin(), counts_.end(), std::uint64_t{0});
}

}  // namespace serve_load
