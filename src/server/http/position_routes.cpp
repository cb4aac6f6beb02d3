// The start positions' and a position's routes (docs/openapi.yaml: /api/startpos, /api/fen/check,
// /api/analysis): numbered and random Chess960 start positions, a FEN checked against the rules,
// and the analysis board's engine.
#include <nlohmann/json.hpp>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "games/analysis.hpp"
#include "http/requests.hpp"
#include "http/views.hpp"
#include "wings.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

Json start_position_json(int number) {
    auto rank = startpos::back_rank(number).value();
    return Json{{"number", number},
                {"fen", write_fen(startpos::position(number).value())},
                {"backRank", startpos::to_string(rank)}};
}

// GET /api/startpos/random, ?double960=true for a position of two numbers (white's and black's).
std::optional<HttpResponse> random_start(const RouteCall& call) {
    if (query_param(call.request.query, "double960") == "true") {
        const int white = random_start_number(), black = random_start_number();
        return json_response(200, Json{{"white", start_position_json(white)},
                                       {"black", start_position_json(black)},
                                       {"fen", write_fen(startpos::position(white, black).value())}}
                                      .dump());
    }
    return json_response(200, start_position_json(random_start_number()).dump());
}

std::optional<HttpResponse> numbered_start(const RouteCall& call) {
    const std::string_view text = call.params["number"];
    auto number = parse_int(text, 0, 959);
    if (!number)
        throw ApiError{400,
                       "start position number must be from 0 to 959, not '" + quote(text) + "'", 0,
                       "invalid_number"};
    return json_response(200, start_position_json(*number).dump());
}

std::optional<HttpResponse> check_fen(const RouteCall& call) {
    auto pos = position_from_fen(parse_fen_check(call.request.body));
    if (!pos) throw ApiError{422, pos.error().to_string(), 0, error_code_name(pos.error().code)};
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

// Answered once the engine has searched the position (analysis.hpp), through `later`.
std::optional<HttpResponse> analyse(const RouteCall& call) {
    check_body(call.request.body);
    const std::string fen = parse_fen_check(call.request.body);
    call.api.analysis.analyse(fen, call.request.client,
                              answer_later<Analysis>(call.later, analysis_json));
    return std::nullopt;
}

}  // namespace

void add_position_routes(RouteTable& table) {
    table.add("GET", "/api/startpos/random", random_start);
    table.add("GET", "/api/startpos/{number}", numbered_start);
    table.add("POST", "/api/fen/check", check_fen);
    table.add("POST", "/api/analysis", analyse);
}

}  // namespace chess960::server
