// The lobby messages as docs/live.md ("The lobby") gives them, read by the lobby scenario.
#include "lobby_message.hpp"

#include <gtest/gtest.h>

namespace serve_load {
namespace {

TEST(LobbyMessage, SeekGivesItsIdAndPlayer) {
    const auto m = parse_lobby_message(
        R"({"type":"seek","seek":{"id":"a1b2","player":{"name":"lbx7","rating":1500.0,)"
        R"("provisional":true},"rated":true,"pool":"blitz","color":"random","createdAt":1,)"
        R"("clock":{"initial":300.0,"increment":3.0},"start":{"type":"random"}}})");
    EXPECT_EQ(m.kind, LobbyMessage::Kind::Seek);
    EXPECT_EQ(m.id, "a1b2");
    EXPECT_EQ(m.name, "lbx7");
}

TEST(LobbyMessage, OtherKinds) {
    EXPECT_EQ(parse_lobby_message(R"({"type":"unseek","id":"a1"})").id, "a1");
    EXPECT_EQ(parse_lobby_message(R"({"type":"unseek","id":"a1"})").kind,
              LobbyMessage::Kind::Unseek);
    const auto started = parse_lobby_message(R"({"game":"g9","type":"started"})");
    EXPECT_EQ(started.kind, LobbyMessage::Kind::Started);
    EXPECT_EQ(started.id, "g9");
    EXPECT_EQ(parse_lobby_message(R"({"type":"online","players":["a","b"]})").kind,
              LobbyMessage::Kind::Online);
    EXPECT_EQ(parse_lobby_message(R"({"type":"lobby","seeks":[],"online":[]})").kind,
              LobbyMessage::Kind::Lobby);
}

TEST(LobbyMessage, MalformedOrIncompleteIsOther) {
    EXPECT_EQ(parse_lobby_message(R"({"type":"seek","seek":{"id":"a1"}})").kind,
              LobbyMessage::Kind::Other);
    EXPECT_EQ(parse_lobby_message(R"({"type":"seek","seek":{"id":"a1","player":{"name":)").kind,
              LobbyMessage::Kind::Other);
    const auto error = parse_lobby_message(R"({"type":"error","error":"x"})");
    EXPECT_EQ(error.kind, LobbyMessage::Kind::Other);
    EXPECT_EQ(error.type, "error");
    EXPECT_EQ(parse_lobby_message("not json").type, "");
}

TEST(LobbyMessage, ABatchGivesItsMessagesRaw) {
    const auto m = parse_lobby_message(
        R"({"type":"batch","messages":[{"type":"unseek","id":"a"},{"type":"started","game":"g"}]})");
    EXPECT_EQ(m.kind, LobbyMessage::Kind::Batch);
    EXPECT_EQ(m.raw_messages, R"([{"type":"unseek","id":"a"},{"type":"started","game":"g"}])");
    ASSERT_EQ(m.messages.size(), 2u);
    EXPECT_EQ(m.messages[0].kind, LobbyMessage::Kind::Unseek);
    EXPECT_EQ(m.messages[0].id, "a");
    EXPECT_EQ(m.messages[1].kind, LobbyMessage::Kind::Started);
    EXPECT_EQ(m.messages[1].id, "g");
    EXPECT_EQ(parse_lobby_message(R"({"type":"batch"})").kind, LobbyMessage::Kind::Other);
    // A batch in a batch is no batch; a malformed message inside makes the whole unreadable.
    EXPECT_EQ(parse_lobby_message(R"({"type":"batch","messages":[{"type":"batch","messages":[]}]})")
                  .messages[0]
                  .kind,
              LobbyMessage::Kind::Other);
    EXPECT_EQ(parse_lobby_message(R"({"type":"batch","messages":[{"type":"unseek","id":}]})").type,
              "");
}

}  // namespace
}  // namespace serve_load
