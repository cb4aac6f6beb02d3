#include "http/event_views.hpp"

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "events/service.hpp"
#include "games/words.hpp"
#include "http/views.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

Json clock_json(const EventRow& e) {
    if (!e.clock_initial_ms) return nullptr;
    // Seconds, as a game's creation takes them (CreateGame.clock).
    return Json{{"initial", double(*e.clock_initial_ms) / 1000},
                {"increment", double(e.clock_increment_ms.value_or(0)) / 1000}};
}

Json parameters_json(const EventRow& e) {
    return Json{{"name", e.name},           {"rounds", e.rounds},
                {"exclude", e.excluded},    {"allowRepeats", e.allow_repeats},
                {"double960", e.double960}, {"clock", clock_json(e)}};
}

Json verification_json(const Verified& verified, const StoredEvent& stored) {
    const event::Verification& v = verified.verification;
    Json rounds = Json::array();
    for (const event::RoundCheck& check : v.rounds) {
        if (!check.played) continue;  // a round the event did not reach
        Json r{{"round", check.draw.round},
               {"number", check.draw.white},
               {"entropy", check.entropy},
               {"played", check.played->white},
               {"matches", check.played_matches}};
        if (stored.event.double960) {
            r["blackNumber"] = check.draw.black;
            r["playedBlack"] = check.played->black;
        }
        rounds.push_back(r);
    }
    return Json{{"ok", v.ok()},
                {"commitmentMatches", v.commitment_matches},
                {"secretHash", v.secret_hash},
                {"rounds", rounds},
                {"problems", v.problems},
                {"command", verified.command}};
}

Json standings_json(const std::vector<Standing>& table) {
    Json list = Json::array();
    for (const Standing& s : table)
        list.push_back(Json{{"rank", s.rank},
                            {"name", s.name},
                            {"points", s.points()},
                            {"sonnebornBerger", s.sonneborn_berger()},
                            {"played", s.played},
                            {"wins", s.wins},
                            {"draws", s.draws},
                            {"losses", s.losses}});
    return list;
}

}  // namespace

Json start_position_json(int white_number, int black_number) {
    Json j{{"number", white_number},
           {"fen", write_fen(startpos::position(white_number, black_number).value())},
           {"backRank", startpos::to_string(startpos::back_rank(white_number).value())}};
    if (black_number != white_number) {
        j["blackNumber"] = black_number;
        j["blackBackRank"] = startpos::to_string(startpos::back_rank(black_number).value());
    }
    return j;
}

Json event_json(const EventView& view_of) {
    const StoredEvent& stored = view_of.stored;
    const EventRow& e = stored.event;
    const auto& games = view_of.games;
    const auto& token = view_of.organiser_token;
    Json rounds = Json::array();
    for (const EventRoundRow& round : stored.rounds) {
        Json boards = Json::array();
        for (const EventBoardRow& board : round.boards) {
            Json b{{"board", board.board},
                   {"white", board.white_name},
                   {"black", board.black_name},
                   {"gameId", nullptr},
                   {"game", nullptr}};
            // A game's id says nothing of the position, but its game only exists from the
            // round's start: before that the id would lead nowhere.
            if (round.started()) {
                b["gameId"] = board.game_id;
                if (auto it = games.find(board.game_id); it != games.end())
                    b["game"] = Json::parse(state_json(it->second));
            }
            if (token)
                b["seats"] = Json{
                    {"white", event_seat_token(*token, e.id, round.round, board.board, White)},
                    {"black", event_seat_token(*token, e.id, round.round, board.board, Black)}};
            boards.push_back(b);
        }
        // The position only from the reveal: before it, nothing here depends on the draw.
        Json position = nullptr;
        if (round.revealed() && round.white_number)
            position = start_position_json(*round.white_number,
                                           round.black_number.value_or(*round.white_number));
        rounds.push_back(Json{{"round", round.round},
                              {"entropy", round.entropy},
                              {"revealAt", round.reveal_at},
                              {"startAt", round.start_at},
                              {"revealed", round.revealed()},
                              {"started", round.started()},
                              {"position", position},
                              {"boards", boards}});
    }
    Json view{{"id", e.id},
              {"parameters", parameters_json(e)},
              {"commitment", e.commitment},
              {"status", e.closed_at ? "closed" : "open"},
              {"createdAt", e.created_at},
              {"closedAt", e.closed_at ? Json(*e.closed_at) : Json(nullptr)},
              {"now", view_of.now},
              {"rounds", rounds},
              {"standings", standings_json(view_of.standings)},
              {"secret", nullptr},
              {"verification", nullptr},
              {"organiser", token.has_value()}};
    if (e.closed_at && view_of.verified) {
        view["secret"] = e.secret;
        view["verification"] = verification_json(*view_of.verified, stored);
    }
    return view;
}

std::string event_text(const EventView& view) {
    return event_json(view).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string created_event_json(const CreatedEvent& created) {
    std::string text = Json{{"id", created.id}, {"organiserToken", created.organiser_token}}.dump();
    text.insert(1, "\"event\":" + event_text(created.view) + ",");
    return text;
}

std::string seat_json(const SeatView& seat) {
    return Json{{"eventId", seat.event_id},
                {"name", seat.name},
                {"round", seat.round},
                {"board", seat.board},
                {"color", color_name(seat.color)},
                {"you", seat.you},
                {"opponent", seat.opponent},
                {"revealAt", seat.reveal_at},
                {"startAt", seat.start_at},
                {"revealed", seat.revealed},
                {"started", seat.started},
                {"gameId", seat.started ? Json(seat.game_id) : Json(nullptr)},
                {"now", seat.now}}
        .dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string event_pgn(const std::vector<pgn::GameRecord>& records) {
    std::string text;
    for (const pgn::GameRecord& record : records) {
        if (!text.empty()) text += "\n";
        text += pgn::write_game(record);
    }
    return text;
}

}  // namespace chess960::server
