#include "http/event_views.hpp"

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"

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

std::vector<ScoredGame> scored_games(const StoredEvent& stored, const GameStates& games) {
    std::vector<ScoredGame> scored;
    for (const EventRoundRow& round : stored.rounds)
        for (const EventBoardRow& board : round.boards) {
            std::string result = "*";
            if (round.started())
                if (auto it = games.find(board.game_id); it != games.end())
                    result = it->second.value("result", "*");
            scored.push_back(ScoredGame{board.white_name, board.black_name, result});
        }
    return scored;
}

Json event_json(const StoredEvent& stored, const GameStates& games, Millis now,
                const Verified* verified, const SeatTokens* seats) {
    const EventRow& e = stored.event;
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
                if (auto it = games.find(board.game_id); it != games.end()) b["game"] = it->second;
            }
            if (seats) {
                auto [white, black] = (*seats)(round.round, board.board);
                b["seats"] = Json{{"white", white}, {"black", black}};
            }
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
              {"now", now},
              {"rounds", rounds},
              {"standings", standings_json(standings(scored_games(stored, games)))},
              {"secret", nullptr},
              {"verification", nullptr},
              {"organiser", seats != nullptr}};
    if (e.closed_at && verified) {
        view["secret"] = e.secret;
        view["verification"] = verification_json(*verified, stored);
    }
    return view;
}

}  // namespace chess960::server
