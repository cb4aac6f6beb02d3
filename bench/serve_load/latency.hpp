// Latency samples in microseconds, and their percentiles. Samples are kept whole (4 bytes
// each: a 60 s run at 10,000 moves a second is 2.4 MB), so the percentiles are exact.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace serve_load {

using Clock = std::chrono::steady_clock;

class LatencyLog {
  public:
    void add(Clock::duration d) {
        const auto us = std::chrono::duration_cast<std::chrono::microseconds>(d).count();
        samples_.push_back(us < 0 ? 0u : us > 0xFFFFFFFF ? 0xFFFFFFFFu : std::uint32_t(us));
    }
    void add_us(std::uint32_t us) { samples_.push_back(us); }
    void merge(const LatencyLog& other) {
        samples_.insert(samples_.end(), other.samples_.begin(), other.samples_.end());
    }
    std::size_t count() const { return samples_.size(); }
    void clear() { samples_.clear(); }

    struct Summary {
        std::size_t count = 0;
        double p50_ms = 0, p90_ms = 0, p99_ms = 0, p999_ms = 0, max_ms = 0, mean_ms = 0;
    };
    // Sorts the samples (once per summary; call it after the run).
    Summary summary();

  private:
    std::vector<std::uint32_t> samples_;
};

// "1.23 ms" style, three significant digits.
std::string format_ms(double ms);

// Counts per second of a run, from its start.
class PerSecond {
  public:
    void start(Clock::time_point t0, int seconds) {
        t0_ = t0;
        counts_.assign(std::size_t(seconds), 0);
    }
    // Counts an event at `t`; outside the run it is not counted (false).
    bool add(Clock::time_point t) {
        if (t < t0_) return false;
        const auto second =
            std::size_t(std::chrono::duration_cast<std::chrono::seconds>(t - t0_).count());
        if (second >= counts_.size()) return false;
        ++counts_[second];
        return true;
    }
    bool contains(Clock::time_point t) const {
        return t >= t0_ && t - t0_ < std::chrono::seconds(counts_.size());
    }
    const std::vector<std::uint64_t>& counts() const { return counts_; }
    std::uint64_t total() const;

  private:
    Clock::time_point t0_{};
    std::vector<std::uint64_t> counts_;
};

}  // namespace serve_load
