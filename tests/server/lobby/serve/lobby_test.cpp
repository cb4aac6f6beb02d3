// The lobby through the server's API (docs/openapi.yaml: /api/seeks, /api/accounts/{name}/games,
// /api/games/{id}/players), on SQLite and, under lobby_serve_tests_postgres, on PostgreSQL (there
// also with a second server on the same database): a seek made, listed and accepted, the game
// played by the two accounts' tokens, its ratings changed once by Glicko-2 as the rating library
// computes it, an aborted game changing none, the refusals, a player's seeks withdrawn when it
// signs out, its games on its profile, filtered, and quick pairing's pools (on PostgreSQL also two
// servers pairing at once).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <set>
#include <thread>

#include "account_support.hpp"
#include "rating/rating.hpp"
#include "server/server.hpp"

namespace chess960::testing {
namespace {

class LobbyServerTest : public AccountsServerTest {
  protected:
    Reply seek(const std::string& token, const Json& body) {
        return reply(client_->Post("/api/seeks", bearer(token), body.dump(), "application/json"));
    }
    Reply accept(const std::string& token, const std::string& id) {
        return reply(client_->Post(("/api/seeks/" + id + "/accept").c_str(), bearer(token), "",
                                   "application/json"));
    }
    Reply play(const std::string& game, const std::string& token, const std::string& move) {
        return reply(client_->Post(("/api/games/" + game + "/moves").c_str(), bearer(token),
                                   Json{{"move", move}}.dump(), "application/json"));
    }
    // The game's players once its ratings are settled (within 10 s), else the last answer.
    Reply settled(const std::string& game) {
        Reply r;
        for (int i = 0; i < 1000; ++i) {
            r = get("/api/games/" + game + "/players");
            if (r.status == 200 && r.body.value("settled", false)) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return r;
    }
    // A 5+3 rated seek from the standard arrangement (518) by `seeker` as White, accepted by
    // `accepter`: the game's id.
    std::string rated_game(const std::string& seeker, const std::string& accepter) {
        Reply made = seek(seeker, Json{{"clock", {{"initial", 300}, {"increment", 3}}},
                                       {"rated", true},
                                       {"color", "white"},
                                       {"start", {{"type", "number"}, {"number", 518}}}});
        EXPECT_EQ(made.status, 201) << made.text;
        Reply accepted = accept(accepter, made.body.value("id", ""));
        EXPECT_EQ(accepted.status, 201) << accepted.text;
        return accepted.body.value("game", "");
    }
    // Quick pairing: joins or leaves the pool of `key` as it is written in the path.
    Reply join(const std::string& token, const std::string& key) {
        return reply(
            client_->Post(("/api/pools/" + key).c_str(), bearer(token), "", "application/json"));
    }
    Reply leave(const std::string& token, const std::string& key) {
        return reply(client_->Delete(("/api/pools/" + key).c_str(), bearer(token)));
    }
    // How many wait in the pool of `key` (GET /api/pools).
    int waiting(const std::string& key) {
        const Reply pools = get("/api/pools");
        for (const Json& pool : pools.body["pools"])
            if (pool["key"] == key) return pool["waiting"];
        ADD_FAILURE() << "no pool " << key;
        return -1;
    }
    // Black mates at once (f3 e5 g4 Qh4#).
    void fools_mate(const std::string& game, const std::string& white, const std::string& black) {
        for (auto [token, move] :
             {std::pair{white, "f3"}, {black, "e5"}, {white, "g4"}, {black, "Qh4#"}})
            ASSERT_EQ(play(game, token, move).status, 200) << move;
    }
};

// A change's answer waits for the lobby to tell its connections (a client that joins after it
// finds the change), but no thread of the server's waits for it: with one thread serving
// requests and the lobby's messages 1.5 s apart, a request made while a seek's answer waits is
// answered first. (Before, the thread waited: 200 seeks and accepts a second took a thread each
// for a pass, and answers took seconds.)
class LobbyOneThreadTest : public LobbyServerTest {
  protected:
    void configure() override {
        options_.io_threads = 1;
        options_.lobby_feed_gap_ms = 1'500;
    }
};

TEST_F(LobbyOneThreadTest, ARequestIsAnsweredWhileASeeksAnswerWaitsForTheLobby) {
    const std::string ann = account("Ann");
    const Json body{{"clock", {{"initial", 300}, {"increment", 3}}}, {"color", "random"}};
    ASSERT_EQ(seek(ann, body).status, 201);  // a pass now: the next is 1.5 s after it
    std::atomic<bool> answered = false;
    Reply second;
    std::thread seeking([&] {
        httplib::Client other("127.0.0.1", port_);
        second = reply(other.Post("/api/seeks", bearer(ann), body.dump(), "application/json"));
        answered = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const Reply listed = get("/api/seeks");
    const bool before = !answered;
    seeking.join();
    ASSERT_EQ(second.status, 201) << second.text;
    EXPECT_EQ(listed.status, 200);
    EXPECT_TRUE(before) << "GET /api/seeks waited for the seek's answer";
    // Both seeks are open.
    EXPECT_EQ(get("/api/seeks").body["seeks"].size(), 2u);
}

TEST_F(LobbyServerTest, ARatedSeekIsAcceptedPlayedAndRatedOnce) {
    const std::string ann = account("Ann"), bob = account("Bob");
    Reply made = seek(ann, Json{{"clock", {{"initial", 300}, {"increment", 3}}},
                                {"rated", true},
                                {"color", "white"},
                                {"start", {{"type", "number"}, {"number", 518}}}});
    ASSERT_EQ(made.status, 201) << made.text;
    EXPECT_EQ(made.body["pool"], "blitz");  // 300 + 40 x 3 = 420 s
    Reply listed = get("/api/seeks");
    ASSERT_EQ(listed.status, 200);
    ASSERT_EQ(listed.body["seeks"].size(), 1u) << listed.text;
    const Json& s = listed.body["seeks"][0];
    EXPECT_EQ(s["id"], made.body["id"]);
    EXPECT_EQ(s["player"]["name"], "Ann");
    EXPECT_EQ(s["player"]["rating"], 1500.0);
    EXPECT_EQ(s["player"]["provisional"], true);
    EXPECT_EQ(s["clock"]["initial"], 300.0);
    EXPECT_EQ(s["start"]["number"], 518);

    Reply accepted = accept(bob, made.body["id"]);
    ASSERT_EQ(accepted.status, 201) << accepted.text;
    const std::string game = accepted.body["game"];
    EXPECT_EQ(get("/api/seeks").body["seeks"].size(), 0u);
    // A seek is accepted once.
    EXPECT_EQ(accept(bob, made.body["id"]).body["code"], "no_such_seek");

    // The accounts' tokens hold the seats; nobody else's does.
    Reply view = get("/api/games/" + game, ann);
    ASSERT_EQ(view.status, 200) << view.text;
    EXPECT_EQ(view.body["you"], "white");
    EXPECT_EQ(view.body["startNumber"], 518);
    EXPECT_EQ(play(game, bob, "e4").status, 409);  // Bob is Black: not his turn
    const std::string eve = account("Eve");
    EXPECT_EQ(play(game, eve, "e4").status, 403);
    fools_mate(game, ann, bob);

    Reply players = settled(game);
    ASSERT_EQ(players.status, 200) << players.text;
    ASSERT_TRUE(players.body["settled"].get<bool>()) << players.text;
    EXPECT_EQ(players.body["result"], "0-1");
    EXPECT_EQ(players.body["accountGame"], true);
    // Any other game's players are no accounts; an unknown game is 404.
    Created casual = friend_game(Json{{"type", "number"}, {"number", 518}});
    Reply none = get("/api/games/" + casual.id + "/players");
    ASSERT_EQ(none.status, 200) << none.text;
    EXPECT_EQ(none.body["accountGame"], false);
    EXPECT_EQ(none.body["white"]["name"], nullptr);
    EXPECT_EQ(get("/api/games/0123456789abcdef/players").status, 404);
    EXPECT_EQ(get("/api/games/%00/players").status, 404);
    // What the rating library computes for two new players, Black winning.
    const auto expected =
        rating::update(rating::Rating{}, rating::Rating{}, rating::Score::Loss, rating::Instant{});
    ASSERT_TRUE(expected);
    EXPECT_EQ(players.body["white"]["name"], "Ann");
    EXPECT_DOUBLE_EQ(players.body["white"]["ratingAfter"].get<double>(), expected->player.rating);
    EXPECT_DOUBLE_EQ(players.body["black"]["ratingAfter"].get<double>(), expected->opponent.rating);
    EXPECT_EQ(players.body["white"]["ratingChange"],
              rating::rating_change(rating::Rating{}, expected->player));

    for (auto [name, after] : {std::pair{"Ann", expected->player}, {"Bob", expected->opponent}}) {
        Reply profile = get(std::string("/api/accounts/") + name);
        ASSERT_EQ(profile.status, 200);
        const Json& blitz = profile.body["ratings"]["blitz"];
        EXPECT_DOUBLE_EQ(blitz["rating"].get<double>(), after.rating) << name;
        EXPECT_DOUBLE_EQ(blitz["deviation"].get<double>(), after.deviation) << name;
        EXPECT_DOUBLE_EQ(blitz["volatility"].get<double>(), after.volatility) << name;
        EXPECT_EQ(blitz["games"], 1) << name;
        // The other pools are a new player's.
        EXPECT_EQ(profile.body["ratings"]["rapid"]["games"], 0);
        EXPECT_EQ(profile.body["ratings"]["rapid"]["rating"], 1500.0);
    }
    // Settled once: a later game rates from the stored ratings (games counts 2, not 3).
    const std::string second = rated_game(bob, ann);
    ASSERT_FALSE(second.empty());
    fools_mate(second, bob, ann);
    ASSERT_TRUE(settled(second).body["settled"].get<bool>());
    EXPECT_EQ(get("/api/accounts/Ann").body["ratings"]["blitz"]["games"], 2);
    EXPECT_EQ(column("SELECT games FROM ratings ORDER BY account_id"),
              (std::vector<std::string>{"2", "2"}));
    // The PGN names the accounts and their ratings before the game (rounded), as lichess does.
    Reply pgn = get("/api/games/" + second + "/pgn");
    ASSERT_EQ(pgn.status, 200);
    EXPECT_NE(pgn.text.find("[Event \"Rated blitz Chess960 game\"]"), std::string::npos)
        << pgn.text;
    EXPECT_NE(pgn.text.find("[White \"Bob\"]"), std::string::npos) << pgn.text;
    EXPECT_NE(pgn.text.find("[Black \"Ann\"]"), std::string::npos) << pgn.text;
    EXPECT_NE(pgn.text.find("[WhiteElo \"" +
                            std::to_string(int(std::lround(expected->opponent.rating))) + "\"]"),
              std::string::npos)
        << pgn.text;
    // A friend's game keeps its colours' names.
    EXPECT_NE(get("/api/games/" + casual.id + "/pgn").text.find("[White \"White\"]"),
              std::string::npos);
}

TEST_F(LobbyServerTest, AGameAbortedBeforeBothMovedChangesNoRating) {
    const std::string ann = account("Ann"), bob = account("Bob");
    const std::string game = rated_game(ann, bob);
    ASSERT_EQ(play(game, ann, "e4").status, 200);
    Reply aborted = reply(client_->Post(("/api/games/" + game + "/abort").c_str(), bearer(bob), "",
                                        "application/json"));
    ASSERT_EQ(aborted.status, 200) << aborted.text;
    Reply players = settled(game);
    ASSERT_TRUE(players.body["settled"].get<bool>()) << players.text;
    EXPECT_FALSE(players.body["white"].contains("ratingAfter")) << players.text;
    EXPECT_EQ(get("/api/accounts/Ann").body["ratings"]["blitz"]["games"], 0);
    EXPECT_TRUE(column("SELECT account_id FROM ratings").empty());
}

TEST_F(LobbyServerTest, SeeksThatCannotBeAreRefusedWithTheirReason) {
    const std::string ann = account("Ann"), bob = account("Bob");
    const Json clock{{"initial", 180}, {"increment", 2}};
    EXPECT_EQ(post("/api/seeks", Json{{"clock", clock}}).status, 401);
    EXPECT_EQ(seek(ann, Json{{"rated", true}}).body["code"], "rated_needs_clock");
    EXPECT_EQ(seek(ann, Json{{"daysPerMove", 3}, {"clock", clock}}).status, 400);
    EXPECT_EQ(seek(ann, Json{{"daysPerMove", 4}}).status, 400);
    EXPECT_EQ(
        seek(ann, Json{{"clock", clock}, {"start", {{"type", "fen"}, {"fen", "8/8"}}}}).status,
        400);
    EXPECT_EQ(seek(ann, Json{{"clock", clock}, {"color", "green"}}).status, 400);
    EXPECT_EQ(
        seek(ann, Json{{"clock", clock}, {"ratingRange", {{"min", 1800}, {"max", 1600}}}}).status,
        400);
    EXPECT_EQ(seek(ann, Json{{"clock", clock}, {"rated", "yes"}}).status, 400);

    Reply mine = seek(ann, Json{{"clock", clock}});
    ASSERT_EQ(mine.status, 201) << mine.text;
    EXPECT_EQ(mine.body["pool"], "blitz");
    EXPECT_EQ(accept(ann, mine.body["id"]).body["code"], "own_seek");
    // Another's seek is not withdrawn; an unknown one names none.
    EXPECT_EQ(reply(client_->Delete(("/api/seeks/" + mine.body["id"].get<std::string>()).c_str(),
                                    bearer(bob)))
                  .status,
              404);
    EXPECT_EQ(accept(bob, "not-an-id").status, 404);
    EXPECT_EQ(accept(bob, "0123456789abcdef").body["code"], "no_such_seek");
    // Outside the rating range.
    Reply ranged = seek(ann, Json{{"clock", clock}, {"ratingRange", {{"min", 1600}}}});
    ASSERT_EQ(ranged.status, 201);
    EXPECT_EQ(accept(bob, ranged.body["id"]).body["code"], "outside_rating_range");
    // At most five open seeks an account.
    for (int i = 0; i < 3; ++i) ASSERT_EQ(seek(ann, Json{{"clock", clock}}).status, 201);
    Reply sixth = seek(ann, Json{{"clock", clock}});
    EXPECT_EQ(sixth.status, 429);
    EXPECT_EQ(sixth.body["code"], "too_many_seeks");
    // Another site's page cannot seek for a signed-in player.
    Reply cross = reply(client_->Post("/api/seeks", {{"Origin", "https://evil.example"}},
                                      Json{{"clock", clock}}.dump(), "application/json"));
    EXPECT_EQ(cross.status, 403);
    // The owner withdraws one.
    Reply withdrawn = reply(
        client_->Delete(("/api/seeks/" + mine.body["id"].get<std::string>()).c_str(), bearer(ann)));
    EXPECT_EQ(withdrawn.status, 204);
    EXPECT_EQ(get("/api/seeks").body["seeks"].size(), 4u);
}

// Correspondence: days per move; each move gives the other side a fresh three days; the game
// survives a restart with its clock as it was (the time before the restart is charged, not given
// back as a new three days); the player's games in play are listed.
TEST_F(LobbyServerTest, ACorrespondenceGameKeepsItsClockThroughARestart) {
    const std::string ann = account("Ann"), bob = account("Bob");
    Reply made = seek(ann, Json{{"daysPerMove", 3},
                                {"rated", true},
                                {"color", "white"},
                                {"start", {{"type", "number"}, {"number", 518}}}});
    ASSERT_EQ(made.status, 201) << made.text;
    EXPECT_EQ(made.body["pool"], "correspondence");
    EXPECT_EQ(made.body["daysPerMove"], 3);
    EXPECT_EQ(made.body["clock"], nullptr);
    const std::string game = accept(bob, made.body["id"]).body.value("game", "");
    ASSERT_FALSE(game.empty());
    constexpr std::int64_t kThreeDays = 3LL * 86'400'000;
    Reply view = get("/api/games/" + game, ann);
    ASSERT_EQ(view.status, 200);
    EXPECT_EQ(view.body["clock"]["daysPerMove"], 3) << view.body["clock"].dump();
    EXPECT_EQ(view.body["clock"]["initial"], kThreeDays);
    ASSERT_EQ(play(game, ann, "e4").status, 200);
    ASSERT_EQ(play(game, bob, "e5").status, 200);
    ASSERT_EQ(play(game, ann, "Nf3").status, 200);
    // Black's time runs; White has a fresh three days (what it saved is not carried over).
    Reply running = get("/api/games/" + game);
    EXPECT_EQ(running.body["clock"]["running"], "black");
    EXPECT_EQ(running.body["clock"]["white"], kThreeDays);
    // The games in play say the ply the moves reached (a move leaves the game's row as it was).
    Reply before = get("/api/accounts/Bob/games?inPlay=true");
    ASSERT_EQ(before.body["games"].size(), 1u);
    EXPECT_EQ(before.body["games"][0]["plies"], 3);
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    restart();
    Reply after = get("/api/games/" + game);
    ASSERT_EQ(after.status, 200) << after.text;
    EXPECT_EQ(after.body["status"], "active");
    EXPECT_EQ(after.body["clock"]["running"], "black");
    const std::int64_t black_left = after.body["clock"]["black"];
    EXPECT_LE(black_left, kThreeDays - 400) << "the restart gave Black its time back";
    EXPECT_GT(black_left, kThreeDays - 60'000);
    EXPECT_EQ(after.body["clock"]["daysPerMove"], 3);
    EXPECT_EQ(after.body["speed"], "correspondence");
    EXPECT_EQ(after.body["rated"], true);
    // Ann's games in play: this one, Black (Bob) to move.
    Reply mine = get("/api/accounts/Ann/games?inPlay=true");
    ASSERT_EQ(mine.status, 200) << mine.text;
    ASSERT_EQ(mine.body["games"].size(), 1u);
    EXPECT_EQ(mine.body["games"][0]["pool"], "correspondence");
    EXPECT_EQ(mine.body["games"][0]["plies"], 3);
    EXPECT_EQ(get("/api/accounts/Ann/games?inPlay=maybe").status, 400);
    ASSERT_EQ(play(game, bob, "Nc6").status, 200);
    EXPECT_EQ(
        get("/api/games/" + game + "/pgn").text.find("[TimeControl \"-\"]") != std::string::npos,
        true);
    ASSERT_EQ(reply(client_->Post(("/api/games/" + game + "/resign").c_str(), bearer(bob), "",
                                  "application/json"))
                  .status,
              200);
    EXPECT_TRUE(get("/api/accounts/Ann/games?inPlay=true").body["games"].empty());
    ASSERT_TRUE(settled(game).body["settled"].get<bool>());
    EXPECT_EQ(get("/api/accounts/Ann").body["ratings"]["correspondence"]["games"], 1);
}

// A lobby's game says whether it is rated and its speed (the page names it "Rated blitz · 5+3",
// not "against a friend"), when it is made and, read back from the store, after a restart.
TEST_F(LobbyServerTest, AGamesViewSaysWhetherItIsRatedAndItsSpeed) {
    const std::string ann = account("Ann"), bob = account("Bob");
    const std::string rated = rated_game(ann, bob);
    Reply made = seek(bob, Json{{"clock", {{"initial", 600}, {"increment", 0}}}, {"rated", false}});
    ASSERT_EQ(made.status, 201) << made.text;
    const std::string casual = accept(ann, made.body.value("id", "")).body.value("game", "");
    ASSERT_FALSE(casual.empty());
    for (int pass = 0; pass < 2; ++pass) {
        SCOPED_TRACE(pass == 0 ? "made here" : "after a restart");
        Reply view = get("/api/games/" + rated, ann);
        ASSERT_EQ(view.status, 200) << view.text;
        EXPECT_EQ(view.body["rated"], true);
        EXPECT_EQ(view.body["speed"], "blitz");
        EXPECT_TRUE(view.body["event"].is_null()) << view.body["event"];
        Reply other = get("/api/games/" + casual);
        ASSERT_EQ(other.status, 200) << other.text;
        EXPECT_EQ(other.body["rated"], false);
        EXPECT_EQ(other.body["speed"], "rapid");
        if (pass == 0) restart();
    }
}

TEST_F(LobbyServerTest, APlayerWhoSignsOutLeavesTheLobby) {
    const std::string ann = account("Ann");
    ASSERT_EQ(seek(ann, Json{{"clock", {{"initial", 600}, {"increment", 5}}}}).status, 201);
    ASSERT_EQ(get("/api/seeks").body["seeks"].size(), 1u);
    ASSERT_EQ(reply(client_->Delete("/api/session", bearer(ann))).status, 204);
    EXPECT_EQ(get("/api/seeks").body["seeks"].size(), 0u);
}

TEST_F(LobbyServerTest, AProfileListsTheGamesByResultPoolAndStartPosition) {
    const std::string ann = account("Ann"), bob = account("Bob");
    const std::string lost = rated_game(ann, bob);
    fools_mate(lost, ann, bob);
    ASSERT_TRUE(settled(lost).body["settled"].get<bool>());
    Reply casual = seek(bob, Json{{"clock", {{"initial", 900}, {"increment", 10}}},
                                  {"start", {{"type", "number"}, {"number", 7}}}});
    ASSERT_EQ(casual.status, 201);
    const std::string rapid = accept(ann, casual.body["id"]).body.value("game", "");
    ASSERT_FALSE(rapid.empty());

    auto ids = [&](const std::string& query) {
        Reply r = get("/api/accounts/Ann/games" + query);
        EXPECT_EQ(r.status, 200) << r.text;
        std::vector<std::string> out;
        for (const Json& g : r.body["games"]) out.push_back(g["id"]);
        return out;
    };
    EXPECT_EQ(ids(""), (std::vector<std::string>{rapid, lost}));
    EXPECT_EQ(ids("?result=loss"), (std::vector<std::string>{lost}));
    EXPECT_TRUE(ids("?result=win").empty());
    EXPECT_EQ(ids("?pool=rapid"), (std::vector<std::string>{rapid}));
    EXPECT_EQ(ids("?start=518"), (std::vector<std::string>{lost}));
    EXPECT_EQ(ids("?start=7"), (std::vector<std::string>{rapid}));
    EXPECT_EQ(ids("?limit=1"), (std::vector<std::string>{rapid}));
    EXPECT_EQ(get("/api/accounts/Ann/games?result=maybe").status, 400);
    EXPECT_EQ(get("/api/accounts/Ann/games?pool=hyper").status, 400);
    EXPECT_EQ(get("/api/accounts/Ann/games?start=960").status, 400);
    EXPECT_EQ(get("/api/accounts/Nobody/games").status, 404);
    Reply rows = get("/api/accounts/Bob/games?result=win");
    ASSERT_EQ(rows.body["games"].size(), 1u);
    EXPECT_EQ(rows.body["games"][0]["black"]["name"], "Bob");
    EXPECT_GT(rows.body["games"][0]["black"]["ratingChange"].get<int>(), 0);
}

TEST_F(LobbyServerTest, ADeletedAccountsRatingsAndSeeksGoWithIt) {
    const std::string ann = account("Ann"), bob = account("Bob");
    const std::string game = rated_game(ann, bob);
    fools_mate(game, ann, bob);
    ASSERT_TRUE(settled(game).body["settled"].get<bool>());
    ASSERT_EQ(seek(ann, Json{{"clock", {{"initial", 60}, {"increment", 0}}}}).status, 201);
    ASSERT_EQ(reply(client_->Delete("/api/accounts/Ann", bearer(ann))).status, 204);
    EXPECT_EQ(get("/api/seeks").body["seeks"].size(), 0u);
    EXPECT_EQ(column("SELECT COUNT(*) FROM ratings"), std::vector<std::string>{"1"});
    // The game stays Bob's, without Ann's name.
    Reply players = get("/api/games/" + game + "/players");
    EXPECT_EQ(players.body["white"]["name"], nullptr) << players.text;
    EXPECT_EQ(players.body["black"]["name"], "Bob");
}

// The page plays with the session cookie (HttpOnly: its scripts never see the token): the
// cookie holds the account's seat, a move by it needs the CSRF proof, a signed-in spectator's
// cookie is no seat, and over the game's WebSocket the cookie counts only from this server's
// page.
TEST_F(LobbyServerTest, ThePagePlaysAnAccountGameWithTheSessionCookie) {
    const std::string ann = account("Ann"), bob = account("Bob"), eve = account("Eve");
    const std::string game = rated_game(ann, bob);
    auto cookie = [](const std::string& token) { return "chess960_session=" + token; };
    const std::string moves = "/api/games/" + game + "/moves";
    auto move_with = [&](const httplib::Headers& headers, const std::string& move) {
        return reply(
            client_->Post(moves.c_str(), headers, Json{{"move", move}}.dump(), "application/json"));
    };
    Reply view = reply(client_->Get(("/api/games/" + game).c_str(), {{"Cookie", cookie(ann)}}));
    ASSERT_EQ(view.status, 200) << view.text;
    EXPECT_EQ(view.body["you"], "white");
    Reply spectator =
        reply(client_->Get(("/api/games/" + game).c_str(), {{"Cookie", cookie(eve)}}));
    ASSERT_EQ(spectator.status, 200);
    EXPECT_EQ(spectator.body["you"], nullptr);

    Reply bare = move_with({{"Cookie", cookie(ann)}}, "e4");
    EXPECT_EQ(bare.status, 403);
    EXPECT_EQ(bare.body["code"], "csrf");
    EXPECT_EQ(move_with({{"Cookie", cookie(ann)}, {"Origin", "https://evil.example"}}, "e4").status,
              403);
    const std::string csrf = reply(client_->Get("/api/session", bearer(ann))).body["csrfToken"];
    EXPECT_EQ(move_with({{"Cookie", cookie(ann)}, {"X-CSRF-Token", csrf}}, "e4").status, 200);
    EXPECT_EQ(move_with({{"Cookie", cookie(bob)}, {"Origin", origin()}}, "e5").status, 200);
    EXPECT_EQ(move_with({{"Cookie", cookie(eve)}, {"Origin", origin()}}, "Nf3").status, 403);

    // Host as a browser sends it, with the port, which the Origin names.
    const std::pair<std::string, std::string> host{"Host", "127.0.0.1:" + std::to_string(port_)};
    auto hello_you = [&](std::vector<std::pair<std::string, std::string>> headers) {
        headers.push_back(host);
        WsClient ws(port_, "/api/games/" + game + "/socket", "", "", headers);
        ws.send(Json{{"type", "hello"}});
        auto first = ws.receive();
        return first && (*first)["type"] == "game" ? (*first)["game"]["you"] : Json("no game");
    };
    EXPECT_EQ(hello_you({{"Cookie", cookie(ann)}, {"Origin", origin()}}), "white");
    EXPECT_EQ(hello_you({{"Cookie", cookie(bob)}, {"Origin", origin()}}), "black");
    EXPECT_EQ(hello_you({{"Cookie", cookie(ann)}, {"Origin", "https://evil.example"}}), nullptr);
    EXPECT_EQ(hello_you({{"Cookie", cookie(eve)}, {"Origin", origin()}}), nullptr);
}

// The lobby's WebSocket: the seeks and who is online at once, then each change; the seeker and
// the accepter told of their game; a player without a lobby connection for a while leaves it.
TEST_F(LobbyServerTest, TheLobbySocketShowsSeeksAndPlayersLiveAndStartsTheGameForBoth) {
    stop();
    options_.lobby_leave_after_ms = 300;
    start();
    const std::string ann = account("Ann"), bob = account("Bob");
    const Json clock{{"initial", 180}, {"increment", 2}};
    ASSERT_EQ(seek(bob, Json{{"clock", clock}}).status, 201);

    WsClient visitor(port_, "/api/lobby/socket");
    auto first = visitor.receive();
    ASSERT_TRUE(first) << "no snapshot";
    EXPECT_EQ((*first)["type"], "lobby");
    ASSERT_EQ((*first)["seeks"].size(), 1u) << first->dump();
    EXPECT_EQ((*first)["seeks"][0]["player"]["name"], "Bob");
    EXPECT_EQ((*first)["online"], Json::array());

    auto seeker = std::make_unique<WsClient>(port_, "/api/lobby/socket", "", ann);
    ASSERT_TRUE(seeker->receive_type("lobby"));
    auto online = visitor.receive_type("online");
    ASSERT_TRUE(online);
    EXPECT_EQ((*online)["players"], Json::array({"Ann"}));
    // The cookie counts from this server's page only.
    WsClient page(port_, "/api/lobby/socket", "", "",
                  {{"Cookie", "chess960_session=" + bob},
                   {"Origin", origin()},
                   {"Host", "127.0.0.1:" + std::to_string(port_)}});
    ASSERT_TRUE(page.receive_type("lobby"));
    online = visitor.receive_type("online");
    ASSERT_TRUE(online);
    EXPECT_EQ((*online)["players"], Json::array({"Ann", "Bob"}));

    Reply made = seek(ann, Json{{"clock", clock}, {"rated", true}});
    ASSERT_EQ(made.status, 201);
    auto added = visitor.receive_type("seek");
    ASSERT_TRUE(added);
    EXPECT_EQ((*added)["seek"]["id"], made.body["id"]);
    EXPECT_EQ((*added)["seek"]["rated"], true);

    Reply accepted = accept(bob, made.body["id"]);
    ASSERT_EQ(accepted.status, 201);
    auto gone = visitor.receive_type("unseek");
    ASSERT_TRUE(gone);
    EXPECT_EQ((*gone)["id"], made.body["id"]);
    auto started = seeker->receive_type("started");
    ASSERT_TRUE(started);
    EXPECT_EQ((*started)["game"], accepted.body["game"]);
    auto bob_started = page.receive_type("started");
    ASSERT_TRUE(bob_started);
    EXPECT_EQ((*bob_started)["game"], accepted.body["game"]);
    // The visitor is told the seek went, not of the game: up to its pong, no "started".
    visitor.send(Json{{"type", "ping"}, {"id", 1}});
    for (auto message = visitor.receive(); message && (*message)["type"] != "pong";
         message = visitor.receive())
        EXPECT_NE((*message)["type"], "started");

    // Ann leaves the lobby: her open seek is withdrawn a moment later.
    Reply another = seek(ann, Json{{"clock", clock}});
    ASSERT_EQ(another.status, 201);
    ASSERT_TRUE(visitor.receive_type("seek"));
    seeker.reset();
    auto withdrawn = visitor.receive_type("unseek", std::chrono::seconds(5));
    ASSERT_TRUE(withdrawn);
    EXPECT_EQ((*withdrawn)["id"], another.body["id"]);
    // Bob's seek stays: he is still here.
    Reply listed = get("/api/seeks");
    ASSERT_EQ(listed.body["seeks"].size(), 1u);
    EXPECT_EQ(listed.body["seeks"][0]["player"]["name"], "Bob");
    // Only ping is understood.
    visitor.send(Json{{"type", "hello"}});
    auto refused = visitor.receive_type("error");
    ASSERT_TRUE(refused);
    EXPECT_EQ((*refused)["code"], "unknown_message_type");
    visitor.send(Json{{"type", "ping"}, {"id", 7}});
    auto pong = visitor.receive_type("pong");
    ASSERT_TRUE(pong);
    EXPECT_EQ((*pong)["id"], 7);
}

// Who is online goes to every connection whole: players arriving together (a restart's
// reconnections) are told in one list a second, not one list each (a thousand players arriving
// in a few seconds sent each connection a thousand lists and closed them all as too far behind).
TEST_F(LobbyServerTest, PlayersArrivingTogetherAreToldInOneOnlineListASecond) {
    std::vector<std::string> tokens;
    for (int i = 0; i < 6; ++i) tokens.push_back(account("Crowd" + std::to_string(i)));
    WsClient visitor(port_, "/api/lobby/socket");
    ASSERT_TRUE(visitor.receive_type("lobby"));
    std::vector<std::unique_ptr<WsClient>> players;
    for (const std::string& token : tokens) {
        players.push_back(std::make_unique<WsClient>(port_, "/api/lobby/socket", "", token));
        ASSERT_TRUE(players.back()->receive_type("lobby"));
        // Apart enough for the feed to tell each arrival on its own without the bound.
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
    }
    // Until the list has them all (a read that times out ends the client: no timeout here).
    int lists = 0;
    Json last = Json::array();
    while (last.size() < tokens.size()) {
        auto online = visitor.receive_type("online", std::chrono::seconds(3));
        ASSERT_TRUE(online) << "after " << lists << " lists, the last " << last.dump();
        ++lists;
        last = (*online)["players"];
    }
    EXPECT_LE(lists, 2) << "one list for the first arrival, one a second later for the rest";
    EXPECT_EQ(last.size(), tokens.size()) << last.dump();
}

// A challenge is a seek to one player: only the two see it (over HTTP and the lobby's socket),
// only the challenged accepts or declines it.
TEST_F(LobbyServerTest, AChallengeIsForTheChallengedPlayerAlone) {
    const std::string ann = account("Ann"), bob = account("Bob"), eve = account("Eve");
    const Json clock{{"initial", 300}, {"increment", 3}};
    WsClient visitor(port_, "/api/lobby/socket");
    ASSERT_TRUE(visitor.receive_type("lobby"));
    WsClient bobs(port_, "/api/lobby/socket", "", bob);
    ASSERT_TRUE(bobs.receive_type("lobby"));

    EXPECT_EQ(seek(ann, Json{{"clock", clock}, {"to", "Ann"}}).status, 400);
    EXPECT_EQ(seek(ann, Json{{"clock", clock}, {"to", "Nobody"}}).body["code"], "no_such_account");
    Reply challenge = seek(ann, Json{{"clock", clock}, {"rated", true}, {"to", "Bob"}});
    ASSERT_EQ(challenge.status, 201) << challenge.text;
    EXPECT_EQ(challenge.body["to"], "Bob");
    const std::string id = challenge.body["id"];
    auto told = bobs.receive_type("seek");
    ASSERT_TRUE(told);
    EXPECT_EQ((*told)["seek"]["to"], "Bob");
    visitor.send(Json{{"type", "ping"}, {"id", 1}});
    for (auto m = visitor.receive(); m && (*m)["type"] != "pong"; m = visitor.receive())
        EXPECT_NE((*m)["type"], "seek") << m->dump();

    auto listed = [&](const std::string& token) {
        return reply(client_->Get("/api/seeks", token.empty() ? httplib::Headers{} : bearer(token)))
            .body["seeks"]
            .size();
    };
    EXPECT_EQ(listed(""), 0u);
    EXPECT_EQ(listed(eve), 0u);
    EXPECT_EQ(listed(ann), 1u);
    EXPECT_EQ(listed(bob), 1u);
    EXPECT_EQ(accept(eve, id).body["code"], "no_such_seek");
    EXPECT_EQ(reply(client_->Delete(("/api/seeks/" + id).c_str(), bearer(eve))).status, 404);
    Reply accepted = accept(bob, id);
    ASSERT_EQ(accepted.status, 201) << accepted.text;

    // Declined by the challenged.
    Reply another = seek(ann, Json{{"clock", clock}, {"to", "Bob"}});
    ASSERT_EQ(another.status, 201);
    EXPECT_EQ(reply(client_->Delete(("/api/seeks/" + another.body["id"].get<std::string>()).c_str(),
                                    bearer(bob)))
                  .status,
              204);
    EXPECT_EQ(listed(ann), 0u);
}

// Quick pairing: two players in the 5+3 pool become one rated blitz game, random colours, both
// told at once over the lobby's socket; the pool's seeks are in no list and accepted by nobody.
TEST_F(LobbyServerTest, TwoPlayersInAQuickPoolAreMatchedIntoOneRatedGame) {
    const std::string ann = account("Ann"), bob = account("Bob");
    WsClient visitor(port_, "/api/lobby/socket");
    auto first = visitor.receive_type("lobby");
    ASSERT_TRUE(first);
    EXPECT_EQ((*first)["pools"], (Json{{"3+2", 0}, {"5+3", 0}, {"10+5", 0}, {"15+10", 0}}));
    WsClient anns(port_, "/api/lobby/socket", "", ann);
    ASSERT_TRUE(anns.receive_type("lobby"));
    WsClient bobs(port_, "/api/lobby/socket", "", bob);
    ASSERT_TRUE(bobs.receive_type("lobby"));

    Reply joined = join(ann, "5+3");
    ASSERT_EQ(joined.status, 201) << joined.text;
    EXPECT_EQ(joined.body["pool"], "5+3");
    const std::string quick = joined.body["id"];
    auto counted = visitor.receive_type("pools");
    ASSERT_TRUE(counted);
    EXPECT_EQ((*counted)["pools"]["5+3"], 1);
    Reply pools = reply(client_->Get("/api/pools", bearer(ann)));
    ASSERT_EQ(pools.status, 200) << pools.text;
    ASSERT_EQ(pools.body["pools"].size(), 4u);
    EXPECT_EQ(pools.body["pools"][1], (Json{{"key", "5+3"},
                                            {"clock", {{"initial", 300}, {"increment", 3}}},
                                            {"speed", "blitz"},
                                            {"waiting", 1}}));
    EXPECT_EQ(pools.body["pools"][2]["speed"], "rapid");  // 10+5: 600 + 40 x 5 = 800 s
    EXPECT_EQ(pools.body["joined"], (Json{{"pool", "5+3"}, {"id", quick}}));
    EXPECT_FALSE(reply(client_->Get("/api/pools", bearer(bob))).body.contains("joined"));
    // Hidden from the seeks and not to be accepted.
    EXPECT_TRUE(get("/api/seeks").body["seeks"].empty());
    EXPECT_TRUE(reply(client_->Get("/api/seeks", bearer(ann))).body["seeks"].empty());
    Reply taken = accept(bob, quick);
    EXPECT_EQ(taken.status, 404);
    EXPECT_EQ(taken.body["code"], "no_such_seek");

    ASSERT_EQ(join(bob, "5+3").status, 201);
    auto ann_started = anns.receive_type("started");
    auto bob_started = bobs.receive_type("started");
    ASSERT_TRUE(ann_started && bob_started);
    const std::string game = (*ann_started)["game"];
    EXPECT_EQ((*bob_started)["game"], game);
    Reply players = get("/api/games/" + game + "/players");
    ASSERT_EQ(players.status, 200) << players.text;
    EXPECT_EQ(players.body["rated"], true);
    EXPECT_EQ(players.body["pool"], "blitz");
    const std::set<std::string> names{players.body["white"]["name"].get<std::string>(),
                                      players.body["black"]["name"].get<std::string>()};
    EXPECT_EQ(names, (std::set<std::string>{"Ann", "Bob"}));
    // The seats are the accounts'.
    Reply view = get("/api/games/" + game, ann);
    ASSERT_EQ(view.status, 200) << view.text;
    EXPECT_EQ(view.body["you"], players.body["white"]["name"] == "Ann" ? "white" : "black");
    EXPECT_EQ(view.body["clock"]["initial"], 300'000);
    EXPECT_EQ(view.body["clock"]["increment"], 3'000);
    const std::string white = players.body["white"]["name"] == "Ann" ? ann : bob;
    EXPECT_EQ(play(game, white, "e4").status, 200);
    // One game, the pool empty again; the visitor saw neither seek nor game.
    EXPECT_EQ(column("SELECT COUNT(*) FROM account_games"), std::vector<std::string>{"1"});
    EXPECT_EQ(waiting("5+3"), 0);
    visitor.send(Json{{"type", "ping"}, {"id", 1}});
    for (auto m = visitor.receive(); m && (*m)["type"] != "pong"; m = visitor.receive())
        EXPECT_TRUE((*m)["type"] != "started" && (*m)["type"] != "seek") << m->dump();
}

TEST_F(LobbyServerTest, APlayerWaitsInOnePoolAndMayLeaveIt) {
    const std::string ann = account("Ann");
    EXPECT_EQ(post("/api/pools/5+3", Json::object()).status, 401);
    for (const char* bad : {"4+2", "5%2B4", "blitz", "%00"}) {
        Reply refused = join(ann, bad);
        EXPECT_EQ(refused.status, 404) << bad;
        EXPECT_EQ(refused.body["code"], "no_such_pool") << bad;
        EXPECT_NE(refused.text.find("3+2, 5+3, 10+5 and 15+10"), std::string::npos) << refused.text;
    }
    EXPECT_EQ(leave(ann, "1+0").body["code"], "no_such_pool");
    EXPECT_EQ(reply(client_->Put("/api/pools/5+3", bearer(ann), "", "application/json")).status,
              405);
    // The + may come encoded.
    Reply joined = join(ann, "3%2B2");
    ASSERT_EQ(joined.status, 201) << joined.text;
    EXPECT_EQ(joined.body["pool"], "3+2");
    // The same pool again keeps the place; another moves it.
    EXPECT_EQ(join(ann, "3+2").body["id"], joined.body["id"]);
    ASSERT_EQ(join(ann, "15+10").status, 201);
    EXPECT_EQ(waiting("3+2"), 0);
    EXPECT_EQ(waiting("15+10"), 1);
    EXPECT_EQ(column("SELECT COUNT(*) FROM seeks"), std::vector<std::string>{"1"});
    // The pool's seek counts towards the account's five open seeks.
    const Json clock{{"initial", 600}, {"increment", 0}};
    for (int i = 0; i < 4; ++i) ASSERT_EQ(seek(ann, Json{{"clock", clock}}).status, 201);
    EXPECT_EQ(seek(ann, Json{{"clock", clock}}).body["code"], "too_many_seeks");
    EXPECT_EQ(get("/api/seeks").body["seeks"].size(), 4u);
    // Leaving: once, and again (nothing to leave) alike.
    EXPECT_EQ(leave(ann, "15%2B10").status, 204);
    EXPECT_EQ(leave(ann, "15+10").status, 204);
    EXPECT_EQ(waiting("15+10"), 0);
    EXPECT_FALSE(reply(client_->Get("/api/pools", bearer(ann))).body.contains("joined"));
    EXPECT_EQ(seek(ann, Json{{"clock", clock}}).status, 201);
}

// Players far apart are not paired at once: the range (100 points at first) widens by 50 each
// interval waited (here 200 ms) until it spans their gap.
TEST_F(LobbyServerTest, PlayersFarApartInRatingArePairedOnceTheRangeHasWidened) {
    stop();
    options_.lobby_pool_widen_every_ms = 200;
    start();
    const std::string ann = account("Ann"), bob = account("Bob");
    const std::string won = rated_game(ann, bob);
    fools_mate(won, ann, bob);  // Bob wins: far apart in blitz now
    ASSERT_TRUE(settled(won).body["settled"].get<bool>());
    const double gap = get("/api/accounts/Bob").body["ratings"]["blitz"]["rating"].get<double>() -
                       get("/api/accounts/Ann").body["ratings"]["blitz"]["rating"].get<double>();
    ASSERT_GT(gap, 250);
    ASSERT_LT(gap, 1000);
    // The intervals the older of the two must have waited: 100 + 50 x steps >= gap.
    const int steps = int(std::ceil((gap - 100) / 50));

    WsClient anns(port_, "/api/lobby/socket", "", ann);
    ASSERT_TRUE(anns.receive_type("lobby"));
    const auto joined_at = std::chrono::steady_clock::now();
    ASSERT_EQ(join(ann, "3+2").status, 201);
    ASSERT_EQ(join(bob, "3+2").status, 201);
    EXPECT_EQ(waiting("3+2"), 2) << "paired at once, " << gap << " apart";
    auto started = anns.receive_type("started", std::chrono::seconds(15));
    ASSERT_TRUE(started) << "not paired " << gap << " apart";
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - joined_at);
    EXPECT_GE(waited.count(), (steps - 1) * 200) << gap << " apart";
    Reply players = get("/api/games/" + (*started)["game"].get<std::string>() + "/players");
    EXPECT_EQ(players.body["pool"], "blitz");
    EXPECT_EQ(waiting("3+2"), 0);
}

TEST_F(LobbyServerTest, ASeekMadeOnOneServerIsAcceptedOnAnotherAndRatedOnce) {
    if (!on_postgres()) GTEST_SKIP() << "several servers share a PostgreSQL database only";
    const std::string ann = account("Ann"), bob = account("Bob");
    server::Server other(options_);
    const int other_port = other.bind();
    std::thread running([&] { other.run(); });
    httplib::Client second("127.0.0.1", other_port);
    second.set_read_timeout(10, 0);
    Reply made = seek(ann, Json{{"clock", {{"initial", 60}, {"increment", 1}}},
                                {"rated", true},
                                {"color", "black"},
                                {"start", {{"type", "number"}, {"number", 518}}}});
    ASSERT_EQ(made.status, 201) << made.text;
    EXPECT_EQ(made.body["pool"], "bullet");
    Reply listed = reply(second.Get("/api/seeks"));
    ASSERT_EQ(listed.body["seeks"].size(), 1u) << listed.text;
    Reply accepted =
        reply(second.Post(("/api/seeks/" + made.body["id"].get<std::string>() + "/accept").c_str(),
                          bearer(bob), "", "application/json"));
    ASSERT_EQ(accepted.status, 201) << accepted.text;
    const std::string game = accepted.body["game"];
    // Bob (White) moves through the second server, Ann through the first: both servers see the
    // end and both try to settle it.
    for (auto [server, token, move] : {std::tuple{&second, bob, "f3"},
                                       {nullptr, ann, "e5"},
                                       {&second, bob, "g4"},
                                       {nullptr, ann, "Qh4#"}}) {
        Reply r = server
                      ? reply(server->Post(("/api/games/" + game + "/moves").c_str(), bearer(token),
                                           Json{{"move", move}}.dump(), "application/json"))
                      : play(game, token, move);
        // A move made on one server reaches the other a moment later: retried until it has.
        for (int i = 0; i < 500 && r.status == 409; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            r = server
                    ? reply(server->Post(("/api/games/" + game + "/moves").c_str(), bearer(token),
                                         Json{{"move", move}}.dump(), "application/json"))
                    : play(game, token, move);
        }
        ASSERT_EQ(r.status, 200) << move << ": " << r.text;
    }
    ASSERT_TRUE(settled(game).body["settled"].get<bool>());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_EQ(column("SELECT games FROM ratings ORDER BY account_id"),
              (std::vector<std::string>{"1", "1"}));
    Reply ann_profile = reply(second.Get("/api/accounts/Ann"));
    EXPECT_GT(ann_profile.body["ratings"]["bullet"]["rating"].get<double>(), 1500.0);
    other.stop();
    running.join();
}

// Two servers on one database both pair the pools: players joining on each are paired exactly
// once (one game each, both told on the server they watch), however the two servers' rounds
// fall.
TEST_F(LobbyServerTest, PlayersJoiningOnTwoServersArePairedExactlyOnce) {
    if (!on_postgres()) GTEST_SKIP() << "several servers share a PostgreSQL database only";
    server::Server other(options_);
    const int other_port = other.bind();
    std::thread running([&] { other.run(); });
    httplib::Client second("127.0.0.1", other_port);
    second.set_read_timeout(10, 0);
    constexpr int kPairs = 3;
    for (int round = 0; round < kPairs; ++round) {
        const std::string one = account("One" + std::to_string(round));
        const std::string two = account("Two" + std::to_string(round));
        WsClient ones(port_, "/api/lobby/socket", "", one);
        WsClient twos(other_port, "/api/lobby/socket", "", two);
        EXPECT_TRUE(ones.receive_type("lobby") && twos.receive_type("lobby"));
        // At once, one on each server.
        std::thread joining([&] { EXPECT_EQ(join(one, "10+5").status, 201); });
        Reply joined = reply(second.Post("/api/pools/10+5", bearer(two), "", "application/json"));
        joining.join();
        EXPECT_EQ(joined.status, 201) << joined.text;
        auto one_started = ones.receive_type("started");
        auto two_started = twos.receive_type("started");
        EXPECT_TRUE(one_started) << "round " << round << ": not told on the first server";
        EXPECT_TRUE(two_started) << "round " << round << ": not told on the second server";
        if (!one_started || !two_started) break;
        EXPECT_EQ((*one_started)["game"], (*two_started)["game"]);
        // No second "started" (from the other server's round) follows.
        ones.send(Json{{"type", "ping"}, {"id", 1}});
        for (auto m = ones.receive(); m && (*m)["type"] != "pong"; m = ones.receive())
            EXPECT_NE((*m)["type"], "started") << m->dump();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    EXPECT_EQ(column("SELECT COUNT(*) FROM account_games"),
              std::vector<std::string>{std::to_string(kPairs)});
    EXPECT_EQ(column("SELECT COUNT(*) FROM seeks"), std::vector<std::string>{"0"});
    EXPECT_EQ(column("SELECT COUNT(*) FROM account_games WHERE pool <> 'rapid' OR NOT rated"),
              std::vector<std::string>{"0"});
    other.stop();
    running.join();
}

// Who is online is the same on every server sharing the database, and a player keeps its seeks
// while it has a lobby connection to any of them.
TEST_F(LobbyServerTest, PlayersAreOnlineOnEveryServerAndKeepTheirSeeksWhileOnAny) {
    if (!on_postgres()) GTEST_SKIP() << "several servers share a PostgreSQL database only";
    stop();
    options_.lobby_leave_after_ms = 300;
    start();
    const std::string ann = account("Ann");
    server::Server other(options_);
    const int other_port = other.bind();
    std::thread running([&] { other.run(); });

    WsClient visitor(other_port, "/api/lobby/socket");
    ASSERT_TRUE(visitor.receive_type("lobby"));
    auto here = std::make_unique<WsClient>(port_, "/api/lobby/socket", "", ann);
    ASSERT_TRUE(here->receive_type("lobby"));
    auto online = visitor.receive_type("online", std::chrono::seconds(5));
    ASSERT_TRUE(online) << "Ann, online on the first server, is not on the second's list";
    EXPECT_EQ((*online)["players"], Json::array({"Ann"}));

    // A seek made on the first server reaches the second's lobby (without waiting for a poll:
    // not asserted in time, the notice and the poll give the same message).
    Reply made = seek(ann, Json{{"clock", {{"initial", 180}, {"increment", 2}}}});
    ASSERT_EQ(made.status, 201) << made.text;
    auto added = visitor.receive_type("seek", std::chrono::seconds(5));
    ASSERT_TRUE(added);
    EXPECT_EQ((*added)["seek"]["id"], made.body["id"]);

    // Ann's page moves to the second server: she leaves the first, her seek stays.
    auto there = std::make_unique<WsClient>(other_port, "/api/lobby/socket", "", ann);
    ASSERT_TRUE(there->receive_type("lobby"));
    here.reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(1'500));
    EXPECT_EQ(get("/api/seeks").body["seeks"].size(), 1u) << "her seek went while she was online";
    // She leaves the second too: she is offline everywhere, and her seek goes.
    there.reset();
    bool offline = false, withdrawn = false;
    for (auto message = visitor.receive(std::chrono::seconds(5));
         message && !(offline && withdrawn); message = visitor.receive(std::chrono::seconds(5))) {
        if ((*message)["type"] == "online") offline = (*message)["players"].empty();
        if ((*message)["type"] == "unseek")
            withdrawn = withdrawn || (*message)["id"] == made.body["id"];
    }
    EXPECT_TRUE(withdrawn) << "her seek stayed";
    EXPECT_TRUE(offline) << "Ann is still online";
    other.stop();
    running.join();
}

// The lobby's connections get each change once, whether alone or in a batch frame with the
// changes that queued behind it (docs/live.md).
TEST_F(LobbyServerTest, EverySeekOfABurstReachesAWatcherOnceInOrder) {
    WsClient watcher(port_, "/api/lobby/socket");
    ASSERT_TRUE(watcher.receive_type("lobby"));
    std::vector<std::string> made;
    std::vector<std::thread> seekers;
    std::mutex made_mutex;
    for (int a = 0; a < 3; ++a) {
        const std::string token = account("Burst" + std::to_string(a));
        seekers.emplace_back([&, token] {
            for (int i = 0; i < 5; ++i) {
                Reply r = seek(token, Json{{"clock", {{"initial", 180}, {"increment", 2}}}});
                EXPECT_EQ(r.status, 201) << r.text;
                std::lock_guard lock(made_mutex);
                made.push_back(r.body.value("id", std::string()));
            }
        });
    }
    for (std::thread& t : seekers) t.join();
    std::vector<std::string> seen;
    while (seen.size() < made.size()) {
        auto message = watcher.receive_type("seek");
        ASSERT_TRUE(message) << seen.size() << " of " << made.size() << " seeks seen";
        seen.push_back((*message)["seek"]["id"]);
    }
    std::vector<std::string> sorted_made = made, sorted_seen = seen;
    std::ranges::sort(sorted_made);
    std::ranges::sort(sorted_seen);
    EXPECT_EQ(sorted_seen, sorted_made);  // each once
}

}  // namespace
}  // namespace chess960::testing
