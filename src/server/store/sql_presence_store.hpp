// Who is online's logic (store/presence_store.hpp), once for both back ends: each server's row
// and its accounts, with their parameters and transactions. A back end gives its SQL text
// (PresenceStatements); the accounts' store (sql_account_store.hpp) gives its session on its
// connection, its mutex and its lobby's changes (sql_lobby_changes.hpp).
#pragma once

#include <mutex>
#include <string>

#include "sql_lobby_changes.hpp"
#include "sql_session.hpp"
#include "store/presence_store.hpp"

namespace chess960::server {

// Who is online's statements in a back end's SQL, with the same parameters on both (lists of
// accounts and servers as SqlValues::texts).
struct PresenceStatements {
    // (server, now) its row renewed, or inserted; (server, accounts) those that exist added, or
    // removed.
    const char* renew_server;
    const char* insert_server;
    const char* add_presence;
    const char* remove_presence;
    const char* select_online;            // (alive since) the accounts, by name
    const char* select_online_elsewhere;  // (account, server, alive since)
    // Dropping servers: (alive since) those not seen since deleted, giving their ids; (servers)
    // their accounts' rows deleted, giving the accounts; (account) whether it is still online.
    const char* delete_servers_before;
    const char* delete_presence_on;
    const char* select_presence_of;
    const char* delete_server_presence;  // (server)
    const char* delete_server;           // (server)
};

class SqlPresenceStore final : public PresenceStore {
  public:
    // `session`, `mutex` and `changes` are the accounts' store's (its connection), and may be its
    // members: none is used before a call.
    SqlPresenceStore(const PresenceStatements& sql, SqlSession& session, std::mutex& mutex,
                     SqlLobbyChanges& changes)
        : sql_(sql), session_(session), mutex_(mutex), changes_(changes) {}

    bool update_presence(const std::string& server, const std::vector<std::string>& joined,
                         const std::vector<std::string>& left, std::int64_t now) override;
    std::vector<PresenceRow> online(std::int64_t alive_since) override;
    bool online_elsewhere(const std::string& account_id, const std::string& except,
                          std::int64_t alive_since) override;
    std::vector<std::string> drop_servers_seen_before(std::int64_t alive_since) override;
    void drop_server(const std::string& server) override;

  private:
    const PresenceStatements& sql_;
    SqlSession& session_;
    std::mutex& mutex_;
    SqlLobbyChanges& changes_;
};

}  // namespace chess960::server
