// The lobby's routes (docs/openapi.yaml: /api/seeks, /api/pools, /api/accounts/{name}/games,
// /api/games/{id}/players): seeks made, listed, withdrawn and accepted by signed-in accounts
// (signed_in), quick pairing's pools joined and left, an account's games, and the players
// and rating changes of an account game.
#include <nlohmann/json.hpp>

#include "accounts/service.hpp"
#include "games/ratings.hpp"
#include "http/lobby_views.hpp"
#include "http/requests.hpp"
#include "lobby/service.hpp"
#include "rating/rating.hpp"
#include "rating/speed.hpp"
#include "wings.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// GET /api/accounts/{name}/games?result=&pool=&start=&before=&limit=
AccountGameQuery games_query(std::string account_id, std::string_view query) {
    AccountGameQuery q;
    q.account_id = std::move(account_id);
    if (auto outcome = query_param(query, "result")) {
        if (*outcome != "win" && *outcome != "loss" && *outcome != "draw")
            throw ApiError{400,
                           "query 'result' must be win, loss or draw",
                           0,
                           "invalid_field",
                           {{"field", "result"}}};
        q.outcome = *outcome;
    }
    if (auto pool = query_param(query, "pool")) {
        if (!rating::parse_speed(*pool))
            throw ApiError{400,
                           "query 'pool' must be bullet, blitz, rapid, classical or "
                           "correspondence",
                           0,
                           "invalid_field",
                           {{"field", "pool"}}};
        q.pool = *pool;
    }
    auto number = [&](const char* name, int lo, int hi) -> std::optional<int> {
        auto text = query_param(query, name);
        if (!text) return std::nullopt;
        auto value = parse_int(*text, lo, hi);
        if (!value)
            throw ApiError{400,
                           std::string("query '") + name + "' must be an integer from " +
                               std::to_string(lo) + " to " + std::to_string(hi),
                           0,
                           "invalid_field",
                           {{"field", name}}};
        return value;
    };
    q.start_number = number("start", 0, 959);
    if (auto in_play = query_param(query, "inPlay")) {
        if (*in_play != "true" && *in_play != "false")
            throw ApiError{400,
                           "query 'inPlay' must be true or false",
                           0,
                           "invalid_field",
                           {{"field", "inPlay"}}};
        q.in_play = *in_play == "true";
    }
    q.limit = number("limit", 1, 200).value_or(50);
    if (auto text = query_param(query, "before")) {
        char* end = nullptr;
        const long long before = std::strtoll(text->c_str(), &end, 10);
        if (text->empty() || *end != '\0' || before < 0)
            throw ApiError{400,
                           "query 'before' must be a time in epoch milliseconds",
                           0,
                           "invalid_field",
                           {{"field", "before"}}};
        q.before = before;
    }
    return q;
}

// Seek and game ids are 16 hex digits: anything else names none (and is never echoed).
bool is_id(std::string_view text) {
    return text.size() == 16 &&
           text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

// Answers once the lobby has told its connections of the change just made (the request's thread
// does not wait for it): nullopt, the answer coming through `later`.
std::optional<HttpResponse> answer_when_told(LobbyService& lobby, Respond& later,
                                             MakeResponse make) {
    lobby.after_told(
        [later = std::move(later), make = std::move(make)]() mutable { later(std::move(make)); });
    return std::nullopt;
}

}  // namespace

Json ratings_json(LobbyService& lobby, const std::string& account_id) {
    Json ratings = Json::object();
    const std::vector<RatingRow> rows = lobby.ratings(account_id);
    for (rating::Speed speed : rating::kSpeeds) {
        const std::string pool(rating::name(speed));
        // A pool not played yet: a new player's rating.
        RatingRow row = to_row(rating::Rating{}, pool);
        for (const RatingRow& r : rows)
            if (r.pool == pool) row = r;
        ratings[pool] = rating_json(row);
    }
    return ratings;
}

namespace {

std::optional<HttpResponse> account_games(const RouteCall& call) {
    LobbyService& lobby = call.api.lobby;
    const AccountRow account = call.api.accounts.profile(decode_segment(call.params["name"]));
    Json games = Json::array();
    for (const AccountGameRow& game : lobby.games_of(games_query(account.id, call.request.query)))
        games.push_back(account_game_json(game));
    return json_response(200, Json{{"games", std::move(games)}}.dump());
}

// Any game but an account game has no accounts for players: the page asks every game the same.
std::optional<HttpResponse> game_players(const RouteCall& call) {
    const std::string id(call.params["id"]);
    const auto game = is_id(id) ? call.api.lobby.account_game(id) : std::nullopt;
    if (game) return json_response(200, account_game_json(*game).dump());
    if (!is_id(id) || !call.api.games.lookup(id))
        throw ApiError{404, "no such game", 0, "not_found"};
    return json_response(200, Json{{"id", id},
                                   {"accountGame", false},
                                   {"rated", false},
                                   {"white", {{"name", nullptr}}},
                                   {"black", {{"name", nullptr}}}}
                                  .dump());
}

// Signed in (optional for reading), one's account: to see the challenges one made or got, and
// the pool one waits in.
std::optional<std::string> viewer(const RouteCall& call) {
    const std::string token = seat_token(call.request);
    if (token.empty()) return std::nullopt;
    auto session = call.api.lobby.session(token);
    if (!session) return std::nullopt;
    return session->account.id;
}

std::optional<HttpResponse> pools(const RouteCall& call) {
    return json_response(200, pools_json(call.api.lobby.pools(viewer(call))).dump());
}

// "/api/pools/5+3", the + also as %2B.
std::optional<HttpResponse> join_pool(const RouteCall& call) {
    LobbyService& lobby = call.api.lobby;
    const std::string key = decode_segment(call.params["key"]);
    const SeekRow seek = lobby.join_pool(signed_in(call.request, call.api.accounts), key);
    return answer_when_told(lobby, call.later, [id = seek.id, pool = *seek.quick] {
        return json_response(201, Json{{"id", id}, {"pool", pool}}.dump());
    });
}

std::optional<HttpResponse> leave_pool(const RouteCall& call) {
    LobbyService& lobby = call.api.lobby;
    const std::string key = decode_segment(call.params["key"]);
    lobby.leave_pool(signed_in(call.request, call.api.accounts), key);
    return answer_when_told(lobby, call.later, [] {
        return HttpResponse{204, "application/json", "", {}};
    });
}

std::optional<HttpResponse> seeks(const RouteCall& call) {
    Json seeks = Json::array();
    for (const SeekRow& seek : call.api.lobby.seeks(viewer(call))) seeks.push_back(seek_json(seek));
    return json_response(200, Json{{"seeks", std::move(seeks)}}.dump());
}

std::optional<HttpResponse> create_seek(const RouteCall& call) {
    LobbyService& lobby = call.api.lobby;
    const SeekRequest seek_request = parse_seek(call.request.body);
    return answer_when_told(
        lobby, call.later,
        [seek = lobby.create_seek(signed_in(call.request, call.api.accounts), seek_request)] {
            return json_response(201, seek_json(seek).dump());
        });
}

// The seek's id: 16 hex digits, else no seek's (and never echoed).
std::string seek_id(const RouteCall& call) {
    const std::string_view id = call.params["id"];
    if (!is_id(id)) throw ApiError{404, "no such seek", 0, "no_such_seek"};
    return std::string(id);
}

std::optional<HttpResponse> accept_seek(const RouteCall& call) {
    LobbyService& lobby = call.api.lobby;
    const std::string id = seek_id(call);
    return answer_when_told(lobby, call.later,
                            [game = lobby.accept(signed_in(call.request, call.api.accounts), id)] {
                                return json_response(201, Json{{"game", game}}.dump());
                            });
}

std::optional<HttpResponse> cancel_seek(const RouteCall& call) {
    LobbyService& lobby = call.api.lobby;
    const std::string id = seek_id(call);
    lobby.cancel_seek(signed_in(call.request, call.api.accounts), id);
    return answer_when_told(lobby, call.later, [] {
        return HttpResponse{204, "application/json", "", {}};
    });
}

}  // namespace

void add_lobby_routes(RouteTable& table) {
    table.add("GET", "/api/accounts/{name}/games", account_games);
    table.add("GET", "/api/games/{id}/players", game_players);
    table.add("GET", "/api/pools", same_site(pools));
    table.add("POST", "/api/pools/{key}", same_site(join_pool));
    table.add("DELETE", "/api/pools/{key}", same_site(leave_pool));
    table.add("GET", "/api/seeks", same_site(seeks));
    table.add("POST", "/api/seeks", same_site(create_seek));
    table.add("DELETE", "/api/seeks/{id}", same_site(cancel_seek));
    table.add("POST", "/api/seeks/{id}/accept", same_site(accept_seek));
    table.add_live("/api/lobby/socket", LiveRoute::Kind::Lobby);
}

}  // namespace chess960::server
