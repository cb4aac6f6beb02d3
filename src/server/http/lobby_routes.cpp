// The lobby's routes (docs/openapi.yaml: /api/seeks, /api/accounts/{name}/games,
// /api/games/{id}/players): seeks made, listed, withdrawn and accepted by signed-in accounts
// (Routes::signed_in), an account's games, and the players and rating changes of an account game.
#include <nlohmann/json.hpp>

#include "accounts/service.hpp"
#include "http/requests.hpp"
#include "http/routes.hpp"
#include "lobby/service.hpp"
#include "rating/rating.hpp"
#include "rating/speed.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

constexpr std::string_view kSeeksPrefix = "/api/seeks/";
constexpr std::string_view kAccountsPrefix = "/api/accounts/";
constexpr std::string_view kGamesPrefix = "/api/games/";

rating::Rating as_rating(const RatingRow& row) {
    rating::Rating r;
    r.rating = row.rating;
    r.deviation = row.deviation;
    r.volatility = row.volatility;
    r.games = row.games;
    return r;
}

Json rating_json(const RatingRow& row) {
    // Unrounded, as stored; "provisional" as lichess's "?" (deviation 110 or more).
    return Json{{"rating", row.rating},
                {"deviation", row.deviation},
                {"volatility", row.volatility},
                {"games", row.games},
                {"provisional", rating::is_provisional(as_rating(row))}};
}

Json seek_json(const SeekRow& seek) {
    const RatingRow rating = seek.seeker_rating.value_or(
        RatingRow{seek.pool, rating::kDefaultRating, rating::kMaxDeviation,
                  rating::kDefaultVolatility, 0, std::nullopt});
    Json json{{"id", seek.id},
              {"player",
               {{"name", seek.account_name},
                {"rating", rating.rating},
                {"provisional", rating::is_provisional(as_rating(rating))}}},
              {"rated", seek.rated},
              {"pool", seek.pool},
              {"color", seek.color},
              {"createdAt", seek.created_at}};
    if (seek.clock_initial_ms)
        json["clock"] = {{"initial", double(*seek.clock_initial_ms) / 1000.0},
                         {"increment", double(seek.clock_increment_ms.value_or(0)) / 1000.0}};
    else
        json["clock"] = nullptr;
    Json start{{"type", seek.start_type}};
    if (seek.start_type == "number" && seek.start_number) start["number"] = *seek.start_number;
    if (seek.start_type == "double960") {
        if (seek.start_number) start["white"] = *seek.start_number;
        if (seek.start_black) start["black"] = *seek.start_black;
    }
    json["start"] = std::move(start);
    if (seek.min_rating || seek.max_rating) {
        Json range = Json::object();
        if (seek.min_rating) range["min"] = *seek.min_rating;
        if (seek.max_rating) range["max"] = *seek.max_rating;
        json["ratingRange"] = std::move(range);
    }
    return json;
}

Json side_json(const std::string& name, const std::optional<RatingRow>& before,
               const std::optional<RatingRow>& after) {
    Json json{{"name", name.empty() ? Json(nullptr) : Json(name)}};
    if (before && after) {
        json["ratingBefore"] = before->rating;
        json["ratingAfter"] = after->rating;
        json["deviationAfter"] = after->deviation;
        json["volatilityAfter"] = after->volatility;
        // As lichess shows it: the difference of the shown whole numbers.
        json["ratingChange"] = rating::rating_change(as_rating(*before), as_rating(*after));
    }
    return json;
}

Json account_game_json(const AccountGameRow& game) {
    Json json{{"id", game.game_id},
              {"rated", game.rated},
              {"pool", game.pool},
              {"result", game.result},
              {"termination", game.termination ? Json(*game.termination) : Json(nullptr)},
              {"plies", game.plies},
              {"createdAt", game.created_at},
              {"settled", game.settled_at.has_value()},
              {"white", side_json(game.white_name, game.white_before, game.white_after)},
              {"black", side_json(game.black_name, game.black_before, game.black_after)}};
    if (game.start_number) json["startNumber"] = *game.start_number;
    if (game.start_black_number) json["startBlackNumber"] = *game.start_black_number;
    if (game.settled_at) json["endedAt"] = *game.settled_at;
    return json;
}

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

}  // namespace

Json Routes::ratings_json(const std::string& account_id) {
    Json ratings = Json::object();
    const std::vector<RatingRow> rows = lobby_->ratings(account_id);
    for (rating::Speed speed : rating::kSpeeds) {
        const std::string pool(rating::name(speed));
        RatingRow row{pool,
                      rating::kDefaultRating,
                      rating::kMaxDeviation,
                      rating::kDefaultVolatility,
                      0,
                      std::nullopt};
        for (const RatingRow& r : rows)
            if (r.pool == pool) row = r;
        ratings[pool] = rating_json(row);
    }
    return ratings;
}

std::optional<HttpResponse> Routes::lobby_route(const HttpRequest& request) {
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
        if (!game) throw ApiError{404, "no such account game", 0, "no_such_game"};
        return json_response(200, account_game_json(*game).dump());
    }
    if (path != "/api/seeks" && !path.starts_with(kSeeksPrefix)) return std::nullopt;
    check_same_site(request);
    if (path == "/api/seeks") {
        if (method == "GET") {
            Json seeks = Json::array();
            for (const SeekRow& seek : lobby.seeks()) seeks.push_back(seek_json(seek));
            return json_response(200, Json{{"seeks", std::move(seeks)}}.dump());
        }
        if (method == "POST") {
            const SeekRequest seek_request = parse_seek(request.body);
            return json_response(
                201, seek_json(lobby.create_seek(signed_in(request), seek_request)).dump());
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
        return json_response(201, Json{{"game", lobby.accept(signed_in(request), id)}}.dump());
    }
    if (method != "DELETE")
        throw ApiError{405, "use DELETE /api/seeks/{id}", 0, "method_not_allowed"};
    lobby.cancel_seek(signed_in(request), id);
    return HttpResponse{204, "application/json", "", {}};
}

}  // namespace chess960::server
