#include "lobby/pools.hpp"

#include <algorithm>
#include <tuple>

namespace chess960::server {

std::optional<QuickPool> quick_pool(std::string_view key) {
    for (const QuickPool& pool : kQuickPools)
        if (pool.key == key) return pool;
    return std::nullopt;
}

rating::Speed speed_of(const QuickPool& pool) {
    // The four clocks are well within what classify rates.
    return rating::classify(pool.minutes * 60.0, pool.increment_seconds)
        .value_or(rating::Speed::Rapid);
}

int rating_range(std::int64_t waited_ms, const PoolRange& range) {
    const std::int64_t every = std::max<std::int64_t>(1, range.widen_every.count());
    const std::int64_t steps = std::max<std::int64_t>(0, waited_ms) / every;
    const std::int64_t widened = range.base + steps * std::int64_t(range.step);
    return int(std::clamp<std::int64_t>(widened, range.base, std::max(range.base, range.widest)));
}

std::vector<std::pair<std::size_t, std::size_t>> pair_pool(const std::vector<PoolEntry>& waiting,
                                                           std::int64_t now_ms,
                                                           const PoolRange& range) {
    // By rating: a player's candidates are the next ones up to the widest range, not all.
    std::vector<std::size_t> order(waiting.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::ranges::sort(order, {}, [&](std::size_t i) { return waiting[i].rating; });
    struct Candidate {
        double gap;
        std::int64_t oldest;
        std::size_t a, b;
    };
    std::vector<Candidate> candidates;
    const int widest = std::max(range.base, range.widest);
    for (std::size_t x = 0; x < order.size(); ++x) {
        const PoolEntry& a = waiting[order[x]];
        for (std::size_t y = x + 1; y < order.size(); ++y) {
            const PoolEntry& b = waiting[order[y]];
            const double gap = b.rating - a.rating;
            if (gap > widest) break;
            if (a.account_id == b.account_id) continue;
            const std::int64_t oldest = std::min(a.since, b.since);
            if (gap <= rating_range(now_ms - oldest, range))
                candidates.push_back({gap, oldest, order[x], order[y]});
        }
    }
    std::ranges::sort(candidates, {}, [](const Candidate& c) {
        return std::tuple(c.gap, c.oldest, std::min(c.a, c.b), std::max(c.a, c.b));
    });
    std::vector<bool> taken(waiting.size(), false);
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (const Candidate& c : candidates) {
        if (taken[c.a] || taken[c.b]) continue;
        taken[c.a] = taken[c.b] = true;
        pairs.emplace_back(c.a, c.b);
    }
    return pairs;
}

}  // namespace chess960::server
