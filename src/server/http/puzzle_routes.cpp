// The puzzles' routes (docs/openapi.yaml: /api/puzzles): the next puzzle near the player's
// rating (a visitor's or a streak's given as rating=), by theme and start position; a puzzle by
// id; an attempt, rated for a signed-in player's first at each puzzle; the player's dashboard.
// A puzzle's JSON follows lichess's puzzle API (id, rating, plays, themes, solution, initialPly)
// with the position itself: the FEN before the opponent's move and that move (lastMove), and the
// start position's number and back rank (the origin).
#include <nlohmann/json.hpp>

#include "accounts/service.hpp"
#include "http/requests.hpp"
#include "http/routes.hpp"
#include "puzzles/service.hpp"
#include "wings.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;
using puzzles::PuzzleView;

// The session of a request that may be signed in: none without a token or with one that is not
// (a visitor's); a state change by cookie still needs the CSRF proof.
std::optional<Session> maybe_signed_in(const HttpRequest& request, AccountService& accounts) {
    if (request.bearer.empty() && request.session_cookie.empty()) return std::nullopt;
    try {
        return signed_in(request, accounts);
    } catch (const ApiError& e) {
        if (e.status == 401) return std::nullopt;
        throw;
    }
}

Json puzzle_json(const PuzzleView& v) {
    Json game = Json::object();
    if (v.row.game_id)
        game["url"] = "/game/" + *v.row.game_id;
    else if (v.row.site.starts_with("https://") || v.row.site.starts_with("http://"))
        game["url"] = v.row.site;
    return Json{{"puzzle",
                 {{"id", v.row.public_id},
                  {"fen", v.row.fen},
                  {"lastMove", v.last_move},
                  {"solution", v.solution},
                  {"rating", int(v.row.rating)},
                  {"plays", v.row.plays},
                  {"themes", v.themes},
                  {"initialPly", v.row.ply + 1},
                  {"start", v.row.start_number ? Json(*v.row.start_number) : Json(nullptr)},
                  {"backRank", v.back_rank ? Json(*v.back_rank) : Json(nullptr)}}},
                {"game", std::move(game)}};
}

// A theme is a word of letters and digits (lichess's names: "mateIn2", "castling").
std::optional<std::string> theme_param(const RouteCall& call) {
    auto theme = query_param(call.request.query, "theme");
    if (!theme || theme->empty()) return std::nullopt;
    const bool word = theme->size() <= 32 && std::all_of(theme->begin(), theme->end(), [](char c) {
                          return std::isalnum(static_cast<unsigned char>(c));
                      });
    if (!word)
        throw ApiError{400,
                       "theme must be a theme's name (letters and digits), not '" + *theme + "'", 0,
                       "bad_request"};
    return theme;
}

std::optional<int> int_query(const RouteCall& call, const char* name, int lo, int hi) {
    auto text = query_param(call.request.query, name);
    if (!text) return std::nullopt;
    auto value = parse_int(*text, lo, hi);
    if (!value)
        throw ApiError{400,
                       std::string(name) + " must be a whole number from " + std::to_string(lo) +
                           " to " + std::to_string(hi) + ", not '" + *text + "'",
                       0, "bad_request"};
    return value;
}

// GET /api/puzzles/next[?theme=T][&start=N][&rating=R]
std::optional<HttpResponse> next(const RouteCall& call) {
    limit_db_queries(call, "puzzles");
    puzzles::NextQuery q;
    if (auto session = maybe_signed_in(call.request, call.api.accounts))
        q.account = session->account.id;
    if (auto rating = int_query(call, "rating", 400, 4000)) {
        q.rating = *rating;
        q.rating_given = true;
    }
    q.theme = theme_param(call);
    q.start_number = int_query(call, "start", 0, 959);
    auto found = call.api.puzzles.next(q);
    if (!found) throw ApiError{404, "no puzzle matches", 0, "not_found"};
    return json_response(200, puzzle_json(*found).dump());
}

// GET /api/puzzles/{id}
std::optional<HttpResponse> one(const RouteCall& call) {
    limit_db_queries(call, "puzzles");
    const std::string id(call.params["id"]);
    auto found = call.api.puzzles.find(id);
    if (!found) throw ApiError{404, "no puzzle " + id, 0, "not_found"};
    return json_response(200, puzzle_json(*found).dump());
}

// POST /api/puzzles/{id}/attempt {"win": true|false}
std::optional<HttpResponse> attempt(const RouteCall& call) {
    check_same_site(call.request);
    const Json body = parse_object(call.request.body, "the body");
    const std::optional<bool> win = bool_field(body, "win");
    if (!win) throw ApiError{400, "the body needs \"win\": true or false", 0, "bad_request"};
    const std::optional<Session> session = maybe_signed_in(call.request, call.api.accounts);
    // A player's rounds: a fair share, so that no one floods the ratings' writes.
    const std::string who = session ? session->account.id : std::string(call.request.client);
    if (int wait = call.api.games.take_token("puzzle-attempt", who, 2, 10))
        throw ApiError{429,
                       "too many attempts: try again in " + std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
    const std::string id(call.params["id"]);
    const auto outcome = call.api.puzzles.attempt(
        session ? std::optional<std::string>(session->account.id) : std::nullopt, id, *win);
    if (!outcome) throw ApiError{404, "no puzzle " + id, 0, "not_found"};
    Json out{{"rated", outcome->rated}, {"win", *win}};
    if (outcome->rated) {
        out["player"] = puzzle_rating_json(outcome->after.player);
        out["puzzle"] = {{"rating", int(outcome->after.puzzle.rating)}};
    }
    return json_response(200, out.dump());
}

// GET /api/puzzles/dashboard: the signed-in player's rating, attempts and themes.
std::optional<HttpResponse> dashboard(const RouteCall& call) {
    limit_db_queries(call, "puzzles");
    const Session session = signed_in(call.request, call.api.accounts);
    const puzzles::Dashboard d = call.api.puzzles.dashboard(session.account.id);
    Json themes = Json::array();
    for (const puzzles::ThemeTally& t : d.themes)
        themes.push_back({{"theme", t.theme}, {"attempts", t.attempts}, {"wins", t.wins}});
    Json history = Json::array();
    for (const PuzzleAttemptRow& a : d.history)
        history.push_back({{"id", a.public_id},
                           {"win", a.win},
                           {"at", a.at},
                           {"rating", int(a.rating)},
                           {"change", int(std::lround(a.change))}});
    return json_response(200, Json{{"rating", puzzle_rating_json(d.rating)},
                                   {"attempts", d.attempts},
                                   {"wins", d.wins},
                                   {"themes", std::move(themes)},
                                   {"history", std::move(history)}}
                                  .dump());
}

}  // namespace

Json puzzle_rating_json(const PuzzleRatingRow& r) {
    return Json{{"rating", int(r.rating)},
                {"deviation", int(r.deviation + 0.5)},
                {"provisional", r.deviation >= 110},
                {"games", r.games}};
}

void add_puzzle_routes(RouteTable& table) {
    table.add("GET", "/api/puzzles/next", next);
    table.add("GET", "/api/puzzles/dashboard", dashboard);
    table.add("GET", "/api/puzzles/{id}", one);
    table.add("POST", "/api/puzzles/{id}/attempt", attempt);
}

}  // namespace chess960::server
