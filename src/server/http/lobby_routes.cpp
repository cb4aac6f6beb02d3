// The lobby's routes (docs/openapi.yaml: /api/seeks, /api/pools, /api/accounts/{name}/games,
// /api/games/{id}/players): seeks made, listed, withdrawn and accepted by signed-in accounts
// (Routes::signed_in), quick pairing's pools joined and left, an account's games, and the players
// and rating changes of an account game.
#include <nlohmann/json.hpp>

#include "accounts/service.hpp"
#include "games/ratings.hpp"
#include "http/lobby_views.hpp"
#include "http/requests.hpp"
#include "http/routes.hpp"
#include "lobby/service.hpp"
#include "rating/rating.hpp"
#include "rating/speed.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

constexpr std::string_view kSeeksPrefix = "/api/seeks/";
constexpr std::string_view kPoolsPrefix = "/api/pools/";
constexpr std::string_view kAccountsPrefix = "/api/accounts/";
constexpr std::string_view kGamesPrefix = "/api/games/";

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
std::optional<HttpResponse> answer_when_told(LobbyService& lobby, Routes::Respond& later,
                                             MakeResponse make) {
    lobby.after_told(
        [later = std::move(later), make = std::move(make)]() mutable { later(std::move(make)); });
    return std::nullopt;
}

}  // namespace

bool Routes::is_lobby_path(std::string_view path) {
    return (path.starts_with(kAccountsPrefix) && path.ends_with("/games")) ||
           (path.starts_with(kGamesPrefix) && path.ends_with("/players")) || path == "/api/pools" ||
           path.starts_with(kPoolsPrefix) || path == "/api/seeks" || path.starts_with(kSeeksPrefix);
}

Json Routes::ratings_json(const std::string& account_id) {
    Json ratings = Json::object();
    const std::vector<RatingRow> rows = lobby_->ratings(account_id);
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

std::optional<HttpResponse> Routes::lobby_route(const HttpRequest& request, Respond& later) {
    const std::string_view method = request.method, path = request.path;
    LobbyService& lobby = *lobby_;
    if (path.starts_with(kAccountsPrefix) && path.ends_with("/games")) {
        if (method != "GET")
            throw ApiError{405, "use GET /api/accounts/{name}/games", 0, "method_not_allowed"};
        const std::string_view segment =
            path.substr(kAccountsPrefix.size(),
                        path.size() - kAccountsPrefix.size() - std::string_view("/games").size());
        const AccountRow account = accounts_->profile(decode_segment(segment));
        Json games = Json::array();
        for (const AccountGameRow& game : lobby.games_of(games_query(account.id, request.query)))
            games.push_back(account_game_json(game));
        return json_response(200, Json{{"games", std::move(games)}}.dump());
    }
    if (path.starts_with(kGamesPrefix) && path.ends_with("/players")) {
        if (method != "GET")
            throw ApiError{405, "use GET /api/games/{id}/players", 0, "method_not_allowed"};
        const std::string id(
            path.substr(kGamesPrefix.size(),
                        path.size() - kGamesPrefix.size() - std::string_view("/players").size()));
        const auto game = is_id(id) ? lobby.account_game(id) : std::nullopt;
        if (game) return json_response(200, account_game_json(*game).dump());
        // Any other game has no accounts for players: the page asks every game the same.
        if (!is_id(id) || !games_.lookup(id)) throw ApiError{404, "no such game", 0, "not_found"};
        return json_response(200, Json{{"id", id},
                                       {"accountGame", false},
                                       {"rated", false},
                                       {"white", {{"name", nullptr}}},
                                       {"black", {{"name", nullptr}}}}
                                      .dump());
    }
    const bool pools = path == "/api/pools" || path.starts_with(kPoolsPrefix);
    check_same_site(request);
    // Signed in (optional for reading), one's account: to see the challenges one made or got,
    // and the pool one waits in.
    auto viewer = [&]() -> std::optional<std::string> {
        const std::string token = seat_token(request);
        if (token.empty()) return std::nullopt;
        auto session = lobby.session(token);
        if (!session) return std::nullopt;
        return session->account.id;
    };
    if (path == "/api/pools") {
        if (method != "GET") throw ApiError{405, "use GET /api/pools", 0, "method_not_allowed"};
        return json_response(200, pools_json(lobby.pools(viewer())).dump());
    }
    if (pools) {
        // "/api/pools/5+3", the + also as %2B.
        const std::string key = decode_segment(path.substr(kPoolsPrefix.size()));
        if (method == "POST") {
            const SeekRow seek = lobby.join_pool(signed_in(request), key);
            return answer_when_told(lobby, later, [id = seek.id, pool = *seek.quick] {
                return json_response(201, Json{{"id", id}, {"pool", pool}}.dump());
            });
        }
        if (method == "DELETE") {
            lobby.leave_pool(signed_in(request), key);
            return answer_when_told(lobby, later, [] {
                return HttpResponse{204, "application/json", "", {}};
            });
        }
        throw ApiError{405, "use POST or DELETE /api/pools/{key}", 0, "method_not_allowed"};
    }
    if (path == "/api/seeks") {
        if (method == "GET") {
            Json seeks = Json::array();
            for (const SeekRow& seek : lobby.seeks(viewer())) seeks.push_back(seek_json(seek));
            return json_response(200, Json{{"seeks", std::move(seeks)}}.dump());
        }
        if (method == "POST") {
            const SeekRequest seek_request = parse_seek(request.body);
            return answer_when_told(lobby, later,
                                    [seek = lobby.create_seek(signed_in(request), seek_request)] {
                                        return json_response(201, seek_json(seek).dump());
                                    });
        }
        throw ApiError{405, "use GET or POST /api/seeks", 0, "method_not_allowed"};
    }
    std::string_view rest = path.substr(kSeeksPrefix.size());
    const bool accepting = rest.ends_with("/accept");
    if (accepting) rest.remove_suffix(std::string_view("/accept").size());
    if (!is_id(rest)) throw ApiError{404, "no such seek", 0, "no_such_seek"};
    const std::string id(rest);
    if (accepting) {
        if (method != "POST")
            throw ApiError{405, "use POST /api/seeks/{id}/accept", 0, "method_not_allowed"};
        return answer_when_told(lobby, later, [game = lobby.accept(signed_in(request), id)] {
            return json_response(201, Json{{"game", game}}.dump());
        });
    }
    if (method != "DELETE")
        throw ApiError{405, "use DELETE /api/seeks/{id}", 0, "method_not_allowed"};
    lobby.cancel_seek(signed_in(request), id);
    return answer_when_told(lobby, later, [] {
        return HttpResponse{204, "application/json", "", {}};
    });
}

}  // namespace chess960::server
