// Quick pairing (issue 35, the lobby): four fixed pools, 3+2, 5+3, 10+5 and 15+10 (minutes +
// seconds a move), rated, random colour, random start position. A player joins one and waits;
// the lobby pairs the waiting players of a pool whose ratings in the pool's speed are closest,
// within a range that widens the longer they wait. Pure: no store, no clock (the caller gives
// "now"), so that every server sharing a database computes the same pairs from the same seeks.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rating/speed.hpp"

namespace chess960::server {

struct QuickPool {
    std::string_view key;  // "5+3": what the API and the seeks table's `quick` column name it by
    int minutes = 0;
    int increment_seconds = 0;
};

inline constexpr std::array<QuickPool, 4> kQuickPools{
    {{"3+2", 3, 2}, {"5+3", 5, 3}, {"10+5", 10, 5}, {"15+10", 15, 10}}};

// The pool of that key, if it is one of the four.
std::optional<QuickPool> quick_pool(std::string_view key);
// Its speed as lichess classifies the clock (3+2 and 5+3 blitz, 10+5 and 15+10 rapid): the
// rating it is played for and matched by.
rating::Speed speed_of(const QuickPool& pool);

// How the range of ratings a waiting player is paired within widens: `base` at first, `step`
// more each `widen_every` waited, at most `widest`. lichess's pools start narrow and widen
// for players who missed pairings; ours are simpler: the club-sized pools of this server
// rarely hold two close players at once, so nobody should wait long, and after
// (widest - base) / step intervals (90 s with the defaults) any two players of the pool within
// 1000 points meet.
struct PoolRange {
    std::chrono::milliseconds widen_every{5'000};
    int base = 100;
    int step = 50;
    int widest = 1'000;
};

// The range after waiting `waited_ms`.
int rating_range(std::int64_t waited_ms, const PoolRange& range);

// A player waiting in a pool: its quick seek's id, account, rating in the pool's speed, and
// since when (epoch ms).
struct PoolEntry {
    std::string seek_id;
    std::string account_id;
    double rating = 0;
    std::int64_t since = 0;
};

// The pairs to make now among the entries of one pool, as indexes into `waiting`: the closest
// ratings first (of equal gaps, the pair that has waited longest), each entry at most once, a
// pair only when its gap is within the range of the one of the two who has waited longer (that
// player's wait is what the widening serves; the newcomer gets a game at once, a little
// further off than its own range). An account is never paired with itself (two of its seeks:
// two servers joined at once).
std::vector<std::pair<std::size_t, std::size_t>> pair_pool(const std::vector<PoolEntry>& waiting,
                                                           std::int64_t now_ms,
                                                           const PoolRange& range);

}  // namespace chess960::server
