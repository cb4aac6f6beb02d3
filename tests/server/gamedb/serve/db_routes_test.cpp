// The game database over a running server (src/server/http/db_routes.cpp): a game played to its
// end is in the explorer of its start position as soon as it is stored, and in the search, as
// NDJSON and as PGN; games imported while the server runs (another process) reach its explorer
// within a second or two; bad parameters are refused with a 400 (404 for an unknown source or
// collection) that says which; each client has its share of queries.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "chess960/startpos.hpp"
#include "cli_support.hpp"
#include "server_support.hpp"

using namespace chess960;
using Json = nlohmann::json;
using chess960::testing::ServerTest;

namespace {

class GameDbServerTest : public ServerTest {
  protected:
    // Polls `path` until `done` holds of its JSON or 10 s pass; the last answer.
    template <typename Done>
    Reply poll(const std::string& path, Done done) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        Reply r;
        while (std::chrono::steady_clock::now() < deadline) {
            r = get(path);
            if (r.status == 200 && done(r)) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return r;
    }
    // A friend game from start `number`: 1. e4 e5, and Black resigns.
    Created finished_game(int number) {
        Created g = friend_game(Json{{"type", "number"}, {"number", number}});
        EXPECT_EQ(move(g, "e4", g.white).status, 200);
        EXPECT_EQ(move(g, "e5", g.black).status, 200);
        EXPECT_EQ(post("/api/games/" + g.id + "/resign", Json::object(), g.black).status, 200);
        return g;
    }
};

std::vector<Json> ndjson(const std::string& text) {
    std::vector<Json> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(Json::parse(line));
    return lines;
}

}  // namespace

TEST_F(GameDbServerTest, AFinishedGameIsInTheExplorerAndTheSearchAtOnce) {
    const Created g = finished_game(518);
    const auto start = std::chrono::steady_clock::now();
    Reply root = poll("/api/explorer/games?start=518",
                      [](const Reply& r) { return r.body["white"].get<int>() == 1; });
    const double waited = chess960::testing::elapsed_ms(start);
    ASSERT_EQ(root.status, 200) << root.text;
    EXPECT_EQ(root.body["white"], 1) << root.text;
    EXPECT_LT(waited, 5000);
    ASSERT_EQ(root.body["moves"].size(), 1u);
    EXPECT_EQ(root.body["moves"][0]["uci"], "e2e4");
    EXPECT_EQ(root.body["moves"][0]["san"], "e4");
    ASSERT_EQ(root.body["recentGames"].size(), 1u);
    EXPECT_EQ(root.body["recentGames"][0]["gameId"], g.id);
    EXPECT_EQ(root.body["recentGames"][0]["winner"], "white");
    // The position after 1. e4 by play=, and by its FEN.
    Reply after = get("/api/explorer/games?start=518&play=e2e4");
    ASSERT_EQ(after.status, 200);
    EXPECT_EQ(after.body["moves"][0]["uci"], "e7e5");
    const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    EXPECT_EQ(get("/api/explorer/games?fen=" + fen).body["white"], 1);
    // Not an imported game; the player's own explorer has it.
    EXPECT_EQ(get("/api/explorer/imported?start=518").body["white"], 0);
    const std::string white = root.body["recentGames"][0]["white"]["name"];
    EXPECT_EQ(get("/api/explorer/player?start=518&color=white&player=" + white).body["white"], 1);

    Reply found = get("/api/db/games?start=518&collection=games");
    ASSERT_EQ(found.status, 200);
    EXPECT_EQ(found.headers.find("Content-Type")->second, "application/x-ndjson");
    const auto lines = ndjson(found.text);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["gameId"], g.id);
    EXPECT_EQ(lines[0]["start"], 518);
    EXPECT_EQ(lines[0]["result"], "1-0");
    EXPECT_EQ(lines[0]["plies"], 2);
    const std::string id = lines[0]["id"];
    Reply one = get("/api/db/games/" + id);
    ASSERT_EQ(one.status, 200);
    EXPECT_EQ(one.body["moves"], "e2e4 e7e5");
    auto pgn = client_->Get("/api/db/games/" + id, {{"Accept", "application/x-chess-pgn"}});
    ASSERT_TRUE(pgn);
    EXPECT_EQ(pgn->status, 200);
    EXPECT_NE(pgn->body.find("1. e4 e5 1-0"), std::string::npos) << pgn->body;
    auto all = client_->Get("/api/db/games?fen=" + fen, {{"Accept", "application/x-chess-pgn"}});
    ASSERT_TRUE(all);
    EXPECT_NE(all->body.find("[Result \"1-0\"]"), std::string::npos) << all->body;
    Reply starts = get("/api/db/starts?source=games");
    ASSERT_EQ(starts.status, 200);
    ASSERT_EQ(starts.body["starts"].size(), 960u);
    EXPECT_EQ(starts.body["starts"][518]["white"], 1);
    EXPECT_EQ(starts.body["starts"][0]["games"], 0);
}

TEST_F(GameDbServerTest, GamesImportedWhileTheServerRunsReachItsExplorer) {
    std::vector<std::string> args = {"db", "import", "--db", options_.db_path};
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(CHESS960_TEST_DATA) + "/pgn"))
        args.push_back(entry.path().string());
    const auto imported = chess960::testing::run_chess960(args);
    ASSERT_EQ(imported.status, 0) << imported.err;
    EXPECT_NE(imported.out.find("imported 29 games"), std::string::npos) << imported.out;
    if (!on_postgres()) {  // beside an SQLite file the server holds the index
        EXPECT_NE(imported.err.find("is open in a server"), std::string::npos) << imported.err;
    }
    // The server reads them from the database (its catch-up, every second).
    Reply found = poll("/api/db/games?collection=imported&max=1000",
                       [](const Reply& r) { return ndjson(r.text).size() == 29; });
    ASSERT_EQ(ndjson(found.text).size(), 29u);
    int total = 0;
    Reply starts = get("/api/db/starts?source=imported");
    for (const Json& s : starts.body["starts"]) total += s["games"].get<int>();
    EXPECT_GE(total, 20);
    for (const Json& s : starts.body["starts"]) {
        if (s["games"] == 0) continue;
        const std::string path =
            "/api/explorer/imported?start=" + std::to_string(s["start"].get<int>());
        const int decided = s["white"].get<int>() + s["draws"].get<int>() + s["black"].get<int>();
        Reply e = poll(path, [&](const Reply& r) {
            return r.body["white"].get<int>() + r.body["draws"].get<int>() +
                       r.body["black"].get<int>() ==
                   decided;
        });
        EXPECT_EQ(e.body["white"], s["white"]) << path;
        EXPECT_EQ(e.body["draws"], s["draws"]) << path;
        EXPECT_EQ(e.body["black"], s["black"]) << path;
    }
    EXPECT_EQ(get("/api/explorer/imported?start=0&collection=imported").status, 200);
}

TEST_F(GameDbServerTest, BadParametersAreRefusedSayingWhich) {
    struct Case {
        std::string path;
        int status;
        std::string code, says;
    };
    const std::vector<Case> cases = {
        {"/api/explorer/games", 400, "bad_request", "fen=FEN or start=N"},
        {"/api/explorer/games?start=960", 400, "bad_request", "start"},
        {"/api/explorer/games?fen=xyz", 400, "invalid_fen", "fen"},
        {"/api/explorer/games?start=518&play=e2e5", 400, "illegal_move", "e2e5"},
        {"/api/explorer/games?start=518&speeds=blitz,fast", 400, "bad_request", "fast"},
        {"/api/explorer/games?start=518&ratings=1700", 400, "bad_request", "1700"},
        {"/api/explorer/games?start=518&since=2025-13", 400, "bad_request", "since"},
        {"/api/explorer/games?start=518&topGames=99", 400, "bad_request", "topGames"},
        {"/api/explorer/player?start=518&player=x", 400, "bad_request", "color"},
        {"/api/explorer/masters?start=518", 404, "not_found", "masters"},
        {"/api/explorer/imported?start=518&collection=nope", 404, "not_found", "nope"},
        {"/api/db/games?result=2-0", 400, "bad_request", "result"},
        {"/api/db/games?color=white", 400, "bad_request", "player"},
        {"/api/db/games?since=2025-02-30x", 400, "bad_request", "since"},
        {"/api/db/games?max=0", 400, "bad_request", "max"},
        {"/api/db/games?before=abc", 400, "bad_request", "before"},
        {"/api/db/games/123456", 404, "not_found", "123456"},
        {"/api/db/games/x", 404, "not_found", "x"},
        {"/api/db/starts?source=mine", 400, "bad_request", "source"},
    };
    for (const Case& c : cases) {
        Reply r = get(c.path);
        EXPECT_EQ(r.status, c.status) << c.path << ": " << r.text;
        EXPECT_EQ(r.body.value("code", ""), c.code) << c.path;
        EXPECT_NE(r.body.value("error", "").find(c.says), std::string::npos)
            << c.path << ": " << r.text;
    }
}

TEST_F(GameDbServerTest, EachClientHasItsShareOfQueries) {
    stop();
    options_.limits.db_queries_per_second = 5;
    options_.limits.db_queries_burst = 10;
    start();
    int refused = 0;
    for (int i = 0; i < 30; ++i) {
        Reply r = get("/api/explorer/games?start=518");
        if (r.status == 429) {
            ++refused;
            EXPECT_EQ(r.body["code"], "rate_limited");
        }
    }
    EXPECT_GE(refused, 10);
    // Another address still has its own.
    chess960::testing::HttpClient other(port_, "127.0.0.2");
    EXPECT_EQ(other.get("/api/explorer/games?start=518").status, 200);
}
