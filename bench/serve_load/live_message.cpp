#include "live_message.hpp"

#include "json_scan.hpp"

namespace serve_load {

namespace {

bool fail(std::string* why, std::string_view message) {
    if (why) *why = message;
    return false;
}

std::optional<int> small_int(std::string_view raw) {
    auto v = json::int_value(raw);
    if (!v || *v < 0 || *v > 1'000'000) return std::nullopt;
    return int(*v);
}

// MoveInfo: {"ply": 1, "uci": "e2e4", ...}
bool read_move(std::string_view raw, LiveMessage& out, std::string* why) {
    bool has_ply = false, has_uci = false;
    const bool ok = json::for_each_member(raw, [&](std::string_view key, std::string_view value) {
        if (key == "ply") {
            auto ply = small_int(value);
            if (!ply) return false;
            out.move_ply = *ply;
            has_ply = true;
        } else if (key == "uci") {
            auto uci = json::plain_string(value);
            if (!uci) return false;
            out.move_uci = *uci;
            has_uci = true;
        }
        return !(has_ply && has_uci);
    });
    if (!ok || !has_ply || !has_uci) return fail(why, "a move without a ply and a uci");
    out.has_move = true;
    return true;
}

// GameState or GameView: ply, turn, status, termination, fen.
bool read_state(std::string_view raw, LiveMessage& out, std::string* why) {
    bool has_ply = false, has_turn = false, has_status = false;
    const bool ok = json::for_each_member(raw, [&](std::string_view key, std::string_view value) {
        if (key == "ply") {
            auto ply = small_int(value);
            if (!ply) return false;
            out.ply = *ply;
            has_ply = true;
        } else if (key == "turn") {
            auto turn = json::plain_string(value);
            if (!turn || (*turn != "white" && *turn != "black")) return false;
            out.turn = *turn == "white" ? Side::White : Side::Black;
            has_turn = true;
        } else if (key == "status") {
            auto status = json::plain_string(value);
            if (!status) return false;
            out.status = *status;
            out.active = *status == "active";
            has_status = true;
        } else if (key == "termination") {
            out.termination = value;
        } else if (key == "fen") {
            auto fen = json::plain_string(value);
            if (!fen) return false;
            out.fen = *fen;
        }
        return true;
    });
    if (!ok) return fail(why, "a malformed game state");
    if (!has_ply || !has_turn || !has_status)
        return fail(why, "a game state without ply, turn and status");
    out.has_state = true;
    return true;
}

int count_elements(std::string_view raw) {
    int n = 0;
    if (!json::for_each_element(raw, [&](std::string_view) { ++n; })) return -1;
    return n;
}

// The members of a MoveUpdate ({"move", "state", "legal"}) or of a WebSocket message that
// carries them; `id`, `status` and `error` too for acks and errors.
struct Members {
    std::string_view type, id, move, state, game, legal, status, error;
};

bool read_members(std::string_view text, Members& m) {
    return json::for_each_member(text, [&](std::string_view key, std::string_view value) {
        if (key == "type")
            m.type = value;
        else if (key == "id")
            m.id = value;
        else if (key == "move")
            m.move = value;
        else if (key == "state")
            m.state = value;
        else if (key == "game")
            m.game = value;
        else if (key == "legal")
            m.legal = value;
        else if (key == "status")
            m.status = value;
        else if (key == "error")
            m.error = value;
        return true;
    });
}

bool read_update(const Members& m, LiveMessage& out, std::string* why) {
    if (m.move.empty() || m.state.empty()) return fail(why, "a move update without move and state");
    if (!read_move(m.move, out, why) || !read_state(m.state, out, why)) return false;
    if (!m.legal.empty()) {
        out.legal_count = count_elements(m.legal);
        if (out.legal_count < 0) return fail(why, "a malformed legal list");
    }
    return true;
}

}  // namespace

bool parse_ws_message(std::string_view text, LiveMessage& out, std::string* why) {
    out = LiveMessage{};
    Members m;
    if (!read_members(text, m)) return fail(why, "not a JSON object");
    auto type = json::plain_string(m.type);
    if (!type) return fail(why, "no type");
    if (!m.id.empty() && !json::is_null(m.id)) {
        auto id = json::int_value(m.id);
        if (!id) return fail(why, "an id that is not an integer");
        out.id = *id;
    }
    if (*type == "move") {
        out.kind = MessageKind::Move;
        return read_update(m, out, why);
    }
    if (*type == "ack") {
        out.kind = MessageKind::Ack;
        // A move's ack carries the move; other acks only the state.
        if (!m.move.empty()) return read_update(m, out, why);
        if (m.state.empty()) return fail(why, "an ack without a state");
        return read_state(m.state, out, why);
    }
    if (*type == "game") {
        out.kind = MessageKind::Game;
        if (m.game.empty()) return fail(why, "a game message without its game");
        return read_state(m.game, out, why);
    }
    if (*type == "state") {
        out.kind = MessageKind::State;
        if (m.state.empty()) return fail(why, "a state message without its state");
        return read_state(m.state, out, why);
    }
    if (*type == "error") {
        out.kind = MessageKind::Error;
        auto status = small_int(m.status);
        if (!status) return fail(why, "an error without a status");
        out.error_status = *status;
        out.error = m.error;
        return true;
    }
    out.kind = *type == "pong" ? MessageKind::Pong : MessageKind::Other;
    return true;
}

bool parse_sse_event(std::string_view event, std::string_view data, LiveMessage& out,
                     std::string* why) {
    out = LiveMessage{};
    if (event == "move") {
        out.kind = MessageKind::Move;
        return parse_move_update(data, out, why);
    }
    if (event == "game") {
        out.kind = MessageKind::Game;
        return read_state(data, out, why);
    }
    if (event == "state") {
        out.kind = MessageKind::State;
        return read_state(data, out, why);
    }
    out.kind = MessageKind::Other;
    return true;
}

bool parse_move_update(std::string_view body, LiveMessage& out, std::string* why) {
    const MessageKind kind = out.kind;
    out = LiveMessage{};
    out.kind = kind;
    Members m;
    if (!read_members(body, m)) return fail(why, "not a JSON object");
    return read_update(m, out, why);
}

std::optional<CreatedGame> parse_created_game(std::string_view body, std::string* why) {
    CreatedGame created;
    std::string_view tokens, game;
    const bool ok = json::for_each_member(body, [&](std::string_view key, std::string_view value) {
        if (key == "id") {
            if (auto id = json::string_value(value)) created.id = std::move(*id);
        } else if (key == "tokens") {
            tokens = value;
        } else if (key == "game") {
            game = value;
        }
        return true;
    });
    if (!ok) {
        fail(why, "the answer is not a JSON object");
        return std::nullopt;
    }
    if (created.id.empty() || tokens.empty() || game.empty()) {
        fail(why, "the answer has no id, tokens or game");
        return std::nullopt;
    }
    auto white = json::member(tokens, "white");
    auto black = json::member(tokens, "black");
    auto fen = json::member(game, "fen");
    auto white_token = white ? json::string_value(*white) : std::nullopt;
    auto black_token = black ? json::string_value(*black) : std::nullopt;
    auto fen_text = fen ? json::string_value(*fen) : std::nullopt;
    if (!white_token || !black_token || !fen_text) {
        fail(why, "the answer lacks a seat token or the game's fen");
        return std::nullopt;
    }
    created.white_token = std::move(*white_token);
    created.black_token = std::move(*black_token);
    created.fen = std::move(*fen_text);
    return created;
}

}  // namespace serve_load
