#include "lobby_message.hpp"

#include <optional>

#include "json_scan.hpp"

namespace serve_load {

namespace {

std::optional<std::string_view> plain_member(std::string_view object, std::string_view key) {
    const auto raw = json::member(object, key);
    if (!raw) return std::nullopt;
    return json::plain_string(*raw);
}

}  // namespace

LobbyMessage parse_lobby_message(std::string_view text) {
    LobbyMessage m;
    const auto type = plain_member(text, "type");
    if (!type) return m;
    m.type = *type;
    if (*type == "seek") {
        const auto seek = json::member(text, "seek");
        if (!seek) return m;
        const auto id = plain_member(*seek, "id");
        const auto player = json::member(*seek, "player");
        const auto name = player ? plain_member(*player, "name") : std::nullopt;
        if (!id || !name) return m;
        m.kind = LobbyMessage::Kind::Seek;
        m.id = *id;
        m.name = *name;
    } else if (*type == "unseek" || *type == "started") {
        const auto id = plain_member(text, *type == "unseek" ? "id" : "game");
        if (!id) return m;
        m.kind = *type == "unseek" ? LobbyMessage::Kind::Unseek : LobbyMessage::Kind::Started;
        m.id = *id;
    } else if (*type == "online") {
        m.kind = LobbyMessage::Kind::Online;
    } else if (*type == "lobby") {
        m.kind = LobbyMessage::Kind::Lobby;
    } else if (*type == "batch") {
        const auto messages = json::member(text, "messages");
        if (!messages) return m;
        m.kind = LobbyMessage::Kind::Batch;
        m.messages = *messages;
    }
    return m;
}

}  // namespace serve_load
