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

using json::kBad;

// The raw text of the value starting at text[pos], and where it ends (kBad if malformed).
std::size_t raw_value(std::string_view text, std::size_t pos, std::string_view& raw) {
    const std::size_t end = json::skip_value(text, pos);
    if (end != kBad) raw = text.substr(pos, end - pos);
    return end;
}

// Each message is read in one pass: the members the generator wants are read where they are,
// the others skipped once (at tens of thousands of messages a second, a second pass over the
// nested objects was a tenth of the generator's CPU per move).

// MoveInfo at text[pos]: {"ply": 1, "uci": "e2e4", ...}. Its end, or kBad.
std::size_t read_move(std::string_view text, std::size_t pos, LiveMessage& out) {
    bool has_ply = false, has_uci = false;
    const std::size_t end =
        json::walk_object(text, pos, [&](std::string_view key, std::size_t value) {
            std::string_view raw;
            const std::size_t value_end = raw_value(text, value, raw);
            if (value_end == kBad) return kBad;
            if (key == "ply") {
                auto ply = small_int(raw);
                if (!ply) return kBad;
                out.move_ply = *ply;
                has_ply = true;
            } else if (key == "uci") {
                auto uci = json::plain_string(raw);
                if (!uci) return kBad;
                out.move_uci = *uci;
                has_uci = true;
            }
            return value_end;
        });
    if (end == kBad || !has_ply || !has_uci) return kBad;
    out.has_move = true;
    return end;
}

// The fields of a GameState or GameView: ply, turn, status, termination, fen.
struct State {
    bool present = false;
    int ply = 0;
    Side turn = Side::None;
    bool active = false;
    std::string_view status, termination, fen;

    void copy_to(LiveMessage& out) const {
        out.has_state = true;
        out.ply = ply;
        out.turn = turn;
        out.active = active;
        out.status = status;
        out.termination = termination;
        out.fen = fen;
    }
};

// A GameState or GameView at text[pos]. Its end, or kBad with `why`.
std::size_t read_state(std::string_view text, std::size_t pos, State& state, std::string* why) {
    bool has_ply = false, has_turn = false, has_status = false;
    const std::size_t end =
        json::walk_object(text, pos, [&](std::string_view key, std::size_t value) {
            std::string_view raw;
            const std::size_t value_end = raw_value(text, value, raw);
            if (value_end == kBad) return kBad;
            if (key == "ply") {
                auto ply = small_int(raw);
                if (!ply) return kBad;
                state.ply = *ply;
                has_ply = true;
            } else if (key == "turn") {
                auto turn = json::plain_string(raw);
                if (!turn || (*turn != "white" && *turn != "black")) return kBad;
                state.turn = *turn == "white" ? Side::White : Side::Black;
                has_turn = true;
            } else if (key == "status") {
                auto status = json::plain_string(raw);
                if (!status) return kBad;
                state.status = *status;
                state.active = *status == "active";
                has_status = true;
            } else if (key == "termination") {
                state.termination = raw;
            } else if (key == "fen") {
                auto fen = json::plain_string(raw);
                if (!fen) return kBad;
                state.fen = *fen;
            }
            return value_end;
        });
    if (end == kBad) {
        fail(why, "a malformed game state");
        return kBad;
    }
    if (!has_ply || !has_turn || !has_status) {
        fail(why, "a game state without ply, turn and status");
        return kBad;
    }
    state.present = true;
    return end;
}

// The number of elements of the array at text[pos] (each a well-formed value); its end.
std::size_t count_elements(std::string_view text, std::size_t pos, int& count) {
    count = 0;
    return json::walk_array(text, pos, [&](std::size_t element) {
        ++count;
        return json::skip_value(text, element);
    });
}

// The members of a message: a MoveUpdate ({"move", "state", "legal"}), a WebSocket message
// carrying one or a game ({"type", "id", "game"}), an ack, an error ({"status", "error"}).
// The nested objects are read as they are met (whatever the message's type, so the order of
// the members does not matter); the rest is kept raw.
struct Members {
    std::string_view type, id, status, error;
    bool has_move = false, has_legal = false;
    State state, game;
    LiveMessage move;  // move_ply, move_uci
    int legal_count = -1;
};

bool read_members(std::string_view text, Members& m, std::string* why) {
    std::string nested_why;
    const std::size_t end =
        json::walk_object(text, 0, [&](std::string_view key, std::size_t value) -> std::size_t {
            if (key == "move") {
                m.has_move = true;
                const std::size_t move_end = read_move(text, value, m.move);
                if (move_end == kBad) nested_why = "a move without a ply and a uci";
                return move_end;
            }
            if (key == "state") return read_state(text, value, m.state, &nested_why);
            if (key == "game") return read_state(text, value, m.game, &nested_why);
            if (key == "legal") {
                m.has_legal = true;
                const std::size_t legal_end = count_elements(text, value, m.legal_count);
                if (legal_end == kBad) nested_why = "a malformed legal list";
                return legal_end;
            }
            std::string_view raw;
            const std::size_t value_end = raw_value(text, value, raw);
            if (key == "type")
                m.type = raw;
            else if (key == "id")
                m.id = raw;
            else if (key == "status")
                m.status = raw;
            else if (key == "error")
                m.error = raw;
            return value_end;
        });
    if (end == kBad) return fail(why, nested_why.empty() ? "not a JSON object" : nested_why);
    if (json::detail::skip_space(text, end) != text.size())
        return fail(why, "text after the JSON object");
    return true;
}

bool read_update(const Members& m, LiveMessage& out, std::string* why) {
    if (!m.has_move || !m.state.present) return fail(why, "a move update without move and state");
    out.has_move = true;
    out.move_ply = m.move.move_ply;
    out.move_uci = m.move.move_uci;
    m.state.copy_to(out);
    out.legal_count = m.has_legal ? m.legal_count : -1;
    return true;
}

}  // namespace

bool parse_ws_message(std::string_view text, LiveMessage& out, std::string* why) {
    out = LiveMessage{};
    Members m;
    if (!read_members(text, m, why)) return false;
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
        if (m.has_move) return read_update(m, out, why);
        if (!m.state.present) return fail(why, "an ack without a state");
        m.state.copy_to(out);
        return true;
    }
    if (*type == "game") {
        out.kind = MessageKind::Game;
        if (!m.game.present) return fail(why, "a game message without its game");
        m.game.copy_to(out);
        return true;
    }
    if (*type == "state") {
        out.kind = MessageKind::State;
        if (!m.state.present) return fail(why, "a state message without its state");
        m.state.copy_to(out);
        return true;
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

namespace {

// A whole GameState or GameView as the message.
bool read_whole_state(std::string_view text, LiveMessage& out, std::string* why) {
    State state;
    const std::size_t end = read_state(text, 0, state, why);
    if (end == kBad) return false;
    if (json::detail::skip_space(text, end) != text.size())
        return fail(why, "text after the JSON object");
    state.copy_to(out);
    return true;
}

}  // namespace

bool parse_sse_event(std::string_view event, std::string_view data, LiveMessage& out,
                     std::string* why) {
    out = LiveMessage{};
    if (event == "move") {
        out.kind = MessageKind::Move;
        return parse_move_update(data, out, why);
    }
    if (event == "game") {
        out.kind = MessageKind::Game;
        return read_whole_state(data, out, why);
    }
    if (event == "state") {
        out.kind = MessageKind::State;
        return read_whole_state(data, out, why);
    }
    out.kind = MessageKind::Other;
    return true;
}

bool parse_move_update(std::string_view body, LiveMessage& out, std::string* why) {
    const MessageKind kind = out.kind;
    out = LiveMessage{};
    out.kind = kind;
    Members m;
    if (!read_members(body, m, why)) return false;
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
