// What changed in the open seeks from one pass of the feed to the next: pure (no store, no
// clock, no connection), so that the feed's telling is tested without sockets.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "lobby/recent_ids.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

struct SeekChanges {
    // Read now, not known before, in the read's order (oldest first): added.
    std::vector<SeekRow> added;
    // Known (or made or taken here and never read: watched) and no longer read, unless paired
    // here: gone, accepted or withdrawn. Each at most once; a watched seek told gone before is
    // not again.
    std::vector<SeekRow> gone;
    // Known and paired here: forgotten without a word (their game is told to their players).
    std::vector<std::string> paired;
};

// `known`: the seeks as last told; `read`: the open seeks now (after this pass's pairing);
// `paired_here`: the seeks this pass paired; `watched`: seeks made or taken here since the last
// pass; `told_gone`: seeks told gone already.
SeekChanges seek_changes(const std::unordered_map<std::string, SeekRow>& known,
                         const std::vector<SeekRow>& read,
                         const std::vector<std::string>& paired_here,
                         const std::vector<SeekRow>& watched, const RecentIds& told_gone);

}  // namespace chess960::server
