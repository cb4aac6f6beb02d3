// A throwaway PostgreSQL schema per test, for the tests that run against both back ends. The
// database is the one CHESS960_TEST_POSTGRES names: a libpq URI, or any other value to build
// the URI from the PG* variables that pg_virtualenv sets (tests/CMakeLists.txt runs the tests so,
// on a temporary cluster). Without the variable the PostgreSQL tests are skipped.
#pragma once

#include <libpq-fe.h>

#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace chess960::test {

// The database's URI, or "" when the tests have none.
inline std::string postgres_test_uri() {
    const char* given = std::getenv("CHESS960_TEST_POSTGRES");
    if (!given || !*given) return "";
    const std::string value = given;
    if (value.starts_with("postgresql://") || value.starts_with("postgres://")) return value;
    auto env = [](const char* name, const char* fallback) {
        const char* v = std::getenv(name);
        return std::string(v && *v ? v : fallback);
    };
    // The password stays in PGPASSWORD, which libpq reads: the URI is printed in messages.
    return "postgresql://" + env("PGUSER", "postgres") + "@" + env("PGHOST", "localhost") + ":" +
           env("PGPORT", "5432") + "/" + env("PGDATABASE", "postgres");
}

// A connection for the tests' own SQL (looking at what the store wrote, damaging it).
class PgRaw {
  public:
    explicit PgRaw(const std::string& uri) : conn_(PQconnectdb(uri.c_str())) {
        if (PQstatus(conn_) != CONNECTION_OK)
            throw std::runtime_error("cannot connect to " + uri + ": " + PQerrorMessage(conn_));
        PQsetNoticeProcessor(
            conn_, [](void*, const char*) {}, nullptr);
    }
    ~PgRaw() { PQfinish(conn_); }
    PgRaw(const PgRaw&) = delete;
    PgRaw& operator=(const PgRaw&) = delete;

    // Runs `sql`; returns column `index` of every row as text ("NULL" for NULL); throws on error.
    std::vector<std::string> column(const std::string& sql, int index = 0) {
        PGresult* r = PQexec(conn_, sql.c_str());
        const ExecStatusType status = PQresultStatus(r);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
            const std::string message = PQresultErrorMessage(r);
            PQclear(r);
            throw std::runtime_error(sql + ": " + message);
        }
        std::vector<std::string> values;
        for (int i = 0; i < PQntuples(r); ++i)
            values.emplace_back(PQgetisnull(r, i, index) ? "NULL" : PQgetvalue(r, i, index));
        PQclear(r);
        return values;
    }
    void exec(const std::string& sql) { column(sql); }

  private:
    PGconn* conn_;
};

// A schema of its own, dropped at the end: the URI sets the connection's search_path to it, so
// the store's tables go there and each test starts empty.
class PgTestSchema {
  public:
    explicit PgTestSchema(const std::string& base_uri) : base_(base_uri) {
        std::random_device random;
        name_ = "test_" + std::to_string(random()) + "_" + std::to_string(random());
        PgRaw(base_).exec("CREATE SCHEMA " + name_);
        uri_ = base_ + (base_.find('?') == std::string::npos ? "?" : "&") +
               "options=-csearch_path%3D" + name_;
    }
    ~PgTestSchema() {
        try {
            PgRaw(base_).exec("DROP SCHEMA " + name_ + " CASCADE");
        } catch (const std::exception&) {
        }
    }
    PgTestSchema(const PgTestSchema&) = delete;
    PgTestSchema& operator=(const PgTestSchema&) = delete;

    const std::string& uri() const { return uri_; }
    const std::string& name() const { return name_; }

  private:
    std::string base_;
    std::string name_;
    std::string uri_;
};

}  // namespace chess960::test
