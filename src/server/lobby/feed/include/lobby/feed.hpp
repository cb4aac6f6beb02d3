// What the lobby's live connections are told (docs/live.md, "The lobby"): a seek added, a seek
// gone (accepted, withdrawn, its player gone), a game started from one's own seek or acceptance,
// who is online, how many wait in each quick pairing pool. One typed event is shared by every
// connection that gets it; its text is made once, by the first that sends it (live/lobby_socket.cpp
// renders it).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/audience.hpp"
#include "lobby/pools.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

struct LobbyEvent {
    enum class Kind { Added, Removed, Started, Online, Pools, Batch };
    Kind kind = Kind::Added;
    SeekRow seek;                                   // Added
    std::string id;                                 // Removed: the seek's id; Started: the game's
    std::vector<std::string> names;                 // Online: the accounts online, by name
    std::array<int, kQuickPools.size()> waiting{};  // Pools: by kQuickPools' order
    // Batch: a pass's changes for everyone, in order (one message to each connection).
    std::vector<std::shared_ptr<const LobbyEvent>> events;
    RenderedOnce<std::string> text;
    RenderedOnce<std::string> wire;  // the text as the connections send it (a WebSocket frame)
};

// A live connection to the lobby, as the lobby holds it. `account_id` is its signed-in
// account's (empty: a visitor), fixed when it joins.
class LobbyListener {
  public:
    virtual ~LobbyListener() = default;
    // Sends or queues without blocking (from the feed's thread); false when the connection is
    // closed or too far behind (the lobby then forgets it).
    virtual bool deliver(const std::shared_ptr<const LobbyEvent>& event) = 0;
    std::string account_id;
    std::string account_name;
};

}  // namespace chess960::server
