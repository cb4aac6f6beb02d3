#include "http/event_views.hpp"

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "common/words.hpp"
#include "events/service.hpp"
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

Json player_json(const EventPlayerRow& p) {
    return Json{{"number", p.number},
                {"name", p.name},
                {"rating", p.rating ? Json(*p.rating) : Json(nullptr)},
                {"title", p.title},
                {"federation", p.federation},
                {"fideId", p.fide_id},
                {"joinedRound", p.joined_round},
                {"latePoints", p.late_points / 10.0},
                {"withdrawnAfter", p.withdrawn_after ? Json(*p.withdrawn_after) : Json(nullptr)},
                {"account",
                 p.account_id && !p.account_name.empty() ? Json(p.account_name) : Json(nullptr)}};
}

const char* bye_name(char kind) { return kind == 'U' ? "pairing" : kind == 'H' ? "half" : "zero"; }

Json issues_json(const std::vector<PairingIssue>& issues) {
    Json list = Json::array();
    for (const PairingIssue& i : issues)
        list.push_back(Json{
            {"code", i.code}, {"rule", i.rule}, {"message", i.message}, {"players", i.players}});
    return list;
}

// Points and tie-break values as numbers: tenths, Sonneborn-Berger-like ones in hundredths,
// counts and ratings whole (pairing/tiebreaks.hpp).
double tiebreak_value(pairing::TiebreakKind kind, long value) {
    using K = pairing::TiebreakKind;
    switch (kind) {
        case K::SonnebornBerger:
            return double(value) / 100.0;
        case K::Wins:
        case K::GamesWon:
        case K::GamesWithBlack:
        case K::WinsWithBlack:
        case K::AverageRatingOfOpponents:
            return double(value);
        default:
            return double(value) / 10.0;
    }
}

Json paired_json(const EventView& view_of) {
    const StoredEvent& stored = view_of.stored;
    Json players = Json::array();
    for (const EventPlayerRow& p : stored.players) players.push_back(player_json(p));
    Json byes = Json::array();
    for (const EventByeRow& b : stored.byes)
        byes.push_back(Json{{"round", b.round}, {"player", b.player}, {"kind", bye_name(b.kind)}});
    Json standings = Json::array();
    Json names = Json::array();
    int after = 0;
    if (view_of.paired_standings) {
        const PairedStandings& table = *view_of.paired_standings;
        after = table.rounds;
        for (const pairing::Tiebreak& t : table.tiebreaks) names.push_back(t.name);
        std::map<int, std::string> by_number;
        for (const EventPlayerRow& p : stored.players) by_number[p.number] = p.name;
        for (const pairing::Standing& s : table.table) {
            Json values = Json::array();
            for (std::size_t i = 0; i < s.values.size() && i < table.tiebreaks.size(); ++i)
                values.push_back(tiebreak_value(table.tiebreaks[i].kind, s.values[i]));
            standings.push_back(Json{{"rank", s.rank},
                                     {"number", s.start_number},
                                     {"name", by_number[s.start_number]},
                                     {"points", s.score / 10.0},
                                     {"tiebreaks", values}});
        }
    }
    Json paired{{"players", players},     {"byes", byes},
                {"tiebreaks", names},     {"standingsAfter", after},
                {"standings", standings}, {"joinOpen", stored.event.join_token_hash.has_value()}};
    if (view_of.organiser_token) {
        Json audit = Json::array();
        for (const EventResultRow& r : stored.results)
            audit.push_back(Json{{"round", r.round},
                                 {"board", r.board},
                                 {"seq", r.seq},
                                 {"result", r.result},
                                 {"reason", r.reason},
                                 {"setBy", r.set_by},
                                 {"setAt", r.set_at}});
        paired["audit"] = audit;
    }
    if (!view_of.issues.empty()) paired["issues"] = issues_json(view_of.issues);
    return paired;
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
            if (board.white_number) {
                b["whiteNumber"] = *board.white_number;
                b["blackNumber"] = board.black_number.value_or(0);
                const auto at = std::pair{round.round, board.board};
                const auto r = view_of.results.find(at);
                b["result"] = r == view_of.results.end() ? Json(nullptr) : Json(r->second);
                const auto source = view_of.result_sources.find(at);
                b["resultSource"] =
                    source == view_of.result_sources.end() ? Json(nullptr) : Json(source->second);
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
    view["kind"] = e.kind;
    if (is_paired(e)) view["paired"] = paired_json(view_of);
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

std::string proposal_json(const ProposalView& proposal) {
    Json boards = Json::array();
    const auto name = [&](int number) {
        const auto it = proposal.names.find(number);
        return it == proposal.names.end() ? std::string() : it->second;
    };
    int board = 0;
    for (const pairing::Pair& pair : proposal.pairing.pairs)
        boards.push_back(Json{{"board", ++board},
                              {"white", Json{{"number", pair.white}, {"name", name(pair.white)}}},
                              {"black", Json{{"number", pair.black}, {"name", name(pair.black)}}}});
    Json bye = nullptr;
    if (proposal.pairing.bye)
        bye = Json{{"number", proposal.pairing.bye}, {"name", name(proposal.pairing.bye)}};
    return Json{{"eventId", proposal.event_id},
                {"round", proposal.pairing.round},
                {"boards", boards},
                {"bye", bye},
                {"issues", issues_json(proposal.issues)}}
        .dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string added_player_json(const AddedPlayer& added) {
    return Json{{"eventId", added.event_id},
                {"player", player_json(added.player)},
                {"playerToken", added.token}}
        .dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string player_view_json(const PlayerView& p) {
    Json byes = Json::array();
    for (const EventByeRow& b : p.byes)
        byes.push_back(Json{{"round", b.round}, {"kind", bye_name(b.kind)}});
    Json next = nullptr;
    if (p.round > 0) {
        next = Json{{"round", p.round},
                    {"board", p.board ? Json(p.board) : Json(nullptr)},
                    {"color", p.board ? Json(color_name(p.color)) : Json(nullptr)},
                    {"opponent", p.board ? Json{{"number", p.opponent}, {"name", p.opponent_name}}
                                         : Json(nullptr)},
                    {"bye", p.bye ? Json(bye_name(*p.bye)) : Json(nullptr)},
                    {"revealed", p.revealed},
                    {"started", p.started},
                    {"gameId", p.game_id.empty() ? Json(nullptr) : Json(p.game_id)},
                    {"result", p.result.empty() ? Json(nullptr) : Json(p.result)}};
    }
    return Json{{"eventId", p.event_id},
                {"event", p.event_name},
                {"player", player_json(p.player)},
                {"byes", byes},
                {"points", p.points ? Json(*p.points / 10.0) : Json(nullptr)},
                {"current", next},
                {"now", p.now}}
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
