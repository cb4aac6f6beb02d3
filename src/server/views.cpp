#include "server/views.hpp"

#include <cctype>
#include <nlohmann/json.hpp>

#include "chess960/fen.hpp"
#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"
#include "server/live_game.hpp"
#include "server/words.hpp"

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

Json state(const LiveGame& g, Millis now) {
    const OnlineGame& play = g.play;
    const Position& pos = play.position();
    const Outcome outcome = play.outcome();
    const GameStatus status = play.status();
    Json v;
    v["id"] = g.row.id;
    v["ply"] = play.ply();
    v["fen"] = write_fen(pos);
    v["turn"] = color_name(pos.side_to_move());
    v["status"] = status_word(status);
    v["result"] = result_string(outcome.result);
    const char* word =
        status == GameStatus::Aborted ? kAbortedWord : termination_word(outcome.termination);
    v["termination"] = word ? Json(word) : Json(nullptr);
    v["reason"] = describe(play);
    v["check"] =
        pos.in_check() ? Json(square_name(pos.king_square(pos.side_to_move()))) : Json(nullptr);
    if (play.ply() > 0) {
        const Move last = play.game().moves().back();
        v["lastMove"] = {{"from", square_name(last.from())}, {"to", square_name(last.to())}};
    } else {
        v["lastMove"] = nullptr;
    }
    if (const auto& clock = play.clock()) {
        const auto running = clock->running();
        v["clock"] = {{"white", clock->remaining(White, now)},
                      {"black", clock->remaining(Black, now)},
                      {"initial", clock->control().initial},
                      {"increment", clock->control().increment},
                      {"running", running ? Json(color_name(*running)) : Json(nullptr)},
                      {"at", now}};
    } else {
        v["clock"] = nullptr;
    }
    v["drawOffer"] = play.draw_offer() ? Json(color_name(*play.draw_offer())) : Json(nullptr);
    const bool active = status == GameStatus::Active;
    auto claim = active ? play.game().claimable_draw() : std::nullopt;
    v["claimable"] = {{"threefold", claim.has_value() && play.game().repetition_count() >= 3},
                      {"fifty", claim.has_value() && pos.halfmove_clock() >= 100}};
    v["thinking"] = g.thinking;
    return v;
}

std::string legal_uci_json(const LiveGame& g) {
    std::string out = "[";
    if (g.play.is_active()) {
        const Position& pos = g.play.position();
        bool first = true;
        for (Move m : pos.legal_moves()) {
            if (!first) out += ',';
            first = false;
            out += '"';
            out += to_uci(pos, m, CastlingMode::Chess960);
            out += '"';
        }
    }
    out += ']';
    return out;
}

}  // namespace

std::string move_info_json(const Position& before, Move move, const Position& after,
                           std::optional<int> ply) {
    Json j = move_json(before, move);
    j["san"] = to_san(before, move);
    j["fen"] = write_fen(after);
    if (ply) {
        j["ply"] = *ply;
        j["promotion"] = promotion_json(move);
    }
    return to_text(j);
}

std::string state_json(const LiveGame& game, Millis now) { return to_text(state(game, now)); }

std::string view_json(const LiveGame& g, std::optional<Color> you, Millis now) {
    Json v = state(g, now);
    v["createdAt"] = g.row.created_at;
    v["updatedAt"] = g.row.updated_at;
    v["opponent"] = g.row.opponent;
    v["level"] = g.row.level ? Json(*g.row.level) : Json(nullptr);
    v["engineColor"] = g.engine_color ? Json(color_name(*g.engine_color)) : Json(nullptr);
    v["white"] = g.player_name(White);
    v["black"] = g.player_name(Black);
    const bool is_double = g.row.start_black_number.has_value();
    v["startNumber"] = g.row.start_number && !is_double ? Json(*g.row.start_number) : Json(nullptr);
    v["startNumbers"] =
        g.row.start_number ? Json{{"white", *g.row.start_number},
                                  {"black", g.row.start_black_number.value_or(*g.row.start_number)}}
                           : Json(nullptr);
    v["initialFen"] = g.row.initial_fen;
    v["you"] = you ? Json(color_name(*you)) : Json(nullptr);
    // The moves, kept as text, and the legal moves go in front of the other fields.
    std::string text = to_text(v);
    std::string moves = "\"legal\":" + legal_uci_json(g) + ",\"moves\":[";
    for (std::size_t i = 0; i < g.move_texts.size(); ++i) {
        if (i) moves += ',';
        moves += g.move_texts[i];
    }
    moves += "],";
    text.insert(1, moves);
    return text;
}

std::string move_update_json(const LiveGame& g, Millis now) {
    const Game& game = g.play.game();
    const int ply = game.ply_count() - 1;
    std::string text = "{\"move\":";
    text += move_info_json(game.position_at(ply), game.moves()[std::size_t(ply)],
                           game.position_at(ply + 1), ply + 1);
    text += ",\"state\":" + state_json(g, now) + ",\"legal\":" + legal_uci_json(g) + "}";
    return text;
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

std::string error_json(const std::string& message) { return to_text(Json{{"error", message}}); }

}  // namespace chess960::server
