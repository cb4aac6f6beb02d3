// The accounts' store on SQLite: the game store's file (sqlite_store.hpp), on a connection of its
// own.
#pragma once

#include <mutex>
#include <string>

#include "store/account_store.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace chess960::server {

class SqliteAccountStore final : public AccountStore {
  public:
    // Opens the file the game store has already opened and migrated. Throws StoreError.
    explicit SqliteAccountStore(const std::string& path);
    ~SqliteAccountStore() override;
    SqliteAccountStore(const SqliteAccountStore&) = delete;
    SqliteAccountStore& operator=(const SqliteAccountStore&) = delete;

    AccountInsert insert_account(const AccountRow& account,
                                 const std::optional<std::string>& invitation_hash,
                                 std::int64_t at) override;
    std::optional<AccountRow> find_by_key(const std::string& name_key) override;
    std::optional<AccountRow> find_by_id(const std::string& id) override;
    void update_account(const AccountRow& account) override;
    void delete_account(const std::string& id) override;
    void insert_session(const SessionRow& session) override;
    std::optional<SessionRow> find_session(const std::string& token_hash,
                                           std::int64_t now) override;
    void touch_session(const std::string& token_hash, std::int64_t last_seen_at,
                       std::int64_t expires_at) override;
    void delete_session(const std::string& token_hash) override;
    void insert_invitation(const InvitationRow& invitation) override;
    std::optional<InvitationRow> find_invitation(const std::string& token_hash) override;

  private:
    [[noreturn]] void fail(const std::string& doing);
    // Runs one statement with `bind` applied (the caller holds the mutex); returns the rows
    // it changed.
    template <typename Bind>
    int step(const char* sql, const char* doing, Bind bind);
    // Runs a query with `bind` applied and gives `read` its first row, if any.
    template <typename Bind, typename Read>
    bool query(const char* sql, const char* doing, Bind bind, Read read);
    void begin();
    void commit();
    void rollback();

    std::string path_;
    std::mutex mutex_;
    sqlite3* db_ = nullptr;
};

}  // namespace chess960::server
