// API tests of the server's events (docs/event-draw.md, section 3; docs/openapi.yaml): create,
// rounds with pairings and entropy, the reveal time (no answer shows a round's position before
// it), the games made at the round's start and played with the players' seat tokens, standings
// with the Sonneborn-Berger tie-break, the PGN export, closing (the secret and a verification that
// `chess960 event verify` agrees with), bad input, and a restart. A real server on a free
// loopback port (server_support.hpp).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/startpos.hpp"
#include "draw/commitment.hpp"
#include "draw/draw.hpp"
#include "games/limits.hpp"
#include "server_support.hpp"
#include "store/secrets.hpp"

using namespace chess960;
using Json = nlohmann::json;

namespace {

using chess960::testing::ServerTest;

std::int64_t epoch_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

Json pairings(const std::vector<std::pair<std::string, std::string>>& games) {
    Json list = Json::array();
    for (const auto& [white, black] : games)
        list.push_back(Json{{"white", white}, {"black", black}});
    return list;
}

class EventServerTest : public ServerTest {
  protected:
    struct Event {
        std::string id;
        std::string token;  // the organiser's
        Json view;
    };

    Event create_event(const Json& body) {
        Reply r = post("/api/events", body);
        EXPECT_EQ(r.status, 201) << r.text;
        Event e;
        if (r.status != 201) return e;
        e.id = r.body["id"];
        e.token = r.body["organiserToken"];
        e.view = r.body["event"];
        return e;
    }
    Reply add_round(const Event& e, const Json& body) {
        return post("/api/events/" + e.id + "/rounds", body, e.token);
    }
    Json event(const Event& e) {
        Reply r = get("/api/events/" + e.id);
        EXPECT_EQ(r.status, 200) << r.text;
        return r.body;
    }
    Json organiser(const Event& e) {
        Reply r = get("/api/events/" + e.id + "/organiser", e.token);
        EXPECT_EQ(r.status, 200) << r.text;
        return r.body;
    }
    // Polls the public view until `done` holds or `seconds` pass.
    template <typename Done>
    Json wait_for_event(const Event& e, double seconds, Done done) {
        const auto deadline =
            std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        Json view;
        while (std::chrono::steady_clock::now() < deadline) {
            view = event(e);
            if (done(view)) return view;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return view;
    }
    // Ends board `board` of round `round` (1-based) with `result`: the loser resigns, or White
    // offers a draw and Black accepts it.
    void finish(const Json& organiser_view, int round, int board, const std::string& result) {
        const Json& b = organiser_view["rounds"][round - 1]["boards"][board - 1];
        const std::string id = b["gameId"];
        const std::string white = b["seats"]["white"], black = b["seats"]["black"];
        if (result == "1-0") {
            ASSERT_EQ(post("/api/games/" + id + "/resign", Json::object(), black).status, 200);
        } else if (result == "0-1") {
            ASSERT_EQ(post("/api/games/" + id + "/resign", Json::object(), white).status, 200);
        } else {
            ASSERT_EQ(post("/api/games/" + id + "/draw/offer", Json::object(), white).status, 200);
            ASSERT_EQ(post("/api/games/" + id + "/draw/accept", Json::object(), black).status, 200);
        }
        EXPECT_EQ(get("/api/games/" + id).body["result"], result);
    }
    // Enters a round revealed (and started) at once and answers the organiser's view.
    Json round_now(const Event& e, const std::vector<std::pair<std::string, std::string>>& games,
                   const std::string& entropy = "") {
        Reply r = add_round(e, Json{{"pairings", pairings(games)}, {"entropy", entropy}});
        EXPECT_EQ(r.status, 201) << r.text;
        return r.body;
    }
};

TEST_F(EventServerTest, CreateAnswersTheCommitmentAndTheParametersButNotTheSecret) {
    Event e = create_event(Json{{"name", "Spring Open 960"},
                                {"rounds", 5},
                                {"exclude", {534, 518}},
                                {"clock", {{"initial", 300}, {"increment", 3}}}});
    ASSERT_EQ(e.id.size(), 16u);
    EXPECT_EQ(e.token.size(), 32u);
    const std::string commitment = e.view["commitment"];
    EXPECT_TRUE(event::is_digest_hex(commitment)) << commitment;
    EXPECT_EQ(e.view["parameters"]["name"], "Spring Open 960");
    EXPECT_EQ(e.view["parameters"]["rounds"], 5);
    EXPECT_EQ(e.view["parameters"]["exclude"], Json({518, 534}));  // sorted
    EXPECT_EQ(e.view["parameters"]["allowRepeats"], false);
    EXPECT_EQ(e.view["parameters"]["clock"]["initial"], 300);
    EXPECT_EQ(e.view["status"], "open");
    EXPECT_TRUE(e.view["secret"].is_null());

    Json view = event(e);
    EXPECT_EQ(view["commitment"], commitment);
    EXPECT_EQ(view["organiser"], false);
    EXPECT_TRUE(view["secret"].is_null());
    EXPECT_TRUE(view["rounds"].empty());
    EXPECT_EQ(organiser(e)["organiser"], true);

    // The database keeps the organiser's token only as its SHA-256.
    const std::string bytes = read_bytes(options_.db_path) + read_bytes(options_.db_path + "-wal");
    EXPECT_EQ(bytes.find(e.token), std::string::npos);
    EXPECT_NE(bytes.find(server::sha256_hex(e.token)), std::string::npos);
}

TEST_F(EventServerTest, BadEventsAreRefusedWithTheReason) {
    struct Case {
        Json body;
        std::string message;
    };
    const std::vector<Case> cases = {
        {Json{{"rounds", 3}}, "field 'name' is missing"},
        {Json{{"name", ""}, {"rounds", 3}}, "the event's name is empty"},
        {Json{{"name", "A\nB"}, {"rounds", 3}}, "control character"},
        {Json{{"name", std::string(201, 'x')}, {"rounds", 3}}, "longer than 200 bytes"},
        {Json{{"name", "X"}}, "field 'rounds' is missing"},
        {Json{{"name", "X"}, {"rounds", 0}}, "field 'rounds' must be an integer from 1 to 960"},
        {Json{{"name", "X"}, {"rounds", 2.5}}, "field 'rounds' must be an integer"},
        {Json{{"name", "X"}, {"rounds", 3}, {"exclude", {960}}}, "0..959, not 960"},
        {Json{{"name", "X"}, {"rounds", 3}, {"exclude", "518"}},
         "field 'exclude' must be an array"},
        {Json{{"name", "X"}, {"rounds", 3}, {"allowRepeats", "yes"}}, "true or false"},
        {Json{{"name", "X"}, {"rounds", 500}, {"double960", true}},
         "500 rounds without repeats need 1000 start positions"},
        {Json{{"name", "X"}, {"rounds", 3}, {"clock", {{"initial", 0}}}}, "clock.initial"},
    };
    for (const Case& c : cases) {
        Reply r = post("/api/events", c.body);
        EXPECT_EQ(r.status, 400) << c.body.dump() << ": " << r.text;
        EXPECT_NE(r.body.value("error", "").find(c.message), std::string::npos)
            << c.body.dump() << ": " << r.text;
    }
    Reply malformed = post("/api/events", std::string("{\"name\": "));
    EXPECT_EQ(malformed.status, 400);
    EXPECT_NE(malformed.body.value("error", "").find("malformed JSON"), std::string::npos);
    EXPECT_EQ(get("/api/events/0123456789abcdef").status, 404);
    EXPECT_EQ(get("/api/events/not-an-id").status, 404);
    EXPECT_EQ(get("/api/events").status, 405);
}

TEST_F(EventServerTest, BadRoundsAndTokensAreRefusedWithTheReason) {
    Event e = create_event(Json{{"name", "Club"}, {"rounds", 2}});
    const Json good = Json{{"pairings", pairings({{"Ann", "Bob"}})}};
    struct Case {
        Json body;
        std::string message;
    };
    const std::vector<Case> cases = {
        {Json::object(), "field 'pairings' must list the round's games"},
        {Json{{"pairings", Json::array()}}, "field 'pairings' must list the round's games"},
        {Json{{"pairings", {"Ann - Bob"}}}, "field 'pairings[0]' must be an object"},
        {Json{{"pairings", {{{"white", "Ann"}}}}}, "field 'pairings[0].black' is missing"},
        {Json{{"pairings", pairings({{"Ann", ""}})}}, "pairings[0].black': the name is empty"},
        {Json{{"pairings", pairings({{"Ann", " Bob"}})}}, "begins or ends with a space"},
        // Names that would look like another's on screen.
        {Json{{"pairings", pairings({{"Ann", "Bob\u00a0"}})}},
         "pairings[0].black': the name begins or ends with a space (U+00A0)"},
        {Json{{"pairings", pairings({{"Ann", "Bo\u200bb"}})}},
         "pairings[0].black': the name contains an invisible character (U+200B) at byte 3"},
        {Json{{"pairings", pairings({{"Ann", "Ann"}})}}, "'Ann' plays more than one game"},
        {Json{{"pairings", pairings({{"Ann", "Bob"}, {"Cy", "Bob"}})}},
         "pairings[1].black': 'Bob' plays more than one game"},
        {Json{{"pairings", pairings({{"Ann", "Bob"}})}, {"entropy", "3\t5"}}, "field 'entropy'"},
        {Json{{"pairings", pairings({{"Ann", "Bob"}})}, {"revealAt", -5}}, "field 'revealAt'"},
        {Json{{"pairings", pairings({{"Ann", "Bob"}})},
              {"revealAt", epoch_ms() + 60'000},
              {"startAt", epoch_ms()}},
         "field 'startAt' is before the reveal"},
        {Json{{"pairings", pairings({{"Ann", "Bob"}})},
              {"revealAt", epoch_ms() + 40LL * 24 * 3600 * 1000}},
         "more than 30 days ahead"},
        {Json{{"pairings", pairings({{"Ann", "Bob"}})}, {"round", 0}}, "field 'round'"},
    };
    for (const Case& c : cases) {
        Reply r = add_round(e, c.body);
        EXPECT_EQ(r.status, 400) << c.body.dump() << ": " << r.text;
        EXPECT_NE(r.body.value("error", "").find(c.message), std::string::npos)
            << c.body.dump() << ": " << r.text;
    }
    // Tokens: none, another's, in the URL.
    EXPECT_EQ(post("/api/events/" + e.id + "/rounds", good).status, 401);
    Event other = create_event(Json{{"name", "Other"}, {"rounds", 1}});
    EXPECT_EQ(post("/api/events/" + e.id + "/rounds", good, other.token).status, 403);
    EXPECT_EQ(get("/api/events/" + e.id + "/organiser", other.token).status, 403);
    EXPECT_EQ(get("/api/events/" + e.id + "/organiser").status, 401);
    Reply in_url = get("/api/events/" + e.id + "/organiser?token=" + e.token);
    EXPECT_EQ(in_url.status, 400);
    EXPECT_NE(in_url.body.value("error", "").find("not accepted in URLs"), std::string::npos);

    // Order: round 2 first, round 2 before round 1's reveal, a round too many.
    Reply skipped = add_round(e, Json{{"round", 2}, {"pairings", pairings({{"Ann", "Bob"}})}});
    EXPECT_EQ(skipped.status, 409);
    EXPECT_NE(skipped.body.value("error", "").find("the next round is 1, not 2"),
              std::string::npos);
    ASSERT_EQ(add_round(e, Json{{"pairings", pairings({{"Ann", "Bob"}})},
                                {"revealAt", epoch_ms() + 3'600'000}})
                  .status,
              201);
    Reply early = add_round(e, good);
    EXPECT_EQ(early.status, 409);
    EXPECT_NE(early.body.value("error", "").find("round 1 is not revealed yet"), std::string::npos);
    Reply close_early = post("/api/events/" + e.id + "/close", Json::object(), e.token);
    EXPECT_EQ(close_early.status, 409);
    EXPECT_NE(close_early.body.value("error", "").find("would give its position away"),
              std::string::npos);
    EXPECT_EQ(post("/api/events/" + e.id + "/rounds/7/reveal", Json::object(), e.token).status,
              404);
    EXPECT_EQ(post("/api/events/" + e.id + "/rounds/x/reveal", Json::object(), e.token).status,
              404);
    ASSERT_EQ(post("/api/events/" + e.id + "/rounds/1/reveal", Json::object(), e.token).status,
              200);
    EXPECT_EQ(post("/api/events/" + e.id + "/rounds/1/reveal", Json::object(), e.token).status,
              409);
    ASSERT_EQ(add_round(e, good).status, 201);
    Reply too_many = add_round(e, good);
    EXPECT_EQ(too_many.status, 409);
    EXPECT_NE(too_many.body.value("error", "").find("all 2 rounds"), std::string::npos);
    ASSERT_EQ(post("/api/events/" + e.id + "/close", Json::object(), e.token).status, 200);
    EXPECT_EQ(post("/api/events/" + e.id + "/close", Json::object(), e.token).status, 409);
}

TEST_F(EventServerTest, NoAnswerShowsARoundsPositionBeforeItsRevealTime) {
    Event e = create_event(Json{{"name", "Hidden"}, {"rounds", 1}, {"exclude", {518}}});
    const std::int64_t reveal_at = epoch_ms() + 2'000;
    Reply entered = add_round(e, Json{{"pairings", pairings({{"Ann", "Bob"}, {"Cy", "Di"}})},
                                      {"entropy", "die: 4 2 6"},
                                      {"revealAt", reveal_at}});
    ASSERT_EQ(entered.status, 201) << entered.text;
    const Json& seats = entered.body["rounds"][0]["boards"][0]["seats"];
    const std::string white_seat = seats["white"];

    // Everything anyone may ask before the reveal.
    std::vector<std::string> before = {
        entered.text,
        get("/api/events/" + e.id).text,
        get("/api/events/" + e.id + "/organiser", e.token).text,
        get("/api/events/" + e.id + "/seat", white_seat).text,
        get("/api/events/" + e.id + "/pgn").text,
        get("/api/games?limit=200").text,
    };
    Json view = event(e);
    ASSERT_LT(epoch_ms(), reveal_at) << "the test was too slow to ask before the reveal";
    EXPECT_EQ(view["rounds"][0]["revealed"], false);
    EXPECT_TRUE(view["rounds"][0]["position"].is_null());
    EXPECT_TRUE(view["rounds"][0]["boards"][0]["gameId"].is_null());
    EXPECT_EQ(view["rounds"][0]["entropy"], "die: 4 2 6");
    EXPECT_EQ(view["rounds"][0]["revealAt"], reveal_at);
    EXPECT_TRUE(get("/api/games?limit=200").body["games"].empty()) << "no game exists yet";
    EXPECT_TRUE(get("/api/events/" + e.id + "/seat", white_seat).body["gameId"].is_null());

    view = wait_for_event(e, 10, [](const Json& v) { return v["rounds"][0]["revealed"] == true; });
    ASSERT_EQ(view["rounds"][0]["revealed"], true);
    EXPECT_GE(view["now"].get<std::int64_t>(), reveal_at);
    const Json position = view["rounds"][0]["position"];
    const int number = position["number"];
    EXPECT_NE(number, 518);
    EXPECT_EQ(position["fen"], write_fen(startpos::position(number).value()));
    const std::string back_rank = position["backRank"];
    for (const std::string& text : before) {
        EXPECT_EQ(text.find(position["fen"].get<std::string>()), std::string::npos) << text;
        EXPECT_EQ(text.find(back_rank), std::string::npos) << text;
        EXPECT_EQ(text.find(view["rounds"][0]["boards"][0]["gameId"].get<std::string>()),
                  std::string::npos)
            << text;
    }

    // The drawn number is the derivation's (docs/event-draw.md) from the secret shown at the
    // close, with this round's entropy.
    Reply closed = post("/api/events/" + e.id + "/close", Json::object(), e.token);
    ASSERT_EQ(closed.status, 200) << closed.text;
    const auto secret = event::secret_from_hex(closed.body["secret"].get<std::string>());
    ASSERT_TRUE(secret);
    const auto params = event::checked({"Hidden", 1, {518}, false, false});
    ASSERT_TRUE(params);
    EXPECT_EQ(event::draw_rounds(*secret, *params, {"die: 4 2 6"})[0].white, number);
}

TEST_F(EventServerTest, TheRoundsGamesStartAtThePositionAndTheSeatTokensPlayThem) {
    Event e = create_event(
        Json{{"name", "Rapid"}, {"rounds", 1}, {"clock", {{"initial", 600}, {"increment", 5}}}});
    Json round = round_now(e, {{"Ann", "Bob"}, {"Cy", "Di"}}, "lottery 17 22 31");
    ASSERT_EQ(round["rounds"][0]["started"], true);
    const Json position = round["rounds"][0]["position"];
    const Json& board1 = round["rounds"][0]["boards"][0];
    const Json& board2 = round["rounds"][0]["boards"][1];
    const std::string id1 = board1["gameId"], id2 = board2["gameId"];
    ASSERT_NE(id1, id2);

    for (const Json* board : {&board1, &board2}) {
        Json game = get("/api/games/" + (*board)["gameId"].get<std::string>()).body;
        EXPECT_EQ(game["initialFen"], position["fen"]);
        EXPECT_EQ(game["startNumber"], position["number"]);
        EXPECT_EQ(game["opponent"], "friend");
        // Named on its page by the event and the round.
        EXPECT_EQ(game["event"], (Json{{"id", e.id}, {"name", "Rapid"}, {"round", 1}}));
        EXPECT_EQ(game["rated"], false);
        EXPECT_EQ(game["speed"], "rapid");  // 10+5
        EXPECT_EQ(game["clock"]["initial"], 600'000);
        EXPECT_EQ(game["clock"]["increment"], 5'000);
        EXPECT_EQ(game["status"], "active");
    }
    // Each token holds its own seat of its own board, and nothing else.
    const std::string ann = board1["seats"]["white"], bob = board1["seats"]["black"];
    const std::string cy = board2["seats"]["white"];
    EXPECT_EQ(get("/api/games/" + id1, ann).body["you"], "white");
    EXPECT_EQ(get("/api/games/" + id1, bob).body["you"], "black");
    EXPECT_TRUE(get("/api/games/" + id1, cy).body["you"].is_null());
    const Json legal = get("/api/games/" + id1 + "/legal").body["moves"];
    ASSERT_FALSE(legal.empty());
    const std::string first = legal[0]["uci"];
    EXPECT_EQ(post("/api/games/" + id1 + "/moves", Json{{"move", first}}, cy).status, 403);
    EXPECT_EQ(post("/api/games/" + id1 + "/moves", Json{{"move", first}}, ann).status, 200);

    // The seat view tells each player their board.
    Reply seat = get("/api/events/" + e.id + "/seat", bob);
    ASSERT_EQ(seat.status, 200) << seat.text;
    EXPECT_EQ(seat.body["round"], 1);
    EXPECT_EQ(seat.body["board"], 1);
    EXPECT_EQ(seat.body["color"], "black");
    EXPECT_EQ(seat.body["you"], "Bob");
    EXPECT_EQ(seat.body["opponent"], "Ann");
    EXPECT_EQ(seat.body["gameId"], id1);
    EXPECT_EQ(get("/api/events/" + e.id + "/seat").status, 401);
    EXPECT_EQ(get("/api/events/" + e.id + "/seat", e.token).status, 403);
    // The organiser's view gives the same tokens again (they are derived, not stored).
    EXPECT_EQ(organiser(e)["rounds"][0]["boards"][0]["seats"]["white"], ann);
    // The public view shows each game's state, without anyone's token.
    Json view = event(e);
    EXPECT_EQ(view["rounds"][0]["boards"][0]["game"]["ply"], 1);
    EXPECT_FALSE(view["rounds"][0]["boards"][0].contains("seats"));
    EXPECT_EQ(view.dump().find(ann), std::string::npos);
}

// Takebacks are for casual games between two people: an event's results count for the event.
TEST_F(EventServerTest, AnEventsGamesTakeNothingBack) {
    Event e = create_event(
        Json{{"name", "Blitz"}, {"rounds", 1}, {"clock", {{"initial", 180}, {"increment", 2}}}});
    Json round = round_now(e, {{"Ann", "Bob"}});
    const Json& board = round["rounds"][0]["boards"][0];
    const std::string id = board["gameId"], ann = board["seats"]["white"];
    const Json legal = get("/api/games/" + id + "/legal").body["moves"];
    ASSERT_FALSE(legal.empty());
    ASSERT_EQ(post("/api/games/" + id + "/moves", Json{{"move", legal[0]["uci"]}}, ann).status,
              200);
    Reply refused = post("/api/games/" + id + "/takeback/offer", Json::object(), ann);
    EXPECT_EQ(refused.status, 409);
    EXPECT_EQ(refused.body["error"],
              "no takebacks in an event's games: their results count for the event");
    EXPECT_EQ(refused.body["code"], "takeback_not_allowed");
    EXPECT_EQ(get("/api/games/" + id).body["ply"], 1);
    // A server that did not create the game (here: after a restart) asks the event store.
    restart();
    refused = post("/api/games/" + id + "/takeback/offer", Json::object(), ann);
    EXPECT_EQ(refused.status, 409) << refused.text;
    EXPECT_EQ(refused.body["code"], "takeback_not_allowed") << refused.text;
    EXPECT_EQ(get("/api/games/" + id).body["takeback"], nullptr);
}

TEST_F(EventServerTest, TheGamesCanStartAfterTheReveal) {
    Event e = create_event(Json{{"name", "Preparation time"}, {"rounds", 1}});
    const std::int64_t now = epoch_ms();
    Reply entered = add_round(e, Json{{"pairings", pairings({{"Ann", "Bob"}})},
                                      {"revealAt", now},
                                      {"startAt", now + 1'500}});
    ASSERT_EQ(entered.status, 201) << entered.text;
    Json view = event(e);
    EXPECT_EQ(view["rounds"][0]["revealed"], true);
    EXPECT_FALSE(view["rounds"][0]["position"].is_null());
    EXPECT_EQ(view["rounds"][0]["started"], false);
    EXPECT_TRUE(view["rounds"][0]["boards"][0]["gameId"].is_null());
    view = wait_for_event(e, 10, [](const Json& v) { return v["rounds"][0]["started"] == true; });
    ASSERT_EQ(view["rounds"][0]["started"], true);
    EXPECT_EQ(view["rounds"][0]["boards"][0]["game"]["fen"], view["rounds"][0]["position"]["fen"]);
}

TEST_F(EventServerTest, RevealNowKeepsTheGamesDelay) {
    Event e = create_event(Json{{"name", "Early"}, {"rounds", 1}});
    const std::int64_t later = epoch_ms() + 3'600'000;
    ASSERT_EQ(add_round(e, Json{{"pairings", pairings({{"Ann", "Bob"}})},
                                {"revealAt", later},
                                {"startAt", later + 600'000}})
                  .status,
              201);
    Reply revealed = post("/api/events/" + e.id + "/rounds/1/reveal", Json::object(), e.token);
    ASSERT_EQ(revealed.status, 200) << revealed.text;
    const Json& round = revealed.body["rounds"][0];
    EXPECT_EQ(round["revealed"], true);
    EXPECT_FALSE(round["position"].is_null());
    EXPECT_LT(round["revealAt"].get<std::int64_t>(), later);
    EXPECT_EQ(round["startAt"].get<std::int64_t>() - round["revealAt"].get<std::int64_t>(),
              600'000);
    EXPECT_EQ(round["started"], false);
}

// Four players, three rounds:
//   1: Ann - Bob 1-0, Cy - Di 1/2      2: Cy - Ann 1/2, Bob - Di 1-0      3: Ann - Di 0-1, Bob - Cy
//   0-1
// Points: Cy 2, Ann 1.5, Di 1.5, Bob 1.
// Sonneborn-Berger: Cy = Di/2 + Ann/2 + Bob = 0.75 + 0.75 + 1 = 2.5; Di = Cy/2 + Ann = 1 + 1.5 =
// 2.5; Ann = Bob + Cy/2 = 1 + 1 = 2; Bob = Di = 1.5. Ann and Di are equal on points; the
// tie-break puts Di first.
TEST_F(EventServerTest, StandingsArePointsThenSonnebornBerger) {
    Event e = create_event(Json{{"name", "Round robin"}, {"rounds", 3}});
    Json o = round_now(e, {{"Ann", "Bob"}, {"Cy", "Di"}});
    finish(o, 1, 1, "1-0");
    finish(o, 1, 2, "1/2-1/2");
    Json standings = event(e)["standings"];
    ASSERT_EQ(standings.size(), 4u);
    EXPECT_EQ(standings[0]["name"], "Ann");
    EXPECT_EQ(standings[0]["points"], 1.0);

    o = round_now(e, {{"Cy", "Ann"}, {"Bob", "Di"}});
    finish(o, 2, 1, "1/2-1/2");
    finish(o, 2, 2, "1-0");
    o = round_now(e, {{"Ann", "Di"}, {"Bob", "Cy"}});
    finish(o, 3, 1, "0-1");
    // With one game of the round still in play, which counts for nobody yet: Ann and Di have
    // 1.5 each, Di's SB is Cy/2 + Ann = 0.5 + 1.5 and Ann's Bob + Cy/2 = 1 + 0.5.
    standings = event(e)["standings"];
    EXPECT_EQ(standings[0]["name"], "Di");
    EXPECT_EQ(standings[0]["sonnebornBerger"], 2.0);
    EXPECT_EQ(standings[1]["name"], "Ann");
    EXPECT_EQ(standings[1]["sonnebornBerger"], 1.5);
    finish(o, 3, 2, "0-1");

    standings = event(e)["standings"];
    ASSERT_EQ(standings.size(), 4u);
    const std::vector<std::tuple<int, std::string, double, double>> expected = {
        {1, "Cy", 2.0, 2.5}, {2, "Di", 1.5, 2.5}, {3, "Ann", 1.5, 2.0}, {4, "Bob", 1.0, 1.5}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& [rank, name, points, sb] = expected[i];
        EXPECT_EQ(standings[i]["rank"], rank) << i;
        EXPECT_EQ(standings[i]["name"], name) << i;
        EXPECT_EQ(standings[i]["points"], points) << name;
        EXPECT_EQ(standings[i]["sonnebornBerger"], sb) << name;
        EXPECT_EQ(standings[i]["played"], 3) << name;
    }
    EXPECT_EQ(standings[0]["wins"], 1);
    EXPECT_EQ(standings[0]["draws"], 2);
    EXPECT_EQ(standings[3]["losses"], 2);
}

TEST_F(EventServerTest, ThePgnHoldsEveryFinishedGameWithTheEventsTags) {
    Event e = create_event(Json{{"name", "PGN Cup"}, {"rounds", 2}});
    Json o = round_now(e, {{"Ann", "Bob"}, {"Cy", "Di"}}, "r1");
    // Board 1: two moves, then Black resigns; board 2 drawn. In round 2 (whose games start
    // once round 1's have ended), board 2 stays in play.
    const std::string id1 = o["rounds"][0]["boards"][0]["gameId"];
    const std::string ann = o["rounds"][0]["boards"][0]["seats"]["white"];
    const std::string bob = o["rounds"][0]["boards"][0]["seats"]["black"];
    for (const std::string* token : {&ann, &bob}) {
        const std::string uci = get("/api/games/" + id1 + "/legal").body["moves"][0]["uci"];
        ASSERT_EQ(post("/api/games/" + id1 + "/moves", Json{{"move", uci}}, *token).status, 200);
    }
    finish(o, 1, 1, "1-0");
    finish(o, 1, 2, "1/2-1/2");
    o = round_now(e, {{"Di", "Ann"}, {"Bob", "Cy"}}, "r2");
    ASSERT_EQ(o["rounds"][1]["started"], true);
    finish(o, 2, 1, "1/2-1/2");

    Reply r = get("/api/events/" + e.id + "/pgn");
    ASSERT_EQ(r.status, 200);
    bool attachment = false;
    for (const auto& [name, value] : r.headers)
        if (name == "Content-Disposition")
            attachment = value.find("chess960-event-" + e.id + ".pgn") != std::string::npos;
    EXPECT_TRUE(attachment);
    std::istringstream in(r.text);
    pgn::Reader reader(in);
    pgn::Replayer replayer(true);
    reader.read_all(replayer);
    for (const auto& p : replayer.problems) ADD_FAILURE() << p.describe();
    ASSERT_EQ(replayer.games.size(), 3u) << r.text;  // board 2 of round 2 is still in play

    const Json view = event(e);
    struct Expected {
        std::string round, white, black, result;
        std::size_t plies;
    };
    const std::vector<Expected> expected = {{"1", "Ann", "Bob", "1-0", 2},
                                            {"1", "Cy", "Di", "1/2-1/2", 0},
                                            {"2", "Di", "Ann", "1/2-1/2", 0}};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const pgn::GameRecord& g = replayer.games[i];
        EXPECT_EQ(g.tag("Event"), "PGN Cup");
        EXPECT_EQ(g.tag("Round"), expected[i].round);
        EXPECT_EQ(g.tag("White"), expected[i].white);
        EXPECT_EQ(g.tag("Black"), expected[i].black);
        EXPECT_EQ(g.tag("Result"), expected[i].result);
        EXPECT_EQ(g.tag("Variant"), "Chess960");
        EXPECT_EQ(g.tag("SetUp"), "1");
        const int round = std::stoi(expected[i].round);
        ASSERT_TRUE(g.tag("FEN"));
        EXPECT_EQ(write_fen(position_from_fen(*g.tag("FEN")).value()),
                  view["rounds"][round - 1]["position"]["fen"]);
        EXPECT_TRUE(g.chess960);
        EXPECT_EQ(g.main.nodes.size(), expected[i].plies);
    }
}

TEST_F(EventServerTest, ClosingShowsTheSecretAndAVerificationTheCommandLineAgreesWith) {
    Event e = create_event(Json{
        {"name", "Closing 'time'"}, {"rounds", 3}, {"exclude", {518, 534}}, {"double960", true}});
    const std::string commitment = e.view["commitment"];
    round_now(e, {{"Ann", "Bob"}}, "3 5 2 6 1 4");
    round_now(e, {{"Bob", "Ann"}});  // no entropy
    Reply closed = post("/api/events/" + e.id + "/close", Json::object(), e.token);
    ASSERT_EQ(closed.status, 200) << closed.text;
    Json view = event(e);  // the public view shows it too
    EXPECT_EQ(view["status"], "closed");
    const std::string secret_hex = view["secret"];
    const auto secret = event::secret_from_hex(secret_hex);
    ASSERT_TRUE(secret);
    EXPECT_EQ(event::commitment_of(*secret), commitment);

    const Json& v = view["verification"];
    EXPECT_EQ(v["ok"], true);
    EXPECT_EQ(v["commitmentMatches"], true);
    EXPECT_TRUE(v["problems"].empty());
    ASSERT_EQ(v["rounds"].size(), 2u);  // the event stopped after two of its three rounds
    const auto params = event::checked({"Closing 'time'", 3, {518, 534}, false, true});
    ASSERT_TRUE(params);
    const auto draws = event::draw_rounds(*secret, *params, {"3 5 2 6 1 4", ""});
    for (int k = 0; k < 2; ++k) {
        const Json& position = view["rounds"][k]["position"];
        EXPECT_EQ(position["number"], draws[std::size_t(k)].white);
        EXPECT_EQ(position.value("blackNumber", position["number"].get<int>()),
                  draws[std::size_t(k)].black);
        EXPECT_EQ(v["rounds"][k]["matches"], true);
        EXPECT_EQ(v["rounds"][k]["played"], draws[std::size_t(k)].white);
    }

    // The command line the page shows, run as it is by a shell: exit 0; with another
    // commitment: exit 1.
    const std::string command = v["command"];
    ASSERT_TRUE(command.starts_with("chess960 event verify ")) << command;
    const std::string run = std::string("'") + CHESS960_BINARY + "'" +
                            command.substr(std::string("chess960").size()) + " >/dev/null 2>&1";
    int status = std::system(run.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << run;
    std::string tampered = run;
    tampered.replace(tampered.find(commitment), 64, std::string(64, '0'));
    status = std::system(tampered.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << tampered;

    EXPECT_EQ(add_round(e, Json{{"pairings", pairings({{"Ann", "Bob"}})}}).status, 409);
}

TEST_F(EventServerTest, EventsSurviveARestartAndTheirRoundsAreRevealedOnTime) {
    Event e = create_event(Json{{"name", "Restart"}, {"rounds", 2}});
    Json o = round_now(e, {{"Ann", "Bob"}});
    finish(o, 1, 1, "0-1");
    const std::int64_t reveal_at = epoch_ms() + 1'500;
    ASSERT_EQ(add_round(e, Json{{"pairings", pairings({{"Bob", "Ann"}})},
                                {"entropy", "after the restart"},
                                {"revealAt", reveal_at}})
                  .status,
              201);
    const std::string commitment = event(e)["commitment"];
    restart();

    // Nobody asks about the event: the server's timer reveals round 2 and makes its game.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    Json games;
    do {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        games = get("/api/games?limit=10").body["games"];
    } while (games.size() < 2 && std::chrono::steady_clock::now() < deadline);
    ASSERT_EQ(games.size(), 2u) << games.dump();

    Json view = organiser(e);
    EXPECT_EQ(view["commitment"], commitment);
    EXPECT_EQ(view["rounds"][1]["revealed"], true);
    EXPECT_EQ(view["rounds"][1]["started"], true);
    EXPECT_EQ(view["rounds"][1]["boards"][0]["game"]["id"],
              view["rounds"][1]["boards"][0]["gameId"]);
    EXPECT_EQ(view["standings"][0]["name"], "Bob");
    // The seat tokens given before the restart still play.
    const std::string bob = view["rounds"][1]["boards"][0]["seats"]["white"];
    EXPECT_EQ(get("/api/events/" + e.id + "/seat", bob).body["you"], "Bob");
    const std::string id = view["rounds"][1]["boards"][0]["gameId"];
    EXPECT_EQ(get("/api/games/" + id, bob).body["you"], "white");
    // Each game names its event and round: round 2's made after the restart, round 1's read
    // back from the store.
    EXPECT_EQ(get("/api/games/" + id).body["event"],
              (Json{{"id", e.id}, {"name", "Restart"}, {"round", 2}}));
    const std::string first = view["rounds"][0]["boards"][0]["gameId"];
    EXPECT_EQ(get("/api/games/" + first).body["event"],
              (Json{{"id", e.id}, {"name", "Restart"}, {"round", 1}}));
    ASSERT_EQ(post("/api/events/" + e.id + "/close", Json::object(), e.token).status, 200);
    restart();
    view = event(e);
    EXPECT_EQ(view["status"], "closed");
    EXPECT_EQ(view["verification"]["ok"], true);
}

}  // namespace

namespace {

// ---- Hostile and careless organisers (the outside probe of 2026-11-28) ----

// Laws 6.7.1: a player who does not come within the default time loses; an arbiter scores a
// no-show, nobody cancels the game.
TEST_F(EventServerTest, ANoShowLosesTheGameWhichNobodyMayAbort) {
    options_.limits.no_show_after = 1'500;
    restart();
    Event e = create_event(Json{{"name", "Blitz"}, {"rounds", 2}});
    Json o = round_now(e, {{"Ann", "Bob"}, {"Cy", "Di"}});
    const Json& b1 = o["rounds"][0]["boards"][0];
    const Json& b2 = o["rounds"][0]["boards"][1];
    const std::string g1 = b1["gameId"], g2 = b2["gameId"];
    for (const char* seat : {"white", "black"}) {
        Reply r = post("/api/games/" + g1 + "/abort", Json::object(), b1["seats"][seat]);
        EXPECT_EQ(r.status, 409) << r.text;
        EXPECT_EQ(r.body["code"], "cannot_abort");
    }
    // Board 2: White (Cy) comes and moves; Black (Di) never does. Board 1: nobody comes.
    const Json legal = get("/api/games/" + g2 + "/legal").body["moves"];
    ASSERT_EQ(
        post("/api/games/" + g2 + "/moves", Json{{"move", legal[0]["uci"]}}, b2["seats"]["white"])
            .status,
        200);
    Json view = wait_for_event(e, 10, [](const Json& v) {
        return v["rounds"][0]["boards"][0]["game"]["status"] == "over" &&
               v["rounds"][0]["boards"][1]["game"]["status"] == "over";
    });
    Json game1 = get("/api/games/" + g1).body;
    EXPECT_EQ(game1["result"], "0-1");
    EXPECT_EQ(game1["termination"], "no show");
    Json game2 = get("/api/games/" + g2).body;
    EXPECT_EQ(game2["result"], "1-0");
    EXPECT_EQ(game2["termination"], "no show");
    // Scored as results: Bob and Cy have a point.
    const Json standings = view["standings"];
    ASSERT_EQ(standings.size(), 4u);
    for (const Json& row : standings)
        EXPECT_EQ(row["points"], row["name"] == "Bob" || row["name"] == "Cy" ? 1.0 : 0.0)
            << row.dump();
    // The PGN says so (PGN 8.1.1.9's "abandoned").
    const std::string pgn = get("/api/events/" + e.id + "/pgn").text;
    EXPECT_NE(pgn.find("[Termination \"abandoned\"]"), std::string::npos) << pgn;
}

// One round's games in play at a time: a round entered (and revealed) while the round before is
// played starts its games once that round's have ended.
TEST_F(EventServerTest, ARoundsGamesWaitForTheRoundBefore) {
    Event e = create_event(Json{{"name", "Swiss"}, {"rounds", 2}});
    Json o = round_now(e, {{"Ann", "Bob"}});
    Json second = round_now(e, {{"Bob", "Ann"}});
    EXPECT_EQ(second["rounds"][1]["revealed"], true);  // the position is not held back
    EXPECT_EQ(second["rounds"][1]["started"], false);
    EXPECT_TRUE(
        second["rounds"][1]["boards"][0]["gameId"].is_null() ||
        get("/api/games/" + second["rounds"][1]["boards"][0]["gameId"].get<std::string>()).status ==
            404);
    finish(o, 1, 1, "1-0");
    Json view =
        wait_for_event(e, 10, [](const Json& v) { return v["rounds"][1]["started"] == true; });
    EXPECT_EQ(view["rounds"][1]["started"], true);
}

TEST_F(EventServerTest, NamesThatLookAlikeAreOnePlayer) {
    Event e = create_event(Json{{"name", "Names"}, {"rounds", 3}});
    Json o = round_now(e, {{"Alice", "Bob"}});
    finish(o, 1, 1, "1-0");
    // A Cyrillic "о" in Bob and a Cyrillic "А" in Alice: the same players, as first spelled.
    o = round_now(e, {{"B\xD0\xBE"
                       "b",
                       "\xD0\x90lice"}});
    EXPECT_EQ(o["rounds"][1]["boards"][0]["white"], "Bob");
    EXPECT_EQ(o["rounds"][1]["boards"][0]["black"], "Alice");
    finish(o, 2, 1, "1/2-1/2");
    const Json standings = event(e)["standings"];
    EXPECT_EQ(standings.size(), 2u) << standings.dump();
    // In one round, two spellings of one name are one player twice.
    Reply twice =
        add_round(e, Json{{"pairings", pairings({{"Alice", "Carl"}, {"\xD0\x90lice", "Dan"}})}});
    EXPECT_EQ(twice.status, 400);
    EXPECT_EQ(twice.body["code"], "duplicate_player");
    // Names that hide what they hold are refused.
    for (const std::string name :
         {"Bob\xE2\x80\xAE"
          "ecilA",
          "Al\xE2\x80\x8D"
          "ice",
          "\xE3\x85\xA4", "\xE2\xA0\x80", "\xC2\xA0", "ab\xC2\x85", "\xE2\x80\x8B"}) {
        Reply r = add_round(e, Json{{"pairings", pairings({{name, "Carl"}})}});
        EXPECT_EQ(r.status, 400) << name;
        EXPECT_EQ(r.body["code"], "invalid_name") << name;
    }
}

TEST_F(EventServerTest, DuplicateExclusionsAreRefused) {
    Reply r = post("/api/events", Json{{"name", "Typo"}, {"rounds", 3}, {"exclude", {5, 5, 5}}});
    EXPECT_EQ(r.status, 400);
    EXPECT_NE(r.body["error"].get<std::string>().find("excluded more than once"), std::string::npos)
        << r.text;
}

TEST_F(EventServerTest, OneAddressOpensFewEvents) {
    const server::GameLimits defaults;
    int created = 0, limited = 0;
    for (int i = 0; i < 20; ++i) {
        Reply r = post("/api/events", Json{{"name", "Event " + std::to_string(i)}, {"rounds", 1}});
        if (r.status == 201) ++created;
        if (r.status == 429) ++limited;
    }
    EXPECT_EQ(created, int(defaults.events_burst));
    EXPECT_EQ(limited, 20 - created);
}

// The probe entered 9 rounds of 500 boards revealed at once: 4,500 games in play in 2 s. Now
// one round's boards are in play at most, and the public view of the event is rendered once
// however many ask.
TEST_F(EventServerTest, NineRoundsOf500BoardsPutOneRoundInPlay) {
    Event e = create_event(Json{{"name", "Big"}, {"rounds", 9}});
    std::vector<std::pair<std::string, std::string>> boards;
    for (int i = 0; i < 500; ++i)
        boards.push_back({"P" + std::to_string(2 * i), "P" + std::to_string(2 * i + 1)});
    for (int round = 1; round <= 9; ++round) {
        std::vector<std::pair<std::string, std::string>> paired = boards;
        if (round % 2 == 0)
            for (auto& [w, b] : paired) std::swap(w, b);
        Reply r = add_round(e, Json{{"pairings", pairings(paired)}});
        ASSERT_EQ(r.status, 201) << r.text;
    }
    const Json o = organiser(e);
    int started = 0;
    for (const Json& round : o["rounds"]) started += round["started"] == true;
    EXPECT_EQ(started, 1);
    EXPECT_LE(server_->games_in_memory(), 500u);

    // A player beyond the event's size is refused.
    Event small = create_event(Json{{"name", "Small"}, {"rounds", 2}});
    std::vector<std::pair<std::string, std::string>> many;
    for (int i = 0; i < 500; ++i)
        many.push_back({"A" + std::to_string(i), "B" + std::to_string(i)});
    ASSERT_EQ(add_round(small, Json{{"pairings", pairings(many)}}).status, 201);
    many.back().second = "Newcomer";
    Reply over = add_round(small, Json{{"pairings", pairings(many)}});
    EXPECT_EQ(over.status, 400) << over.text;
    EXPECT_EQ(over.body["code"], "too_many_players");

    // Twelve viewers of the 2.8 MB view at once, and another client's small request meanwhile.
    std::atomic<bool> done{false};
    std::atomic<int> views{0};
    std::vector<std::thread> viewers;
    for (int v = 0; v < 12; ++v)
        viewers.emplace_back([&, v] {
            chess960::testing::HttpClient client(port_, "127.0.0." + std::to_string(60 + v));
            while (!done)
                if (client.get("/api/events/" + e.id).status == 200) ++views;
        });
    chess960::testing::HttpClient other(port_, "127.0.0.90");
    std::vector<double> times;
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int i = 0; i < 20; ++i) {
        const auto begin = std::chrono::steady_clock::now();
        EXPECT_EQ(other.get("/api/startpos/518").status, 200);
        times.push_back(chess960::testing::elapsed_ms(begin));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    // Each viewer is served again and again (under the sanitizers one render of the view takes
    // longer than the second above: there the views are waited for, up to a minute).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (views <= 24 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    done = true;
    for (auto& t : viewers) t.join();
    std::sort(times.begin(), times.end());
    std::cout << views
              << " views of a 500-board event by 12 clients; another client's GET "
                 "/api/startpos/518 meanwhile: median "
              << times[times.size() / 2] << " ms, worst " << times.back() << " ms\n";
    EXPECT_GT(views, 24);
}

}  // namespace
