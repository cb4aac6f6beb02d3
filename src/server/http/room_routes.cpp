// The routes of a game's room (rooms.hpp, docs/openapi.yaml): GET /api/games/{id}/room,
// POST .../name, POST .../rematch, POST .../rematch/decline and GET .../rematch.
#include <nlohmann/json.hpp>

#include "common/words.hpp"
#include "games/live_game.hpp"
#include "http/requests.hpp"
#include "http/routes.hpp"
#include "http/views.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// The game a rematch of `row` creates: the colours swapped, the same opponent, level and
// clock, and the same start position or (new_position) a new random one of the same kind.
CreateGameRequest rematch_request(const GameRow& row, bool new_position) {
    CreateGameRequest request;
    request.engine = row.opponent == "engine";
    if (request.engine) {
        request.level = row.level.value_or(4);
        // The human played the engine's other colour; now they play the engine's.
        request.human_white = row.engine_color == std::string("white");
    } else {
        request.human_white = true;  // both seats are handed out
    }
    const bool double960 = row.start_black_number.has_value();
    if (new_position) {
        request.start.type = double960 ? StartSpec::Type::Double960 : StartSpec::Type::Random;
    } else if (row.start_number) {
        request.start.type = double960 ? StartSpec::Type::Double960 : StartSpec::Type::Number;
        request.start.number = row.start_number;
        request.start.black = row.start_black_number;
    } else {
        request.start.type = StartSpec::Type::Fen;
        request.start.fen = row.initial_fen;
    }
    request.clock = time_control(row);
    return request;
}

std::string rematch_answer(Rooms& rooms, const std::string& id, Color seat) {
    const Rematch rematch = rooms.rematch(id);
    Json game = nullptr;
    if (!rematch.game_id.empty())
        game = Json{
            {"id", rematch.game_id},
            {"token", rematch.tokens[seat].empty() ? Json(nullptr) : Json(rematch.tokens[seat])}};
    std::string text = Json{{"game", game}}.dump();
    text.insert(1, "\"room\":" + room_json(rooms.view(id)) + ",");
    return text;
}

}  // namespace

std::optional<HttpResponse> Routes::room_route(const HttpRequest& request,
                                               const std::shared_ptr<LiveGame>& game,
                                               std::string_view rest) {
    Rooms& rooms = games_.rooms();
    std::string id;
    {
        std::lock_guard lock(game->mutex);
        id = game->row.id;
    }
    const std::string_view method = request.method;
    if (method == "GET" && rest == "room") return json_response(200, room_json(rooms.view(id)));
    if (method == "GET" && rest == "rematch") {
        const Color seat = games_.require_seat(*game, seat_token(request));
        return json_response(200, rematch_answer(rooms, id, seat));
    }
    if (method != "POST") return std::nullopt;
    if (rest == "name") {
        const Color seat = games_.require_seat(*game, seat_token(request));
        const Json body = parse_object(request.body, "the body");
        auto name = string_field(body, "name");
        if (!name)
            throw ApiError{400, "field 'name' is missing", 0, "missing_field", {{"field", "name"}}};
        games_.limit_offers(id, seat);
        rooms.set_name(id, seat, *name);
        publish_room(*game, rooms, id);
        return json_response(200, room_json(rooms.view(id)));
    }
    if (rest == "rematch" || rest == "rematch/decline") {
        const Color seat = games_.require_seat(*game, seat_token(request));
        const Json body = parse_object(request.body, "the body");
        GameRow row;
        {
            std::lock_guard lock(game->mutex);
            row = game->row;
        }
        if (row.in_play())
            throw ApiError{409, "the game is still in play: a rematch is offered after it", 0,
                           "game_in_play"};
        std::lock_guard accepting(rooms.accepting);
        Rematch rematch = rooms.rematch(id);
        if (rest == "rematch/decline") {
            if (!rematch.game_id.empty())
                throw ApiError{409,
                               "the rematch was accepted already: game " + rematch.game_id,
                               0,
                               "rematch_accepted",
                               {{"game", rematch.game_id}}};
            rooms.set_rematch(id, Rematch{});
        } else if (rematch.game_id.empty()) {
            bool new_position = false;
            if (auto it = body.find("newPosition"); it != body.end() && !it->is_null()) {
                if (!it->is_boolean())
                    throw ApiError{400,
                                   "field 'newPosition' must be true or false",
                                   0,
                                   "invalid_field",
                                   {{"field", "newPosition"}}};
                new_position = it->get<bool>();
            }
            const bool engine = row.opponent == "engine";
            if (!engine && (!rematch.offered_by || *rematch.offered_by == seat)) {
                // An offer (or the offerer changing it): the other seat answers.
                games_.limit_offers(id, seat);
                rematch.offered_by = seat;
                rematch.new_position = new_position;
            } else {
                // Accepted (the engine accepts at once): the offer's choice of position holds.
                if (engine) rematch.new_position = new_position;
                const CreatedGame created =
                    games_.create(rematch_request(row, rematch.new_position), request.client);
                rematch.game_id = created.id;
                // The colours swap: the old white seat plays black in the new game.
                for (Color c : {White, Black}) rematch.tokens[c] = created.tokens[~c];
                for (Color c : {White, Black})
                    if (auto name = rooms.name(id, c)) rooms.set_name(rematch.game_id, ~c, *name);
            }
            rooms.set_rematch(id, rematch);
        }
        publish_room(*game, rooms, id);
        return json_response(200, rematch_answer(rooms, id, seat));
    }
    return std::nullopt;
}

}  // namespace chess960::server
