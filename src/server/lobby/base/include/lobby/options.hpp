// What the lobby is told at its start: its bounds (seeks, connections), its rates, how often its
// feed reads the seeks and who is online, and how quick pairing's ranges widen. Each of the
// lobby's parts (seek book, quick pairing, presence, feed) reads its own.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

#include "lobby/pools.hpp"

namespace chess960::server {

struct LobbyOptions {
    int seeks_per_account = 5;      // open at once
    int seeks_in_all = 2000;        // the lobby's bound, all servers together
    double seeks_per_second = 0.5;  // per account, sustained
    double seeks_burst = 10;
    // How often the seeks are read for the live connections when nothing changed here (another
    // server sharing the database may have changed them).
    std::chrono::milliseconds poll_every{2'000};
    // The least time from one read of the seeks to the next: the changes made meanwhile go out
    // together (one message to each connection), so that hundreds of changes a second cost a
    // connection at most a message a gap, not one each.
    std::chrono::milliseconds feed_gap{20};
    // How long a signed-in player may be without a lobby connection (a page reloading) before
    // its seeks are withdrawn.
    std::chrono::milliseconds leave_after{15'000};
    // How often this server renews its row of who is online (store/presence_store.hpp), and how
    // long a server may go without renewing it before the others take it for dead (its accounts
    // are then offline, their seeks withdrawn).
    std::chrono::milliseconds presence_every{5'000};
    std::chrono::milliseconds presence_timeout{30'000};
    // At most one `online` message to the connections this often: each is the whole list to
    // every connection, so a thousand players arriving together (a restart's reconnections)
    // would otherwise send a thousand lists of a thousand names to each connection and leave
    // them too far behind (closed).
    std::chrono::milliseconds online_every{1'000};
    // Live connections to the lobby, all of them together.
    std::size_t max_listeners = 20'000;
    // Threads besides the feed's writing a message for everyone to the connections (FanOut);
    // -1: one fewer than the cores, at most 3.
    int fan_out_helpers = -1;
    // How the rating range of a player waiting in a quick pairing pool widens (pools.hpp). While
    // players wait, the seeks are read at least every pool_range.widen_every.
    PoolRange pool_range;
    std::function<void(const std::string&)> log;
};

}  // namespace chess960::server
