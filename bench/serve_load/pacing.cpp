#include "pacing.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace serve_load {

Clock::duration move_interval(int games, double moves_per_second) {
    const double seconds = double(games) / moves_per_second;
    const auto ns = std::chrono::duration<double, std::nano>(seconds * 1e9);
    return std::max(Clock::duration(1), std::chrono::round<Clock::duration>(ns));
}

std::vector<Clock::duration> start_phases(int games, Clock::duration interval,
                                          std::mt19937_64& random) {
    std::uniform_real_distribution<double> jitter(0.0, 1.0);
    std::vector<Clock::duration> phases;
    phases.reserve(std::size_t(games));
    for (int i = 0; i < games; ++i) {
        const double share = (double(i) + jitter(random)) / double(games);
        auto phase = Clock::duration(Clock::rep(share * double(interval.count())));
        phases.push_back(std::clamp(phase, Clock::duration(0), interval - Clock::duration(1)));
    }
    return phases;
}

MoveSchedule::MoveSchedule(Clock::time_point first_due, Clock::duration interval)
    : first_due_(first_due), interval_(interval) {}

Clock::time_point MoveSchedule::due(Clock::time_point now) {
    if (!paced()) return now;
    const Clock::time_point oldest = now - kMaxLagIntervals * interval_;
    if (at(next_) < oldest) {
        // The first index whose due time is not older than `oldest` (oldest > first_due_ here).
        const Clock::rep behind = (oldest - first_due_).count();
        const std::int64_t k = (behind + interval_.count() - 1) / interval_.count();
        skipped_ += std::uint64_t(k - next_);
        next_ = k;
    }
    return at(next_);
}

std::vector<std::uint64_t> offered_per_second(const std::vector<MoveSchedule>& schedules,
                                              Clock::time_point start, int seconds) {
    std::vector<std::uint64_t> offered(std::size_t(std::max(seconds, 0)), 0);
    const Clock::time_point end = start + std::chrono::seconds(seconds);
    for (const MoveSchedule& s : schedules) {
        if (!s.paced()) continue;
        const Clock::duration interval = s.interval();
        std::int64_t k = 0;
        if (s.first_due() < start)
            k = ((start - s.first_due()).count() + interval.count() - 1) / interval.count();
        for (Clock::time_point t = s.first_due() + k * interval; t < end;
             t = s.first_due() + (++k) * interval)
            ++offered[std::size_t(
                std::chrono::duration_cast<std::chrono::seconds>(t - start).count())];
    }
    return offered;
}

int first_unsustained_second(const std::vector<std::uint64_t>& offered,
                             const std::vector<std::uint64_t>& achieved, double share) {
    const std::size_t n = std::min(offered.size(), achieved.size());
    for (std::size_t s = 1; s < n; ++s)
        if (double(achieved[s]) < share * double(offered[s])) return int(s);
    // A second with offers but no count at all (the run ended early) is not sustained either.
    for (std::size_t s = std::max<std::size_t>(n, 1); s < offered.size(); ++s)
        if (offered[s] > 0) return int(s);
    return -1;
}

}  // namespace serve_load
