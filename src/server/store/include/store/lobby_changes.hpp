// Other servers' changes to the lobby: to its seeks (seek_store.hpp; an account deleted takes
// its seeks too) and to who is online (presence_store.hpp). One channel for both, heard by one
// listener: the stores that change them tell it in their transactions, and the lobby hears it
// whichever of its parts the change is for.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "store/cluster.hpp"

namespace chess960::server {

class LobbyChanges {
  public:
    virtual ~LobbyChanges() = default;

    // `on_change` gets "seeks" or "online", on a thread of the listener's, after each change
    // another server committed, and "" when some may have been missed. None where no other
    // server shares the database.
    virtual std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)> on_change,
                                                  std::function<void(const std::string&)> log) = 0;
};

}  // namespace chess960::server
