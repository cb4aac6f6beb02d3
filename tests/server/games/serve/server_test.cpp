// API tests of `chess960 serve`: a real server on a free loopback port with a temporary
// database, driven by cpp-httplib's client (the fixture is in server_support.hpp).
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "cli_support.hpp"
#include "server/server.hpp"
#include "server_support.hpp"

using namespace chess960;
using Json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

using chess960::testing::kCastlingFen;
using chess960::testing::ServerTest;

TEST_F(ServerTest, StartPositionsByNumberAndAtRandom) {
    Reply r = get("/api/startpos/518");
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(r.body["backRank"], "RNBQKBNR");
    EXPECT_EQ(r.body["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(get("/api/startpos/123").body["backRank"], "NQRNBKRB");
    EXPECT_EQ(get("/api/startpos/960").status, 400);
    EXPECT_EQ(get("/api/startpos/x1").status, 400);
    Reply random = get("/api/startpos/random");
    ASSERT_EQ(random.status, 200);
    EXPECT_GE(random.body["number"].get<int>(), 0);
    EXPECT_LE(random.body["number"].get<int>(), 959);
    Reply twin = get("/api/startpos/random?double960=true");
    ASSERT_EQ(twin.status, 200);
    EXPECT_TRUE(twin.body["white"].contains("backRank"));
    EXPECT_TRUE(twin.body["black"].contains("number"));
    EXPECT_TRUE(twin.body["fen"].is_string());
}

TEST_F(ServerTest, FenCheckNormalisesOrGivesTheLibrarysError) {
    Reply ok = post("/api/fen/check", Json{{"fen", kCastlingFen}});
    ASSERT_EQ(ok.status, 200) << ok.text;
    EXPECT_EQ(ok.body["fen"], write_fen(chess960::testing::parse(kCastlingFen)));
    const std::string bad = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkx - 0 1";
    Reply r = post("/api/fen/check", Json{{"fen", bad}});
    EXPECT_EQ(r.status, 422);
    EXPECT_EQ(r.body["error"], position_from_fen(bad).error().to_string());
    EXPECT_EQ(post("/api/fen/check", Json::object()).status, 400);
}

// What names a game on its page, as lichess does: a friend's game is casual, of the speed of its
// clock ("Casual rapid · 10+0"); the engine's is named by its level, which the view has had.
TEST_F(ServerTest, AGamesViewSaysWhetherItIsRatedAndItsSpeed) {
    const struct {
        Json clock;
        const char* speed;
    } friends[] = {
        {Json{{"initial", 600}, {"increment", 0}}, "rapid"},
        {Json{{"initial", 60}, {"increment", 1}}, "bullet"},
        {Json{{"initial", 180}, {"increment", 2}}, "blitz"},
        {Json{{"initial", 1800}, {"increment", 20}}, "classical"},
        {Json{{"initial", 21600}, {"increment", 0}}, "correspondence"},  // six hours
        {nullptr, "correspondence"},  // no clock: lichess's speed of an unlimited game
    };
    for (const auto& c : friends) {
        SCOPED_TRACE(c.clock.dump());
        Json request{{"opponent", "friend"}};
        if (!c.clock.is_null()) request["clock"] = c.clock;
        Created game = create(request);
        ASSERT_FALSE(game.id.empty());
        for (const Json& view : {game.game, get("/api/games/" + game.id).body}) {
            EXPECT_EQ(view["rated"], false);
            EXPECT_EQ(view["speed"], c.speed);
            EXPECT_TRUE(view["event"].is_null()) << view["event"];
            EXPECT_EQ(view["opponent"], "friend");
        }
    }
    Created engine = create(Json{{"opponent", "engine"},
                                 {"level", 4},
                                 {"color", "white"},
                                 {"clock", {{"initial", 300}, {"increment", 3}}}});
    ASSERT_FALSE(engine.id.empty());
    for (const Json& view : {engine.game, get("/api/games/" + engine.id).body}) {
        EXPECT_EQ(view["opponent"], "engine");
        EXPECT_EQ(view["level"], 4);
        EXPECT_EQ(view["rated"], false);
        EXPECT_EQ(view["speed"], "blitz");
        EXPECT_TRUE(view["event"].is_null()) << view["event"];
    }
}

TEST_F(ServerTest, CreatesGamesOfEveryStartType) {
    Created random = friend_game(Json{{"type", "random"}});
    EXPECT_EQ(random.game["status"], "active");
    EXPECT_TRUE(random.game["startNumber"].is_number());
    EXPECT_FALSE(random.white.empty());
    EXPECT_FALSE(random.black.empty());
    EXPECT_NE(random.white, random.black);
    EXPECT_EQ(random.white.size(), 32u);  // 128 bits in hex

    Created numbered = friend_game(Json{{"type", "number"}, {"number", 123}});
    EXPECT_EQ(numbered.game["startNumber"], 123);
    EXPECT_EQ(numbered.game["initialFen"], write_fen(startpos::position(123).value()));

    Created twin = friend_game(Json{{"type", "double960"}, {"white", 0}, {"black", 959}});
    EXPECT_TRUE(twin.game["startNumber"].is_null());
    EXPECT_EQ(twin.game["startNumbers"]["white"], 0);
    EXPECT_EQ(twin.game["startNumbers"]["black"], 959);
    EXPECT_EQ(twin.game["initialFen"], write_fen(startpos::position(0, 959).value()));

    Created custom = friend_game(Json{{"type", "fen"}, {"fen", kCastlingFen}});
    EXPECT_EQ(custom.game["initialFen"], write_fen(chess960::testing::parse(kCastlingFen)));
    EXPECT_TRUE(custom.game["startNumber"].is_null());

    Created engine = create(Json{{"opponent", "engine"}, {"color", "black"}, {"level", 1}});
    EXPECT_TRUE(engine.white.empty());
    EXPECT_FALSE(engine.black.empty());
    EXPECT_EQ(engine.game["engineColor"], "white");
    EXPECT_EQ(engine.game["level"], 1);
    EXPECT_EQ(engine.game["you"], "black");
    Reply bad_number = post("/api/games", Json{{"start", {{"type", "number"}, {"number", 960}}}});
    EXPECT_EQ(bad_number.status, 400);
    EXPECT_NE(bad_number.body["error"].get<std::string>().find("start.number"), std::string::npos);
    const std::string bad_fen = "8/8/8/8/8/8/8/8 w - - 0 1";
    Reply fen = post("/api/games", Json{{"start", {{"type", "fen"}, {"fen", bad_fen}}}});
    EXPECT_EQ(fen.status, 422);
    EXPECT_EQ(fen.body["error"], position_from_fen(bad_fen).error().to_string());
    EXPECT_EQ(post("/api/games", Json{{"opponent", "robot"}}).status, 400);
    EXPECT_EQ(post("/api/games", Json{{"opponent", "engine"}, {"level", 9}}).status, 400);

    // Newest first (games made within one millisecond tie, so the order is checked, not who
    // comes first), and the limit holds.
    Reply list = get("/api/games?limit=3");
    ASSERT_EQ(list.status, 200);
    ASSERT_EQ(list.body["games"].size(), 3u);
    for (std::size_t i = 1; i < 3; ++i)
        EXPECT_GE(list.body["games"][i - 1]["updated"].get<std::int64_t>(),
                  list.body["games"][i]["updated"].get<std::int64_t>());
    Reply all = get("/api/games?limit=200");
    ASSERT_EQ(all.body["games"].size(), 5u);
    bool listed = false;
    for (const Json& entry : all.body["games"]) listed = listed || entry["id"] == engine.id;
    EXPECT_TRUE(listed);
}

TEST_F(ServerTest, RecentGamesAreListedByTheirLastMove) {
    // A move is stored in a row of its own and leaves the game's row as it was: the game a move
    // was just made in still comes first, with that move's time (it came second before).
    Created first = friend_game(Json{{"type", "number"}, {"number", 518}});
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    Created second = friend_game(Json{{"type", "number"}, {"number", 518}});
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    Reply e4 = move(first, "e4", first.white);
    ASSERT_EQ(e4.status, 200) << e4.text;
    Reply list = get("/api/games?limit=2");
    ASSERT_EQ(list.status, 200);
    ASSERT_EQ(list.body["games"].size(), 2u);
    EXPECT_EQ(list.body["games"][0]["id"], first.id);
    EXPECT_EQ(list.body["games"][0]["plies"], 1);
    EXPECT_EQ(list.body["games"][1]["id"], second.id);
    EXPECT_GT(list.body["games"][0]["updated"].get<std::int64_t>(),
              list.body["games"][1]["updated"].get<std::int64_t>());
}

TEST_F(ServerTest, FetchesAGameAndListsLegalMovesWithCastling) {
    Created g = friend_game(Json{{"type", "fen"}, {"fen", kCastlingFen}});
    Reply view = get("/api/games/" + g.id);
    ASSERT_EQ(view.status, 200);
    EXPECT_EQ(view.body["id"], g.id);
    EXPECT_EQ(view.body["turn"], "white");
    EXPECT_TRUE(view.body["you"].is_null());  // a spectator
    EXPECT_EQ(get("/api/games/" + g.id, g.black).body["you"], "black");

    Reply legal = get("/api/games/" + g.id + "/legal");
    ASSERT_EQ(legal.status, 200);
    EXPECT_EQ(legal.body["moves"].size(), 24u);
    int castles = 0;
    for (const Json& m : legal.body["moves"]) {
        if (m["uci"] == "b1a1") {
            ++castles;
            EXPECT_EQ(m["castle"], "c");
            EXPECT_EQ(m["san"], "O-O-O");
            EXPECT_EQ(m["kingTo"], "c1");
            EXPECT_EQ(m["rookFrom"], "a1");
            EXPECT_EQ(m["rookTo"], "d1");
        } else if (m["uci"] == "b1e1") {
            ++castles;
            EXPECT_EQ(m["castle"], "g");
            EXPECT_EQ(m["san"], "O-O");
            EXPECT_EQ(m["kingTo"], "g1");
            EXPECT_EQ(m["rookTo"], "f1");
        } else {
            EXPECT_TRUE(m["castle"].is_null());
        }
    }
    EXPECT_EQ(castles, 2);

    EXPECT_EQ(get("/api/games/doesnotexist").status, 404);
    EXPECT_EQ(get("/api/games/doesnotexist/legal").status, 404);
    EXPECT_EQ(post("/api/games/doesnotexist/moves", Json{{"move", "e4"}}, g.white).status, 404);
    Reply unknown = get("/api/nothing-here");
    EXPECT_EQ(unknown.status, 404);
    EXPECT_TRUE(unknown.body.contains("error"));
}

TEST_F(ServerTest, MovesInUciAndSanAndCastlingKingTakesRook) {
    Created g = friend_game(Json{{"type", "fen"}, {"fen", kCastlingFen}});
    Reply first = move(g, "b1a1", g.white);  // O-O-O as king takes own rook
    ASSERT_EQ(first.status, 200) << first.text;
    EXPECT_EQ(first.body["state"]["ply"], 1);
    EXPECT_FALSE(first.body.contains("moves"));  // the answer carries the move, not the game
    const Json& castle = first.body["move"];
    EXPECT_EQ(castle["ply"], 1);
    EXPECT_EQ(castle["san"], "O-O-O");
    EXPECT_EQ(castle["castle"], "c");
    EXPECT_EQ(castle["kingFrom"], "b1");
    EXPECT_EQ(castle["kingTo"], "c1");
    EXPECT_EQ(castle["rookFrom"], "a1");
    EXPECT_EQ(castle["rookTo"], "d1");
    EXPECT_EQ(castle["fen"], "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b kq - 1 1");
    EXPECT_EQ(first.body["state"]["fen"], castle["fen"]);
    EXPECT_EQ(first.body["state"]["lastMove"]["from"], "b1");
    // Black's legal moves come with it, castling as king takes rook.
    const Json& legal = first.body["legal"];
    EXPECT_EQ(legal.size(), 24u);
    EXPECT_NE(std::find(legal.begin(), legal.end(), "b8e8"), legal.end());

    Reply second = move(g, "O-O", g.black);  // SAN
    ASSERT_EQ(second.status, 200) << second.text;
    EXPECT_EQ(second.body["move"]["uci"], "b8e8");
    EXPECT_EQ(second.body["move"]["ply"], 2);
    Reply third = move(g, "e2e4", g.white);  // UCI
    ASSERT_EQ(third.status, 200) << third.text;
    Reply fourth =
        post("/api/games/" + g.id + "/moves", Json{{"move", "Nf6"}, {"ply", 3}}, g.black);
    EXPECT_EQ(fourth.status, 422);  // no knight
    Reply stale = post("/api/games/" + g.id + "/moves", Json{{"move", "e5"}, {"ply", 2}}, g.black);
    EXPECT_EQ(stale.status, 409);
    Reply fifth = post("/api/games/" + g.id + "/moves", Json{{"move", "e5"}, {"ply", 3}}, g.black);
    ASSERT_EQ(fifth.status, 200) << fifth.text;
    std::vector<std::string> sans;
    const Json view = get("/api/games/" + g.id).body;
    for (const Json& m : view["moves"]) sans.push_back(m["san"]);
    EXPECT_EQ(sans, (std::vector<std::string>{"O-O-O", "O-O", "e4", "e5"}));
}

TEST_F(ServerTest, IllegalMovesGetTheLibrarysReason) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const Position start;
    Reply uci = move(g, "e2e5", g.white);
    EXPECT_EQ(uci.status, 422);
    EXPECT_EQ(uci.body["error"],
              parse_uci(start, "e2e5", CastlingMode::Chess960).error().to_string());
    Reply san = move(g, "Nf6", g.white);
    EXPECT_EQ(san.status, 422);
    EXPECT_EQ(san.body["error"], parse_san(start, "Nf6").error().to_string());
    Reply nonsense = move(g, "hello", g.white);
    EXPECT_EQ(nonsense.status, 422);
    EXPECT_FALSE(nonsense.body["error"].get<std::string>().empty());
    EXPECT_EQ(get("/api/games/" + g.id).body["ply"], 0);
}

TEST_F(ServerTest, BadRequestsGetClearStatuses) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    Reply malformed = post("/api/games/" + g.id + "/moves", std::string("{\"move\": "), g.white);
    EXPECT_EQ(malformed.status, 400);
    EXPECT_EQ(malformed.body["error"].get<std::string>().rfind("malformed JSON", 0), 0u);
    EXPECT_EQ(post("/api/games", std::string("[1, 2]")).status, 400);
    EXPECT_EQ(post("/api/games", std::string(100, '[')).status, 400);
    Reply missing = post("/api/games/" + g.id + "/moves", Json::object(), g.white);
    EXPECT_EQ(missing.status, 400);
    EXPECT_NE(missing.body["error"].get<std::string>().find("'move'"), std::string::npos);
    Reply wrong_type = post("/api/games/" + g.id + "/moves", Json{{"move", 42}}, g.white);
    EXPECT_EQ(wrong_type.status, 400);

    std::string huge = "{\"move\": \"" + std::string(70 * 1024, 'a') + "\"}";
    Reply oversized = post("/api/games/" + g.id + "/moves", huge, g.white);
    EXPECT_EQ(oversized.status, 413);
    EXPECT_TRUE(oversized.body.contains("error"));
    // The server is still there.
    EXPECT_EQ(get("/api/games/" + g.id).status, 200);
}

TEST_F(ServerTest, SeatsSpectatorsAndTurns) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    Created other = friend_game(Json{{"type", "number"}, {"number", 518}});
    EXPECT_EQ(move(g, "e4", "").status, 401);           // a spectator
    EXPECT_EQ(move(g, "e4", other.white).status, 403);  // another game's seat
    EXPECT_EQ(move(g, "e4", "not-a-token").status, 403);
    EXPECT_EQ(move(g, "e4", g.black).status, 409);  // Black may not move for White
    EXPECT_EQ(post("/api/games/" + g.id + "/resign", Json::object()).status, 401);
    EXPECT_EQ(move(g, "e4", g.white).status, 200);
    EXPECT_EQ(move(g, "d5", g.white).status, 409);  // White may not move for Black
    EXPECT_EQ(get("/api/games/" + g.id).body["ply"], 1);

    Created engine = create(Json{{"opponent", "engine"}, {"color", "white"}, {"level", 1}});
    EXPECT_EQ(move(engine, "e4", engine.black).status, 401);  // the engine's seat has no token
}

TEST_F(ServerTest, ResignationEndsTheGame) {
    Created g = friend_game(Json{{"type", "random"}});
    Reply r = post("/api/games/" + g.id + "/resign", Json::object(), g.white);
    ASSERT_EQ(r.status, 200) << r.text;
    EXPECT_EQ(r.body["status"], "over");
    EXPECT_EQ(r.body["result"], "0-1");
    EXPECT_EQ(r.body["termination"], "resignation");
    EXPECT_EQ(r.body["reason"], "White resigned; Black wins");
    EXPECT_EQ(move(g, "e4", g.white).status, 409);
    EXPECT_EQ(post("/api/games/" + g.id + "/resign", Json::object(), g.black).status, 409);
    EXPECT_EQ(get("/api/games/" + g.id + "/legal").body["moves"].size(), 0u);
}

TEST_F(ServerTest, DrawOffersAcceptAndDecline) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const std::string base = "/api/games/" + g.id;
    EXPECT_EQ(post(base + "/draw/accept", Json::object(), g.black).status, 409);  // none yet
    Reply offer = post(base + "/draw/offer", Json::object(), g.white);
    ASSERT_EQ(offer.status, 200);
    EXPECT_EQ(offer.body["drawOffer"], "white");
    EXPECT_EQ(post(base + "/draw/accept", Json::object(), g.white).status, 409);  // own offer
    Reply decline = post(base + "/draw/decline", Json::object(), g.black);
    ASSERT_EQ(decline.status, 200);
    EXPECT_TRUE(decline.body["drawOffer"].is_null());
    ASSERT_EQ(post(base + "/draw/offer", Json::object(), g.white).status, 200);
    Reply accept = post(base + "/draw/accept", Json::object(), g.black);
    ASSERT_EQ(accept.status, 200);
    EXPECT_EQ(accept.body["result"], "1/2-1/2");
    EXPECT_EQ(accept.body["termination"], "agreement");

    // A move declines a standing offer.
    Created h = friend_game(Json{{"type", "number"}, {"number", 518}});
    ASSERT_EQ(post("/api/games/" + h.id + "/draw/offer", Json::object(), h.white).status, 200);
    ASSERT_EQ(move(h, "e4", h.white).status, 200);
    Reply after = move(h, "e5", h.black);
    EXPECT_TRUE(after.body["state"]["drawOffer"].is_null());
}

TEST_F(ServerTest, DrawClaimByThreefoldRepetition) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const std::string claim = "/api/games/" + g.id + "/draw/claim";
    Reply none = post(claim, Json::object(), g.white);
    EXPECT_EQ(none.status, 422);
    EXPECT_EQ(none.body["error"], Game().claim_draw().error().to_string());
    const char* shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"};
    Reply last;
    for (int i = 0; i < 8; ++i) {
        last = move(g, shuffle[i], i % 2 ? g.black : g.white);
        ASSERT_EQ(last.status, 200) << shuffle[i] << ": " << last.text;
    }
    EXPECT_EQ(last.body["state"]["claimable"]["threefold"], true);
    EXPECT_EQ(last.body["state"]["claimable"]["fifty"], false);
    EXPECT_EQ(post(claim, Json::object(), g.black).status, 409);  // not Black's move
    Reply claimed = post(claim, Json::object(), g.white);
    ASSERT_EQ(claimed.status, 200) << claimed.text;
    EXPECT_EQ(claimed.body["result"], "1/2-1/2");
    EXPECT_EQ(claimed.body["termination"], "threefold repetition");
}

TEST_F(ServerTest, PgnExportReadsBackWithTheLibrarysReader) {
    Created g = friend_game(Json{{"type", "fen"}, {"fen", kCastlingFen}});
    for (const char* m : {"O-O-O", "O-O", "d4", "d5"})
        ASSERT_EQ(move(g, m, get("/api/games/" + g.id).body["turn"] == "white" ? g.white : g.black)
                      .status,
                  200);
    ASSERT_EQ(post("/api/games/" + g.id + "/resign", Json::object(), g.black).status, 200);
    Reply r = get("/api/games/" + g.id + "/pgn");
    ASSERT_EQ(r.status, 200);
    bool attachment = false;
    for (const auto& [name, value] : r.headers)
        if (name == "Content-Disposition")
            attachment = value.find("chess960-" + g.id + ".pgn") != std::string::npos;
    EXPECT_TRUE(attachment);
    std::istringstream in(r.text);
    pgn::Reader reader(in);
    pgn::Replayer replayer(true);
    reader.read_all(replayer);
    for (const auto& p : replayer.problems) ADD_FAILURE() << p.describe();
    ASSERT_EQ(replayer.games.size(), 1u);
    EXPECT_EQ(replayer.games[0].main.nodes.size(), 4u);
    EXPECT_EQ(replayer.games[0].result, GameResult::WhiteWins);
    EXPECT_TRUE(replayer.games[0].chess960);
    EXPECT_EQ(write_fen(replayer.games[0].start),
              write_fen(chess960::testing::parse(kCastlingFen)));
}

TEST_F(ServerTest, RestartWithTheSameDatabaseKeepsGamesAndMoves) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 700}});
    Created resigned = friend_game(Json{{"type", "random"}});
    ASSERT_EQ(move(g, "e4", g.white).status, 200);
    ASSERT_EQ(move(g, "e5", g.black).status, 200);
    ASSERT_EQ(post("/api/games/" + resigned.id + "/resign", Json::object(), resigned.black).status,
              200);
    const Json before = get("/api/games/" + g.id).body;

    restart();
    Reply after = get("/api/games/" + g.id, g.white);
    ASSERT_EQ(after.status, 200);
    EXPECT_EQ(after.body["moves"], before["moves"]);
    EXPECT_EQ(after.body["fen"], before["fen"]);
    EXPECT_EQ(after.body["startNumber"], 700);
    EXPECT_EQ(after.body["you"], "white");
    EXPECT_EQ(move(g, "d4", g.white).status, 200);  // the seat tokens still hold
    Reply over = get("/api/games/" + resigned.id);
    EXPECT_EQ(over.body["result"], "1-0");
    EXPECT_EQ(over.body["termination"], "resignation");
    EXPECT_EQ(get("/api/games").body["games"].size(), 2u);
}

TEST_F(ServerTest, TheEngineAnswersWithinSeconds) {
    Created g = create(Json{{"opponent", "engine"}, {"color", "white"}, {"level", 1}});
    ASSERT_EQ(move(g, "e2e4", g.white).status, 200);
    Json view = wait_for_game(g.id, 10, [](const Json& v) { return v["ply"].get<int>() >= 2; });
    EXPECT_EQ(view["ply"], 2);
    EXPECT_EQ(view["turn"], "white");
    EXPECT_EQ(view["thinking"], false);

    // The engine as White moves first, by itself.
    Created e = create(Json{{"opponent", "engine"}, {"color", "black"}, {"level", 2}});
    Json first = wait_for_game(e.id, 10, [](const Json& v) { return v["ply"].get<int>() >= 1; });
    EXPECT_EQ(first["ply"], 1);
}

TEST_F(ServerTest, ClockRunsOutAndTheServerEndsTheGame) {
    Created g = create(Json{{"opponent", "friend"},
                            {"start", {{"type", "number"}, {"number", 518}}},
                            {"clock", {{"initial", 1}, {"increment", 0}}}});
    EXPECT_EQ(g.game["clock"]["white"], 1000);
    EXPECT_TRUE(g.game["clock"]["running"].is_null());
    ASSERT_EQ(move(g, "e4", g.white).status, 200);
    Reply second = move(g, "e5", g.black);
    ASSERT_EQ(second.status, 200);
    EXPECT_EQ(second.body["state"]["clock"]["running"], "white");
    // Nobody asks: the server's own timer ends the game, and tells the watchers.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    Json view = get("/api/games/" + g.id).body;
    EXPECT_EQ(view["status"], "over");
    EXPECT_EQ(view["termination"], "time");
    EXPECT_EQ(view["result"], "0-1");
    EXPECT_EQ(view["clock"]["white"], 0);
    EXPECT_EQ(move(g, "d4", g.white).status, 409);
    // Less than the 1 s the message names is refused (0.4 s was accepted before).
    Reply short_clock =
        post("/api/games", Json{{"opponent", "friend"}, {"clock", {{"initial", 0.4}}}});
    EXPECT_EQ(short_clock.status, 400);
    EXPECT_EQ(short_clock.body["error"],
              "field 'clock.initial' must be a number of seconds from 1 to 21600");
}

TEST_F(ServerTest, EventStreamDeliversAnEventAfterAMove) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    std::mutex mutex;
    std::condition_variable cv;
    std::string received;
    int events = 0;
    bool saw_move = false;
    std::thread listener([&] {
        httplib::Client sse("127.0.0.1", port_);
        sse.set_read_timeout(10, 0);
        sse.Get(("/api/games/" + g.id + "/events").c_str(), [&](const char* data, size_t size) {
            std::lock_guard lock(mutex);
            received.append(data, size);
            std::size_t count = 0, at = 0;
            while ((at = received.find("event: ", at)) != std::string::npos) ++count, ++at;
            events = int(count);
            saw_move = received.find("event: move\ndata: {\"type\":\"move\",\"move\":") !=
                       std::string::npos;
            cv.notify_all();
            return !saw_move;
        });
    });
    {
        std::unique_lock lock(mutex);
        ASSERT_TRUE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return events >= 1; }));
    }
    ASSERT_EQ(move(g, "e4", g.white).status, 200);
    {
        std::unique_lock lock(mutex);
        EXPECT_TRUE(cv.wait_for(lock, std::chrono::seconds(10), [&] { return saw_move; }));
        EXPECT_GE(events, 2);
        EXPECT_NE(received.find("data: {"), std::string::npos);
    }
    listener.join();
    // The listener has gone: writing the next events to its closed connection must not hurt.
    ASSERT_EQ(move(g, "e5", g.black).status, 200);
    ASSERT_EQ(move(g, "Nf3", g.white).status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(1200));
    ASSERT_EQ(move(g, "Nc6", g.black).status, 200);
    EXPECT_EQ(get("/api/games/" + g.id).body["ply"], 4);
    EXPECT_EQ(get("/api/games/doesnotexist/events").status, 404);
}

TEST_F(ServerTest, StopEndsOpenEventStreams) {
    Created g = friend_game(Json{{"type", "random"}});
    std::atomic<bool> connected{false};
    std::thread listener([&] {
        httplib::Client sse("127.0.0.1", port_);
        sse.set_read_timeout(30, 0);
        sse.Get(("/api/games/" + g.id + "/events").c_str(), [&](const char*, size_t) {
            connected = true;
            return true;
        });
    });
    for (int i = 0; i < 200 && !connected; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ASSERT_TRUE(connected);
    auto begin = std::chrono::steady_clock::now();
    stop();
    listener.join();
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5));
}

TEST_F(ServerTest, ServesTheWebAppWithSpaFallback) {
    // Without a built app: a page that says how to build it.
    Reply placeholder = get("/");
    EXPECT_EQ(placeholder.status, 200);
    EXPECT_NE(placeholder.text.find("make web"), std::string::npos);

    const std::string web = dir_ + "/web";
    fs::create_directories(web + "/assets");
    std::ofstream(web + "/index.html") << "<html>app</html>";
    std::ofstream(web + "/assets/app.js") << "console.log(1)";
    stop();
    start(web);
    Reply index = get("/");
    EXPECT_EQ(index.text, "<html>app</html>");
    Reply script = get("/assets/app.js");
    EXPECT_EQ(script.text, "console.log(1)");
    bool js = false;
    for (const auto& [name, value] : script.headers)
        if (name == "Content-Type") js = value.find("javascript") != std::string::npos;
    EXPECT_TRUE(js);
    EXPECT_EQ(get("/game/abc123").text, "<html>app</html>");  // an SPA route
    EXPECT_EQ(get("/../../etc/passwd").text, "<html>app</html>");
    EXPECT_EQ(get("/api/unknown").status, 404);
}

}  // namespace

namespace {

TEST_F(ServerTest, AnEngineGameResumesAfterARestart) {
    Created g = create(Json{{"opponent", "engine"}, {"color", "white"}, {"level", 1}});
    ASSERT_EQ(move(g, "d2d4", g.white).status, 200);
    // Stopped while the engine thinks, or just after it moved: either way it has answered
    // after the restart.
    restart();
    Json view = wait_for_game(g.id, 10, [](const Json& v) { return v["ply"].get<int>() >= 2; });
    EXPECT_EQ(view["ply"], 2);
    EXPECT_EQ(view["moves"][0]["uci"], "d2d4");
}

TEST_F(ServerTest, TheEngineAnswersDrawOffersAtOnce) {
    Created even = create(Json{{"opponent", "engine"}, {"color", "white"}, {"level", 1}});
    Reply declined = post("/api/games/" + even.id + "/draw/offer", Json::object(), even.white);
    ASSERT_EQ(declined.status, 200) << declined.text;
    EXPECT_EQ(declined.body["status"], "active");
    EXPECT_TRUE(declined.body["drawOffer"].is_null());

    // Black, a queen and a rook down, has searched: it accepts.
    Created lost =
        create(Json{{"opponent", "engine"},
                    {"color", "white"},
                    {"level", 1},
                    {"start", {{"type", "fen"}, {"fen", "k7/8/8/8/8/8/8/KQR5 w - - 0 1"}}}});
    ASSERT_EQ(move(lost, "Rc2", lost.white).status, 200);
    Json view = wait_for_game(lost.id, 10, [](const Json& v) { return v["ply"].get<int>() >= 2; });
    ASSERT_EQ(view["ply"], 2);
    Reply accepted = post("/api/games/" + lost.id + "/draw/offer", Json::object(), lost.white);
    ASSERT_EQ(accepted.status, 200) << accepted.text;
    EXPECT_EQ(accepted.body["result"], "1/2-1/2");
    EXPECT_EQ(accepted.body["termination"], "agreement");
}

TEST_F(ServerTest, ASecondServerCannotTakeAPortInUse) {
    server::Options options;
    options.port = port_;
    options.db_path = dir_ + "/other.db";
    server::Server other(options);
    EXPECT_THROW(other.bind(), std::runtime_error);
}

TEST_F(ServerTest, ManyConnectionsAtOnceAreAcceptedPromptly) {
    // More simultaneous new connections than a backlog of 5 holds.
    std::vector<std::thread> clients;
    std::atomic<int> ok{0};
    std::atomic<long> slowest_ms{0};
    for (int i = 0; i < 40; ++i)
        clients.emplace_back([&] {
            httplib::Client c("127.0.0.1", port_);
            auto begin = std::chrono::steady_clock::now();
            auto r = c.Get("/api/startpos/518");
            long ms = long(std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::steady_clock::now() - begin)
                               .count());
            if (r && r->status == 200) ++ok;
            long seen = slowest_ms;
            while (ms > seen && !slowest_ms.compare_exchange_weak(seen, ms)) {
            }
        });
    for (auto& t : clients) t.join();
    EXPECT_EQ(ok, 40);
    EXPECT_LT(slowest_ms, 900);  // a SYN retransmission would take a second
}

TEST_F(ServerTest, CheckmateEndsTheGameWithItsReason) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    const char* fools_mate[] = {"f3", "e5", "g4", "Qh4#"};
    Reply last;
    for (int i = 0; i < 4; ++i) last = move(g, fools_mate[i], i % 2 ? g.black : g.white);
    ASSERT_EQ(last.status, 200) << last.text;
    const Json& state = last.body["state"];
    EXPECT_EQ(state["status"], "over");
    EXPECT_EQ(state["result"], "0-1");
    EXPECT_EQ(state["termination"], "checkmate");
    EXPECT_EQ(state["reason"], "Black wins by checkmate");
    EXPECT_EQ(state["check"], "e1");
    EXPECT_EQ(last.body["move"]["san"], "Qh4#");
    EXPECT_TRUE(last.body["legal"].empty());
    EXPECT_NE(get("/api/games/" + g.id + "/pgn").text.find("Qh4# 0-1"), std::string::npos);
}

// Whatever arrives, the answer is a 4xx with a JSON error, never a 5xx or a dead server.
TEST_F(ServerTest, GarbageNeverBreaksTheServer) {
    Created g = friend_game(Json{{"type", "random"}});
    std::vector<std::string> bodies = {"",
                                       "null",
                                       "[]",
                                       "\"text\"",
                                       "{",
                                       "}",
                                       "{\"move\":",
                                       "{\"move\": null}",
                                       "{\"move\": [\"e4\"]}",
                                       "{\"move\": \"\\u0000\"}",
                                       "{\"move\": \"e2e4\", \"ply\": -1}",
                                       "{\"move\": \"e2e4\", \"ply\": 1e300}",
                                       "{\"move\": \"\xff\xfe\"}",
                                       "{\"opponent\": \"engine\", \"level\": 2.5}",
                                       "{\"clock\": {\"initial\": -5}}",
                                       "{\"clock\": 7}",
                                       "{\"start\": {\"type\": \"fen\", \"fen\": 5}}",
                                       "{\"start\": {\"type\": \"fen\", \"fen\": \"\"}}",
                                       std::string(40, '{'),
                                       "{\"fen\": \"" + std::string(5000, '/') + "\"}"};
    std::mt19937 random(7);
    for (int i = 0; i < 20; ++i) {
        std::string noise(std::size_t(random() % 200), ' ');
        for (char& c : noise) c = char(random() % 256);
        bodies.push_back(noise);
    }
    const std::vector<std::string> paths = {"/api/games",
                                            "/api/fen/check",
                                            "/api/games/" + g.id + "/moves",
                                            "/api/games/" + g.id + "/draw/offer",
                                            "/api/games/" + g.id + "/draw/claim",
                                            "/api/games/" + g.id + "/resign"};
    for (const std::string& path : paths)
        for (const std::string& body : bodies) {
            Reply r = post(path, body, g.white);
            if (path.ends_with("/resign") && r.status == 200) continue;  // a valid resignation
            if (path == "/api/games" && r.status == 201) continue;       // defaults fill in
            if (path.ends_with("/draw/offer") && r.status == 200) continue;
            EXPECT_GE(r.status, 400) << path << " " << body;
            EXPECT_LT(r.status, 500) << path << " " << body << ": " << r.text;
            EXPECT_TRUE(r.body.is_object() && r.body.contains("error")) << path << " " << r.text;
        }
    const std::vector<std::string> odd_paths = {
        "/api/games/%00",       "/api/games/" + std::string(3000, 'a'),
        "/api/startpos/-1",     "/api/startpos/99999999999999999999",
        "/api/games?limit=abc", "/api/games/x/../../etc"};
    for (const std::string& path : odd_paths) {
        Reply r = get(path);
        EXPECT_LT(r.status, 500) << path;
    }
    EXPECT_EQ(get("/api/games/" + g.id).status, 200);
}

TEST(ServeCommand, BadArgumentsAndAnUnusableDatabase) {
    auto port = chess960::testing::run_chess960({"serve", "--port", "http"});
    EXPECT_EQ(port.status, 2);
    EXPECT_NE(port.err.find("--port"), std::string::npos);
    auto db = chess960::testing::run_chess960(
        {"serve", "--port", "0", "--db", "/nonexistent-dir/games.db"});
    EXPECT_EQ(db.status, 1);
    EXPECT_NE(db.err.find("/nonexistent-dir/games.db: cannot create the database"),
              std::string::npos)
        << db.err;
    EXPECT_NE(chess960::testing::run_chess960({"help"}).out.find("serve"), std::string::npos);
}

// The real command: prints its URL, answers, and stops cleanly on SIGTERM.
TEST(ServeCommand, StartsPrintsItsUrlAndStopsOnSigterm) {
    char dir_template[] = "/tmp/chess960_serve_cmd_XXXXXX";
    ASSERT_NE(mkdtemp(dir_template), nullptr);
    const std::string db = std::string(dir_template) + "/games.db";
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execl(CHESS960_BINARY, CHESS960_BINARY, "serve", "--port", "0", "--db", db.c_str(),
              static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fds[1]);
    std::string line;
    char ch;
    while (read(fds[0], &ch, 1) == 1 && ch != '\n') line += ch;
    ASSERT_EQ(line.rfind("Listening on http://127.0.0.1:", 0), 0u) << line;
    int port = std::atoi(line.c_str() + line.rfind(':') + 1);
    httplib::Client client("127.0.0.1", port);
    auto r = client.Get("/api/startpos/518");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    close(fds[0]);
    EXPECT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    fs::remove_all(dir_template);
}

}  // namespace
