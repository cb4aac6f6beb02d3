#include "http/views.hpp"

#include <cctype>
#include <nlohmann/json.hpp>

#include "chess960/fen.hpp"
#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"
#include "http/json_writer.hpp"
#include "games/live_game.hpp"
#include "http/requests.hpp"
#include "games/words.hpp"

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

Json promotion_json(Move m) {
    if (!m.is_promotion()) return nullptr;
    return std::string(1, char(std::tolower(piece_char(make_piece(White, m.promotion())))));
}

std::string promotion_letter(Move m) {
    return std::string(1, char(std::tolower(piece_char(make_piece(White, m.promotion())))));
}

// The GameState members (docs/live.md), into an object the caller has begun.
void write_state(JsonWriter& w, const LiveGame& g, Millis now) {
    const OnlineGame& play = g.play;
    const Position& pos = play.position();
    const Outcome outcome = play.outcome();
    const GameStatus status = play.status();
    w.key("id").string(g.row.id);
    w.key("ply").number(play.ply());
    w.key("fen").string(write_fen(pos));
    w.key("turn").string(color_name(pos.side_to_move()));
    w.key("status").string(status_word(status));
    w.key("result").string(result_string(outcome.result));
    w.key("termination")
        .string_or_null(status == GameStatus::Aborted ? kAbortedWord
                                                      : termination_word(outcome.termination));
    w.key("reason").string(describe(play));
    w.key("check");
    if (pos.in_check())
        w.string(square_name(pos.king_square(pos.side_to_move())));
    else
        w.null();
    w.key("lastMove");
    if (play.ply() > 0) {
        const Move last = play.game().moves().back();
        w.begin_object();
        w.key("from").string(square_name(last.from()));
        w.key("to").string(square_name(last.to()));
        w.end_object();
    } else {
        w.null();
    }
    w.key("clock");
    if (const auto& clock = play.clock()) {
        const auto running = clock->running();
        w.begin_object();
        w.key("white").number(clock->remaining(White, now));
        w.key("black").number(clock->remaining(Black, now));
        w.key("initial").number(clock->control().initial);
        w.key("increment").number(clock->control().increment);
        w.key("running").string_or_null(running ? color_name(*running) : nullptr);
        w.key("at").number(now);
        w.end_object();
    } else {
        w.null();
    }
    w.key("drawOffer").string_or_null(play.draw_offer() ? color_name(*play.draw_offer()) : nullptr);
    w.key("takeback")
        .string_or_null(play.takeback_request() ? color_name(*play.takeback_request()) : nullptr);
    const bool active = status == GameStatus::Active;
    auto claim = active ? play.game().claimable_draw() : std::nullopt;
    w.key("claimable").begin_object();
    w.key("threefold").boolean(claim.has_value() && play.game().repetition_count() >= 3);
    w.key("fifty").boolean(claim.has_value() && pos.halfmove_clock() >= 100);
    w.end_object();
    w.key("thinking").boolean(g.thinking);
}

void write_legal_uci(JsonWriter& w, const LiveGame& g) {
    w.begin_array();
    if (g.play.is_active()) {
        const Position& pos = g.play.position();
        for (Move m : pos.legal_moves()) w.string(to_uci(pos, m, CastlingMode::Chess960));
    }
    w.end_array();
}

}  // namespace

MoveText move_text(const Position& before, Move move) {
    MoveText text;
    text.uci = to_uci(before, move, CastlingMode::Chess960);
    text.san = to_san(before, move);
    text.fen = write_fen(before.after(move));
    return text;
}

std::string move_info_json(const Position& before, Move move, const MoveText& text,
                           std::optional<int> ply) {
    std::string out;
    out.reserve(256);
    JsonWriter w(out);
    w.begin_object();
    w.key("uci").string(text.uci);
    w.key("from").string(square_name(move.from()));
    w.key("to").string(square_name(move.to()));
    if (move.is_castling()) {
        const CastlingSide side = before.castling_side(move);
        const Color us = before.side_to_move();
        w.key("castle").string(side == GSide ? "g" : "c");
        w.key("kingFrom").string(square_name(move.from()));
        w.key("kingTo").string(square_name(king_castling_destination(us, side)));
        w.key("rookFrom").string(square_name(move.to()));
        w.key("rookTo").string(square_name(rook_castling_destination(us, side)));
    } else {
        for (const char* key : {"castle", "kingFrom", "kingTo", "rookFrom", "rookTo"})
            w.key(key).null();
    }
    w.key("san").string(text.san);
    w.key("fen").string(text.fen);
    if (ply) {
        w.key("ply").number(*ply);
        w.key("promotion");
        if (move.is_promotion())
            w.string(promotion_letter(move));
        else
            w.null();
    }
    w.end_object();
    return out;
}

std::string state_json(const LiveGame& game, Millis now) {
    std::string out;
    out.reserve(512);
    JsonWriter w(out);
    w.begin_object();
    write_state(w, game, now);
    w.end_object();
    return out;
}

std::string view_json(const LiveGame& g, std::optional<Color> you, Millis now) {
    std::string out;
    std::size_t size = 1024;
    for (const std::string& text : g.move_texts) size += text.size() + 1;
    out.reserve(size);
    JsonWriter w(out);
    w.begin_object();
    w.key("legal");
    write_legal_uci(w, g);
    w.key("moves").begin_array();
    for (const std::string& text : g.move_texts) w.raw(text);
    w.end_array();
    write_state(w, g, now);
    const GameRow& row = g.row;
    w.key("createdAt").number(row.created_at);
    w.key("updatedAt").number(row.updated_at);
    w.key("opponent").string(row.opponent);
    w.key("level");
    if (row.level)
        w.number(*row.level);
    else
        w.null();
    w.key("engineColor").string_or_null(g.engine_color ? color_name(*g.engine_color) : nullptr);
    w.key("white").string(g.player_name(White));
    w.key("black").string(g.player_name(Black));
    const bool is_double = row.start_black_number.has_value();
    w.key("startNumber");
    if (row.start_number && !is_double)
        w.number(*row.start_number);
    else
        w.null();
    w.key("startNumbers");
    if (row.start_number) {
        w.begin_object();
        w.key("white").number(*row.start_number);
        w.key("black").number(row.start_black_number.value_or(*row.start_number));
        w.end_object();
    } else {
        w.null();
    }
    w.key("initialFen").string(row.initial_fen);
    w.key("you").string_or_null(you ? color_name(*you) : nullptr);
    w.end_object();
    return out;
}

namespace {

// A change's answer and event: what changed (`head` writes its members), then the game's state
// and legal moves after it.
template <typename Head>
std::string update_json(const LiveGame& g, Millis now, Head&& head) {
    std::string out;
    out.reserve(1024);
    JsonWriter w(out);
    w.begin_object();
    head(w);
    w.key("state").begin_object();
    write_state(w, g, now);
    w.end_object();
    w.key("legal");
    write_legal_uci(w, g);
    w.end_object();
    return out;
}

}  // namespace

std::string move_update_json(const LiveGame& g, Millis now, const std::string& move_info) {
    return update_json(g, now, [&](JsonWriter& w) { w.key("move").raw(move_info); });
}

std::string takeback_update_json(const LiveGame& g, int ply, Millis now) {
    return update_json(g, now, [&](JsonWriter& w) { w.key("ply").number(ply); });
}

std::string legal_moves_json(const LiveGame& g) {
    Json moves = Json::array();
    if (g.play.is_active()) {
        const Position& pos = g.play.position();
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

}  // namespace chess960::server
