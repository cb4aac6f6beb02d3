// An upload of PGN to the game database (POST /api/db/import) over a running server, and a lobby
// game kept with its players: a signed-in player's file goes into the player's own collection
// ("<name>:<collection>") and its explorer, the bad games said by line, the same file again adds
// nothing; without an account it is refused, as a body over 16 MiB is (and over 64 KiB on any
// other route), and each account has its share of uploads.
#include <gtest/gtest.h>

#include <filesystem>

#include "account_support.hpp"
#include "test_support.hpp"

using namespace chess960;
using Json = nlohmann::json;
using chess960::testing::AccountsServerTest;

namespace {

class UploadServerTest : public AccountsServerTest {
  protected:
    httplib::Result upload(const std::string& pgn, const std::string& token,
                           const std::string& query = "") {
        httplib::Headers headers;
        if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
        return client_->Post(("/api/db/import" + query).c_str(), headers, pgn,
                             "application/x-chess-pgn");
    }
    static std::string real_games() {
        std::string all;
        for (const auto& entry :
             std::filesystem::directory_iterator(std::string(CHESS960_TEST_DATA) + "/pgn"))
            all += chess960::testing::slurp(entry.path().string()) + "\n\n";
        return all;
    }
};

}  // namespace

TEST_F(UploadServerTest, APlayersFileGoesIntoTheirCollectionAndExplorer) {
    const std::string token = account("Ann");
    const std::string pgn = real_games() +
                            "[Event \"bad\"]\n[White \"x\"]\n[Black \"y\"]\n[Result \"0-1\"]\n\n"
                            "1. e4 e5 2. Ke3 0-1\n";
    auto r = upload(pgn, token, "?collection=club");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << r->body;
    const Json answer = Json::parse(r->body);
    EXPECT_EQ(answer["collection"], "Ann:club");
    EXPECT_EQ(answer["imported"], 29);
    EXPECT_EQ(answer["alreadyThere"], 0);
    ASSERT_EQ(answer["skipped"].size(), 1u);
    EXPECT_NE(answer["skipped"][0]["error"].get<std::string>().find("Ke3"), std::string::npos);
    // In the explorer of that collection at once, and in the search.
    Reply starts = get("/api/db/starts?collection=Ann:club");
    ASSERT_EQ(starts.status, 200) << starts.text;
    int games = 0;
    for (const Json& s : starts.body["starts"]) games += s["games"].get<int>();
    EXPECT_EQ(games, 29);
    for (const Json& s : starts.body["starts"]) {
        if (s["games"] == 0) continue;
        Reply e = get("/api/explorer/imported?collection=Ann:club&start=" +
                      std::to_string(s["start"].get<int>()));
        EXPECT_EQ(e.body["white"], s["white"]);
        EXPECT_EQ(e.body["draws"], s["draws"]);
        EXPECT_EQ(e.body["black"], s["black"]);
    }
    auto again = upload(pgn, token, "?collection=club");
    ASSERT_TRUE(again);
    EXPECT_EQ(Json::parse(again->body)["alreadyThere"], 29);
    EXPECT_EQ(Json::parse(again->body)["imported"], 0);
}

TEST_F(UploadServerTest, RefusedWithoutAnAccountTooLargeOrTooOften) {
    auto anonymous = upload(real_games(), "");
    ASSERT_TRUE(anonymous);
    EXPECT_EQ(anonymous->status, 401);
    const std::string token = account("Bob");
    EXPECT_EQ(upload(real_games(), token, "?collection=a:b")->status, 400);
    EXPECT_EQ(upload("", token)->status, 400);
    // 16 MiB and a byte: refused by its length, before it is read.
    chess960::testing::RawConnection raw(port_);
    ASSERT_TRUE(raw.send("POST /api/db/import HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
                         token + "\r\nContent-Length: " + std::to_string((16 << 20) + 1) +
                         "\r\n\r\n"));
    const auto answer = raw.receive(std::chrono::seconds(5), "larger than 16 MiB");
    EXPECT_EQ(chess960::testing::status_of(answer.bytes), 413) << answer.bytes;
    // Another route keeps its 64 KiB.
    auto big = client_->Post("/api/games", std::string(70'000, ' '), "application/json");
    ASSERT_TRUE(big);
    EXPECT_EQ(big->status, 413);
    // Three uploads a minute, then 429.
    int refused = 0;
    for (int i = 0; i < 5; ++i) refused += upload("*\n", token)->status == 429;
    EXPECT_GE(refused, 2);
}

// A rated lobby game enters the database with its accounts' names, as rated, and with each
// side's rating before it (a new player's 1500 here): the explorer's player source, mode and
// averageRating come from them.
TEST_F(UploadServerTest, ALobbyGameIsKeptWithItsPlayersAndRatings) {
    const std::string ann = account("Ann"), bob = account("Bob");
    auto post = [&](const std::string& path, const std::string& token, const Json& body) {
        auto r = client_->Post(path.c_str(), httplib::Headers{{"Authorization", "Bearer " + token}},
                               body.dump(), "application/json");
        return r ? Json::parse(r->body.empty() ? "{}" : r->body) : Json();
    };
    const Json made = post("/api/seeks", ann,
                           Json{{"clock", {{"initial", 300}, {"increment", 3}}},
                                {"rated", true},
                                {"color", "white"},
                                {"start", {{"type", "number"}, {"number", 77}}}});
    ASSERT_TRUE(made.contains("id")) << made.dump();
    const Json accepted =
        post("/api/seeks/" + made["id"].get<std::string>() + "/accept", bob, Json::object());
    ASSERT_TRUE(accepted.contains("game") && accepted["game"].is_string()) << accepted.dump();
    const std::string game = accepted["game"].get<std::string>();
    post("/api/games/" + game + "/moves", ann, Json{{"move", "e4"}});
    post("/api/games/" + game + "/moves", bob, Json{{"move", "e5"}});
    post("/api/games/" + game + "/resign", bob, Json::object());
    Reply e;
    for (int i = 0; i < 200; ++i) {
        e = get("/api/explorer/player?start=77&player=Ann&color=white&recentGames=1");
        if (e.status == 200 && e.body["white"] == 1) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
    ASSERT_EQ(e.body["white"], 1) << e.text;
    const Json& g = e.body["recentGames"][0];
    EXPECT_EQ(g["gameId"], game);
    EXPECT_EQ(g["white"]["name"], "Ann");
    EXPECT_EQ(g["black"]["name"], "Bob");
    EXPECT_EQ(g["mode"], "rated");
    EXPECT_EQ(g["white"]["rating"], 1500);
    EXPECT_EQ(g["black"]["rating"], 1500);
    EXPECT_EQ(e.body["moves"][0]["averageRating"], 1500);
    EXPECT_EQ(get("/api/explorer/player?start=77&player=Bob&color=black").body["white"], 1);
}
