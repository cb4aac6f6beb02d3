// PostgreSQL's own, without a server: a URI's password is never shown, and a server that cannot
// be reached is refused with a message that says what to check.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "store/open.hpp"
#include "store/postgres_connection.hpp"
#include "store/store.hpp"

namespace chess960::server {
namespace {

TEST(PostgresUri, ThePasswordIsNeverShown) {
    EXPECT_EQ(redact_postgres_uri("postgresql://chess:s3cret@db.example:5432/games"),
              "postgresql://chess:***@db.example:5432/games");
    EXPECT_EQ(redact_postgres_uri("postgres://chess:p%40ss@host/games?sslmode=require"),
              "postgres://chess:***@host/games?sslmode=require");
    EXPECT_EQ(redact_postgres_uri("postgresql://chess@host/games?password=s3cret&sslmode=disable"),
              "postgresql://chess@host/games?password=***&sslmode=disable");
    EXPECT_EQ(redact_postgres_uri("postgresql:///games?host=/run/postgresql"),
              "postgresql:///games?host=/run/postgresql");
    EXPECT_TRUE(is_postgres_uri("postgresql://h/d"));
    EXPECT_TRUE(is_postgres_uri("postgres://h/d"));
    EXPECT_FALSE(is_postgres_uri("games.db"));
    EXPECT_FALSE(is_postgres_uri("postgresql.db"));
}

// No server on the port: the message names the database without its password and says what
// to check. Needs no PostgreSQL.
TEST(PostgresStore, AServerThatCannotBeReachedIsRefusedWithoutShowingThePassword) {
    try {
        const auto store =
            open_store("postgresql://chess:s3cret@127.0.0.1:1/games?connect_timeout=2");
        ADD_FAILURE() << "opened a store with no server";
    } catch (const StoreError& e) {
        const std::string message = e.what();
        std::cout << "StoreError: " << message << "\n";
        EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
        EXPECT_NE(message.find("postgresql://chess:***@127.0.0.1:1/games?connect_timeout=2: "
                               "cannot reach PostgreSQL"),
                  std::string::npos)
            << message;
        EXPECT_NE(message.find("Check that the server is running"), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace chess960::server
