// A Swiss on the server through its API (docs/openapi.yaml, /api/events/{id}/players, /join,
// /byes, /withdraw, /proposal, /rounds, /rounds/{k}/boards/{b}/result, /trf, /player): seven
// players over five rounds paired by the Dutch system (FIDE Handbook C.04.3), one entering
// late in round 2, one withdrawing after round 3, one taking a half-point bye, a forfeit set
// by the arbiter and a correction kept in the audit list, the pairing-allocated bye moving on
// (C.04.1 d), a changed pairing told which rules it breaks, the standings with Buchholz cut-1
// and Sonneborn-Berger (C.07) against a hand computation, and the event's TRF-2026 as
// bbpPairings' checker accepted it. A real server on a free loopback port (server_support.hpp),
// on SQLite, and on PostgreSQL in events_serve_tests_postgres.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/pairing/dutch.hpp"
#include "chess960/pairing/trf.hpp"
#include "server_support.hpp"

using Json = nlohmann::json;

namespace {

using chess960::testing::ServerTest;
using chess960::testing::WsClient;

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

class SwissServerTest : public ServerTest {
  protected:
    std::string id_, organiser_;
    std::map<int, std::string> tokens_;  // the players' tokens by number

    std::string path(const std::string& tail) { return "/api/events/" + id_ + tail; }

    void create(const Json& body) {
        Reply r = post("/api/events", body);
        ASSERT_EQ(r.status, 201) << r.text;
        id_ = r.body["id"];
        organiser_ = r.body["organiserToken"];
        EXPECT_EQ(r.body["event"]["kind"], body.value("kind", "typed"));
    }
    Json organiser_view() {
        Reply r = get(path("/organiser"), organiser_);
        EXPECT_EQ(r.status, 200) << r.text;
        return r.body;
    }
    int add(const Json& player) {
        Reply r = post(path("/players"), player, organiser_);
        EXPECT_EQ(r.status, 201) << r.text;
        const int number = r.body["player"]["number"];
        tokens_[number] = r.body["playerToken"];
        return number;
    }
    // Publishes the next round as proposed (or as `body` changes it): its games start at once.
    Json publish(const Json& body = Json::object()) {
        Reply r = post(path("/rounds"), body, organiser_);
        EXPECT_EQ(r.status, 201) << r.text;
        return r.body;
    }
    // Every board of `round` ends as its result in the rule of this test: the player with the
    // lower number (the higher rating) wins, by the loser's resignation.
    void play_round(int round, const std::map<int, std::string>& arbiter = {}) {
        const Json view = organiser_view();
        const Json& boards = view["rounds"][round - 1]["boards"];
        for (const Json& b : boards) {
            const int board = b["board"];
            if (arbiter.contains(board)) {
                Reply r = post(path("/rounds/" + std::to_string(round) + "/boards/" +
                                    std::to_string(board) + "/result"),
                               Json{{"result", arbiter.at(board)}}, organiser_);
                ASSERT_EQ(r.status, 200) << r.text;
                continue;
            }
            const int white = b["whiteNumber"], black = b["blackNumber"];
            const std::string game = b["gameId"];
            ASSERT_FALSE(b["game"].is_null()) << "round " << round << " board " << board;
            const std::string loser = white < black ? b["seats"]["black"] : b["seats"]["white"];
            ASSERT_EQ(post("/api/games/" + game + "/resign", Json::object(), loser).status, 200);
        }
    }
    // Each board of a round as "white-black" numbers, and the pairing-allocated bye.
    std::vector<std::string> boards_of(const Json& view, int round) {
        std::vector<std::string> out;
        for (const Json& b : view["rounds"][round - 1]["boards"])
            out.push_back(std::to_string(b["whiteNumber"].get<int>()) + "-" +
                          std::to_string(b["blackNumber"].get<int>()));
        for (const Json& bye : view["paired"]["byes"])
            if (bye["round"] == round)
                out.push_back(std::to_string(bye["player"].get<int>()) + ":" +
                              bye["kind"].get<std::string>());
        return out;
    }
};

TEST_F(SwissServerTest, ASevenPlayerSwissFromRegistrationToTheTrf) {
    create(Json{
        {"name", "Club Swiss 960"}, {"rounds", 5}, {"kind", "swiss"}, {"tiebreaks", "BH-C1,SB"}});
    // Five entered by the organiser, by rating; the sixth through the join link.
    const std::vector<std::pair<std::string, int>> entered = {
        {"Ann", 2400}, {"Bob", 2300}, {"Cyd", 2200}, {"Dan", 2100}, {"Eve", 2000}};
    for (const auto& [name, rating] : entered)
        add(Json{{"name", name}, {"rating", rating}, {"federation", "GER"}});
    Reply link = post(path("/join-link"), Json::object(), organiser_);
    ASSERT_EQ(link.status, 201) << link.text;
    const std::string join = link.body["joinToken"];
    EXPECT_EQ(post(path("/join"), Json{{"name", "Fay"}}, "0123456789abcdef0123456789abcdef").status,
              403);
    Reply fay =
        post(path("/join"),
             Json{{"name", "Fay"}, {"rating", 1900}, {"title", "WFM"}, {"fideId", "123"}}, join);
    ASSERT_EQ(fay.status, 201) << fay.text;
    EXPECT_EQ(fay.body["player"]["number"], 6);
    tokens_[6] = fay.body["playerToken"];

    // Dan asks for a half-point bye in round 4, with his own token.
    Reply bye = post(path("/byes"), Json{{"round", 4}, {"kind", "half"}}, tokens_[4]);
    ASSERT_EQ(bye.status, 200) << bye.text;

    // Round 1: six players, three boards, no bye. The top half meets the bottom half (C.04.3).
    Reply proposal = get(path("/proposal"), organiser_);
    ASSERT_EQ(proposal.status, 200) << proposal.text;
    EXPECT_EQ(proposal.body["boards"].size(), 3u);
    EXPECT_TRUE(proposal.body["bye"].is_null());
    Json view = publish();
    EXPECT_EQ(boards_of(view, 1), (std::vector<std::string>{"1-4", "5-2", "3-6"}));
    // The event has started: the join link takes no one any more.
    EXPECT_EQ(post(path("/join"), Json{{"name", "Hal"}}, join).body["code"], "entries_closed");
    play_round(1);

    // A late entrant in round 2, given half a point for round 1.
    const int gus = add(Json{{"name", "Gus"}, {"rating", 1950}, {"latePoints", 0.5}});
    EXPECT_EQ(gus, 7);

    // A changed pairing is told which rules it breaks: 1 and 4 met in round 1 (C.04.3 C1);
    // and it is not the engine's pairing.
    Reply check = post(path("/proposal"),
                       Json{{"pairings",
                             {{{"white", 4}, {"black", 1}},
                              {{"white", 2}, {"black", 3}},
                              {{"white", 5}, {"black", 6}}}},
                            {"bye", 7}},
                       organiser_);
    ASSERT_EQ(check.status, 200) << check.text;
    std::vector<std::string> codes;
    for (const Json& issue : check.body["issues"]) codes.push_back(issue["code"]);
    EXPECT_NE(std::ranges::find(codes, "meets_twice"), codes.end()) << check.text;
    EXPECT_NE(std::ranges::find(codes, "differs_from_engine"), codes.end()) << check.text;
    // A pairing that leaves a player out is refused.
    Reply partial =
        post(path("/proposal"), Json{{"pairings", {{{"white", 4}, {"black", 1}}}}, {"bye", 7}},
             organiser_);
    EXPECT_EQ(partial.status, 400);
    EXPECT_EQ(partial.body["code"], "invalid_pairing");

    // Round 2: seven players, the lowest scorer gets the pairing-allocated bye; board 1 is
    // forfeited by its white player (the arbiter's result ends the game in play).
    view = publish();
    const std::vector<std::string> round2 = boards_of(view, 2);
    play_round(2, {{1, "-+"}});
    // The forfeited game's own record says the arbiter decided it (Laws 12.2), not a
    // resignation: its view, and its PGN's Termination tag (PGN 9.8.1 "adjudication").
    {
        const std::string game = view["rounds"][1]["boards"][0]["gameId"];
        Reply forfeited = get("/api/games/" + game);
        ASSERT_EQ(forfeited.status, 200) << forfeited.text;
        EXPECT_EQ(forfeited.body["termination"], "arbiter") << forfeited.text;
        EXPECT_EQ(forfeited.body["result"], "0-1") << forfeited.text;
        EXPECT_EQ(forfeited.body["reason"], "Black wins by the arbiter's decision");
        Reply pgn = get("/api/games/" + game + "/pgn");
        EXPECT_NE(pgn.text.find("[Termination \"adjudication\"]"), std::string::npos) << pgn.text;
        EXPECT_NE(pgn.text.find("[Result \"0-1\"]"), std::string::npos) << pgn.text;
    }
    // Round 3, then Eve withdraws.
    view = publish();
    const std::vector<std::string> round3 = boards_of(view, 3);
    play_round(3);
    ASSERT_EQ(post(path("/withdraw"), Json::object(), tokens_[5]).status, 200);
    // Round 4: Dan's half-point bye, Eve gone: five players, another bye.
    view = publish();
    const std::vector<std::string> round4 = boards_of(view, 4);
    play_round(4);
    // Round 5: six players; the player's own view says the board, colour and opponent.
    view = publish();
    const std::vector<std::string> round5 = boards_of(view, 5);
    Reply me = get(path("/player"), tokens_[1]);
    ASSERT_EQ(me.status, 200) << me.text;
    EXPECT_EQ(me.body["current"]["round"], 5);
    // A correction kept in the audit list: board 1 first as a draw, then as played.
    {
        const Json& b = view["rounds"][4]["boards"][0];
        const int white = b["whiteNumber"], black = b["blackNumber"];
        const std::string played = white < black ? "1-0" : "0-1";
        play_round(5, {{1, "1/2-1/2"}});
        Reply corrected = post(path("/rounds/5/boards/1/result"),
                               Json{{"result", played}, {"reason", "correction"}}, organiser_);
        ASSERT_EQ(corrected.status, 200) << corrected.text;
        // The whole list: round 2's forfeit, then round 5's two rows.
        const Json& all = corrected.body["paired"]["audit"];
        ASSERT_EQ(all.size(), 3u);
        EXPECT_EQ(all[0]["round"], 2);
        EXPECT_EQ(all[0]["result"], "-+");
        EXPECT_EQ(all[0]["reason"], "forfeit");
        const Json audit = Json{all[1], all[2]};
        EXPECT_EQ(audit[0]["round"], 5);
        EXPECT_EQ(audit[0]["reason"], "correction");
        EXPECT_EQ(audit[0]["result"], "1/2-1/2");
        EXPECT_EQ(audit[1]["result"], played);
        EXPECT_EQ(audit[1]["seq"], 2);
        EXPECT_EQ(corrected.body["rounds"][4]["boards"][0]["resultSource"], "arbiter");
    }

    view = organiser_view();
    std::ostringstream crosstable;
    for (int r = 1; r <= 5; ++r) {
        crosstable << "round " << r << ":";
        for (const std::string& b : boards_of(view, r)) crosstable << " " << b;
        crosstable << "\n";
    }
    crosstable << view["paired"]["standings"].dump() << "\n";
    SCOPED_TRACE(crosstable.str());

    // The rounds as the Dutch system pairs them, and the pairing-allocated bye moving on: to
    // the lowest-ranked player who has had no point without playing (C.04.1 d, C.04.3 C2),
    // never twice, never to Ann (a forfeit win in round 2).
    EXPECT_EQ(round2, (std::vector<std::string>{"2-1", "7-3", "4-5", "6:pairing"}));
    EXPECT_EQ(round3, (std::vector<std::string>{"3-1", "6-4", "2-7", "5:pairing"}));
    EXPECT_EQ(round4, (std::vector<std::string>{"1-6", "2-3", "4:half", "7:pairing"}));
    EXPECT_EQ(round5, (std::vector<std::string>{"1-2", "4-3", "6-7"}));

    // The standings by hand (C.07, 2023). Scores: Ann 5 (W, forfeit win, W, W, W), Bob 3
    // (W, forfeit loss, W, W, L), Cyd 3 (W W L L W), Dan 2.5 (L W W, half-point bye, L),
    // Eve 1 (L L, pairing bye, withdrawn: Z Z), Fay 2 (L, pairing bye, L L W), Gus 1.5 (late:
    // half point for round 1, L L, pairing bye, L).
    // An opponent's score counts the rounds the opponent chose not to play (H, Z, forfeit
    // losses) as draws (16.3): Bob 3 + 0.5 = 3.5, Eve 1 + 0.5 + 0.5 = 2, the others as scored
    // (Dan's and Gus's H are draws already; byes U and forfeit wins keep their point).
    // A player's own unplayed round counts against a dummy with the player's own score (16.4);
    // the cut removes the player's own voluntarily unplayed round first (16.5), else the lowest.
    //   Ann: 4 2.5, R2 dummy 5, 3 3, 6 2, 2 3.5         BH 16    cut 2         -> 14
    //   Bob: 5 2, R2 dummy 3 (forfeit loss), 7 1.5, 3 3, 1 5   BH 14.5  cut R2 3 -> 11.5
    //   Cyd: 6 2, 7 1.5, 1 5, 2 3.5, 4 2.5              BH 14.5  cut 1.5       -> 13
    //   Dan: 1 5, 5 2, 6 2, R4 dummy 2.5 (H), 3 3       BH 14.5  cut R4 2.5    -> 12
    //   Eve: 2 3.5, 4 2.5, R3 dummy 1 (U), R4 1 (Z), R5 1 (Z)   BH 9  cut a Z 1 -> 8
    //   Fay: 3 3, R2 dummy 2 (U), 4 2.5, 1 5, 7 1.5     BH 14    cut 1.5       -> 12.5
    //   Gus: R1 dummy 1.5 (H), 3 3, 2 3.5, R4 dummy 1.5 (U), 6 2   BH 11.5  cut R1 1.5 -> 10
    // Sonneborn-Berger (9.1): the opponent's score times the points scored against them.
    //   Ann: 2.5 + 5 (forfeit win, dummy) + 3 + 2 + 3.5 = 16
    //   Bob: 2 (Eve) + 1.5 (Gus) + 3 (Cyd) = 6.5          Cyd: 2 + 1.5 + 2.5 = 6
    //   Dan: 2 (Eve) + 2 (Fay) + 2.5 x 1/2 (H, dummy) = 5.25
    //   Eve: 1 (U, dummy) = 1     Fay: 2 (U, dummy) + 1.5 (Gus) = 3.5
    //   Gus: 1.5 x 1/2 (H, dummy) + 1.5 (U, dummy) = 2.25
    // Bob and Cyd tie on 3 points: Cyd first on BH-C1 (13 > 11.5).
    struct Line {
        int rank, number;
        double points, bh_c1, sb;
    };
    const std::vector<Line> expected = {
        {1, 1, 5, 14, 16},    {2, 3, 3, 13, 6},      {3, 2, 3, 11.5, 6.5}, {4, 4, 2.5, 12, 5.25},
        {5, 6, 2, 12.5, 3.5}, {6, 7, 1.5, 10, 2.25}, {7, 5, 1, 8, 1}};
    const Json& table = view["paired"]["standings"];
    EXPECT_EQ(view["paired"]["tiebreaks"], Json({"BH-C1", "SB"}));
    EXPECT_EQ(view["paired"]["standingsAfter"], 5);
    ASSERT_EQ(table.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(table[i]["rank"], expected[i].rank) << i;
        EXPECT_EQ(table[i]["number"], expected[i].number) << i;
        EXPECT_EQ(table[i]["points"], expected[i].points) << i;
        EXPECT_EQ(table[i]["tiebreaks"], Json({expected[i].bh_c1, expected[i].sb})) << i;
    }

    // The TRF-2026 of the event: the file bbpPairings' checker accepted (tests/data/events,
    // verdicts.txt), byte for byte.
    Reply trf = get(path("/trf"));
    ASSERT_EQ(trf.status, 200);
    EXPECT_EQ(trf.text, read_text(std::string(CHESS960_TEST_DATA) + "/events/swiss-7-players.trf"));
    EXPECT_NE(read_text(std::string(CHESS960_TEST_DATA) + "/events/verdicts.txt")
                  .find("swiss-7-players.trf bbpPairings-v6.0.0-checker-discrepancies=0"),
              std::string::npos);
    const std::string file = ::testing::TempDir() + "swiss-server.trf";
    std::ofstream(file, std::ios::binary) << trf.text;
    // And checked again by bbpPairings itself when CHESS960_BBPPAIRINGS names its executable
    // (../shared/tools/build_bbpPairings.sh prints it).
    if (const char* bbp = std::getenv("CHESS960_BBPPAIRINGS")) {
        const std::string command = std::string(bbp) + " --dutch " + file + " -c 2>&1";
        FILE* out = popen(command.c_str(), "r");
        ASSERT_NE(out, nullptr);
        std::string text;
        char buffer[512];
        while (std::fgets(buffer, sizeof buffer, out)) text += buffer;
        const int status = pclose(out);
        // The checker exits 0 either way: a round it pairs otherwise prints "Checker
        // pairings", a file it refuses an error.
        EXPECT_EQ(WEXITSTATUS(status), 0) << text;
        EXPECT_EQ(text.find("Checker pairings"), std::string::npos) << text;
        EXPECT_EQ(text.find("rror"), std::string::npos) << text;
        EXPECT_NE(text.find("Round #5"), std::string::npos) << text;
    }
}

TEST_F(SwissServerTest, BadInputIsRefusedWithItsCode) {
    struct Case {
        Json body;
        std::string code;
    };
    for (const Case& c : std::vector<Case>{
             {Json{{"name", "X"}, {"rounds", 3}, {"kind", "knockout"}}, "invalid_field"},
             {Json{{"name", "X"}, {"rounds", 3}, {"kind", "swiss"}, {"tiebreaks", "BH,XX"}},
              "invalid_tiebreaks"},
             {Json{{"name", "X"}, {"rounds", 3}, {"tiebreaks", "SB"}}, "invalid_field"}}) {
        Reply r = post("/api/events", c.body);
        EXPECT_EQ(r.status, 400) << c.body.dump() << ": " << r.text;
        EXPECT_EQ(r.body["code"], c.code) << r.text;
    }
    create(Json{{"name", "Club"}, {"rounds", 3}, {"kind", "swiss"}, {"tiebreaks", "BH"}});
    const auto expect = [](const Reply& r, int status, const std::string& code) {
        EXPECT_EQ(r.status, status) << r.text;
        EXPECT_EQ(r.body["code"], code) << r.text;
    };
    expect(post(path("/players"), Json{{"rating", 2000}}, organiser_), 400, "missing_field");
    expect(post(path("/players"), Json{{"name", "A"}, {"rating", 9000}}, organiser_), 400,
           "field_out_of_range");
    expect(post(path("/players"), Json{{"name", "A"}, {"federation", "germany"}}, organiser_), 400,
           "invalid_field");
    expect(post(path("/players"), Json{{"name", "A"}}), 401, "token_required");
    expect(post(path("/players"), Json{{"name", "A"}}, tokens_[0] + "x"), 403, "wrong_token");
    for (const char* name : {"Ann", "Bob", "Cyd"}) add(Json{{"name", name}});
    expect(post(path("/players/9"), Json{{"name", "Z"}}, organiser_), 404, "unknown_player");
    expect(post(path("/byes"), Json{{"round", 9}, {"kind", "half"}}, tokens_[1]), 409,
           "byes_closed");
    expect(post(path("/byes"), Json{{"round", 2}, {"kind", "full"}}, tokens_[1]), 400,
           "invalid_field");
    expect(post(path("/byes"), Json{{"round", 2}}, "not-a-player-token"), 403, "wrong_token");
    expect(post(path("/join"), Json{{"name", "Hal"}}, "0123"), 403, "wrong_token");
    expect(get(path("/proposal")), 401, "token_required");
    // A pairing that is not one of the round's players.
    expect(post(path("/rounds"), Json{{"pairings", {{{"white", 1}, {"black", 1}}}}, {"bye", 2}},
                organiser_),
           400, "invalid_pairing");
    expect(post(path("/rounds"), Json{{"pairings", {{{"white", 1}, {"black", 2}}}}, {"bye", 9}},
                organiser_),
           400, "invalid_pairing");
    publish();
    // The round's games are in play: the next round waits for their results.
    expect(get(path("/proposal"), organiser_), 409, "round_unfinished");
    expect(post(path("/rounds"), Json::object(), organiser_), 409, "round_unfinished");
    expect(post(path("/rounds/1/boards/1/result"), Json{{"result", "2-0"}}, organiser_), 400,
           "invalid_field");
    expect(post(path("/rounds/1/boards/7/result"), Json{{"result", "1-0"}}, organiser_), 404,
           "unknown_board");
    expect(post(path("/rounds/4/boards/1/result"), Json{{"result", "1-0"}}, organiser_), 404,
           "unknown_round");
    expect(post(path("/rounds/1/boards/1/result"), Json{{"result", "1-0"}}, tokens_[1]), 403,
           "wrong_token");
    ASSERT_EQ(post(path("/withdraw"), Json::object(), tokens_[3]).status, 200);
    expect(post(path("/withdraw"), Json::object(), tokens_[3]), 409, "player_withdrawn");
    expect(post(path("/byes"), Json{{"round", 3}}, tokens_[3]), 409, "player_withdrawn");
    // A typed event has no players of its own.
    Reply typed = post("/api/events", Json{{"name", "Typed"}, {"rounds", 1}});
    ASSERT_EQ(typed.status, 201);
    expect(post("/api/events/" + typed.body["id"].get<std::string>() + "/players",
                Json{{"name", "A"}}, typed.body["organiserToken"]),
           409, "event_typed");
}

// Before round 1 the players are numbered as the initial ranking list (C.04.2, C.04.3 A.2):
// rating descending, then title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, none), then name; a bye
// asked for moves with its player. Once round 1 is published the numbers are fixed: a late
// entrant takes the next number whatever the rating.
TEST_F(SwissServerTest, PlayersAreNumberedAsTheInitialRankingList) {
    create(Json{{"name", "Open"}, {"rounds", 3}, {"kind", "swiss"}, {"tiebreaks", "BH"}});
    std::map<std::string, std::string> token;  // by name: the numbers move while entering
    const auto enter = [&](Json player) {
        Reply r = post(path("/players"), player, organiser_);
        ASSERT_EQ(r.status, 201) << r.text;
        token[player["name"]] = r.body["playerToken"];
    };
    enter(Json{{"name", "Zoe"}});                                      // no rating: last
    enter(Json{{"name", "Wim"}, {"rating", 2100}, {"title", "WCM"}});  // 2100, after CM
    enter(Json{{"name", "bea"}, {"rating", 2200}});                    // 2200, by name
    enter(Json{{"name", "Cid"}, {"rating", 2100}, {"title", "CM"}});
    enter(Json{{"name", "Abe"}, {"rating", 2200}});
    enter(Json{{"name", "Ida"}, {"rating", 2100}, {"title", "WGM"}});  // WGM before FM
    enter(Json{{"name", "Fred"}, {"rating", 2100}, {"title", "FM"}});
    enter(Json{{"name", "Gil"}, {"rating", 2300}});
    // Zoe asks for a half-point bye in round 2 while she is still number 1.
    ASSERT_EQ(post(path("/byes"), Json{{"round", 2}, {"kind", "half"}}, token["Zoe"]).status, 200);
    const auto names = [&] {
        std::vector<std::string> out;
        const Json view = organiser_view();
        for (const Json& p : view["paired"]["players"])
            out.push_back(std::to_string(p["number"].get<int>()) + " " +
                          p["name"].get<std::string>());
        return out;
    };
    EXPECT_EQ(names(), (std::vector<std::string>{"1 Gil", "2 Abe", "3 bea", "4 Ida", "5 Fred",
                                                 "6 Cid", "7 Wim", "8 Zoe"}));
    Json view = organiser_view();
    ASSERT_EQ(view["paired"]["byes"].size(), 1u);
    EXPECT_EQ(view["paired"]["byes"][0]["player"], 8);
    // A rating corrected before round 1 moves the player: Zoe is 2400 after all.
    ASSERT_EQ(post(path("/players/8"), Json{{"name", "Zoe"}, {"rating", 2400}}, organiser_).status,
              200);
    EXPECT_EQ(names().front(), "1 Zoe");
    EXPECT_EQ(organiser_view()["paired"]["byes"][0]["player"], 1);
    Reply player = get(path("/player"), token["Zoe"]);
    ASSERT_EQ(player.status, 200) << player.text;
    EXPECT_EQ(player.body["player"]["number"], 1) << player.text;
    // Round 1 pairs by these numbers: 1-5, 6-2, 3-7, 8-4 (C.04.3: top half against bottom half).
    view = publish();
    EXPECT_EQ(boards_of(view, 1), (std::vector<std::string>{"1-5", "6-2", "3-7", "8-4"}));
    // After round 1 a late entrant rated above everyone is number 9.
    Reply late = post(path("/players"), Json{{"name", "Max"}, {"rating", 2800}}, organiser_);
    ASSERT_EQ(late.status, 201) << late.text;
    EXPECT_EQ(late.body["player"]["number"], 9);
    EXPECT_EQ(names().front(), "1 Zoe");
}

// A paired event's player plays their board with their own player token (the seat links are
// the organiser's to hand out): moves over HTTP and the WebSocket, a draw offered and
// accepted; a token of another player of the event holds no seat in that game.
TEST_F(SwissServerTest, APlayerPlaysTheirBoardWithTheirPlayerToken) {
    create(Json{{"name", "Club"}, {"rounds", 2}, {"kind", "swiss"}, {"tiebreaks", "BH"}});
    for (const char* name : {"Ann", "Bob", "Cyd"}) add(Json{{"name", name}});
    // Round 1: 1-2, and 3 has the pairing-allocated bye.
    Json view = publish();
    ASSERT_EQ(boards_of(view, 1), (std::vector<std::string>{"1-2", "3:pairing"}));
    const std::string game = view["rounds"][0]["boards"][0]["gameId"];
    const std::string base = "/api/games/" + game;
    EXPECT_EQ(get(base, tokens_[1]).body["you"], "white");
    EXPECT_EQ(get(base, tokens_[2]).body["you"], "black");
    EXPECT_TRUE(get(base, tokens_[3]).body["you"].is_null());
    const Json legal = get(base + "/legal").body["moves"];
    ASSERT_FALSE(legal.empty());
    const std::string first = legal[0]["uci"];
    EXPECT_EQ(post(base + "/moves", Json{{"move", first}}, tokens_[3]).status, 403);
    ASSERT_EQ(post(base + "/moves", Json{{"move", first}}, tokens_[1]).status, 200);
    // Black answers over the WebSocket, with the player token.
    {
        WsClient black(port_, base + "/socket", "", tokens_[2]);
        black.send(Json{{"type", "hello"}});
        auto hello = black.receive_type("game");
        ASSERT_TRUE(hello);
        const Json moves = get(base + "/legal").body["moves"];
        ASSERT_FALSE(moves.empty());
        black.send(Json{{"type", "move"}, {"id", 1}, {"move", moves[0]["uci"]}, {"ply", 1}});
        auto ack = black.receive_type("ack");
        ASSERT_TRUE(ack) << "no ack";
        EXPECT_EQ(get(base).body["ply"], 2);
    }
    ASSERT_EQ(post(base + "/draw/offer", Json::object(), tokens_[2]).status, 200);
    ASSERT_EQ(post(base + "/draw/accept", Json::object(), tokens_[1]).status, 200);
    EXPECT_EQ(organiser_view()["rounds"][0]["boards"][0]["result"], "1/2-1/2");
    // The player's page names the game to play.
    Reply me = get(path("/player"), tokens_[1]);
    ASSERT_EQ(me.status, 200) << me.text;
    EXPECT_EQ(me.body["current"]["gameId"], game);
}

// A round robin by the Berger tables (C.05 Annex 1): four players, three rounds; round 1 is
// 1-4, 2-3, a fifth player is refused once it has started, and a withdrawn player's game stays
// on the table, forfeited.
TEST_F(SwissServerTest, ARoundRobinIsPairedByTheBergerTables) {
    create(Json{{"name", "Grand Slam leg"}, {"rounds", 3}, {"kind", "round_robin"}});
    for (const char* name : {"Ann", "Bob", "Cyd", "Dan"}) add(Json{{"name", name}});
    Reply proposal = get(path("/proposal"), organiser_);
    ASSERT_EQ(proposal.status, 200) << proposal.text;
    Json view = publish();
    EXPECT_EQ(boards_of(view, 1), (std::vector<std::string>{"1-4", "2-3"}));
    EXPECT_EQ(post(path("/players"), Json{{"name", "Eve"}}, organiser_).body["code"],
              "entries_closed");
    play_round(1);
    // A withdrawal leaves the table as it is: Dan's games stay, scored by the arbiter.
    ASSERT_EQ(post(path("/withdraw"), Json::object(), tokens_[4]).status, 200);
    view = publish();
    // C.05 Annex 1, four players, round 2: 4-3, 1-2.
    EXPECT_EQ(boards_of(view, 2), (std::vector<std::string>{"4-3", "1-2"}));
    play_round(2, {{1, "-+"}, {2, "--"}});
    view = organiser_view();
    EXPECT_EQ(view["rounds"][1]["boards"][0]["result"], "-+");
    // A double forfeit gives the game no winner: it ends aborted, the event keeps "--".
    EXPECT_EQ(view["rounds"][1]["boards"][1]["result"], "--");
    Reply both = get("/api/games/" + view["rounds"][1]["boards"][1]["gameId"].get<std::string>());
    ASSERT_EQ(both.status, 200) << both.text;
    EXPECT_EQ(both.body["status"], "aborted") << both.text;
}

// An event's players may be accounts: named by the organiser, or joining signed in on the page.
// The account's session then acts as the player's token (the player's view, a bye, the seat of
// its games, by Bearer or by the cookie), the token still works, and a player that is no
// account is not reached by a session.
TEST_F(SwissServerTest, AnEventsPlayersMayBeAccountsWhoseSessionsActAsTheirTokens) {
    stop();
    options_.interactive_password_cost = true;  // tens of milliseconds a hash, not a second
    start();
    auto session_of = [&](const std::string& name) {
        EXPECT_EQ(
            post("/api/accounts", Json{{"name", name}, {"password", "correct horse 960"}}).status,
            201);
        Reply r = post("/api/session", Json{{"name", name}, {"password", "correct horse 960"}});
        EXPECT_EQ(r.status, 200) << r.text;
        return r.body.value("token", std::string());
    };
    const std::string ann = session_of("AnnAccount"), bob = session_of("BobAccount"),
                      eve = session_of("EveAccount");
    create(Json{{"name", "Accounts Swiss"}, {"rounds", 2}, {"kind", "swiss"}});
    EXPECT_EQ(post(path("/players"), Json{{"name", "Cyd"}, {"account", "Nobody"}}, organiser_)
                  .body["code"],
              "no_such_account");
    EXPECT_EQ(post(path("/players"), Json{{"name", "Cyd"}, {"account", 7}}, organiser_).status,
              400);
    const int ann_number =
        add(Json{{"name", "Ann Smith"}, {"rating", 2200}, {"account", "AnnAccount"}});
    Reply twice =
        post(path("/players"), Json{{"name", "Other"}, {"account", "AnnAccount"}}, organiser_);
    EXPECT_EQ(twice.status, 409) << twice.text;
    EXPECT_EQ(twice.body["code"], "already_entered");
    add(Json{{"name", "Dan"}, {"rating", 2000}});

    // Bob joins on the page, signed in: he is his account. A request from another site with
    // his cookie is refused; an `account` in the body is not his to name.
    Reply link = post(path("/join-link"), Json::object(), organiser_);
    ASSERT_EQ(link.status, 201) << link.text;
    const std::string join = link.body["joinToken"];
    const std::string body =
        Json{{"name", "Bob"}, {"rating", 2100}, {"account", "EveAccount"}}.dump();
    auto join_with_cookie = [&](const std::string& origin) {
        httplib::Headers headers{{"Authorization", "Bearer " + join},
                                 {"Cookie", "chess960_session=" + bob},
                                 {"Origin", origin}};
        return reply(client_->Post(path("/join").c_str(), headers, body, "application/json"));
    };
    EXPECT_EQ(join_with_cookie("https://evil.example").status, 403);
    Reply joined = join_with_cookie("http://127.0.0.1:" + std::to_string(port_));
    ASSERT_EQ(joined.status, 201) << joined.text;
    EXPECT_EQ(joined.body["player"]["account"], "BobAccount");
    const int bob_number = joined.body["player"]["number"];
    Json view = get(path("")).body;
    std::map<std::string, Json> accounts;
    for (const Json& p : view["paired"]["players"]) accounts[p["name"]] = p["account"];
    EXPECT_EQ(accounts["Ann Smith"], "AnnAccount");
    EXPECT_EQ(accounts["Bob"], "BobAccount");
    EXPECT_TRUE(accounts["Dan"].is_null());

    // The player's view by the account's session (Bearer, or the cookie), and by the token.
    EXPECT_EQ(get(path("/player"), ann).body["player"]["number"], ann_number);
    EXPECT_EQ(get(path("/player"), tokens_[ann_number]).body["player"]["number"], ann_number);
    httplib::Headers cookie{{"Cookie", "chess960_session=" + bob}};
    EXPECT_EQ(reply(client_->Get(path("/player").c_str(), cookie)).body["player"]["number"],
              bob_number);
    EXPECT_EQ(get(path("/player"), eve).status, 403);
    // A bye asked for by the account's session.
    Reply bye = post(path("/byes"), Json{{"round", 2}, {"kind", "half"}}, ann);
    EXPECT_EQ(bye.status, 200) << bye.text;

    // Round 1: the account plays its board with its session.
    const Json round = publish();
    const Json& boards = round["rounds"][0]["boards"];
    bool played = false;
    for (const Json& b : boards) {
        if (b["whiteNumber"] != ann_number && b["blackNumber"] != ann_number) continue;
        const std::string game = b["gameId"];
        const bool white = b["whiteNumber"] == ann_number;
        if (!white) {
            const std::string other = b["seats"]["white"];
            ASSERT_EQ(post("/api/games/" + game + "/moves", Json{{"move", "e4"}}, other).status,
                      200);
        }
        EXPECT_EQ(
            post("/api/games/" + game + "/moves", Json{{"move", white ? "e4" : "e5"}}, eve).status,
            403);
        Reply moved =
            post("/api/games/" + game + "/moves", Json{{"move", white ? "e4" : "e5"}}, ann);
        EXPECT_EQ(moved.status, 200) << moved.text;
        played = true;
    }
    EXPECT_TRUE(played) << "Ann has no board in round 1";

    // The organiser takes the account off a player: its session no longer acts for it.
    Reply edited =
        post(path("/players/" + std::to_string(ann_number)),
             Json{{"name", "Ann Smith"}, {"rating", 2200}, {"account", nullptr}}, organiser_);
    ASSERT_EQ(edited.status, 200) << edited.text;
    EXPECT_EQ(get(path("/player"), ann).status, 403);
    EXPECT_EQ(get(path("/player"), tokens_[ann_number]).status, 200);
}

// The TRF of an event in play says who is not to be paired in the rounds to come (TRF-2026's
// record 240): byes asked for, by kind, and a withdrawn player's rounds. Our pairing engine,
// reading the file, pairs the next round as the server proposes it.
TEST_F(SwissServerTest, TheTrfOfAnEventInPlayListsWhoIsNotPairedInTheRoundsToCome) {
    create(Json{{"name", "Absences"}, {"rounds", 4}, {"kind", "swiss"}});
    for (int i = 0; i < 6; ++i)
        add(Json{{"name", std::string(1, char('A' + i))}, {"rating", 2400 - 100 * i}});
    publish();
    play_round(1);
    ASSERT_EQ(post(path("/byes"), Json{{"round", 2}, {"kind", "half"}}, tokens_[2]).status, 200);
    ASSERT_EQ(post(path("/byes"), Json{{"round", 3}, {"kind", "zero"}}, tokens_[3]).status, 200);
    Reply withdrawn = post(path("/withdraw"), Json{{"player", 6}}, organiser_);
    ASSERT_EQ(withdrawn.status, 200) << withdrawn.text;

    Reply trf = get(path("/trf"));
    ASSERT_EQ(trf.status, 200);
    EXPECT_NE(trf.text.find("240 H   2    2"), std::string::npos) << trf.text;
    const auto t = chess960::pairing::read_trf(trf.text);
    ASSERT_TRUE(t) << t.error().to_string() << "\n" << trf.text;
    using Bye = chess960::pairing::Tournament::RequestedBye;
    EXPECT_EQ(t->requested_byes,
              (std::vector<Bye>{{2, 2, 'H'}, {2, 6, 'Z'}, {3, 3, 'Z'}, {3, 6, 'Z'}, {4, 6, 'Z'}}));
    const auto paired = chess960::pairing::pair_next_round(*t);
    ASSERT_TRUE(paired) << paired.error().to_string();
    std::vector<std::string> engine;
    for (const auto& pair : paired->pairs)
        engine.push_back(std::to_string(pair.white) + "-" + std::to_string(pair.black));
    Reply proposal = get(path("/proposal"), organiser_);
    ASSERT_EQ(proposal.status, 200) << proposal.text;
    std::vector<std::string> server;
    for (const Json& b : proposal.body["boards"])
        server.push_back(std::to_string(b["white"]["number"].get<int>()) + "-" +
                         std::to_string(b["black"]["number"].get<int>()));
    if (!proposal.body["bye"].is_null())
        server.push_back(std::to_string(proposal.body["bye"]["number"].get<int>()) + "-0");
    std::ranges::sort(engine);
    std::ranges::sort(server);
    EXPECT_EQ(engine, server);
    for (const std::string& board : server)
        EXPECT_TRUE(board.find('2') == std::string::npos && board.find('6') == std::string::npos)
            << board << ": an absent player is paired";
}

}  // namespace
