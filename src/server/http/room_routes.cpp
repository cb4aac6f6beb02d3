// The routes of a game's room (rooms.hpp, docs/openapi.yaml): GET /api/games/{id}/room,
// POST .../name, POST .../rematch, POST .../rematch/decline and GET .../rematch.
#include <nlohmann/json.hpp>

#include "common/words.hpp"
#include "games/live_game.hpp"
#include "http/requests.hpp"
#include "http/views.hpp"
#include "wings.hpp"

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

// The game's id (its row is the game's mutex's).
std::string game_id(LiveGame& game) {
    std::lock_guard lock(game.mutex);
    return game.row.id;
}

std::optional<HttpResponse> room(const RouteCall& call) {
    const auto game = game_request(call).game;
    Rooms& rooms = call.api.games.rooms();
    return json_response(200, room_json(rooms.view(game_id(*game))));
}

std::optional<HttpResponse> rematch_state(const RouteCall& call) {
    const auto [game, token] = game_request(call);
    const std::string id = game_id(*game);
    const Color seat = call.api.games.require_seat(*game, token);
    return json_response(200, rematch_answer(call.api.games.rooms(), id, seat));
}

std::optional<HttpResponse> set_name(const RouteCall& call) {
    GameService& games = call.api.games;
    Rooms& rooms = games.rooms();
    const auto [game, token] = game_request(call);
    const std::string id = game_id(*game);
    const Color seat = games.require_seat(*game, token);
    const Json body = parse_object(call.request.body, "the body");
    auto name = string_field(body, "name");
    if (!name)
        throw ApiError{400, "field 'name' is missing", 0, "missing_field", {{"field", "name"}}};
    games.limit_offers(id, seat);
    rooms.set_name(id, seat, *name);
    publish_room(*game, rooms, id);
    return json_response(200, room_json(rooms.view(id)));
}

// An offer, its acceptance, or (an engine game) the rematch at once: POST .../rematch.
void offer_or_accept(GameService& games, const std::string& id, const GameRow& row, Color seat,
                     const Json& body, Rematch& rematch, const std::string& client) {
    Rooms& rooms = games.rooms();
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
        games.limit_offers(id, seat);
        rematch.offered_by = seat;
        rematch.new_position = new_position;
        return;
    }
    // Accepted (the engine accepts at once): the offer's choice of position holds.
    if (engine) rematch.new_position = new_position;
    const CreatedGame created = games.create(rematch_request(row, rematch.new_position), client);
    rematch.game_id = created.id;
    // The colours swap: the old white seat plays black in the new game.
    for (Color c : {White, Black}) rematch.tokens[c] = created.tokens[~c];
    for (Color c : {White, Black})
        if (auto name = rooms.name(id, c)) rooms.set_name(rematch.game_id, ~c, *name);
}

// POST .../rematch (an offer or its acceptance) and POST .../rematch/decline.
std::optional<HttpResponse> answer_rematch(const RouteCall& call, bool decline) {
    GameService& games = call.api.games;
    Rooms& rooms = games.rooms();
    const auto [game, token] = game_request(call);
    const std::string id = game_id(*game);
    const Color seat = games.require_seat(*game, token);
    const Json body = parse_object(call.request.body, "the body");
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
    if (decline) {
        if (!rematch.game_id.empty())
            throw ApiError{409,
                           "the rematch was accepted already: game " + rematch.game_id,
                           0,
                           "rematch_accepted",
                           {{"game", rematch.game_id}}};
        rooms.set_rematch(id, Rematch{});
    } else if (rematch.game_id.empty()) {
        offer_or_accept(games, id, row, seat, body, rematch, call.request.client);
        rooms.set_rematch(id, rematch);
    }
    publish_room(*game, rooms, id);
    return json_response(200, rematch_answer(rooms, id, seat));
}

}  // namespace

void add_room_routes(RouteTable& table) {
    table.add("GET", "/api/games/{id}/room", room);
    table.add("POST", "/api/games/{id}/name", set_name);
    table.add("GET", "/api/games/{id}/rematch", rematch_state);
    table.add("POST", "/api/games/{id}/rematch",
              [](const RouteCall& call) { return answer_rematch(call, false); });
    table.add("POST", "/api/games/{id}/rematch/decline",
              [](const RouteCall& call) { return answer_rematch(call, true); });
}

}  // namespace chess960::server
