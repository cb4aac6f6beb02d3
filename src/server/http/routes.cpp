#include "http/routes.hpp"

#include <charconv>
#include <nlohmann/json.hpp>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "games/analysis.hpp"
#include "http/error_codes.hpp"
#include "http/lobby_views.hpp"
#include "http/requests.hpp"
#include "http/views.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

Json start_position_json(int number) {
    auto rank = startpos::back_rank(number).value();
    return Json{{"number", number},
                {"fen", write_fen(startpos::position(number).value())},
                {"backRank", startpos::to_string(rank)}};
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Splits "a/b/c" after a prefix: the first segment and the rest ("" when none).
std::pair<std::string_view, std::string_view> first_segment(std::string_view path) {
    const auto slash = path.find('/');
    if (slash == std::string_view::npos) return {path, {}};
    return {path.substr(0, slash), path.substr(slash + 1)};
}

constexpr std::string_view kGamesPrefix = "/api/games/";

// A call's answer, made later on the connection's thread: `render` writes its value, or what
// it threw becomes the refusal.
template <typename T, typename Render>
Later<T> answer_later(Routes::Respond& later, Render render) {
    return [respond = std::move(later), render](Completion<T> done) mutable {
        respond([done = std::move(done), render]() mutable {
            return *answer([&]() -> std::optional<HttpResponse> {
                return json_response(200, render(std::move(done).get()));
            });
        });
    };
}

// A stored change's answer: the game's view when asked for (an action), else its update.
Reply change_answer(Routes::Respond& later) {
    return answer_later<Answer>(later, [](const Answer& answer) {
        return answer.view ? view_json(*answer.view) : texts(*answer.update).json;
    });
}

}  // namespace

HttpResponse json_response(int status, std::string body) {
    return HttpResponse{status, "application/json", std::move(body), {}};
}

std::string decode_segment(std::string_view segment) {
    std::string out;
    for (std::size_t i = 0; i < segment.size(); ++i) {
        if (segment[i] != '%') {
            out += segment[i];
            continue;
        }
        const int high = i + 1 < segment.size() ? hex_value(segment[i + 1]) : -1;
        const int low = i + 2 < segment.size() ? hex_value(segment[i + 2]) : -1;
        if (high < 0 || low < 0)
            throw ApiError{400, "malformed percent escape in the path", 0, "invalid_path"};
        out += char(high * 16 + low);
        i += 2;
    }
    return out;
}

std::optional<int> parse_int(std::string_view text, int lo, int hi) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < lo ||
        value > hi)
        return std::nullopt;
    return value;
}

std::optional<std::string> query_param(std::string_view query, std::string_view name) {
    while (!query.empty()) {
        const auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        const auto eq = pair.find('=');
        if (pair.substr(0, eq) != name) continue;
        std::string_view raw =
            eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1);
        std::string value;
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '+') {
                value += ' ';
            } else if (raw[i] == '%' && i + 2 < raw.size() && hex_value(raw[i + 1]) >= 0 &&
                       hex_value(raw[i + 2]) >= 0) {
                value += char(hex_value(raw[i + 1]) * 16 + hex_value(raw[i + 2]));
                i += 2;
            } else {
                value += raw[i];
            }
        }
        return value;
    }
    return std::nullopt;
}

std::optional<LiveRoute> match_live_route(std::string_view method, std::string_view path) {
    if (method == "GET" && path == "/api/lobby/socket")
        return LiveRoute{LiveRoute::Kind::Lobby, ""};
    if (method != "GET" || !path.starts_with(kGamesPrefix)) return std::nullopt;
    auto [id, rest] = first_segment(path.substr(kGamesPrefix.size()));
    if (rest == "events") return LiveRoute{LiveRoute::Kind::Events, std::string(id)};
    if (rest == "socket") return LiveRoute{LiveRoute::Kind::Socket, std::string(id)};
    return std::nullopt;
}

std::optional<HttpResponse> answer(const std::function<std::optional<HttpResponse>()>& respond) {
    try {
        return respond();
    } catch (...) {
        return error_response(refusal_of(std::current_exception()));
    }
}

HttpResponse error_response(const ApiError& error) {
    HttpResponse response = json_response(error.status, error_json(error));
    if (error.retry_after_seconds > 0)
        response.headers.emplace_back("Retry-After", std::to_string(error.retry_after_seconds));
    return response;
}

std::optional<HttpResponse> Routes::handle(const HttpRequest& request, Respond later) {
    return answer([&]() -> std::optional<HttpResponse> {
        if (request.path.starts_with("/api/") || request.path == "/api") return api(request, later);
        if (request.method != "GET" && request.method != "HEAD")
            throw ApiError{
                404, "no such path: " + std::string(request.method) + " " + quote(request.path), 0,
                "no_such_path"};
        StaticFile file = files_.get(std::string(request.path));
        HttpResponse response{file.status, std::move(file.content_type), std::move(file.body), {}};
        if (file.no_cache) response.headers.emplace_back("Cache-Control", "no-cache");
        return response;
    });
}

std::optional<HttpResponse> Routes::api(const HttpRequest& request, Respond& later) {
    const std::string_view method = request.method, path = request.path;
    // Before the games': /api/games/{id}/players is the lobby's.
    if (lobby_ && is_lobby_path(path)) return lobby_route(request, later);
    if (path.starts_with(kGamesPrefix)) {
        auto [id, rest] = first_segment(path.substr(kGamesPrefix.size()));
        return game_route(request, id, rest, later);
    }
    if (events_ && (path == "/api/events" || path.starts_with("/api/events/")))
        return event_route(request);
    if (analysis_ && path == "/api/analysis") return analysis_route(request, later);
    if (accounts_)
        if (auto response = account_route(request)) return response;
    if (method == "GET" && path == "/api/startpos/random") {
        if (query_param(request.query, "double960") == "true") {
            const int white = random_start_number(), black = random_start_number();
            return json_response(200,
                                 Json{{"white", start_position_json(white)},
                                      {"black", start_position_json(black)},
                                      {"fen", write_fen(startpos::position(white, black).value())}}
                                     .dump());
        }
        return json_response(200, start_position_json(random_start_number()).dump());
    }
    if (method == "GET" && path.starts_with("/api/startpos/")) {
        const std::string_view text = path.substr(std::string_view("/api/startpos/").size());
        auto number = parse_int(text, 0, 959);
        if (!number)
            throw ApiError{400,
                           "start position number must be from 0 to 959, not '" + quote(text) + "'",
                           0, "invalid_number"};
        return json_response(200, start_position_json(*number).dump());
    }
    if (method == "POST" && path == "/api/fen/check") {
        auto pos = position_from_fen(parse_fen_check(request.body));
        if (!pos)
            throw ApiError{422, pos.error().to_string(), 0, error_code_name(pos.error().code)};
        Json out{{"fen", write_fen(*pos)}};
        if (auto numbers = startpos::numbers_of(*pos)) {
            out["number"] = numbers->is_double() ? Json(nullptr) : Json(numbers->white);
            out["numbers"] = {{"white", numbers->white}, {"black", numbers->black}};
        } else {
            out["number"] = nullptr;
            out["numbers"] = nullptr;
        }
        return json_response(200, out.dump());
    }
    if (path == "/api/games") {
        if (method == "POST")
            return json_response(
                201, created_json(games_.create(parse_create_game(request.body), request.client)));
        if (method == "GET") {
            int limit = 20;
            if (auto text = query_param(request.query, "limit")) {
                auto value = parse_int(*text, 1, 200);
                if (!value)
                    throw ApiError{400,
                                   "parameter 'limit' must be an integer from 1 to 200",
                                   0,
                                   "field_out_of_range",
                                   {{"field", "limit"}, {"min", 1}, {"max", 200}}};
                limit = *value;
            }
            return json_response(200, recent_json(games_.recent(limit)));
        }
    }
    throw ApiError{404, "no such API path: " + std::string(method) + " " + quote(path), 0,
                   "no_such_path"};
}

std::optional<HttpResponse> Routes::game_route(const HttpRequest& request, std::string_view id,
                                               std::string_view rest, Respond& later) {
    const std::string_view method = request.method;
    if (query_param(request.query, "token"))
        throw ApiError{400,
                       "seat tokens are not accepted in URLs (proxies log them): send "
                       "'Authorization: Bearer <token>', or a ticket for the event stream",
                       0, "token_in_url"};
    auto game = games_.find(id);
    if (method == "POST") check_body(request.body);
    const std::string token = seat_token(request);
    if (auto room = room_route(request, game, rest)) return room;
    if (method == "GET") {
        if (rest.empty()) {
            std::optional<Color> you;
            // A token of no seat (a signed-in spectator's cookie) sees a spectator's view.
            if (!token.empty()) you = games_.seat_of(*game, token);
            return json_response(200, view_json(games_.view(*game, you)));
        }
        if (rest == "legal") return json_response(200, legal_moves_json(games_.state(*game)));
        if (rest == "pgn") {
            pgn::GameRecord record = games_.pgn_record(*game);
            if (lobby_)
                if (const auto players = lobby_->account_game(game->row.id))
                    add_account_tags(record, *players);
            HttpResponse response{200, "application/x-chess-pgn", pgn::write_game(record), {}};
            response.headers.emplace_back(
                "Content-Disposition",
                "attachment; filename=\"chess960-" + game->row.id + ".pgn\"");
            return response;
        }
    } else if (method == "POST") {
        check_body(request.body);
        if (rest == "moves") {
            const MoveRequest move = parse_move(request.body);
            const Color seat = games_.require_seat(*game, token);
            games_.move(game, seat, move, request.client, change_answer(later));
            return std::nullopt;
        }
        if (rest == "ticket") {
            const Color seat = games_.require_seat(*game, token);
            return json_response(200, ticket_json(games_.ticket(*game, seat)));
        }
        if (is_game_action(rest)) {
            const Color seat = games_.require_seat(*game, token);
            games_.action(game, seat, rest, change_answer(later));
            return std::nullopt;
        }
    }
    throw ApiError{404, "no such API path: " + std::string(method) + " " + quote(request.path), 0,
                   "no_such_path"};
}

std::optional<HttpResponse> Routes::analysis_route(const HttpRequest& request, Respond& later) {
    if (request.method != "POST")
        throw ApiError{405, "the analysis is asked for with POST /api/analysis {\"fen\": ...}", 0,
                       "method_not_allowed"};
    check_body(request.body);
    const std::string fen = parse_fen_check(request.body);
    analysis_->analyse(fen, request.client, answer_later<Analysis>(later, analysis_json));
    return std::nullopt;
}

}  // namespace chess960::server
