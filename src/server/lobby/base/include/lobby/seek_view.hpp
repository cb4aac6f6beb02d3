// How the lobby's seeks are seen: who sees a seek (every seek but quick pairing's, the lobby's to
// pair, and challenges, which only their two players see), and how many wait in each quick
// pairing pool. The seek book lists by it, quick pairing counts by it, the feed tells by it.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "lobby/pools.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

// Whether `viewer` (an account id, "" for a visitor) may see the seek.
bool sees(const SeekRow& seek, const std::string& viewer);
// Who is told of the seek's changes: everyone (an empty list), or a challenge's two players.
std::vector<std::string> seen_by(const SeekRow& seek);
// How many wait in each quick pairing pool (kQuickPools' order) among the seeks.
std::array<int, kQuickPools.size()> waiting_in(const std::vector<SeekRow>& seeks);

}  // namespace chess960::server
