// The accounts' test fixture: a server (ServerTest) whose passwords cost tens of milliseconds,
// with helpers to sign up and in and to read the server's database with the test's own SQL.
// For the accounts' tests (accounts/serve/) and the lobby's (lobby/serve/).
#pragma once

#include <sqlite3.h>

#include <string>
#include <vector>

#include "server_support.hpp"

namespace chess960::testing {

inline constexpr const char* kPassword = "correct horse battery";

class AccountsServerTest : public ServerTest {
  protected:
    void SetUp() override {
        ServerTest::SetUp();
        stop();
        options_.interactive_password_cost = true;  // tens of milliseconds a hash, not a second
        configure();
        start();
    }
    virtual void configure() {}

    // The test's own SQL on the server's database: column 0 of every row.
    std::vector<std::string> column(const std::string& sql) {
        if (on_postgres()) return test::PgRaw(options_.db_path).column(sql);
        sqlite3* db = nullptr;
        std::vector<std::string> out;
        if (sqlite3_open_v2(options_.db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) !=
            SQLITE_OK) {
            ADD_FAILURE() << "cannot open " << options_.db_path;
            sqlite3_close(db);
            return out;
        }
        sqlite3_stmt* stmt = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK)
            ADD_FAILURE() << sqlite3_errmsg(db) << " in " << sql;
        while (stmt && sqlite3_step(stmt) == SQLITE_ROW) {
            const unsigned char* text = sqlite3_column_text(stmt, 0);
            out.push_back(text ? reinterpret_cast<const char*>(text) : "NULL");
        }
        sqlite3_finalize(stmt);
        sqlite3_close(db);
        return out;
    }

    // The test's own change to the server's database (as another server sharing it would make).
    void execute(const std::string& sql) {
        if (on_postgres()) return test::PgRaw(options_.db_path).exec(sql);
        sqlite3* db = nullptr;
        if (sqlite3_open_v2(options_.db_path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) !=
            SQLITE_OK) {
            ADD_FAILURE() << "cannot open " << options_.db_path;
            sqlite3_close(db);
            return;
        }
        sqlite3_busy_timeout(db, 5000);
        char* error = nullptr;
        if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK)
            ADD_FAILURE() << (error ? error : "?") << " in " << sql;
        sqlite3_free(error);
        sqlite3_close(db);
    }

    Reply sign_up(const std::string& name, const std::string& password = kPassword) {
        return post("/api/accounts", Json{{"name", name}, {"password", password}});
    }
    Reply sign_in(const std::string& name, const std::string& password = kPassword,
                  const httplib::Headers& extra = {}) {
        return reply(client_->Post("/api/session", extra,
                                   Json{{"name", name}, {"password", password}}.dump(),
                                   "application/json"));
    }
    // Signs up and in: the session's token.
    std::string account(const std::string& name) {
        EXPECT_EQ(sign_up(name).status, 201);
        Reply r = sign_in(name);
        EXPECT_EQ(r.status, 200) << r.text;
        return r.body.value("token", "");
    }
    static httplib::Headers bearer(const std::string& token) {
        return {{"Authorization", "Bearer " + token}};
    }
    std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
};

}  // namespace chess960::testing
