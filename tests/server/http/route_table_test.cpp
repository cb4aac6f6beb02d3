// The API's route table (http/route_table.hpp, built by api_routes in routes.cpp): it and
// docs/openapi.yaml list the same routes; a literal segment wins over a parameter; the live
// connections' routes are the table's too. The 405 and 404 it gives a running server are tested
// in serve/routes_test.cpp.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>

#include "http/route_table.hpp"
#include "http/routes.hpp"

using namespace chess960;

namespace {

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

}  // namespace
