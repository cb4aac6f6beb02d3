// The accounts' store on PostgreSQL: the game store's database (postgres_store.hpp), on a
// connection of its own.
#pragma once

#include <mutex>
#include <string>

#include "store/account_store.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PostgresAccountStore final : public AccountStore {
  public:
    // Connects to the database the game store has already opened and migrated. Throws
    // StoreError.
    explicit PostgresAccountStore(const std::string& uri);

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
    PgResult run(const char* sql, const PgParams& params, const char* doing);

    std::mutex mutex_;
    PgConnection db_;
};

}  // namespace chess960::server
