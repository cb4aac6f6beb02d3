#include "lobby/seek_view.hpp"

#include <algorithm>

namespace chess960::server {

bool sees(const SeekRow& seek, const std::string& viewer) {
    if (seek.quick) return false;
    return !seek.to_account ||
           (!viewer.empty() && (seek.account_id == viewer || *seek.to_account == viewer));
}

std::vector<std::string> seen_by(const SeekRow& seek) {
    if (!seek.to_account) return {};
    return {seek.account_id, *seek.to_account};
}

std::array<int, kQuickPools.size()> waiting_in(const std::vector<SeekRow>& seeks) {
    std::array<int, kQuickPools.size()> waiting{};
    for (const SeekRow& seek : seeks) {
        if (!seek.quick) continue;
        const auto at = std::ranges::find(kQuickPools, *seek.quick, &QuickPool::key);
        if (at != kQuickPools.end()) ++waiting[std::size_t(at - kQuickPools.begin())];
    }
    return waiting;
}

}  // namespace chess960::server
