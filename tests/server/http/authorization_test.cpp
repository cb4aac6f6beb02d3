// The token of an Authorization header (src/server/http/authorization.cpp): RFC 6750's Bearer
// scheme, whose name is case-insensitive (RFC 7235 2.1).
#include <gtest/gtest.h>

#include "http/authorization.hpp"

using chess960::server::bearer_token;

TEST(Authorization, TheBearerSchemeInAnyCase) {
    EXPECT_EQ(bearer_token("Bearer abc123"), "abc123");
    EXPECT_EQ(bearer_token("bearer abc123"), "abc123");
    EXPECT_EQ(bearer_token("BEARER abc123"), "abc123");
    EXPECT_EQ(bearer_token("Bearer   abc123  "), "abc123");
}

TEST(Authorization, AnythingElseIsNoToken) {
    EXPECT_EQ(bearer_token("Basic abc123"), "");
    EXPECT_EQ(bearer_token("Bearerabc123"), "");
    EXPECT_EQ(bearer_token("Bearer"), "");
    EXPECT_EQ(bearer_token("Bearer "), "");
    EXPECT_EQ(bearer_token(""), "");
    EXPECT_EQ(bearer_token("Bearxr abc"), "");
}
