#include "http/lobby_views.hpp"

#include <cmath>
#include <vector>

#include "games/ratings.hpp"
#include "rating/rating.hpp"
#include "rating/speed.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// Messages, in order, as one {"type":"batch","messages":[...]} (docs/live.md).
std::string batch_text(const std::vector<const std::string*>& messages) {
    std::string text = "{\"type\":\"batch\",\"messages\":[";
    for (std::size_t i = 0; i < messages.size(); ++i) {
        if (i) text += ',';
        text += *messages[i];
    }
    return text + "]}";
}

}  // namespace

Json rating_json(const RatingRow& row) {
    // Unrounded, as stored; "provisional" as lichess's "?" (deviation 110 or more).
    return Json{{"rating", row.rating},
                {"deviation", row.deviation},
                {"volatility", row.volatility},
                {"games", row.games},
                {"provisional", rating::is_provisional(to_rating(row))}};
}

Json seek_json(const SeekRow& seek) {
    // A seeker new to the pool has a new player's rating.
    const RatingRow rating = seek.seeker_rating.value_or(to_row(rating::Rating{}, seek.pool));
    Json json{{"id", seek.id},
              {"player",
               {{"name", seek.account_name},
                {"rating", rating.rating},
                {"provisional", rating::is_provisional(to_rating(rating))}}},
              {"rated", seek.rated},
              {"pool", seek.pool},
              {"color", seek.color},
              {"createdAt", seek.created_at}};
    if (seek.clock_initial_ms)
        json["clock"] = {{"initial", double(*seek.clock_initial_ms) / 1000.0},
                         {"increment", double(seek.clock_increment_ms.value_or(0)) / 1000.0}};
    else
        json["clock"] = nullptr;
    if (seek.days_per_move) json["daysPerMove"] = *seek.days_per_move;
    Json start{{"type", seek.start_type}};
    if (seek.start_type == "number" && seek.start_number) start["number"] = *seek.start_number;
    if (seek.start_type == "double960") {
        if (seek.start_number) start["white"] = *seek.start_number;
        if (seek.start_black) start["black"] = *seek.start_black;
    }
    json["start"] = std::move(start);
    if (seek.to_account) json["to"] = seek.to_name;
    if (seek.min_rating || seek.max_rating) {
        Json range = Json::object();
        if (seek.min_rating) range["min"] = *seek.min_rating;
        if (seek.max_rating) range["max"] = *seek.max_rating;
        json["ratingRange"] = std::move(range);
    }
    return json;
}

static Json side_json(const std::string& name, const std::optional<RatingRow>& before,
                      const std::optional<RatingRow>& after) {
    Json json{{"name", name.empty() ? Json(nullptr) : Json(name)}};
    if (before && after) {
        json["ratingBefore"] = before->rating;
        json["ratingAfter"] = after->rating;
        json["deviationAfter"] = after->deviation;
        json["volatilityAfter"] = after->volatility;
        // As lichess shows it: the difference of the shown whole numbers.
        json["ratingChange"] = rating::rating_change(to_rating(*before), to_rating(*after));
    }
    return json;
}

Json account_game_json(const AccountGameRow& game) {
    Json json{{"id", game.game_id},
              {"accountGame", true},
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

Json waiting_json(const std::array<int, kQuickPools.size()>& waiting) {
    Json json = Json::object();
    for (std::size_t i = 0; i < kQuickPools.size(); ++i)
        json[std::string(kQuickPools[i].key)] = waiting[i];
    return json;
}

Json pools_json(const LobbyService::Pools& pools) {
    Json list = Json::array();
    for (std::size_t i = 0; i < kQuickPools.size(); ++i) {
        const QuickPool& pool = kQuickPools[i];
        list.push_back(
            {{"key", pool.key},
             {"clock", {{"initial", pool.minutes * 60}, {"increment", pool.increment_seconds}}},
             {"speed", rating::name(speed_of(pool))},
             {"waiting", pools.waiting[i]}});
    }
    Json json{{"pools", std::move(list)}};
    if (pools.mine) json["joined"] = {{"pool", *pools.mine->quick}, {"id", pools.mine->id}};
    return json;
}

std::string lobby_snapshot_text(const LobbyService::Snapshot& snapshot) {
    Json seeks = Json::array();
    for (const SeekRow& seek : snapshot.seeks) seeks.push_back(seek_json(seek));
    return Json{{"type", "lobby"},
                {"seeks", std::move(seeks)},
                {"online", snapshot.online},
                {"pools", waiting_json(snapshot.waiting)}}
        .dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string lobby_event_text(const LobbyEvent& event) {
    if (event.kind == LobbyEvent::Kind::Batch) {
        std::vector<const std::string*> messages;
        for (const auto& one : event.events) messages.push_back(&rendered(*one));
        return batch_text(messages);
    }
    Json json;
    switch (event.kind) {
        case LobbyEvent::Kind::Added:
            json = {{"type", "seek"}, {"seek", seek_json(event.seek)}};
            break;
        case LobbyEvent::Kind::Removed:
            json = {{"type", "unseek"}, {"id", event.id}};
            break;
        case LobbyEvent::Kind::Started:
            json = {{"type", "started"}, {"game", event.id}};
            break;
        case LobbyEvent::Kind::Online:
            json = {{"type", "online"}, {"players", event.names}};
            break;
        case LobbyEvent::Kind::Pools:
            json = {{"type", "pools"}, {"pools", waiting_json(event.waiting)}};
            break;
        case LobbyEvent::Kind::Batch:  // above
            break;
    }
    return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

const std::string& rendered(const LobbyEvent& event) {
    return event.text.get([&] { return lobby_event_text(event); });
}

void add_account_tags(pgn::GameRecord& record, const AccountGameRow& game) {
    record.set_tag("Event", std::string(game.rated ? "Rated " : "Casual ") +
                                (game.pool == "casual" ? std::string() : game.pool + " ") +
                                "Chess960 game");
    // A deleted account keeps its games, without its name.
    record.set_tag("White", game.white_name.empty() ? "?" : game.white_name);
    record.set_tag("Black", game.black_name.empty() ? "?" : game.black_name);
    if (game.white_before && game.black_before) {
        record.set_tag("WhiteElo", std::to_string(int(std::lround(game.white_before->rating))));
        record.set_tag("BlackElo", std::to_string(int(std::lround(game.black_before->rating))));
    }
}

}  // namespace chess960::server
