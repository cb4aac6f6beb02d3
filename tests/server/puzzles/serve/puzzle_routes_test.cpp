// The puzzles over a running server (GET /api/puzzles/next, /api/puzzles/{id}, POST
// /api/puzzles/{id}/attempt, GET /api/puzzles/dashboard), with puzzles the real pipeline made:
// the hand-checked games imported and the generator run on the server's database. A visitor gets
// puzzles near the rating asked for, by theme and start position, unrated; a signed-in player's
// first attempt at a puzzle moves both ratings as Glicko-2 does, the second moves nothing, and
// the puzzles attempted are not offered again; bad parameters are refused with a message.
#include <gtest/gtest.h>

#include "account_support.hpp"
#include "cli_support.hpp"
#include "rating/rating.hpp"
#include "test_support.hpp"

using namespace chess960;
using Json = nlohmann::json;
using chess960::testing::AccountsServerTest;

namespace {

class PuzzleServerTest : public AccountsServerTest {
  protected:
    void SetUp() override {
        AccountsServerTest::SetUp();
        const auto imported = chess960::testing::run_chess960(
            {"db", "import", std::string(CHESS960_TEST_DATA) + "/puzzles/hand_checked.pgn", "--db",
             options_.db_path});
        ASSERT_EQ(imported.status, 0) << imported.err;
        const auto made = chess960::testing::run_chess960(
            {"puzzles", "generate", "--db", options_.db_path, "--nodes", "30000"});
        ASSERT_EQ(made.status, 0) << made.err;
        ASSERT_NE(made.out.find("3 puzzles made"), std::string::npos) << made.out;
    }
};

}  // namespace

TEST_F(PuzzleServerTest, AVisitorGetsPuzzlesByRatingThemeAndStartUnrated) {
    Reply near = get("/api/puzzles/next?rating=1000");
    ASSERT_EQ(near.status, 200) << near.text;
    const Json& p = near.body["puzzle"];
    EXPECT_EQ(p["id"].get<std::string>().size(), 8u);
    EXPECT_FALSE(p["fen"].get<std::string>().empty());
    EXPECT_FALSE(p["lastMove"].get<std::string>().empty());
    EXPECT_FALSE(p["solution"].empty());

    Reply castling = get("/api/puzzles/next?theme=castling");
    ASSERT_EQ(castling.status, 200) << castling.text;
    EXPECT_EQ(castling.body["puzzle"]["fen"], "2rkr3/p1ppp2p/4B3/8/8/8/PP5P/RK6 b Q - 0 1");
    EXPECT_EQ(castling.body["puzzle"]["lastMove"], "d7e6");
    EXPECT_EQ(castling.body["puzzle"]["solution"], Json::array({"b1a1"}));
    EXPECT_EQ(castling.body["game"]["url"], "https://example.org/puzzle-game-2");

    Reply origin = get("/api/puzzles/next?start=518");
    ASSERT_EQ(origin.status, 200) << origin.text;
    EXPECT_EQ(origin.body["puzzle"]["start"], 518);
    EXPECT_EQ(origin.body["puzzle"]["backRank"], "RNBQKBNR");
    EXPECT_EQ(origin.body["puzzle"]["solution"], Json::array({"h5f7"}));
    EXPECT_EQ(origin.body["puzzle"]["initialPly"], 6);
    EXPECT_EQ(get("/api/puzzles/next?start=5").status, 404);

    const std::string id = castling.body["puzzle"]["id"];
    Reply one = get("/api/puzzles/" + id);
    ASSERT_EQ(one.status, 200);
    EXPECT_EQ(one.body, castling.body);
    Reply tried = post("/api/puzzles/" + id + "/attempt", Json{{"win", true}});
    ASSERT_EQ(tried.status, 200) << tried.text;
    EXPECT_EQ(tried.body["rated"], false);
    EXPECT_EQ(get("/api/puzzles/" + id).body["puzzle"]["plays"], 0);

    EXPECT_EQ(get("/api/puzzles/nope").status, 404);
    EXPECT_EQ(post("/api/puzzles/nope/attempt", Json{{"win", true}}).status, 404);
    EXPECT_EQ(get("/api/puzzles/next?theme=no-such").status, 400);
    EXPECT_EQ(get("/api/puzzles/next?start=960").status, 400);
    EXPECT_EQ(get("/api/puzzles/next?rating=abc").status, 400);
    EXPECT_EQ(post("/api/puzzles/" + id + "/attempt", Json{{"win", "yes"}}).status, 400);
    EXPECT_EQ(post("/api/puzzles/" + id + "/attempt", Json::object()).status, 400);
    EXPECT_EQ(get("/api/puzzles/dashboard").status, 401);
}

TEST_F(PuzzleServerTest, APlayersFirstAttemptIsRatedAsGlicko2AndOnlyTheFirst) {
    const std::string token = account("Ann");
    Reply next = get("/api/puzzles/next", token);
    ASSERT_EQ(next.status, 200) << next.text;
    const std::string id = next.body["puzzle"]["id"];
    Reply before = get("/api/puzzles/" + id);
    const double puzzle_rating = before.body["puzzle"]["rating"].get<int>();

    Reply won = post("/api/puzzles/" + id + "/attempt", Json{{"win", true}}, token);
    ASSERT_EQ(won.status, 200) << won.text;
    ASSERT_EQ(won.body["rated"], true);
    // The same game computed here: a new player (1500, 500, 0.09) beats the puzzle, whose
    // deviation is a new puzzle's (500) and whose rating the API shows whole.
    rating::Rating puzzle;
    puzzle.rating = puzzle_rating;
    const auto expected =
        rating::update(rating::Rating{}, puzzle, rating::Score::Win, rating::Instant{});
    ASSERT_TRUE(expected);
    EXPECT_NEAR(won.body["player"]["rating"].get<int>(), expected->player.rating, 1.0);
    EXPECT_NEAR(won.body["player"]["deviation"].get<int>(), expected->player.deviation, 1.0);
    EXPECT_NEAR(won.body["puzzle"]["rating"].get<int>(), expected->opponent.rating, 1.0);
    EXPECT_GT(won.body["player"]["rating"].get<int>(), 1500);
    EXPECT_LT(won.body["puzzle"]["rating"].get<int>(), puzzle_rating);
    EXPECT_EQ(get("/api/puzzles/" + id).body["puzzle"]["plays"], 1);

    // Again: not rated, nothing moves.
    Reply again = post("/api/puzzles/" + id + "/attempt", Json{{"win", false}}, token);
    ASSERT_EQ(again.status, 200);
    EXPECT_EQ(again.body["rated"], false);
    Reply dash = get("/api/puzzles/dashboard", token);
    ASSERT_EQ(dash.status, 200) << dash.text;
    EXPECT_EQ(dash.body["attempts"], 1);
    EXPECT_EQ(dash.body["wins"], 1);
    EXPECT_EQ(dash.body["rating"]["rating"], won.body["player"]["rating"]);
    ASSERT_EQ(dash.body["history"].size(), 1u);
    EXPECT_EQ(dash.body["history"][0]["id"], id);
    EXPECT_EQ(dash.body["history"][0]["rating"], won.body["player"]["rating"]);
    EXPECT_FALSE(dash.body["themes"].empty());

    // A loss on another: the rating goes down from there; the puzzles attempted are not offered
    // again, and when none is left there is none.
    std::set<std::string> seen = {id};
    for (int i = 0; i < 2; ++i) {
        Reply n = get("/api/puzzles/next", token);
        ASSERT_EQ(n.status, 200) << n.text;
        const std::string other = n.body["puzzle"]["id"];
        EXPECT_TRUE(seen.insert(other).second) << other << " offered again";
        Reply lost = post("/api/puzzles/" + other + "/attempt", Json{{"win", false}}, token);
        ASSERT_EQ(lost.status, 200);
        EXPECT_EQ(lost.body["rated"], true);
    }
    EXPECT_EQ(get("/api/puzzles/next", token).status, 404);
    Reply last = get("/api/puzzles/dashboard", token);
    EXPECT_EQ(last.body["attempts"], 3);
    // The profile shows the puzzle rating, its own pool.
    Reply profile = get("/api/accounts/Ann");
    ASSERT_EQ(profile.status, 200) << profile.text;
    EXPECT_EQ(profile.body["puzzle"]["rating"], last.body["rating"]["rating"]);
    EXPECT_EQ(profile.body["puzzle"]["games"], 3);
    account("Bob");  // no attempt yet: a new player's rating
    EXPECT_EQ(get("/api/accounts/Bob").body["puzzle"]["games"], 0);
    EXPECT_EQ(get("/api/accounts/Bob").body["puzzle"]["rating"], 1500);
}
