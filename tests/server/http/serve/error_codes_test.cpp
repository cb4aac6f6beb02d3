// The machine-readable side of the server's refusals (src/server/http/error_codes.cpp): every error
// answer, over HTTP and over the WebSocket, carries a stable `code` listed in docs/openapi.yaml
// (components/responses/Error) and, where its message names values, `args` with them; a real
// server on a free loopback port (server_support.hpp) is driven into many kinds of refusal.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "chess960/error.hpp"
#include "http/error_codes.hpp"
#include "http/requests.hpp"
#include "http/views.hpp"
#include "server_support.hpp"

using namespace chess960;
using Json = nlohmann::json;

namespace {

using chess960::testing::RawConnection;
using chess960::testing::ServerTest;
using chess960::testing::WsClient;

// The codes docs/openapi.yaml lists for the Error answer: the `- code` lines of the enum
// under its `code:` property.
std::set<std::string> documented_codes() {
    std::ifstream in(std::string(CHESS960_TEST_DATA) + "/../../docs/openapi.yaml");
    std::string line;
    bool in_error = false, in_code = false, in_enum = false;
    std::set<std::string> codes;
    const std::regex item(R"(^\s+- ([a-z_]+)(\s+#.*)?$)");
    while (std::getline(in, line)) {
        if (line == "    Error:")
            in_error = true;
        else if (in_error && std::regex_match(line, std::regex(R"(^\s+code:\s*$)")))
            in_code = true;
        else if (in_code && std::regex_match(line, std::regex(R"(^\s+enum:\s*$)")))
            in_enum = true;
        else if (in_enum) {
            std::smatch m;
            if (!std::regex_match(line, m, item)) break;
            codes.insert(m[1]);
        }
    }
    return codes;
}

class ServerErrorCodeTest : public ServerTest {
  protected:
    void SetUp() override {
        ServerTest::SetUp();
        documented_ = documented_codes();
        ASSERT_GE(documented_.size(), 60u) << "docs/openapi.yaml's error codes were not read";
    }
    // An error answer: the status, an English message, a documented code, and `args` an object
    // of numbers and texts when present.
    void expect_refusal(const Reply& r, int status, const std::string& code,
                        const Json& args = nullptr) {
        SCOPED_TRACE(r.text);
        EXPECT_EQ(r.status, status);
        ASSERT_TRUE(r.body.is_object());
        ASSERT_TRUE(r.body.contains("error") && r.body["error"].is_string());
        EXPECT_FALSE(r.body["error"].get<std::string>().empty());
        ASSERT_TRUE(r.body.contains("code") && r.body["code"].is_string());
        EXPECT_EQ(r.body["code"], code);
        EXPECT_TRUE(documented_.contains(r.body["code"].get<std::string>()))
            << r.body["code"] << " is not in docs/openapi.yaml";
        if (args.is_null()) {
            EXPECT_FALSE(r.body.contains("args"));
        } else {
            EXPECT_EQ(r.body["args"], args);
        }
    }
    std::set<std::string> documented_;
};

TEST_F(ServerErrorCodeTest, EveryKindOfGameRefusalCarriesItsCode) {
    expect_refusal(post("/api/games", std::string("{\"opponent\": ")), 400, "malformed_json");
    expect_refusal(post("/api/games", Json{{"opponent", "robot"}}), 400, "invalid_field",
                   Json{{"field", "opponent"}});
    expect_refusal(post("/api/games", Json{{"level", 9}, {"opponent", "engine"}}), 400,
                   "field_out_of_range", Json{{"field", "level"}, {"min", 1}, {"max", 8}});
    expect_refusal(post("/api/games", Json{{"clock", {{"initial", 0}, {"increment", 1}}}}), 400,
                   "invalid_clock", Json{{"field", "clock.initial"}, {"min", 1}, {"max", 21600}});
    expect_refusal(post("/api/games", Json{{"start", {{"type", "number"}}}}), 400, "missing_field",
                   Json{{"field", "start.number"}});
    expect_refusal(post("/api/games", Json{{"start", {{"type", "fen"}, {"fen", "8/8 w"}}}}), 422,
                   "invalid_fen");
    expect_refusal(post("/api/fen/check", Json{{"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}}), 422,
                   "invalid_position");
    expect_refusal(get("/api/startpos/960"), 400, "invalid_number");
    expect_refusal(get("/api/games/0123456789abcdef"), 404, "unknown_game",
                   Json{{"id", "0123456789abcdef"}});
    expect_refusal(get("/api/nothing"), 404, "no_such_path");
    expect_refusal(get("/api/games?limit=0"), 400, "field_out_of_range",
                   Json{{"field", "limit"}, {"min", 1}, {"max", 200}});

    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    ASSERT_FALSE(g.id.empty());
    const std::string moves = "/api/games/" + g.id + "/moves";
    expect_refusal(post(moves, Json{{"move", "e4"}}), 401, "token_required");
    expect_refusal(post(moves, Json{{"move", "e4"}}, "0123456789abcdef0123456789abcdef"), 403,
                   "wrong_token");
    expect_refusal(post(moves, Json{{"move", "e5"}}, g.black), 409, "not_your_turn");
    expect_refusal(post(moves, Json{{"move", "e4"}, {"ply", 3}}, g.white), 409, "stale_ply",
                   Json{{"ply", 0}});
    expect_refusal(post(moves, Json{{"move", "e5"}}, g.white), 422, "illegal_move",
                   Json{{"move", "e5"}});
    expect_refusal(post(moves, Json{{"move", "xyz"}}, g.white), 422, "invalid_move",
                   Json{{"move", "xyz"}});
    expect_refusal(post(moves, Json::object(), g.white), 400, "missing_field",
                   Json{{"field", "move"}});
    // An action the routes do not know is no path at all.
    expect_refusal(post("/api/games/" + g.id + "/fly", Json::object(), g.white), 404,
                   "no_such_path");
    expect_refusal(post("/api/games/" + g.id + "/draw/accept", Json::object(), g.black), 409,
                   "no_draw_offer");
    expect_refusal(get("/api/games/" + g.id + "?token=abc"), 400, "token_in_url");
    ASSERT_EQ(post("/api/games/" + g.id + "/resign", Json::object(), g.white).status, 200);
    expect_refusal(post(moves, Json{{"move", "e4"}}, g.white), 409, "game_over");
}

TEST_F(ServerErrorCodeTest, EveryKindOfEventRefusalCarriesItsCode) {
    expect_refusal(post("/api/events", Json{{"rounds", 3}}), 400, "missing_field",
                   Json{{"field", "name"}});
    expect_refusal(post("/api/events", Json{{"name", "Open"}, {"rounds", 960}, {"exclude", {518}}}),
                   400, "too_few_positions",
                   Json{{"rounds", 960}, {"needed", 960}, {"allowed", 959}});
    expect_refusal(post("/api/events", Json{{"name", "Open"}, {"rounds", 3}, {"exclude", {960}}}),
                   400, "field_out_of_range", Json{{"field", "exclude"}, {"min", 0}, {"max", 959}});
    expect_refusal(post("/api/events", Json{{"name", "Open\x01"}, {"rounds", 3}}), 400,
                   "invalid_event");
    expect_refusal(get("/api/events/0123456789abcdef"), 404, "unknown_event",
                   Json{{"id", "0123456789abcdef"}});

    Reply created = post("/api/events", Json{{"name", "Open"}, {"rounds", 1}});
    ASSERT_EQ(created.status, 201) << created.text;
    const std::string id = created.body["id"], token = created.body["organiserToken"];
    const std::string rounds = "/api/events/" + id + "/rounds";
    const Json pairing = Json::array({Json{{"white", "Ann"}, {"black", "Bob"}}});
    expect_refusal(post(rounds, Json{{"pairings", pairing}, {"entropy", "x"}}), 401,
                   "token_required");
    expect_refusal(post(rounds, Json{{"pairings", pairing}, {"entropy", "x"}},
                        "0123456789abcdef0123456789abcdef"),
                   403, "wrong_token");
    expect_refusal(post(rounds,
                        Json{{"pairings", Json::array({Json{{"white", "Ann"}, {"black", "Ann"}}})},
                             {"entropy", "x"}},
                        token),
                   400, "duplicate_player", Json{{"name", "Ann"}});
    expect_refusal(post(rounds, Json{{"round", 2}, {"pairings", pairing}, {"entropy", "x"}}, token),
                   409, "wrong_round", Json{{"next", 1}, {"round", 2}});
    ASSERT_EQ(post(rounds, Json{{"pairings", pairing}, {"entropy", "x"}}, token).status, 201);
    expect_refusal(post(rounds, Json{{"pairings", pairing}, {"entropy", "y"}}, token), 409,
                   "all_rounds_entered", Json{{"rounds", 1}});
    expect_refusal(post("/api/events/" + id + "/rounds/1/reveal", Json::object(), token), 409,
                   "round_revealed", Json{{"round", 1}});
    ASSERT_EQ(post("/api/events/" + id + "/close", Json::object(), token).status, 200);
    expect_refusal(post("/api/events/" + id + "/close", Json::object(), token), 409,
                   "event_closed");
}

// A refusal at the HTTP layer, before any route: the raw answer's body has a code too.
TEST_F(ServerErrorCodeTest, ABodyOver64KiBIsRefusedWithACode) {
    RawConnection connection(port_);
    ASSERT_TRUE(
        connection.send("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                        "application/json\r\nContent-Length: 314572800\r\n\r\n"));
    RawConnection::Received r = connection.receive(std::chrono::seconds(5), "}");
    const auto body = r.bytes.find("\r\n\r\n");
    ASSERT_NE(body, std::string::npos) << r.bytes;
    const Json json = Json::parse(r.bytes.substr(body + 4), nullptr, false);
    ASSERT_TRUE(json.is_object()) << r.bytes;
    EXPECT_EQ(json["code"], "body_too_large");
    EXPECT_TRUE(documented_.contains(json["code"].get<std::string>()));
}

TEST_F(ServerErrorCodeTest, AWebSocketRefusalCarriesTheCodeAndArgs) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    ASSERT_FALSE(g.id.empty());
    WsClient ws(port_, "/api/games/" + g.id + "/socket");
    ws.send(Json{{"type", "hello"}, {"token", g.white}});
    auto game = ws.receive();
    ASSERT_TRUE(game && (*game)["type"] == "game");
    ws.send(Json{{"type", "move"}, {"id", 7}, {"move", "e4"}, {"ply", 5}});
    auto error = ws.receive_type("error");
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ((*error)["id"], 7);
    EXPECT_EQ((*error)["status"], 409);
    EXPECT_EQ((*error)["code"], "stale_ply");
    EXPECT_EQ((*error)["args"], (Json{{"ply", 0}}));
    ws.send_text("{\"type\": \"dance\"}");
    error = ws.receive_type("error");
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ((*error)["code"], "unknown_message_type");
    EXPECT_EQ((*error)["args"], (Json{{"type", "dance"}}));
    ws.send(Json{{"type", "hello"}});
    error = ws.receive_type("error");
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ((*error)["code"], "hello_repeated");
}

// A refusal that names no code (a site written before codes, or a new one) still carries one:
// its status's generic code, which is documented too.
TEST(ServerErrorCodes, ARefusalWithoutACodeCarriesItsStatusCode) {
    const std::set<std::string> documented = documented_codes();
    for (int status : {400, 401, 403, 404, 405, 409, 413, 422, 429, 500, 503}) {
        const Json body = Json::parse(server::error_json(server::ApiError{status, "no code"}));
        EXPECT_EQ(body["error"], "no code");
        ASSERT_TRUE(body["code"].is_string()) << status;
        EXPECT_EQ(body["code"], server::default_error_code(status));
        EXPECT_TRUE(documented.contains(body["code"].get<std::string>())) << body["code"];
        EXPECT_FALSE(body.contains("args"));
    }
    const Json rated = Json::parse(server::error_json(
        server::ApiError{429, "wait", 3, "rate_limited", {{"seconds", 3}, {"what", "moves"}}}));
    EXPECT_EQ(rated["args"], (Json{{"seconds", 3}, {"what", "moves"}}));
}

// Every error code of the library has its API name, and the API documents it.
TEST(ServerErrorCodes, EveryLibraryErrorCodeIsNamedAndDocumented) {
    const std::set<std::string> documented = documented_codes();
    std::set<std::string> names;
    for (ErrorCode code :
         {ErrorCode::InvalidFen, ErrorCode::InvalidPosition, ErrorCode::InvalidCastling,
          ErrorCode::InvalidEnPassant, ErrorCode::NotStartPosition, ErrorCode::InvalidNumber,
          ErrorCode::InvalidMove, ErrorCode::IllegalMove, ErrorCode::GameOver,
          ErrorCode::NotYourTurn, ErrorCode::NoDrawOffer, ErrorCode::NoDrawToClaim,
          ErrorCode::CannotAbort}) {
        const std::string name = server::error_code_name(code);
        EXPECT_TRUE(documented.contains(name)) << name;
        names.insert(name);
    }
    EXPECT_EQ(names.size(), 13u);  // one name each
}

}  // namespace
