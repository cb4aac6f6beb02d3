#include "lobby/seek_changes.hpp"

#include <algorithm>
#include <unordered_set>

namespace chess960::server {

SeekChanges seek_changes(const std::unordered_map<std::string, SeekRow>& known,
                         const std::vector<SeekRow>& read,
                         const std::vector<std::string>& paired_here,
                         const std::vector<SeekRow>& watched, const RecentIds& told_gone) {
    std::unordered_set<std::string> now;
    now.reserve(read.size());
    for (const SeekRow& seek : read) now.insert(seek.id);
    const std::unordered_set<std::string> paired(paired_here.begin(), paired_here.end());
    SeekChanges changes;
    for (const auto& [id, seek] : known) {
        if (paired.contains(id))
            changes.paired.push_back(id);
        else if (!now.contains(id))
            changes.gone.push_back(seek);
    }
    // A seek made here and taken (by another server, or accepted here) before a pass read it:
    // gone all the same, so that its players are told of its game.
    std::unordered_set<std::string> seen;
    for (const SeekRow& seek : watched) {
        if (known.contains(seek.id) || told_gone.contains(seek.id) || now.contains(seek.id) ||
            paired.contains(seek.id) || !seen.insert(seek.id).second)
            continue;
        changes.gone.push_back(seek);
    }
    for (const SeekRow& seek : read)
        if (!known.contains(seek.id)) changes.added.push_back(seek);
    return changes;
}

}  // namespace chess960::server
