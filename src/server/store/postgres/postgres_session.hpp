// The stores' shared logic on PostgreSQL (sql_session.hpp): statements through one libpq
// connection (postgres_connection.hpp), prepared by name where the store prepared them, their
// parameters as text. The connection is its store's; a lost one is reconnected before a
// transaction or a statement outside one, never inside one (which the server has rolled back).
#pragma once

#include <map>
#include <string>

#include "sql_session.hpp"
#include "store/postgres_connection.hpp"

namespace chess960::server {

class PgSession final : public SqlSession {
  public:
    explicit PgSession(PgConnection& db) : db_(db) {}

    // The values as libpq's text parameters.
    static PgParams params_of(const SqlValues& values);

    // Prepares `sql` under `name` (PgConnection::prepare); runs of `sql` use it from then on.
    void prepare(const char* name, const char* sql);

    const std::string& name() const override { return db_.name(); }
    void rollback() noexcept override;

  private:
    int execute(const char* sql, const SqlValues& values, const char* doing) override;
    int select(const char* sql, const SqlValues& values, const char* doing,
               const SqlRowVisitor& each) override;
    void start(SqlTransactionKind kind) override;
    void finish() override;
    PgResult result_of(const char* sql, const SqlValues& values, const char* doing);

    PgConnection& db_;
    std::map<const char*, std::string> prepared_;  // by the SQL text's address
    bool in_transaction_ = false;
};

}  // namespace chess960::server
