// A running server answers from its route table (http/route_table.hpp): a known path asked
// with a method it does not list is answered 405 with an Allow header from the table, an unknown
// path 404.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "http/route_table.hpp"
#include "http/routes.hpp"
#include "server_support.hpp"

using namespace chess960;

namespace {

using chess960::testing::ServerTest;

class ServerRoutesTest : public ServerTest {
  protected:
    Reply send(const std::string& method, const std::string& path) {
        httplib::Request request;
        request.method = method;
        request.path = path;
        if (method != "GET" && method != "HEAD") {
            request.body = "{}";
            request.set_header("Content-Type", "application/json");
        }
        return reply(client_->send(request));
    }
};

TEST_F(ServerRoutesTest, AKnownPathAskedWithAnotherMethodIs405WithTheTablesMethods) {
    struct Case {
        const char* method;
        const char* path;
        const char* allow;
    };
    const std::vector<Case> cases = {
        {"PUT", "/api/games", "POST, GET"},
        {"DELETE", "/api/games/0123456789abcdef", "GET"},
        {"GET", "/api/games/0123456789abcdef/moves", "POST"},
        {"POST", "/api/games/0123456789abcdef/socket", "GET"},  // a live connection's
        {"POST", "/api/startpos/random", "GET"},
        {"GET", "/api/analysis", "POST"},
        {"PATCH", "/api/session", "POST, GET, DELETE"},
        {"PUT", "/api/pools/5+3", "POST, DELETE"},
        {"GET", "/api/seeks/0123456789abcdef/accept", "POST"},
        {"GET", "/api/events", "POST"},
        {"GET", "/api/events/0123456789abcdef/rounds/1/reveal", "POST"},
        // The API answers no HEAD (the web app's paths do): its GET routes list GET alone.
        {"HEAD", "/api/startpos/random", "GET"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.method) + " " + c.path);
        const Reply r = send(c.method, c.path);
        EXPECT_EQ(r.status, 405) << r.text;
        EXPECT_EQ(server::api_routes().allow(c.path), c.allow);
        auto allow = r.headers.find("Allow");
        ASSERT_NE(allow, r.headers.end());
        EXPECT_EQ(allow->second, c.allow);
        if (std::string(c.method) == "HEAD") continue;  // no body
        EXPECT_EQ(r.body["code"], "method_not_allowed");
        EXPECT_NE(r.body.value("error", "").find("use "), std::string::npos) << r.text;
    }
}

TEST_F(ServerRoutesTest, AnUnknownPathIs404) {
    for (const auto& [method, path] : std::vector<std::pair<std::string, std::string>>{
             {"GET", "/api/nothing"},
             {"GET", "/api"},
             {"POST", "/api/games/0123456789abcdef/fly"},
             {"GET", "/api/startpos/1/2"},
             {"DELETE", "/api/events/0123456789abcdef/nothing"},
             {"GET", "/api/accounts/ann/games/more"}}) {
        SCOPED_TRACE(method + " " + path);
        const Reply r = send(method, path);
        EXPECT_EQ(r.status, 404) << r.text;
        EXPECT_EQ(r.body["code"], "no_such_path");
        EXPECT_EQ(r.headers.find("Allow"), r.headers.end());
    }
}

}  // namespace
