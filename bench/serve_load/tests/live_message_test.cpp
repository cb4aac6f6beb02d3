// The live messages of docs/live.md, as canned frames, read by the generator's scanner: in the
// contract's member order and in the sorted order a JSON library may write them.
#include "live_message.hpp"

#include <gtest/gtest.h>

#include <string>

namespace serve_load {
namespace {

const std::string kMoveInfo =
    R"({"ply": 1, "uci": "e2e4", "san": "e4", "from": "e2", "to": "e4", "castle": null,
        "kingFrom": null, "kingTo": null, "rookFrom": null, "rookTo": null, "promotion": null,
        "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"})";
const std::string kState =
    R"({"id": "g1", "ply": 1, "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "turn": "black", "status": "active", "result": "*", "termination": null,
        "reason": "Black to move", "check": null, "lastMove": {"from": "e2", "to": "e4"},
        "clock": {"white": 180000, "black": 180000, "initial": 180000, "increment": 2000,
                  "running": null, "at": 1763870000000},
        "drawOffer": null, "claimable": {"threefold": false, "fifty": false}, "thinking": false})";
const std::string kLegal =
    R"(["a7a6","a7a5","b7b6","b7b5","c7c6","c7c5","d7d6","d7d5","e7e6","e7e5","f7f6","f7f5",
        "g7g6","g7g5","h7h6","h7h5","b8a6","b8c6","g8f6","g8h6"])";

TEST(LiveMessage, AckOfAMove) {
    const std::string text = R"({"type": "ack", "id": 7, "move": )" + kMoveInfo + R"(, "state": )" +
                             kState + R"(, "legal": )" + kLegal + "}";
    LiveMessage m;
    std::string why;
    ASSERT_TRUE(parse_ws_message(text, m, &why)) << why;
    EXPECT_EQ(m.kind, MessageKind::Ack);
    EXPECT_EQ(m.id, 7);
    EXPECT_TRUE(m.has_move);
    EXPECT_EQ(m.move_ply, 1);
    EXPECT_EQ(m.move_uci, "e2e4");
    EXPECT_TRUE(m.has_state);
    EXPECT_EQ(m.ply, 1);
    EXPECT_EQ(m.turn, Side::Black);
    EXPECT_TRUE(m.active);
    EXPECT_EQ(m.termination, "null");
    EXPECT_EQ(m.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(m.legal_count, 20);
}

TEST(LiveMessage, MembersInSortedOrderReadTheSame) {
    const std::string text = R"({"id":7,"legal":)" + kLegal + R"(,"move":)" + kMoveInfo +
                             R"(,"state":)" + kState + R"(,"type":"ack"})";
    LiveMessage m;
    ASSERT_TRUE(parse_ws_message(text, m));
    EXPECT_EQ(m.kind, MessageKind::Ack);
    EXPECT_EQ(m.id, 7);
    EXPECT_EQ(m.move_uci, "e2e4");
    EXPECT_EQ(m.turn, Side::Black);
    EXPECT_EQ(m.legal_count, 20);
}

TEST(LiveMessage, MoveEventHasNoId) {
    const std::string text = R"({"type":"move","move":)" + kMoveInfo + R"(,"state":)" + kState +
                             R"(,"legal":)" + kLegal + "}";
    LiveMessage m;
    ASSERT_TRUE(parse_ws_message(text, m));
    EXPECT_EQ(m.kind, MessageKind::Move);
    EXPECT_EQ(m.id, -1);
    EXPECT_EQ(m.move_ply, 1);
}

TEST(LiveMessage, GameMessageReadsTheViewNotItsMoves) {
    // The GameView's moves carry their own fields; only the view's own ply and turn count.
    const std::string text =
        R"({"type":"game","game":{"id":"g1","moves":[{"uci":"e2e4","san":"e4","fen":"x"},
            {"uci":"e7e5","san":"e5","fen":"y"}],"ply":2,"fen":"z","turn":"white",
            "status":"active","termination":null,"you":"white","initialFen":"w"}})";
    LiveMessage m;
    ASSERT_TRUE(parse_ws_message(text, m));
    EXPECT_EQ(m.kind, MessageKind::Game);
    EXPECT_EQ(m.ply, 2);
    EXPECT_EQ(m.turn, Side::White);
    EXPECT_EQ(m.fen, "z");
    EXPECT_FALSE(m.has_move);
}

TEST(LiveMessage, StateOfAnEndedGame) {
    LiveMessage m;
    ASSERT_TRUE(parse_ws_message(
        R"({"type":"state","state":{"ply":9,"turn":"white","status":"over","termination":"resignation"}})",
        m));
    EXPECT_EQ(m.kind, MessageKind::State);
    EXPECT_FALSE(m.active);
    EXPECT_EQ(m.status, "over");
    EXPECT_EQ(m.termination, R"("resignation")");
}

TEST(LiveMessage, AckOfAnActionCarriesOnlyTheState) {
    LiveMessage m;
    ASSERT_TRUE(parse_ws_message(
        R"({"type":"ack","id":8,"state":{"ply":3,"turn":"black","status":"aborted"}})", m));
    EXPECT_EQ(m.kind, MessageKind::Ack);
    EXPECT_FALSE(m.has_move);
    EXPECT_FALSE(m.active);
}

TEST(LiveMessage, Errors) {
    LiveMessage m;
    ASSERT_TRUE(
        parse_ws_message(R"({"type":"error","id":7,"status":409,"error":"not your turn"})", m));
    EXPECT_EQ(m.kind, MessageKind::Error);
    EXPECT_EQ(m.id, 7);
    EXPECT_EQ(m.error_status, 409);
    EXPECT_EQ(m.error, R"("not your turn")");
    ASSERT_TRUE(
        parse_ws_message(R"({"type":"error","id":null,"status":400,"error":"not JSON"})", m));
    EXPECT_EQ(m.id, -1);
    EXPECT_EQ(m.error_status, 400);
}

TEST(LiveMessage, PongAndUnknownTypes) {
    LiveMessage m;
    ASSERT_TRUE(parse_ws_message(R"({"type":"pong","id":10})", m));
    EXPECT_EQ(m.kind, MessageKind::Pong);
    EXPECT_EQ(m.id, 10);
    ASSERT_TRUE(parse_ws_message(R"({"type":"later"})", m));
    EXPECT_EQ(m.kind, MessageKind::Other);
}

TEST(LiveMessage, MalformedMessagesAreRefusedWithAReason) {
    const std::string bad[] = {
        R"({"id":7})",                                                          // no type
        R"({"type":"ack","id":"7","move":{"ply":1,"uci":"e2e4"},"state":{}})",  // id a string
        R"({"type":"move","move":{"ply":1},"state":{"ply":1,"turn":"black","status":"active"}})",
        R"({"type":"move","move":{"ply":"1","uci":"e2e4"},"state":{"ply":1,"turn":"black","status":"active"}})",
        R"({"type":"move","move":{"ply":1,"uci":"e2e4"},"state":{"ply":1,"turn":"blue","status":"active"}})",
        R"({"type":"move","move":{"ply":1,"uci":"e2e4"}})",  // no state
        R"({"type":"ack","id":1})",                          // neither move nor state
        R"({"type":"game"})",
        R"({"type":"error","id":1})",  // no status
        R"({"type":"move","move":{"ply":1,"uci":"e2e4"},"state":{"ply":1,"turn":"black","status":"active"},"legal":[1,})",
        R"({"type":"move","move":{"ply":1,"uci":"e2e4"},"state":{"ply":1,"turn":"black","status":"active"}} x)",
        R"({"type":"pong","id":1,"state":{"ply":1}})",  // a malformed member, whatever the type
        "not json",
    };
    for (const auto& text : bad) {
        LiveMessage m;
        std::string why;
        EXPECT_FALSE(parse_ws_message(text, m, &why)) << text;
        EXPECT_FALSE(why.empty()) << text;
    }
}

TEST(LiveMessage, EventStreamEvents) {
    LiveMessage m;
    const std::string update =
        R"({"move":)" + kMoveInfo + R"(,"state":)" + kState + R"(,"legal":)" + kLegal + "}";
    ASSERT_TRUE(parse_sse_event("move", update, m));
    EXPECT_EQ(m.kind, MessageKind::Move);
    EXPECT_EQ(m.move_ply, 1);
    EXPECT_EQ(m.legal_count, 20);
    ASSERT_TRUE(parse_sse_event("game", kState, m));
    EXPECT_EQ(m.kind, MessageKind::Game);
    EXPECT_EQ(m.ply, 1);
    ASSERT_TRUE(parse_sse_event("state", kState, m));
    EXPECT_EQ(m.kind, MessageKind::State);
    ASSERT_TRUE(parse_sse_event("message", "anything", m));
    EXPECT_EQ(m.kind, MessageKind::Other);
    EXPECT_FALSE(parse_sse_event("move", kState, m));  // a state is not a move update
}

TEST(LiveMessage, CreatedGame) {
    auto created = parse_created_game(
        R"({"id":"abc123","tokens":{"white":"00ff","black":"11ee"},
            "game":{"id":"abc123","fen":"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9","ply":0}})");
    ASSERT_TRUE(created);
    EXPECT_EQ(created->id, "abc123");
    EXPECT_EQ(created->white_token, "00ff");
    EXPECT_EQ(created->black_token, "11ee");
    EXPECT_EQ(created->fen, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    std::string why;
    EXPECT_FALSE(parse_created_game(R"({"id":"abc","game":{"fen":"x"}})", &why));
    EXPECT_FALSE(why.empty());
    EXPECT_FALSE(parse_created_game(R"({"error":"too many games"})"));
}

}  // namespace
}  // namespace serve_load
