// The API's route table (http/route_table.hpp, built by api_routes in routes.cpp): it and
// docs/openapi.yaml list the same routes; a known path asked with a method it does not list is
// answered 405 with an Allow header from the table, an unknown path 404; a literal segment wins
// over a parameter; the live connections' routes are the table's too.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "http/route_table.hpp"
#include "http/routes.hpp"
#include "server_support.hpp"

using namespace chess960;
using Json = nlohmann::json;

namespace {

using chess960::testing::ServerTest;

// docs/openapi.yaml's routes as "METHOD /path": the keys under `paths:` and their method keys,
// read line by line (two spaces before a path, four before a method).
std::set<std::string> documented_routes() {
    std::ifstream in(std::string(CHESS960_TEST_DATA) + "/../../docs/openapi.yaml");
    const std::regex path_line(R"(^  (/\S*):\s*$)");
    const std::regex method_line(R"(^    (get|put|post|delete|patch|head|options|trace):\s*$)");
    std::set<std::string> routes;
    std::string line, path;
    bool in_paths = false;
    while (std::getline(in, line)) {
        if (line == "paths:") {
            in_paths = true;
            continue;
        }
        if (!in_paths) continue;
        if (!line.empty() && line[0] != ' ' && line[0] != '#') break;  // the next top-level key
        std::smatch m;
        if (std::regex_match(line, m, path_line)) {
            path = m[1];
        } else if (std::regex_match(line, m, method_line) && !path.empty()) {
            std::string method = m[1];
            for (char& c : method) c = char(std::toupper(static_cast<unsigned char>(c)));
            routes.insert(method + " " + path);
        }
    }
    return routes;
}

// The table's routes. It holds the API's only (/api/...): every other path is the web app's,
// its files and its pages for any GET (static_files.hpp), which the API's reference does not
// describe, and is served outside the table.
std::set<std::string> table_routes() {
    std::set<std::string> routes;
    for (const auto& [method, pattern] : server::api_routes().routes())
        routes.insert(method + " " + pattern);
    return routes;
}

TEST(ApiRoutes, OpenApiListsEveryRouteOfTheTableAndNoOther) {
    const std::set<std::string> documented = documented_routes();
    const std::set<std::string> table = table_routes();
    ASSERT_GE(documented.size(), 60u) << "docs/openapi.yaml's paths were not read";
    for (const std::string& route : table) {
        EXPECT_TRUE(route.find(" /api/") != std::string::npos) << route;
        EXPECT_TRUE(documented.contains(route)) << route << " is not in docs/openapi.yaml";
    }
    for (const std::string& route : documented)
        EXPECT_TRUE(table.contains(route)) << route << " (docs/openapi.yaml) is no route";
}

TEST(ApiRoutes, TheLiveConnectionsAreTheTablesGetRoutes) {
    auto socket = server::match_live_route("GET", "/api/games/0123456789abcdef/socket");
    ASSERT_TRUE(socket.has_value());
    EXPECT_EQ(socket->kind, server::LiveRoute::Kind::Socket);
    EXPECT_EQ(socket->game_id, "0123456789abcdef");
    auto events = server::match_live_route("GET", "/api/games/abc/events");
    ASSERT_TRUE(events.has_value());
    EXPECT_EQ(events->kind, server::LiveRoute::Kind::Events);
    EXPECT_EQ(events->game_id, "abc");
    auto lobby = server::match_live_route("GET", "/api/lobby/socket");
    ASSERT_TRUE(lobby.has_value());
    EXPECT_EQ(lobby->kind, server::LiveRoute::Kind::Lobby);
    EXPECT_FALSE(server::match_live_route("POST", "/api/games/abc/socket"));
    EXPECT_FALSE(server::match_live_route("GET", "/api/games/abc"));
    EXPECT_FALSE(server::match_live_route("GET", "/api/games/abc/socket/more"));
}

TEST(RouteTable, ALiteralSegmentWinsOverAParameter) {
    server::RouteTable table;
    table.add("GET", "/api/things/{id}", nullptr);
    table.add("POST", "/api/things/new", nullptr);
    table.add("DELETE", "/api/things/{id}", nullptr);
    EXPECT_EQ(table.allow("/api/things/new"), "POST");
    EXPECT_EQ(table.allow("/api/things/7"), "GET, DELETE");
    EXPECT_EQ(table.allow("/api/things"), "");
    EXPECT_EQ(table.allow("/api/things/7/more"), "");
}

TEST(RouteTable, ARouteAddedTwiceOrTwoPatternsOfOneShapeAreRefused) {
    server::RouteTable table;
    table.add("GET", "/api/things/{id}", nullptr);
    EXPECT_THROW(table.add("GET", "/api/things/{id}", nullptr), std::logic_error);
    EXPECT_THROW(table.add("POST", "/api/things/{name}", nullptr), std::logic_error);
    EXPECT_THROW(table.add("GET", "api/things", nullptr), std::logic_error);
}

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
