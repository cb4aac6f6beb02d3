// Live play against a real `chess960 serve` (docs/live.md): the WebSocket both ways, the event
// stream with its tickets, answers sized by the change rather than the game, the abort rule
// and the clock across a restart. The fixture and the clients are in server_support.hpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "chess960/position.hpp"
#include "chess960/uci_move.hpp"
#include "server_support.hpp"

using namespace chess960;
using Json = nlohmann::json;

namespace {

using chess960::testing::elapsed_ms;
using chess960::testing::EventStream;
using chess960::testing::ServerTest;
using chess960::testing::upgrade_answer;
using chess960::testing::WsClient;

std::string dump(const std::optional<Json>& message) {
    return message ? message->dump() : std::string("(nothing)");
}

class ServerLiveTest : public ServerTest {
  protected:
    static std::string socket_path(const std::string& id) { return "/api/games/" + id + "/socket"; }

    // A WebSocket that has said hello (with `token` in the hello, or as a spectator without
    // one) and read the whole game, which goes to `game` when given.
    std::unique_ptr<WsClient> join(const std::string& id, const std::string& token,
                                   Json* game = nullptr) {
        auto ws = std::make_unique<WsClient>(port_, socket_path(id));
        Json hello = {{"type", "hello"}};
        if (!token.empty()) hello["token"] = token;
        ws->send(hello);
        auto first = ws->receive();
        EXPECT_TRUE(first && (*first)["type"] == "game") << dump(first);
        if (game && first) *game = (*first)["game"];
        return ws;
    }

    // Sends a ping and reads up to its pong: true when the pong with `id` comes, so the
    // connection is open and everything sent before has been handled. The messages before
    // the pong go to `before`.
    static bool answers_ping(WsClient& ws, int id, std::vector<Json>* before = nullptr) {
        ws.send(Json{{"type", "ping"}, {"id", id}});
        for (;;) {
            auto message = ws.receive();
            if (!message) return false;
            if ((*message)["type"] == "pong") return (*message)["id"] == id;
            if (before) before->push_back(*message);
        }
    }

    // The next message, which must be an error answering `id` (null: none) with `status`.
    static Json expect_error(WsClient& ws, const Json& id, int status) {
        auto message = ws.receive();
        EXPECT_TRUE(message && (*message)["type"] == "error") << dump(message);
        if (!message) return Json();
        EXPECT_EQ((*message)["id"], id) << message->dump();
        EXPECT_EQ((*message)["status"], status) << message->dump();
        return *message;
    }

    Created timed_game(double initial_seconds) {
        return create(Json{{"opponent", "friend"},
                           {"start", {{"type", "number"}, {"number", 518}}},
                           {"clock", {{"initial", initial_seconds}, {"increment", 0}}}});
    }
};

// ---- The WebSocket ----

TEST_F(ServerLiveTest, HelloAsASpectatorOrASeatAnswersTheGameWithYou) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    Json game;
    auto spectator = join(g.id, "", &game);
    EXPECT_EQ(game["id"], g.id);
    EXPECT_TRUE(game["you"].is_null());
    EXPECT_EQ(game["ply"], 0);
    EXPECT_TRUE(game["moves"].is_array());

    auto white = join(g.id, g.white, &game);
    EXPECT_EQ(game["you"], "white");

    // The token in the upgrade request's Authorization header, and a hello without one.
    WsClient black(port_, socket_path(g.id), "", g.black);
    black.send(Json{{"type", "hello"}});
    auto answer = black.receive();
    ASSERT_TRUE(answer && (*answer)["type"] == "game") << dump(answer);
    EXPECT_EQ((*answer)["game"]["you"], "black");
    EXPECT_FALSE(answer->contains("id"));

    // A token of another game holds no seat here.
    Created other = friend_game(Json{{"type", "number"}, {"number", 518}});
    WsClient stranger(port_, socket_path(g.id));
    stranger.send(Json{{"type", "hello"}, {"token", other.white}});
    Json refused = expect_error(stranger, nullptr, 403);
    std::cout << "hello with another game's token: " << refused.dump() << "\n";
}

// Fool's mate from position 518, each side on its own socket and a spectator on a third.
TEST_F(ServerLiveTest, AWholeGameOverTwoSocketsAcksEachMoveToItsMoverAndSendsItToTheOthers) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    auto white = join(g.id, g.white);
    auto black = join(g.id, g.black);
    auto spectator = join(g.id, "");
    const char* moves[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
    Json last_ack;
    for (int i = 0; i < 4; ++i) {
        WsClient& mover = i % 2 ? *black : *white;
        WsClient& other = i % 2 ? *white : *black;
        const int id = 100 + i;
        mover.send(Json{{"type", "move"}, {"id", id}, {"move", moves[i]}, {"ply", i}});
        // The mover gets its acknowledgement, which carries the move's event: the event goes to
        // every other socket. (A duplicate on the mover's socket would be what `other` reads
        // first when it is the next mover's opponent, and fail the ply checks below.)
        auto ack = mover.receive();
        ASSERT_TRUE(ack && (*ack)["type"] == "ack") << moves[i] << ": " << dump(ack);
        EXPECT_EQ((*ack)["id"], id);
        EXPECT_EQ((*ack)["move"]["uci"], moves[i]);
        EXPECT_EQ((*ack)["move"]["ply"], i + 1);
        EXPECT_EQ((*ack)["state"]["ply"], i + 1);
        EXPECT_TRUE((*ack)["legal"].is_array());
        for (WsClient* watcher : {&other, spectator.get()}) {
            auto event = watcher->receive();
            ASSERT_TRUE(event && (*event)["type"] == "move") << dump(event);
            EXPECT_EQ((*event)["move"]["uci"], moves[i]);
            EXPECT_EQ((*event)["move"]["ply"], i + 1);
            EXPECT_EQ((*event)["state"], (*ack)["state"]);
            EXPECT_EQ((*event)["legal"], (*ack)["legal"]);
        }
        last_ack = *ack;
    }
    const Json& state = last_ack["state"];
    EXPECT_EQ(state["status"], "over");
    EXPECT_EQ(state["termination"], "checkmate");
    EXPECT_EQ(state["result"], "0-1");
    EXPECT_EQ(state["reason"], "Black wins by checkmate");
    EXPECT_EQ(last_ack["move"]["san"], "Qh4#");
    EXPECT_TRUE(last_ack["legal"].empty());
    EXPECT_EQ(get("/api/games/" + g.id).body["termination"], "checkmate");
}

TEST_F(ServerLiveTest, RefusalsRepeatTheIdAndKeepTheConnectionOpen) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    auto white = join(g.id, g.white);
    auto black = join(g.id, g.black);
    auto spectator = join(g.id, "");

    black->send(Json{{"type", "move"}, {"id", 1}, {"move", "e7e5"}});
    Json turn = expect_error(*black, 1, 409);
    EXPECT_EQ(turn["error"], "not your turn");
    EXPECT_TRUE(answers_ping(*black, 1001));

    white->send(Json{{"type", "move"}, {"id", 2}, {"move", "e2e5"}});
    Json illegal = expect_error(*white, 2, 422);
    EXPECT_EQ(illegal["error"],
              parse_uci(Position(), "e2e5", CastlingMode::Chess960).error().to_string());
    EXPECT_TRUE(answers_ping(*white, 1002));

    spectator->send(Json{{"type", "move"}, {"id", 3}, {"move", "e2e4"}});
    expect_error(*spectator, 3, 401);
    spectator->send(Json{{"type", "resign"}, {"id", 4}});
    expect_error(*spectator, 4, 401);
    EXPECT_TRUE(answers_ping(*spectator, 1003));

    white->send(Json{{"type", "move"}, {"id", 5}, {"move", "e2e4"}, {"ply", 3}});
    Json stale = expect_error(*white, 5, 409);
    EXPECT_NE(stale["error"].get<std::string>().find("stale"), std::string::npos);

    white->send_text("{\"type\": \"move\", \"id\": 6, ");
    Json malformed = expect_error(*white, nullptr, 400);
    EXPECT_EQ(malformed["error"].get<std::string>().rfind("malformed JSON", 0), 0u);
    EXPECT_TRUE(answers_ping(*white, 1004));

    // Over 4 KiB: refused before it is read as JSON, so without its id.
    white->send_text("{\"type\": \"ping\", \"id\": 7, \"pad\": \"" + std::string(5000, 'x') +
                     "\"}");
    Json large = expect_error(*white, nullptr, 400);
    std::cout << "a 5 KiB message: " << large.dump() << "\n";
    EXPECT_TRUE(answers_ping(*white, 1005));

    // Up to 64 KiB: read to its end and dropped, not held (over it the connection closes with
    // 1009: server_protocol_test.cpp).
    white->send_text("{\"type\": \"ping\", \"id\": 7, \"pad\": \"" + std::string(60 * 1024, 'x') +
                     "\"}");
    expect_error(*white, nullptr, 400);
    EXPECT_TRUE(answers_ping(*white, 1006));
    white->send_binary(std::string("\x01\x02\x03", 3));
    expect_error(*white, nullptr, 400);
    EXPECT_TRUE(answers_ping(*white, 1007));

    white->send(Json{{"type", "teleport"}, {"id", 8}});
    expect_error(*white, 8, 400);

    // Nothing refused reached the game or the other sockets, and the game goes on.
    std::vector<Json> seen;
    EXPECT_TRUE(answers_ping(*black, 1008, &seen));
    EXPECT_TRUE(seen.empty()) << seen.size() << " messages, first " << seen.front().dump();
    white->send(Json{{"type", "move"}, {"id", 9}, {"move", "e2e4"}, {"ply", 0}});
    auto ack = white->receive();
    ASSERT_TRUE(ack && (*ack)["type"] == "ack") << dump(ack);
    EXPECT_EQ((*ack)["id"], 9);
    auto event = black->receive();
    ASSERT_TRUE(event && (*event)["type"] == "move") << dump(event);
}

TEST_F(ServerLiveTest, ResyncAnswersTheWholeGameAndPingAnswersPong) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    ASSERT_EQ(move(g, "e4", g.white).status, 200);
    ASSERT_EQ(move(g, "c5", g.black).status, 200);
    auto white = join(g.id, g.white);
    white->send(Json{{"type", "resync"}, {"id", 9}});
    auto game = white->receive();
    ASSERT_TRUE(game && (*game)["type"] == "game") << dump(game);
    EXPECT_EQ((*game)["id"], 9);
    EXPECT_EQ((*game)["game"]["you"], "white");
    EXPECT_EQ((*game)["game"]["ply"], 2);
    ASSERT_EQ((*game)["game"]["moves"].size(), 2u);
    EXPECT_EQ((*game)["game"]["moves"][1]["san"], "c5");
    EXPECT_EQ((*game)["game"]["moves"], get("/api/games/" + g.id).body["moves"]);

    white->send(Json{{"type", "ping"}, {"id", 10}});
    auto pong = white->receive();
    ASSERT_TRUE(pong) << "no pong";
    EXPECT_EQ(*pong, (Json{{"type", "pong"}, {"id", 10}}));
}

TEST_F(ServerLiveTest, ActionsOverTheSocketAreAcknowledgedAndTheOpponentGetsTheState) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    auto white = join(g.id, g.white);
    auto black = join(g.id, g.black);
    white->send(Json{{"type", "draw/offer"}, {"id", 1}});
    auto ack = white->receive();
    ASSERT_TRUE(ack && (*ack)["type"] == "ack") << dump(ack);
    EXPECT_EQ((*ack)["id"], 1);
    EXPECT_EQ((*ack)["state"]["drawOffer"], "white");
    EXPECT_FALSE(ack->contains("move"));
    // Every other socket gets the change as a state event; the offering side has its ack.
    auto offer = black->receive();
    ASSERT_TRUE(offer && (*offer)["type"] == "state") << dump(offer);
    EXPECT_EQ((*offer)["state"]["drawOffer"], "white");
    EXPECT_EQ((*offer)["state"]["status"], "active");

    black->send(Json{{"type", "draw/accept"}, {"id", 2}});
    ack = black->receive();
    ASSERT_TRUE(ack && (*ack)["type"] == "ack") << dump(ack);
    EXPECT_EQ((*ack)["id"], 2);
    EXPECT_EQ((*ack)["state"]["result"], "1/2-1/2");
    EXPECT_EQ((*ack)["state"]["termination"], "agreement");
    auto agreed = white->receive();
    ASSERT_TRUE(agreed && (*agreed)["type"] == "state") << dump(agreed);
    EXPECT_EQ((*agreed)["state"]["termination"], "agreement");
    // The game is over: a further action is refused with its id (and neither side had an
    // event of its own change waiting before the answer).
    white->send(Json{{"type", "resign"}, {"id", 3}});
    expect_error(*white, 3, 409);
    black->send(Json{{"type", "resign"}, {"id", 4}});
    expect_error(*black, 4, 409);

    Created r = friend_game(Json{{"type", "number"}, {"number", 518}});
    auto r_white = join(r.id, r.white);
    auto r_black = join(r.id, r.black);
    r_black->send(Json{{"type", "resign"}, {"id", 4}});
    ack = r_black->receive();
    ASSERT_TRUE(ack && (*ack)["type"] == "ack") << dump(ack);
    EXPECT_EQ((*ack)["id"], 4);
    EXPECT_EQ((*ack)["state"]["result"], "1-0");
    EXPECT_EQ((*ack)["state"]["termination"], "resignation");
    auto resigned = r_white->receive();
    ASSERT_TRUE(resigned && (*resigned)["type"] == "state") << dump(resigned);
    EXPECT_EQ((*resigned)["state"]["result"], "1-0");

    Created a = friend_game(Json{{"type", "number"}, {"number", 518}});
    auto a_white = join(a.id, a.white);
    auto a_black = join(a.id, a.black);
    a_white->send(Json{{"type", "abort"}, {"id", 5}});
    ack = a_white->receive();
    ASSERT_TRUE(ack && (*ack)["type"] == "ack") << dump(ack);
    EXPECT_EQ((*ack)["id"], 5);
    EXPECT_EQ((*ack)["state"]["status"], "aborted");
    EXPECT_EQ((*ack)["state"]["termination"], "aborted");
    EXPECT_EQ((*ack)["state"]["result"], "*");
    auto aborted = a_black->receive();
    ASSERT_TRUE(aborted && (*aborted)["type"] == "state") << dump(aborted);
    EXPECT_EQ((*aborted)["state"]["status"], "aborted");
}

TEST_F(ServerLiveTest, AnUnknownGameOrATokenInTheUrlRefusesTheUpgrade) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    auto unknown = upgrade_answer(port_, socket_path("0123456789abcdef"));
    EXPECT_EQ(unknown.status, 404);
    EXPECT_NE(unknown.body.find("unknown game"), std::string::npos) << unknown.body;
    auto token = upgrade_answer(port_, socket_path(g.id) + "?token=" + g.white);
    EXPECT_EQ(token.status, 400);
    EXPECT_NE(token.body.find("not accepted in URLs"), std::string::npos) << token.body;
    EXPECT_EQ(upgrade_answer(port_, socket_path(g.id)).status, 101);
}

TEST_F(ServerLiveTest, NoHelloWithinTheDeadlineClosesTheSocket) {
    options_.hello_timeout_ms = 300;
    restart();
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    WsClient silent(port_, socket_path(g.id));
    const auto begin = std::chrono::steady_clock::now();
    auto message = silent.receive(std::chrono::seconds(5));
    const double ms = elapsed_ms(begin);
    std::cout << "a socket without a hello was closed after " << ms << " ms (deadline 300 ms)\n";
    EXPECT_FALSE(message) << dump(message);
    EXPECT_TRUE(silent.closed_by_server());
    EXPECT_GE(ms, 250);
    EXPECT_LT(ms, 2000);
    // One that says hello in time stays.
    auto talker = join(g.id, g.white);
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    EXPECT_TRUE(answers_ping(*talker, 1));
}

TEST_F(ServerLiveTest, TheEnginesMoveArrivesAsAMoveEvent) {
    Created g = create(Json{{"opponent", "engine"}, {"color", "white"}, {"level", 1}});
    auto white = join(g.id, g.white);
    white->send(Json{{"type", "move"}, {"id", 1}, {"move", "e2e4"}});
    auto ack = white->receive();
    ASSERT_TRUE(ack && (*ack)["type"] == "ack") << dump(ack);
    EXPECT_EQ((*ack)["id"], 1);
    const auto begin = std::chrono::steady_clock::now();
    std::optional<Json> reply;
    while (auto message = white->receive()) {
        if ((*message)["type"] == "move" && (*message)["move"]["ply"] == 2) {
            reply = message;
            break;
        }
    }
    ASSERT_TRUE(reply) << "the engine's move did not arrive";
    std::cout << "the engine's move arrived " << elapsed_ms(begin) << " ms after the ack\n";
    EXPECT_EQ((*reply)["state"]["turn"], "white");
    EXPECT_EQ((*reply)["state"]["ply"], 2);
    EXPECT_FALSE((*reply)["legal"].empty());
    EXPECT_EQ(get("/api/games/" + g.id).body["moves"][1]["uci"], (*reply)["move"]["uci"]);
}

// ---- The event stream ----

TEST_F(ServerLiveTest, EventStreamTicketsHoldASeatOnceForTheirGame) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    Created other = friend_game(Json{{"type", "number"}, {"number", 518}});
    const std::string events = "/api/games/" + g.id + "/events";
    Reply ticket = post("/api/games/" + g.id + "/ticket", Json::object(), g.black);
    ASSERT_EQ(ticket.status, 200) << ticket.text;
    EXPECT_EQ(ticket.body["expiresIn"], 30);
    const std::string t = ticket.body["ticket"];

    EventStream seated(port_, events + "?ticket=" + t);
    ASSERT_EQ(seated.status(), 200);
    auto game = seated.next();
    ASSERT_TRUE(game);
    EXPECT_EQ(game->name, "game");
    EXPECT_EQ(game->json["you"], "black");
    EXPECT_EQ(game->json["id"], g.id);

    EventStream again(port_, events + "?ticket=" + t);  // used up
    EXPECT_EQ(again.status(), 403);
    EXPECT_NE(again.refusal_text().find("ticket"), std::string::npos) << again.refusal_text();
    EXPECT_EQ(EventStream(port_, events + "?ticket=00112233445566778899aabbccddeeff").status(),
              403);
    const std::string other_ticket =
        post("/api/games/" + other.id + "/ticket", Json::object(), other.white).body["ticket"];
    EXPECT_EQ(EventStream(port_, events + "?ticket=" + other_ticket).status(), 403);
    EXPECT_EQ(post("/api/games/" + g.id + "/ticket", Json::object()).status, 401);
    EXPECT_EQ(post("/api/games/" + g.id + "/ticket", Json::object(), other.white).status, 403);

    EventStream token(port_, events + "?token=" + g.white);
    EXPECT_EQ(token.status(), 400);
    EXPECT_NE(token.refusal_text().find("ticket"), std::string::npos) << token.refusal_text();

    EventStream spectator(port_, events);
    ASSERT_EQ(spectator.status(), 200);
    auto view = spectator.next();
    ASSERT_TRUE(view);
    EXPECT_TRUE(view->json["you"].is_null());
}

TEST_F(ServerLiveTest, EventStreamSendsTheGameThenMovesThenStates) {
    Created g = friend_game(Json{{"type", "number"}, {"number", 518}});
    EventStream stream(port_, "/api/games/" + g.id + "/events");
    ASSERT_EQ(stream.status(), 200);
    auto game = stream.next();
    ASSERT_TRUE(game);
    EXPECT_EQ(game->name, "game");
    EXPECT_EQ(game->json["ply"], 0);
    EXPECT_TRUE(game->json.contains("moves"));

    Reply moved = move(g, "e4", g.white);
    ASSERT_EQ(moved.status, 200);
    auto event = stream.next();
    ASSERT_TRUE(event);
    EXPECT_EQ(event->name, "move");
    EXPECT_EQ(event->json["type"], "move");
    EXPECT_EQ(event->json["move"]["uci"], "e2e4");
    EXPECT_EQ(event->json["state"], moved.body["state"]);
    EXPECT_EQ(event->json["legal"], moved.body["legal"]);

    ASSERT_EQ(post("/api/games/" + g.id + "/draw/offer", Json::object(), g.black).status, 200);
    auto state = stream.next();
    ASSERT_TRUE(state);
    EXPECT_EQ(state->name, "state");
    EXPECT_EQ(state->json["type"], "state");
    EXPECT_EQ(state->json["state"]["drawOffer"], "black");
    EXPECT_FALSE(state->json.contains("moves"));
}

// ---- Answers sized by the change ----

// ~120 plies of random legal moves (from each answer's `legal` list) over two sockets: the
// acknowledgement of a move at ply 120 is as large as one at ply 10, give or take what the
// position itself changes (its FEN, its legal moves), while the whole game grows.
TEST_F(ServerLiveTest, MoveAnswersStayTheSameSizeWhileTheGameGrows) {
    std::mt19937 random(960);
    for (int attempt = 0; attempt < 20; ++attempt) {
        Created g = friend_game(Json{{"type", "number"}, {"number", int(random() % 960)}});
        auto white = join(g.id, g.white);
        auto black = join(g.id, g.black);
        Json legal = get("/api/games/" + g.id + "/legal").body["moves"];
        std::vector<std::string> choices;
        for (const Json& m : legal) choices.push_back(m["uci"]);
        std::size_t ack_at_10 = 0, core_at_10 = 0, view_at_10 = 0;
        std::vector<double> event_after_ack;  // ms from a move's ack to its event at the opponent
        bool over = false;
        for (int ply = 0; ply < 120 && !over; ++ply) {
            ASSERT_FALSE(choices.empty());
            WsClient& mover = ply % 2 ? *black : *white;
            WsClient& other = ply % 2 ? *white : *black;
            mover.send(Json{{"type", "move"},
                            {"id", ply},
                            {"move", choices[random() % choices.size()]},
                            {"ply", ply}});
            auto text = mover.receive_text();
            ASSERT_TRUE(text) << "no answer at ply " << ply;
            const auto acked = std::chrono::steady_clock::now();
            Json ack = Json::parse(*text, nullptr, false);
            ASSERT_EQ(ack["type"], "ack") << *text;
            ASSERT_TRUE(other.receive_type("move"));
            event_after_ack.push_back(elapsed_ms(acked));
            choices = ack["legal"].get<std::vector<std::string>>();
            over = ack["state"]["status"] != "active";
            // The acknowledgement without its legal moves: the move and the game's state.
            Json core = ack;
            core.erase("legal");
            const int now_ply = ack["state"]["ply"];
            if (now_ply == 10) {
                ack_at_10 = text->size();
                core_at_10 = core.dump().size();
                view_at_10 = get("/api/games/" + g.id).text.size();
            }
            if (now_ply == 120) {
                const std::size_t view_at_120 = get("/api/games/" + g.id).text.size();
                const std::size_t core_at_120 = core.dump().size();
                std::cout << "ack at ply 10: " << ack_at_10 << " bytes (" << core_at_10
                          << " without the legal moves); at ply 120: " << text->size() << " ("
                          << core_at_120 << "); GET /api/games/{id}: " << view_at_10 << " -> "
                          << view_at_120 << " bytes\n";
                EXPECT_LT(std::abs(double(core_at_120) - double(core_at_10)), 200.0);
                EXPECT_LT(std::abs(double(text->size()) - double(ack_at_10)), 1024.0);
                EXPECT_LT(text->size(), 4096u);
                EXPECT_GT(view_at_120, view_at_10 + 100 * 100);  // ~110 more moves in it
                // Printed, not asserted: small messages on many sockets, each of which would
                // wait for a delayed ACK (40 ms) if the server left Nagle's algorithm on.
                std::sort(event_after_ack.begin(), event_after_ack.end());
                std::cout << "a move's event at the opponent after the mover's ack: median "
                          << event_after_ack[event_after_ack.size() / 2] << " ms, slowest "
                          << event_after_ack.back() << " ms\n";
                return;
            }
        }
        std::cout << "game " << attempt << " ended before ply 120; a new one\n";
    }
    FAIL() << "no random game reached ply 120";
}

// ---- The abort rule ----

TEST_F(ServerLiveTest, ATimedGameNobodyStartsIsAbortedByTheServer) {
    options_.limits.abort_after = 400;
    restart();
    Created unstarted = timed_game(60);
    Created half = timed_game(60);
    Created untimed = friend_game(Json{{"type", "number"}, {"number", 518}});
    auto watcher = join(unstarted.id, "");
    auto half_watcher = join(half.id, "");
    ASSERT_EQ(move(half, "e4", half.white).status, 200);  // Black never answers
    ASSERT_TRUE(half_watcher->receive_type("move"));

    const auto begin = std::chrono::steady_clock::now();
    auto state = watcher->receive_type("state", std::chrono::seconds(5));
    ASSERT_TRUE(state) << "no state event: the game was not aborted";
    std::cout << "aborted by the server " << elapsed_ms(begin) << " ms after the watcher joined\n";
    for (const Json& s : {(*state)["state"], get("/api/games/" + unstarted.id).body}) {
        EXPECT_EQ(s["status"], "aborted") << s.dump();
        EXPECT_EQ(s["termination"], "aborted");
        EXPECT_EQ(s["result"], "*");
        EXPECT_EQ(s["reason"], "Game aborted");
    }
    auto half_state = half_watcher->receive_type("state", std::chrono::seconds(5));
    ASSERT_TRUE(half_state) << "the game Black never answered was not aborted";
    EXPECT_EQ((*half_state)["state"]["status"], "aborted");
    EXPECT_EQ(move(half, "e5", half.black).status, 409);

    // Without a clock, nobody is waited for: never aborted.
    std::this_thread::sleep_for(std::chrono::milliseconds(600));
    EXPECT_EQ(get("/api/games/" + untimed.id).body["status"], "active");
    EXPECT_EQ(move(untimed, "e4", untimed.white).status, 200);
}

// A server restarted with the same options applies the same abort time to the games it loads.
TEST_F(ServerLiveTest, TheAbortRuleHoldsForGamesLoadedAfterARestart) {
    options_.limits.abort_after = 400;
    restart();
    Created g = timed_game(60);
    restart();
    const Json view = wait_for_game(g.id, 3, [](const Json& v) { return v["status"] != "active"; });
    EXPECT_EQ(view["status"], "aborted") << "still " << view["status"] << " 3 s after creation";
}

TEST_F(ServerLiveTest, EitherSideMayAbortUntilBothHaveMoved) {
    Created before_any = timed_game(60);
    Reply aborted =
        post("/api/games/" + before_any.id + "/abort", Json::object(), before_any.white);
    ASSERT_EQ(aborted.status, 200) << aborted.text;
    EXPECT_EQ(aborted.body["status"], "aborted");
    EXPECT_EQ(aborted.body["result"], "*");
    EXPECT_EQ(aborted.body["reason"], "Game aborted");

    Created after_one = friend_game(Json{{"type", "number"}, {"number", 518}});
    ASSERT_EQ(move(after_one, "e4", after_one.white).status, 200);
    Reply by_black = post("/api/games/" + after_one.id + "/abort", Json::object(), after_one.black);
    ASSERT_EQ(by_black.status, 200) << by_black.text;
    EXPECT_EQ(by_black.body["status"], "aborted");

    Created after_two = timed_game(60);
    ASSERT_EQ(move(after_two, "e4", after_two.white).status, 200);
    ASSERT_EQ(move(after_two, "e5", after_two.black).status, 200);
    for (const std::string& token : {after_two.white, after_two.black}) {
        Reply refused = post("/api/games/" + after_two.id + "/abort", Json::object(), token);
        EXPECT_EQ(refused.status, 409) << refused.text;
    }
    EXPECT_EQ(get("/api/games/" + after_two.id).body["status"], "active");
}

// ---- The clock across a restart ----

TEST_F(ServerLiveTest, ARestartNeitherChargesNorRefundsTheRunningClock) {
    Created g = timed_game(60);
    ASSERT_EQ(move(g, "e4", g.white).status, 200);
    ASSERT_EQ(move(g, "e5", g.black).status, 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // White thinks
    const Json before = get("/api/games/" + g.id).body;
    ASSERT_EQ(before["clock"]["running"], "white");
    const std::int64_t white_before = before["clock"]["white"];
    stop();
    const auto down = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    start();
    const double downtime = elapsed_ms(down);
    const Json after = get("/api/games/" + g.id).body;
    const std::int64_t white_after = after["clock"]["white"];
    std::cout << "White's time " << white_before << " ms before the stop, " << white_after
              << " ms after the restart (server down " << downtime << " ms)\n";
    EXPECT_EQ(after["clock"]["running"], "white");
    EXPECT_EQ(after["status"], "active");
    EXPECT_EQ(after["clock"]["black"], before["clock"]["black"]);
    // The downtime (1.5 s) is not charged: at most the moments the server was up.
    EXPECT_GT(white_after, white_before - 500);
    // Nor is the time White had used before the stop given back.
    EXPECT_LE(white_after, white_before) << "the 300 ms White thought before the stop came back";
    // The clock runs again after the restart.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_LT(get("/api/games/" + g.id).body["clock"]["white"].get<std::int64_t>(), white_after);
}

}  // namespace
