#include "http/views.hpp"

#include <cctype>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "chess960/fen.hpp"
#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"
#include "common/words.hpp"
#include "games/live_game.hpp"
#include "http/error_codes.hpp"
#include "http/json_writer.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// JSON text; bytes that are not UTF-8 become U+FFFD instead of making the dump throw.
std::string to_text(const Json& j) {
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json move_json(const Position& before, Move m) {
    Json j = {{"uci", to_uci(before, m, CastlingMode::Chess960)},
              {"from", square_name(m.from())},
              {"to", square_name(m.to())}};
    if (m.is_castling()) {
        const CastlingSide side = before.castling_side(m);
        const Color us = before.side_to_move();
        j["castle"] = side == GSide ? "g" : "c";
        j["kingFrom"] = square_name(m.from());
        j["kingTo"] = square_name(king_castling_destination(us, side));
        j["rookFrom"] = square_name(m.to());
        j["rookTo"] = square_name(rook_castling_destination(us, side));
    } else {
        for (const char* key : {"castle", "kingFrom", "kingTo", "rookFrom", "rookTo"})
            j[key] = nullptr;
    }
    return j;
}

std::string promotion_letter(Move m) {
    return std::string(1, char(std::tolower(piece_char(make_piece(White, m.promotion())))));
}

Json promotion_json(Move m) {
    if (!m.is_promotion()) return nullptr;
    return promotion_letter(m);
}

// One move: UCI (king takes rook), squares, castling's king and rook squares, SAN, the FEN
// after. With `ply` (1 = the game's first move) it adds "ply" and "promotion", as move updates
// carry them; the whole-game view's moves go without.
void write_move_info(JsonWriter& w, const MoveInfo& info, std::optional<int> ply) {
    const Move move = info.move;
    w.begin_object();
    w.key("uci").string(info.uci);
    w.key("from").string(square_name(move.from()));
    w.key("to").string(square_name(move.to()));
    if (info.castling) {
        w.key("castle").string(info.castling->side == GSide ? "g" : "c");
        w.key("kingFrom").string(square_name(move.from()));
        w.key("kingTo").string(square_name(info.castling->king_to));
        w.key("rookFrom").string(square_name(move.to()));
        w.key("rookTo").string(square_name(info.castling->rook_to));
    } else {
        for (const char* key : {"castle", "kingFrom", "kingTo", "rookFrom", "rookTo"})
            w.key(key).null();
    }
    w.key("san").string(info.san);
    w.key("fen").string(info.fen);
    if (ply) {
        w.key("ply").number(*ply);
        w.key("promotion");
        if (move.is_promotion())
            w.string(promotion_letter(move));
        else
            w.null();
    }
    w.end_object();
}

// The GameState members (docs/live.md), into an object the caller has begun.
void write_state(JsonWriter& w, const GameState& s) {
    const Position& pos = s.position;
    w.key("id").string(s.id);
    w.key("ply").number(s.ply);
    w.key("fen").string(write_fen(pos));
    w.key("turn").string(color_name(pos.side_to_move()));
    w.key("status").string(status_word(s.status));
    w.key("result").string(result_string(s.outcome.result));
    w.key("termination")
        .string_or_null(s.status == GameStatus::Aborted ? kAbortedWord
                                                        : termination_word(s.outcome.termination));
    w.key("reason").string(s.reason);
    w.key("check");
    if (pos.in_check())
        w.string(square_name(pos.king_square(pos.side_to_move())));
    else
        w.null();
    w.key("lastMove");
    if (s.last_move) {
        w.begin_object();
        w.key("from").string(square_name(s.last_move->from()));
        w.key("to").string(square_name(s.last_move->to()));
        w.end_object();
    } else {
        w.null();
    }
    w.key("clock");
    if (const auto& clock = s.clock) {
        w.begin_object();
        w.key("white").number(clock->white);
        w.key("black").number(clock->black);
        w.key("initial").number(clock->initial);
        w.key("increment").number(clock->increment);
        w.key("running").string_or_null(clock->running ? color_name(*clock->running) : nullptr);
        w.key("at").number(clock->at);
        // Correspondence: the days each move gets (docs/live.md).
        if (clock->per_move > 0 && clock->per_move % 86'400'000 == 0)
            w.key("daysPerMove").number(clock->per_move / 86'400'000);
        w.end_object();
    } else {
        w.null();
    }
    w.key("drawOffer").string_or_null(s.draw_offer ? color_name(*s.draw_offer) : nullptr);
    w.key("takeback").string_or_null(s.takeback ? color_name(*s.takeback) : nullptr);
    w.key("claimable").begin_object();
    w.key("threefold").boolean(s.threefold);
    w.key("fifty").boolean(s.fifty);
    w.end_object();
    w.key("thinking").boolean(s.thinking);
}

void write_legal_uci(JsonWriter& w, const GameState& s) {
    w.begin_array();
    if (s.active()) {
        const Position& pos = s.position;
        for (Move m : pos.legal_moves()) w.string(to_uci(pos, m, CastlingMode::Chess960));
    }
    w.end_array();
}

const char* update_name(GameUpdate::Kind kind) {
    switch (kind) {
        case GameUpdate::Kind::Move:
            return "move";
        case GameUpdate::Kind::Takeback:
            return "takeback";
        case GameUpdate::Kind::State:
            break;
    }
    return "state";
}

}  // namespace

std::string state_json(const GameState& state) {
    std::string out;
    out.reserve(512);
    JsonWriter w(out);
    w.begin_object();
    write_state(w, state);
    w.end_object();
    return out;
}

std::string view_json(const GameView& v) {
    std::string out;
    out.reserve(1024 + 160 * v.moves.size());
    JsonWriter w(out);
    w.begin_object();
    w.key("legal");
    write_legal_uci(w, v.state);
    w.key("moves").begin_array();
    for (const MoveInfo& info : v.moves) write_move_info(w, info, std::nullopt);
    w.end_array();
    write_state(w, v.state);
    w.key("createdAt").number(v.created_at);
    w.key("updatedAt").number(v.updated_at);
    w.key("opponent").string(v.opponent);
    w.key("level");
    if (v.level)
        w.number(*v.level);
    else
        w.null();
    w.key("engineColor").string_or_null(v.engine_color ? color_name(*v.engine_color) : nullptr);
    w.key("white").string(v.names[White]);
    w.key("black").string(v.names[Black]);
    const bool is_double = v.start_black_number.has_value();
    w.key("startNumber");
    if (v.start_number && !is_double)
        w.number(*v.start_number);
    else
        w.null();
    w.key("startNumbers");
    if (v.start_number) {
        w.begin_object();
        w.key("white").number(*v.start_number);
        w.key("black").number(v.start_black_number.value_or(*v.start_number));
        w.end_object();
    } else {
        w.null();
    }
    w.key("initialFen").string(v.initial_fen);
    w.key("you").string_or_null(v.you ? color_name(*v.you) : nullptr);
    // What names the game on its page (docs/openapi.yaml, GameView).
    w.key("rated").boolean(v.origin.rated);
    w.key("speed").string(rating::name(v.speed));
    w.key("event");
    if (const auto& event = v.origin.event) {
        w.begin_object();
        w.key("id").string(event->id);
        w.key("name").string(event->name);
        w.key("round").number(event->round);
        w.end_object();
    } else {
        w.null();
    }
    w.end_object();
    return out;
}

std::string update_json(const GameUpdate& update) {
    std::string out;
    out.reserve(1024);
    JsonWriter w(out);
    w.begin_object();
    if (update.kind == GameUpdate::Kind::Move && update.move) {
        w.key("move");
        write_move_info(w, *update.move, update.ply);
    } else if (update.kind == GameUpdate::Kind::Takeback) {
        w.key("ply").number(update.ply);
    }
    w.key("state").begin_object();
    write_state(w, update.state);
    w.end_object();
    if (update.kind != GameUpdate::Kind::State) {
        w.key("legal");
        write_legal_uci(w, update.state);
    }
    w.end_object();
    return out;
}

const LiveTexts& texts(const GameUpdate& update) {
    return update.texts.get([&] {
        LiveTexts t;
        const char* name = update_name(update.kind);
        t.json = update_json(update);
        t.message = with_type(name, std::nullopt, t.json);
        t.sse = sse_chunk(name, t.message);
        return t;
    });
}

const LiveTexts& texts(const RoomChange& room) {
    return room.texts.get([&] {
        LiveTexts t;
        t.json = room_json(room.room);
        t.message =
            "{\"type\":\"room\",\"id\":" + json_string(room.game_id) + ",\"room\":" + t.json + "}";
        t.sse = sse_chunk("room", t.message);
        return t;
    });
}

LiveTexts game_texts(const GameView& view, std::optional<std::int64_t> id) {
    LiveTexts t;
    t.json = view_json(view);
    t.message = "{\"type\":\"game\",";
    if (id) t.message += "\"id\":" + std::to_string(*id) + ",";
    t.message += "\"game\":" + t.json + "}";
    t.sse = sse_chunk("game", t.json);
    return t;
}

std::string legal_moves_json(const GameState& state) {
    Json moves = Json::array();
    if (state.active()) {
        const Position& pos = state.position;
        for (Move m : pos.legal_moves()) {
            Json j = move_json(pos, m);
            j["san"] = to_san(pos, m);
            j["promotion"] = promotion_json(m);
            j.erase("kingFrom");
            moves.push_back(std::move(j));
        }
    }
    return to_text(Json{{"moves", moves}});
}

std::string created_json(const CreatedGame& created) {
    Json tokens = Json::object();
    if (!created.tokens[White].empty()) tokens["white"] = created.tokens[White];
    if (!created.tokens[Black].empty()) tokens["black"] = created.tokens[Black];
    std::string text = Json{{"id", created.id}, {"tokens", tokens}}.dump();
    text.insert(1, "\"game\":" + view_json(created.view) + ",");
    return text;
}

std::string recent_json(const std::vector<GameRow>& rows) {
    Json list = Json::array();
    for (const GameRow& row : rows) {
        const bool is_double = row.start_black_number.has_value();
        const bool aborted = row.termination && *row.termination == kAbortedWord;
        list.push_back(Json{{"id", row.id},
                            {"white", player_name(row, White)},
                            {"black", player_name(row, Black)},
                            {"opponent", row.opponent},
                            {"startNumber", row.start_number && !is_double ? Json(*row.start_number)
                                                                           : Json(nullptr)},
                            {"result", row.result},
                            {"status", row.in_play() ? "active"
                                       : aborted     ? "aborted"
                                                     : "over"},
                            {"plies", row.plies},
                            {"created", row.created_at},
                            {"updated", row.updated_at}});
    }
    return to_text(Json{{"games", list}});
}

std::string ticket_json(const Ticket& ticket) {
    return Json{{"ticket", ticket.value}, {"expiresIn", ticket.lifetime / 1000}}.dump();
}

std::string room_json(const RoomView& room) {
    std::string out;
    JsonWriter w(out);
    w.begin_object();
    for (Color c : {White, Black}) {
        const RoomView::Seat& s = room.seats[c];
        w.key(color_name(c)).begin_object();
        w.key("name");
        if (s.name)
            w.string(*s.name);
        else
            w.null();
        w.key("joined").boolean(s.joined);
        w.key("connected").boolean(s.connected);
        w.end_object();
    }
    const Rematch& rematch = room.rematch;
    w.key("rematch").begin_object();
    w.key("offeredBy")
        .string_or_null(rematch.offered_by ? color_name(*rematch.offered_by) : nullptr);
    w.key("newPosition").boolean(rematch.new_position);
    w.key("gameId");
    if (rematch.game_id.empty())
        w.null();
    else
        w.string(rematch.game_id);
    w.end_object();
    w.end_object();
    return out;
}

std::string analysis_json(const Analysis& a) {
    const Position& root = a.position;
    Json pv = Json::array();
    Position pos = root;
    for (Move m : a.line) {
        pv.push_back(
            Json{{"uci", to_uci(pos, m, CastlingMode::Chess960)}, {"san", to_san(pos, m)}});
        pos.play(m);
    }
    Json score;
    if (a.score.winner)
        score = Json{{"mate", a.score.mate.value_or(0)}, {"winner", color_name(*a.score.winner)}};
    else if (a.score.mate)
        score = Json{{"mate", *a.score.mate}};
    else
        score = Json{{"cp", a.score.cp.value_or(0)}};
    return Json{
        {"fen", write_fen(root)},
        {"depth", a.depth},
        {"score", score},
        {"best", a.best ? Json(to_uci(root, *a.best, CastlingMode::Chess960)) : Json(nullptr)},
        {"pv", pv},
        {"nodes", a.nodes}}
        .dump();
}

std::string with_type(const char* type, std::optional<std::int64_t> id, const std::string& body) {
    std::string text = std::string("{\"type\":\"") + type + "\",";
    if (id) text += "\"id\":" + std::to_string(*id) + ",";
    text.append(body, 1);
    return text;
}

std::string error_json(const std::string& message) { return to_text(Json{{"error", message}}); }

std::string error_json(const ApiError& error) {
    Json out = Json::object();
    add_error_fields(out, error);
    return to_text(out);
}

std::string http_chunk(std::string_view data) {
    char size[20];
    const int length = std::snprintf(size, sizeof size, "%zx\r\n", data.size());
    std::string text;
    text.reserve(std::size_t(length) + data.size() + 2);
    text.append(size, std::size_t(length)).append(data).append("\r\n");
    return text;
}

std::string sse_chunk(std::string_view name, std::string_view data) {
    std::string event;
    event.reserve(name.size() + data.size() + 16);
    event.append("event: ").append(name).append("\ndata: ").append(data).append("\n\n");
    return http_chunk(event);
}

}  // namespace chess960::server
