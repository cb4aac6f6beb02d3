#include "lobby_message.hpp"

#include "json_scan.hpp"

namespace serve_load {

namespace {

// A string value's contents when plain (no escapes), else empty.
std::string_view plain(std::string_view text, std::size_t begin, std::size_t end) {
    if (end == json::kBad) return {};
    return json::plain_string(text.substr(begin, end - begin)).value_or(std::string_view());
}

// The message of the object starting at text[pos], in one pass over its bytes (at a million
// messages a second, looking each member up from the start would read them several times): its
// end, or kBad. `nested`: inside a batch (whose messages are never batches).
std::size_t parse_at(std::string_view text, std::size_t pos, LobbyMessage& m, bool nested) {
    std::string_view id, game, seek_id, name;
    bool has_messages = false;
    const std::size_t end = json::walk_object(text, pos, [&](std::string_view key, std::size_t at) {
        std::size_t value_end = json::kBad;
        if (key == "seek") {
            value_end = json::walk_object(text, at, [&](std::string_view k, std::size_t p) {
                if (k == "player")
                    return json::walk_object(text, p, [&](std::string_view k2, std::size_t p2) {
                        const std::size_t e = json::skip_value(text, p2);
                        if (k2 == "name") name = plain(text, p2, e);
                        return e;
                    });
                const std::size_t e = json::skip_value(text, p);
                if (k == "id") seek_id = plain(text, p, e);
                return e;
            });
        } else if (key == "messages" && !nested) {
            has_messages = true;
            value_end = json::walk_array(text, at, [&](std::size_t p) {
                m.messages.emplace_back();
                return parse_at(text, p, m.messages.back(), true);
            });
            if (value_end != json::kBad) m.raw_messages = text.substr(at, value_end - at);
        } else {
            value_end = json::skip_value(text, at);
            if (key == "type") m.type = plain(text, at, value_end);
            if (key == "id") id = plain(text, at, value_end);
            if (key == "game") game = plain(text, at, value_end);
        }
        return value_end;
    });
    if (end == json::kBad) {
        m = LobbyMessage{};
        return json::kBad;
    }
    const std::string_view type = m.type;
    if (type == "seek" && !seek_id.empty() && !name.empty()) {
        m.kind = LobbyMessage::Kind::Seek;
        m.id = seek_id;
        m.name = name;
    } else if (type == "unseek" && !id.empty()) {
        m.kind = LobbyMessage::Kind::Unseek;
        m.id = id;
    } else if (type == "started" && !game.empty()) {
        m.kind = LobbyMessage::Kind::Started;
        m.id = game;
    } else if (type == "online") {
        m.kind = LobbyMessage::Kind::Online;
    } else if (type == "lobby") {
        m.kind = LobbyMessage::Kind::Lobby;
    } else if (type == "batch" && has_messages) {
        m.kind = LobbyMessage::Kind::Batch;
    }
    return end;
}

}  // namespace

LobbyMessage parse_lobby_message(std::string_view text) {
    LobbyMessage m;
    const std::size_t end = parse_at(text, 0, m, false);
    if (end == json::kBad || json::detail::skip_space(text, end) != text.size())
        return LobbyMessage{};
    return m;
}

}  // namespace serve_load
