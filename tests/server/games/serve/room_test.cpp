// A game's room (rooms.hpp, room_routes.cpp): names, presence over the live channel,
// rematches; the analysis board's engine (analysis.cpp); the 404 page for unknown paths.
// A real server on a free loopback port (server_support.hpp).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "chess960/fen.hpp"
#include "chess960/uci_move.hpp"
#include "server_support.hpp"

using namespace chess960;
using Json = nlohmann::json;

namespace {

using chess960::testing::ServerTest;
using chess960::testing::WsClient;

class ServerRoomTest : public ServerTest {
  protected:
    static std::string path(const Created& g, const std::string& rest) {
        return "/api/games/" + g.id + "/" + rest;
    }
    // A WebSocket that said hello for `token`, asking for the room events or not, and read the
    // whole game.
    std::unique_ptr<WsClient> join(const Created& g, const std::string& token, bool room) {
        auto ws = std::make_unique<WsClient>(port_, path(g, "socket"));
        Json hello{{"type", "hello"}, {"room", room}};
        if (!token.empty()) hello["token"] = token;
        ws->send(hello);
        auto first = ws->receive();
        EXPECT_TRUE(first && (*first)["type"] == "game");
        return ws;
    }
    // Room messages until one satisfies `done` (nullopt if none within 5 s).
    template <typename Done>
    static std::optional<Json> room_until(WsClient& ws, Done done) {
        for (;;) {
            auto message = ws.receive_type("room", std::chrono::seconds(5));
            if (!message) return std::nullopt;
            if (done((*message)["room"])) return (*message)["room"];
        }
    }
    Created finished_friend_game() {
        Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
        EXPECT_EQ(post(path(g, "resign"), Json::object(), g.white).status, 200);
        return g;
    }
};

TEST_F(ServerRoomTest, NamesAreCheckedAndShownInTheRoom) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    Reply r = post(path(g, "name"), Json{{"name", "  Alice  "}}, g.white);
    ASSERT_EQ(r.status, 200) << r.text;
    EXPECT_EQ(r.body["white"]["name"], "Alice");
    EXPECT_TRUE(r.body["black"]["name"].is_null());
    EXPECT_EQ(get(path(g, "room")).body["white"]["name"], "Alice");
    // Who may set a name, and which names are refused (with the reason).
    EXPECT_EQ(post(path(g, "name"), Json{{"name", "Bob"}}).status, 401);
    EXPECT_EQ(post(path(g, "name"), Json{{"name", "Bob"}}, "not-a-token").status, 403);
    Reply empty = post(path(g, "name"), Json{{"name", "   "}}, g.black);
    EXPECT_EQ(empty.status, 400);
    EXPECT_NE(empty.body["error"].get<std::string>().find("at least one character"),
              std::string::npos);
    Reply long_name = post(path(g, "name"), Json{{"name", std::string(25, 'x')}}, g.black);
    EXPECT_EQ(long_name.status, 400);
    EXPECT_NE(long_name.body["error"].get<std::string>().find("at most 24"), std::string::npos);
    EXPECT_EQ(post(path(g, "name"), Json{{"name", "a\nb"}}, g.black).status, 400);
    EXPECT_EQ(post(path(g, "name"), Json{{"name", 5}}, g.black).status, 400);
    // 24 characters of UTF-8 are 24 characters, whatever their bytes.
    std::string accented;
    for (int i = 0; i < 24; ++i) accented += "é";
    EXPECT_EQ(post(path(g, "name"), Json{{"name", accented}}, g.black).status, 200);
}

TEST_F(ServerRoomTest, PresenceComesOverTheLiveChannelToThoseWhoAskForIt) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    auto white = join(g, g.white, true);
    auto first =
        room_until(*white, [](const Json& room) { return room["white"]["connected"] == true; });
    ASSERT_TRUE(first);
    EXPECT_EQ((*first)["white"]["joined"], true);
    EXPECT_EQ((*first)["black"]["joined"], false);
    EXPECT_EQ((*first)["black"]["connected"], false);

    // A client of the protocol before rooms gets no room message.
    auto old_client = join(g, "", false);

    auto black = join(g, g.black, true);
    auto joined =
        room_until(*white, [](const Json& room) { return room["black"]["connected"] == true; });
    ASSERT_TRUE(joined);
    EXPECT_EQ((*joined)["black"]["joined"], true);
    // A name set over HTTP reaches the live channel.
    ASSERT_EQ(post(path(g, "name"), Json{{"name", "Bob"}}, g.black).status, 200);
    EXPECT_TRUE(
        room_until(*white, [](const Json& room) { return room["black"]["name"] == "Bob"; }));

    black.reset();  // the friend closes the page
    auto left =
        room_until(*white, [](const Json& room) { return room["black"]["connected"] == false; });
    ASSERT_TRUE(left);
    EXPECT_EQ((*left)["black"]["joined"], true) << "joined once stays joined";

    // The old client saw the game's events only: a ping is answered with nothing before it.
    old_client->send(Json{{"type", "ping"}, {"id", 7}});
    auto next = old_client->receive();
    ASSERT_TRUE(next);
    EXPECT_EQ((*next)["type"], "pong") << next->dump();
}

TEST_F(ServerRoomTest, AFriendRematchIsOfferedAcceptedAndSwapsTheColours) {
    Created live = friend_game(Json{{"type", "number"}, {"number", 518}});
    EXPECT_EQ(post(path(live, "rematch"), Json::object(), live.white).status, 409)
        << "no rematch during the game";

    Created g = finished_friend_game();
    ASSERT_EQ(post(path(g, "name"), Json{{"name", "Alice"}}, g.white).status, 200);
    Reply offer = post(path(g, "rematch"), Json{{"newPosition", false}}, g.white);
    ASSERT_EQ(offer.status, 200) << offer.text;
    EXPECT_EQ(offer.body["room"]["rematch"]["offeredBy"], "white");
    EXPECT_TRUE(offer.body["game"].is_null());
    EXPECT_EQ(post(path(g, "rematch"), Json{{"newPosition", "yes"}}, g.black).status, 400);
    EXPECT_EQ(post(path(g, "rematch"), Json::object()).status, 401);

    Reply accept = post(path(g, "rematch"), Json::object(), g.black);
    ASSERT_EQ(accept.status, 200) << accept.text;
    const std::string id = accept.body["game"]["id"];
    const std::string black_now_white = accept.body["game"]["token"];
    EXPECT_EQ(accept.body["room"]["rematch"]["gameId"], id);
    // The offerer fetches its own seat in the new game; the two tokens differ.
    Reply mine = get(path(g, "rematch"), g.white);
    ASSERT_EQ(mine.status, 200);
    EXPECT_EQ(mine.body["game"]["id"], id);
    const std::string white_now_black = mine.body["game"]["token"];
    EXPECT_NE(white_now_black, black_now_white);

    Reply as_white = get("/api/games/" + id, black_now_white);
    ASSERT_EQ(as_white.status, 200);
    EXPECT_EQ(as_white.body["you"], "white");
    EXPECT_EQ(get("/api/games/" + id, white_now_black).body["you"], "black");
    EXPECT_EQ(as_white.body["startNumber"], 518) << "the same start position";
    EXPECT_EQ(as_white.body["status"], "active");
    EXPECT_EQ(get("/api/games/" + id + "/room").body["black"]["name"], "Alice")
        << "names follow their players";
    // Asked again, the rematch is the same game, not another.
    EXPECT_EQ(post(path(g, "rematch"), Json::object(), g.white).body["game"]["id"], id);
    EXPECT_EQ(post(path(g, "rematch/decline"), Json::object(), g.black).status, 409);
}

TEST_F(ServerRoomTest, ARematchOfferCanBeDeclinedAndANewPositionAsked) {
    Created g = finished_friend_game();
    ASSERT_EQ(post(path(g, "rematch"), Json{{"newPosition", true}}, g.black).status, 200);
    EXPECT_EQ(get(path(g, "room")).body["rematch"]["newPosition"], true);
    Reply declined = post(path(g, "rematch/decline"), Json::object(), g.white);
    ASSERT_EQ(declined.status, 200);
    EXPECT_TRUE(declined.body["room"]["rematch"]["offeredBy"].is_null());
    EXPECT_TRUE(declined.body["game"].is_null());
}

TEST_F(ServerRoomTest, TheEngineAcceptsARematchAtOnce) {
    Created g = create(Json{{"opponent", "engine"},
                            {"color", "white"},
                            {"level", 1},
                            {"start", {{"type", "number"}, {"number", 100}}},
                            {"clock", {{"initial", 60}, {"increment", 1}}}});
    ASSERT_EQ(post(path(g, "resign"), Json::object(), g.white).status, 200);
    Reply r = post(path(g, "rematch"), Json{{"newPosition", false}}, g.white);
    ASSERT_EQ(r.status, 200) << r.text;
    const std::string id = r.body["game"]["id"];
    Reply view = get("/api/games/" + id, r.body["game"]["token"]);
    ASSERT_EQ(view.status, 200);
    EXPECT_EQ(view.body["you"], "black");
    EXPECT_EQ(view.body["engineColor"], "white");
    EXPECT_EQ(view.body["startNumber"], 100);
    EXPECT_EQ(view.body["level"], 1);
    EXPECT_EQ(view.body["clock"]["initial"], 60000);
}

TEST_F(ServerRoomTest, AnalysisGivesAnEvaluationAndABestLineOfLegalMoves) {
    const std::string fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    Reply r = post("/api/analysis", Json{{"fen", fen}});
    ASSERT_EQ(r.status, 200) << r.text;
    EXPECT_GT(r.body["depth"].get<int>(), 0);
    ASSERT_TRUE(r.body["score"].contains("cp"));
    EXPECT_LT(std::abs(r.body["score"]["cp"].get<int>()), 200) << "an open game is about level";
    ASSERT_FALSE(r.body["pv"].empty());
    // Every move of the line is legal in turn, and the first is the best move.
    Position pos = position_from_fen(fen).value();
    EXPECT_EQ(r.body["best"], r.body["pv"][0]["uci"]);
    for (const Json& step : r.body["pv"]) {
        auto move = parse_uci(pos, step["uci"].get<std::string>(), CastlingMode::Chess960);
        ASSERT_TRUE(move.has_value()) << step.dump();
        pos.play(*move);
    }
    // Mate on the board: black wins, nothing to search. White to move and mated.
    Reply mated =
        post("/api/analysis",
             Json{{"fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}});
    ASSERT_EQ(mated.status, 200) << mated.text;
    EXPECT_EQ(mated.body["score"]["mate"], 0);
    EXPECT_EQ(mated.body["score"]["winner"], "black");
    EXPECT_TRUE(mated.body["best"].is_null());
    // Mate in one for white: the score says so from white's side.
    Reply one = post("/api/analysis", Json{{"fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}});
    ASSERT_EQ(one.status, 200) << one.text;
    EXPECT_EQ(one.body["score"]["mate"], 1);
    EXPECT_EQ(one.body["best"], "a1a8");

    EXPECT_EQ(post("/api/analysis", Json::object()).status, 400);
    Reply bad = post("/api/analysis", Json{{"fen", "not a fen"}});
    EXPECT_EQ(bad.status, 422);
    EXPECT_EQ(get("/api/analysis").status, 405);
}

TEST_F(ServerRoomTest, AnalysisIsRateLimitedPerClient) {
    // Mated positions cost no search, so the limit is met at once: 30 in a burst, then 429.
    const Json mated{{"fen", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}};
    int refused = 0;
    std::string retry_after;
    for (int i = 0; i < 40; ++i) {
        Reply r = post("/api/analysis", mated);
        if (r.status == 429) {
            ++refused;
            for (const auto& [name, value] : r.headers)
                if (name == "Retry-After") retry_after = value;
        } else {
            EXPECT_EQ(r.status, 200);
        }
    }
    EXPECT_GE(refused, 5);
    EXPECT_FALSE(retry_after.empty());
}

TEST_F(ServerRoomTest, UnknownPathsAreNotFoundPagesAndTheAppsPathsAreThePage) {
    const std::string web = dir_ + "/web";
    std::filesystem::create_directories(web);
    std::ofstream(web + "/index.html") << "<!doctype html><title>chess960</title>";
    std::ofstream(web + "/app.js") << "// app";
    stop();
    start(web);
    for (const char* page :
         {"/", "/game/abc", "/game/abc/", "/analysis/abc", "/event/new", "/event/x",
          "/help/castling", "/help/castling/", "/db", "/db/", "/puzzles", "/puzzles/"}) {
        Reply r = get(page);
        EXPECT_EQ(r.status, 200) << page;
        EXPECT_NE(r.text.find("<title>chess960"), std::string::npos) << page;
    }
    EXPECT_EQ(get("/app.js").status, 200);
    for (const char* missing : {"/nothing", "/game/abc/def", "/games", "/x.js", "/game/",
                                "/help/other", "/db/x", "/puzzles/x"}) {
        Reply r = get(missing);
        EXPECT_EQ(r.status, 404) << missing;
        EXPECT_NE(r.text.find("<title>chess960"), std::string::npos)
            << missing << ": the page says what is missing";
    }
}

}  // namespace
