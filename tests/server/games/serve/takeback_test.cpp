// Takeback requests through the API (POST /api/games/{id}/takeback/offer|accept|decline), on
// SQLite and, in games_serve_tests_postgres, on PostgreSQL: one ply or two taken back with the
// board, the legal moves and the clock as they were, declined, withdrawn, lapsed by a move,
// refused where nobody can answer (the engine) or nothing is to be taken back, the watchers'
// events on both channels, and the game read back from the store after a restart.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/uci_move.hpp"
#include "server_support.hpp"

namespace chess960::testing {
namespace {

// The legal moves (UCI, sorted) and FEN of the standard start after `moves`.
struct Expected {
    std::string fen;
    std::set<std::string> legal;
};
Expected after_moves(const std::vector<std::string>& moves) {
    Game game;
    for (const std::string& m : moves) EXPECT_TRUE(game.play_uci(m).has_value()) << m;
    Expected e;
    e.fen = write_fen(game.position());
    for (Move m : game.position().legal_moves())
        e.legal.insert(to_uci(game.position(), m, CastlingMode::Chess960));
    return e;
}
std::set<std::string> legal_of(const Json& array) {
    std::set<std::string> out;
    for (const Json& m : array) out.insert(m.get<std::string>());
    return out;
}

Json timed_friend_game_body() {
    return Json{{"opponent", "friend"},
                {"start", {{"type", "number"}, {"number", 518}}},
                {"clock", {{"initial", 180}, {"increment", 2}}}};
}

TEST_F(ServerTest, TakebackOfOnePlyPutsBackTheBoardTheLegalMovesAndTheClock) {
    Created g = create(timed_friend_game_body());
    const std::string base = "/api/games/" + g.id;
    ASSERT_EQ(move(g, "e2e4", g.white).status, 200);
    Reply second = move(g, "e7e5", g.black);
    ASSERT_EQ(second.status, 200);
    const Json clock_after_2 = second.body["state"]["clock"];
    ASSERT_EQ(move(g, "g1f3", g.white).status, 200);

    Reply asked = post(base + "/takeback/offer", Json::object(), g.white);
    ASSERT_EQ(asked.status, 200) << asked.text;
    EXPECT_EQ(asked.body["takeback"], "white");
    EXPECT_EQ(get(base).body["takeback"], "white");
    Reply accepted = post(base + "/takeback/accept", Json::object(), g.black);
    ASSERT_EQ(accepted.status, 200) << accepted.text;
    const Expected expected = after_moves({"e2e4", "e7e5"});
    EXPECT_EQ(accepted.body["ply"], 2);
    EXPECT_EQ(accepted.body["turn"], "white");
    EXPECT_EQ(accepted.body["fen"], expected.fen);
    EXPECT_EQ(accepted.body["moves"].size(), 2u);
    EXPECT_TRUE(accepted.body["takeback"].is_null());
    EXPECT_EQ(legal_of(accepted.body["legal"]), expected.legal);
    EXPECT_EQ(accepted.body["you"], "black");
    // The clock as after ply 2: Black's time as it was then, White's running from the accept.
    const Json clock = accepted.body["clock"];
    EXPECT_EQ(clock["running"], "white");
    EXPECT_EQ(clock["black"], clock_after_2["black"]);
    EXPECT_LE(clock["white"].get<long long>(), clock_after_2["white"].get<long long>());
    EXPECT_GE(clock["white"].get<long long>(), clock_after_2["white"].get<long long>() - 2'000);
    // White plays another move in its place.
    Reply other = move(g, "b1c3", g.white);
    ASSERT_EQ(other.status, 200) << other.text;
    EXPECT_EQ(other.body["move"]["ply"], 3);
}

TEST_F(ServerTest, TakebackOfTwoPliesWhenTheRequesterIsToMove) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const std::string base = "/api/games/" + g.id;
    for (auto [m, token] : std::vector<std::pair<std::string, std::string>>{
             {"e2e4", g.white}, {"e7e5", g.black}, {"g1f3", g.white}, {"b8c6", g.black}})
        ASSERT_EQ(move(g, m, token).status, 200) << m;
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.white).status, 200);
    Reply accepted = post(base + "/takeback/accept", Json::object(), g.black);
    ASSERT_EQ(accepted.status, 200) << accepted.text;
    const Expected expected = after_moves({"e2e4", "e7e5"});
    EXPECT_EQ(accepted.body["ply"], 2);
    EXPECT_EQ(accepted.body["turn"], "white");
    EXPECT_EQ(accepted.body["fen"], expected.fen);
    EXPECT_EQ(legal_of(accepted.body["legal"]), expected.legal);
    EXPECT_EQ(get(base).body["moves"].size(), 2u);
    EXPECT_EQ(move(g, "d2d4", g.white).status, 200);
}

TEST_F(ServerTest, TakebackRequestsAreDeclinedWithdrawnOrLapseWithAMove) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const std::string base = "/api/games/" + g.id;
    ASSERT_EQ(move(g, "e2e4", g.white).status, 200);
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.white).status, 200);
    Reply declined = post(base + "/takeback/decline", Json::object(), g.black);
    ASSERT_EQ(declined.status, 200) << declined.text;
    EXPECT_TRUE(declined.body["takeback"].is_null());
    EXPECT_EQ(declined.body["ply"], 1);
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.white).status, 200);
    Reply withdrawn = post(base + "/takeback/decline", Json::object(), g.white);
    ASSERT_EQ(withdrawn.status, 200) << withdrawn.text;
    EXPECT_TRUE(withdrawn.body["takeback"].is_null());
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.white).status, 200);
    Reply moved = move(g, "e7e5", g.black);
    ASSERT_EQ(moved.status, 200);
    EXPECT_TRUE(moved.body["state"]["takeback"].is_null());
    // The request lapsed: accepting it now is refused and takes nothing back.
    Reply stale = post(base + "/takeback/accept", Json::object(), g.black);
    EXPECT_EQ(stale.status, 409);
    EXPECT_EQ(stale.body["error"], "there is no takeback request from your opponent to accept");
    EXPECT_EQ(get(base).body["ply"], 2);
}

TEST_F(ServerTest, TakebacksAreRefusedWhereNobodyCanAnswerOrNothingIsToTakeBack) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const std::string base = "/api/games/" + g.id;
    Reply nothing = post(base + "/takeback/offer", Json::object(), g.white);
    EXPECT_EQ(nothing.status, 409);
    EXPECT_EQ(nothing.body["error"], "you have made no move to take back");
    EXPECT_EQ(post(base + "/takeback/offer", Json::object()).status, 401);  // a spectator
    EXPECT_EQ(post(base + "/takeback/decline", Json::object(), g.black).status, 409);
    ASSERT_EQ(move(g, "e2e4", g.white).status, 200);
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.white).status, 200);
    Reply second = post(base + "/takeback/offer", Json::object(), g.white);
    EXPECT_EQ(second.status, 409);
    EXPECT_EQ(second.body["error"], "your takeback request stands already");
    EXPECT_EQ(post(base + "/takeback/accept", Json::object(), g.white).status, 409);  // own
    EXPECT_EQ(post(base + "/takeback/whatever", Json::object(), g.white).status, 404);

    Created engine = create(Json{{"opponent", "engine"}, {"color", "black"}, {"level", 1}});
    Json view = wait_for_game(engine.id, 10, [](const Json& v) { return v["ply"] == 1; });
    ASSERT_EQ(view["ply"], 1);
    const std::string engine_base = "/api/games/" + engine.id;
    ASSERT_EQ(move(engine, view["legal"][0], engine.black).status, 200);
    Reply refused = post(engine_base + "/takeback/offer", Json::object(), engine.black);
    EXPECT_EQ(refused.status, 409);
    EXPECT_EQ(refused.body["error"],
              "takebacks are for games between two players: the engine cannot answer a "
              "takeback request");
}

TEST_F(ServerTest, WatchersGetTheTakebackOnBothChannels) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const std::string base = "/api/games/" + g.id;
    ASSERT_EQ(move(g, "e2e4", g.white).status, 200);
    ASSERT_EQ(move(g, "e7e5", g.black).status, 200);
    EventStream sse(port_, base + "/events");
    ASSERT_EQ(sse.status(), 200);
    auto whole = sse.next();
    ASSERT_TRUE(whole);
    EXPECT_EQ(whole->name, "game");
    WsClient ws(port_, base + "/socket");
    ws.send(Json{{"type", "hello"}});
    auto ws_whole = ws.receive_type("game");
    ASSERT_TRUE(ws_whole);

    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.black).status, 200);
    auto offered = sse.next();
    ASSERT_TRUE(offered);
    EXPECT_EQ(offered->name, "state");
    EXPECT_EQ(offered->json["state"]["takeback"], "black");
    auto ws_offered = ws.receive_type("state");
    ASSERT_TRUE(ws_offered);
    EXPECT_EQ((*ws_offered)["state"]["takeback"], "black");

    ASSERT_EQ(post(base + "/takeback/accept", Json::object(), g.white).status, 200);
    const Expected expected = after_moves({"e2e4"});
    auto taken = sse.next();
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->name, "takeback");
    EXPECT_EQ(taken->json["type"], "takeback");
    EXPECT_EQ(taken->json["ply"], 1);
    EXPECT_EQ(taken->json["state"]["fen"], expected.fen);
    EXPECT_TRUE(taken->json["state"]["takeback"].is_null());
    EXPECT_EQ(legal_of(taken->json["legal"]), expected.legal);
    auto ws_taken = ws.receive_type("takeback");
    ASSERT_TRUE(ws_taken);
    EXPECT_EQ((*ws_taken)["ply"], 1);
    EXPECT_EQ((*ws_taken)["state"]["fen"], expected.fen);

    // A seat's WebSocket asks and answers too, with the takeback in its acknowledgement.
    WsClient white(port_, base + "/socket", "", g.white);
    white.send(Json{{"type", "hello"}});
    ASSERT_TRUE(white.receive_type("game"));
    ASSERT_EQ(move(g, "d7d5", g.black).status, 200);
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.black).status, 200);
    white.send(Json{{"type", "takeback/accept"}, {"id", 7}});
    auto ack = white.receive_type("ack");
    ASSERT_TRUE(ack) << "no ack";
    EXPECT_EQ((*ack)["id"], 7);
    EXPECT_EQ((*ack)["ply"], 1);
    EXPECT_EQ(get(base).body["ply"], 1);
}

TEST_F(ServerTest, AGameAfterATakebackIsReadBackAsItWasAfterARestart) {
    Created g = create(timed_friend_game_body());
    const std::string base = "/api/games/" + g.id;
    for (auto [m, token] : std::vector<std::pair<std::string, std::string>>{
             {"e2e4", g.white}, {"e7e5", g.black}, {"g1f3", g.white}, {"b8c6", g.black}})
        ASSERT_EQ(move(g, m, token).status, 200) << m;
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.black).status, 200);
    ASSERT_EQ(post(base + "/takeback/accept", Json::object(), g.white).status, 200);
    // A standing request is kept too.
    ASSERT_EQ(post(base + "/takeback/offer", Json::object(), g.white).status, 200);
    const Json before = get(base, g.white).body;
    ASSERT_EQ(before["ply"], 3);

    restart();
    const Json after = get(base, g.white).body;
    for (const char* key :
         {"ply", "fen", "moves", "legal", "turn", "takeback", "drawOffer", "status", "lastMove"})
        EXPECT_EQ(after[key], before[key]) << key;
    EXPECT_EQ(after["clock"]["white"], before["clock"]["white"]);  // not running: Black's turn
    EXPECT_EQ(after["clock"]["running"], "black");
    EXPECT_LE(after["clock"]["black"].get<long long>(), before["clock"]["black"].get<long long>());
    Reply accepted = post(base + "/takeback/accept", Json::object(), g.black);
    ASSERT_EQ(accepted.status, 200) << accepted.text;
    EXPECT_EQ(accepted.body["ply"], 2);  // Black to move: White's move 3 alone
    restart();
    EXPECT_EQ(get(base).body["moves"].size(), 2u);
    EXPECT_EQ(move(g, "b1c3", g.white).status, 200);
}

}  // namespace
}  // namespace chess960::testing
