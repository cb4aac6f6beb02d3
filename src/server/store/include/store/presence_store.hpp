// Who is online, whichever server the accounts' lobby connections go to. Each server has a row
// it renews (seen_at) while it runs, and the accounts connected to it. Tables of schema version
// 10 (sqlite_schema.hpp) in the game store's database, kept by the accounts' store's connection
// (open.hpp: open_play_stores); each call one committed transaction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace chess960::server {

// An account online: a lobby connection to a live server.
struct PresenceRow {
    std::string account_id;
    std::string name;
};

class PresenceStore {
  public:
    virtual ~PresenceStore() = default;

    // Renews `server`'s row at `now` and adds and removes its accounts; false when the row was
    // gone (another server took it for dead): the caller then gives all its accounts again.
    virtual bool update_presence(const std::string& server, const std::vector<std::string>& joined,
                                 const std::vector<std::string>& left, std::int64_t now) = 0;
    // The accounts online on a server seen since `alive_since`, by name.
    virtual std::vector<PresenceRow> online(std::int64_t alive_since) = 0;
    // Whether the account is online on a server seen since `alive_since` other than `except`.
    virtual bool online_elsewhere(const std::string& account_id, const std::string& except,
                                  std::int64_t alive_since) = 0;
    // Deletes the servers not seen since `alive_since` (stopped without saying so) with their
    // accounts: the accounts that are online nowhere else now (their seeks are to go).
    virtual std::vector<std::string> drop_servers_seen_before(std::int64_t alive_since) = 0;
    // Deletes a server's row and accounts (it stops).
    virtual void drop_server(const std::string& server) = 0;
};

}  // namespace chess960::server
