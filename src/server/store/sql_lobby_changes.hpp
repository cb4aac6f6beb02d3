// The lobby's changes (store/lobby_changes.hpp) as the accounts' connection tells and hears them,
// once for both back ends. The stores that change the seeks or who is online (sql_seek_store.hpp,
// sql_presence_store.hpp, an account's deletion) call changed() inside their transactions; the
// lobby listens. By default, a database no other server shares (SQLite): nothing to tell, nothing
// to hear. A shared one (PostgreSQL: postgres_account_store.hpp) overrides both.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "store/lobby_changes.hpp"

namespace chess960::server {

class SqlLobbyChanges : public LobbyChanges {
  public:
    // Inside the transaction of a change to the seeks ("seeks") or to who is online ("online"):
    // a database other servers share tells their lobbies (once it commits).
    virtual void changed(const char* /*what*/) {}

    std::unique_ptr<StoreListener> listen(
        std::function<void(const std::string&)> /*on_change*/,
        std::function<void(const std::string&)> /*log*/) override {
        return nullptr;
    }
};

}  // namespace chess960::server
