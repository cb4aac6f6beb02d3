// The game database's routes (docs/openapi.yaml: /api/explorer, /api/db): the opening explorer
// with lila-openingexplorer's parameters and answer, the games found by start position, player,
// result, speed, dates, ratings, event, collection or a position reached (NDJSON, or PGN with
// Accept: application/x-chess-pgn), one game, and the games of each start position.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>

#include "accounts/service.hpp"
#include "chess960/db/explorer_entry.hpp"
#include "chess960/fen.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "gamedb/db_game.hpp"
#include "gamedb/explorer.hpp"
#include "gamedb/index_keeper.hpp"
#include "gamedb/recorder.hpp"
#include "http/routes.hpp"
#include "wings.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;
using namespace gamedb;

// A search by a position reached looks among its newest games this many.
constexpr std::size_t kMaxReached = 20'000;

ApiError bad(const std::string& message, const char* code = "bad_request") {
    return ApiError{400, message, 0, code};
}

std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        if (comma > at) parts.push_back(text.substr(at, comma - at));
        at = comma + 1;
    }
    return parts;
}

int int_param(const RouteCall& call, const char* name, int fallback, int lo, int hi) {
    auto text = query_param(call.request.query, name);
    if (!text) return fallback;
    auto value = parse_int(*text, lo, hi);
    if (!value)
        throw bad(std::string(name) + " must be a whole number from " + std::to_string(lo) +
                  " to " + std::to_string(hi) + ", not '" + *text + "'");
    return *value;
}

// "YYYY-MM" (or "YYYY": its first or, for `until`, last month) as year * 12 + month - 1.
std::optional<int> month_param(const RouteCall& call, const char* name, bool last) {
    auto text = query_param(call.request.query, name);
    if (!text) return std::nullopt;
    const auto year = parse_int(text->substr(0, 4), 1000, 9999);
    std::optional<int> month = last ? 12 : 1;
    if (text->size() == 7 && (*text)[4] == '-')
        month = parse_int(text->substr(5, 2), 1, 12);
    else if (text->size() != 4)
        month.reset();
    if (!year || !month)
        throw bad(std::string(name) + " must be a month as YYYY-MM, not '" + *text + "'");
    return *year * 12 + *month - 1;
}

// "YYYY-MM-DD" as yyyymmdd.
std::optional<int> date_param(const RouteCall& call, const char* name) {
    auto text = query_param(call.request.query, name);
    if (!text) return std::nullopt;
    std::optional<int> y, m, d;
    if (text->size() == 10 && (*text)[4] == '-' && (*text)[7] == '-') {
        y = parse_int(text->substr(0, 4), 1000, 9999);
        m = parse_int(text->substr(5, 2), 1, 12);
        d = parse_int(text->substr(8, 2), 1, 31);
    }
    if (!y || !m || !d)
        throw bad(std::string(name) + " must be a date as YYYY-MM-DD, not '" + *text + "'");
    return *y * 10000 + *m * 100 + *d;
}

// The position asked for: `fen`, or start position `start` (our extension), then `play`.
Position position_param(const RouteCall& call) {
    Position pos;
    if (auto fen = query_param(call.request.query, "fen")) {
        auto parsed = position_from_fen(*fen);
        if (!parsed) throw bad("fen: " + parsed.error().to_string(), "invalid_fen");
        pos = *parsed;
    } else if (query_param(call.request.query, "start")) {
        pos = startpos::position(int_param(call, "start", 0, 0, 959)).value();
    } else {
        throw bad("give the position: fen=FEN or start=N (0..959)");
    }
    if (auto play = query_param(call.request.query, "play")) {
        int ply = 0;
        for (const std::string& uci : split(*play)) {
            ++ply;
            auto move = parse_uci(pos, uci, CastlingMode::Chess960);
            if (!move)
                throw bad("play: move " + std::to_string(ply) + " '" + uci +
                              "' is not legal: " + move.error().message,
                          "illegal_move");
            pos.play(*move);
        }
    }
    return pos;
}

Json player_json(const std::string& name, int rating) {
    return Json{{"name", name}, {"rating", rating ? Json(rating) : Json(nullptr)}};
}

Json winner_json(int result) {
    return result == 1 ? Json("white") : result == 2 ? Json("black") : Json(nullptr);
}

// A game as the explorer lists it (lila's topGames and recentGames).
Json explorer_game_json(const ExplorerGame& g) {
    const DbGameRow& row = g.game;
    Json out{{"uci", g.uci},
             {"id", std::to_string(row.id)},
             {"winner", winner_json(row.result)},
             {"speed", db::speed_name(db::Speed(row.speed))},
             {"mode", row.rated ? "rated" : "casual"},
             {"white", player_json(row.white, row.white_elo)},
             {"black", player_json(row.black, row.black_elo)},
             {"year", row.date ? Json(row.date / 10000) : Json(nullptr)}};
    if (row.date && row.date / 100 % 100) {
        char month[16];
        std::snprintf(month, sizeof month, "%04d-%02d", row.date / 10000, row.date / 100 % 100);
        out["month"] = month;
    } else {
        out["month"] = nullptr;
    }
    if (row.game_id) out["gameId"] = *row.game_id;
    return out;
}

// A game's summary (GET /api/db/games's lines).
Json summary_json(const DbGameRow& row, const std::vector<DbCollection>& collections) {
    Json out{{"id", std::to_string(row.id)},
             {"white", player_json(row.white, row.white_elo)},
             {"black", player_json(row.black, row.black_elo)},
             {"result", result_string(game_result(row.result))},
             {"winner", winner_json(row.result)},
             {"date", date_text(row.date)},
             {"speed", db::speed_name(db::Speed(row.speed))},
             {"rated", row.rated},
             {"event", row.event},
             {"site", row.site},
             {"plies", row.plies}};
    if (row.game_id) out["gameId"] = *row.game_id;
    out["start"] = row.start_number && !row.initial_fen ? Json(*row.start_number) : Json(nullptr);
    if (row.start_black_number) out["blackStart"] = *row.start_black_number;
    if (row.initial_fen) out["fen"] = *row.initial_fen;
    out["collection"] = nullptr;
    for (const DbCollection& c : collections)
        if (c.id == row.collection) out["collection"] = c.name;
    return out;
}

int collection_param(const RouteCall& call, const std::string& name) {
    auto found = call.api.game_db.find_collection(name);
    if (!found) throw ApiError{404, "no collection is named '" + name + "'", 0, "not_found"};
    return found->id;
}

// GET /api/explorer/{source}
std::optional<HttpResponse> explorer(const RouteCall& call) {
    limit_db_queries(call, "gamedb");
    ExplorerQuery q;
    const std::string_view source = call.params["source"];
    if (source == "games") {
        q.source = ExplorerSource::Games;
    } else if (source == "imported") {
        q.source = ExplorerSource::Imported;
        if (auto name = query_param(call.request.query, "collection"))
            q.collection = collection_param(call, *name);
    } else if (source == "player") {
        q.source = ExplorerSource::Player;
        auto player = query_param(call.request.query, "player");
        auto color = query_param(call.request.query, "color");
        if (!player || player->empty()) throw bad("the player explorer needs player=NAME");
        if (!color || (*color != "white" && *color != "black"))
            throw bad("the player explorer needs color=white or color=black");
        q.player = *player;
        q.player_white = *color == "white";
    } else {
        throw ApiError{
            404, "no explorer source '" + std::string(source) + "': games, imported or player", 0,
            "not_found"};
    }
    const Position pos = position_param(call);
    if (auto speeds = query_param(call.request.query, "speeds"))
        for (const std::string& word : split(*speeds)) {
            auto speed = db::parse_speed_name(word);
            if (!speed)
                throw bad(
                    "speeds: '" + word +
                    "' is not ultraBullet, bullet, blitz, rapid, classical or correspondence");
            q.speeds.push_back(*speed);
        }
    if (auto ratings = query_param(call.request.query, "ratings"))
        for (const std::string& word : split(*ratings)) {
            auto bound = parse_int(word, 0, 9999);
            auto group = bound
                             ? std::find(db::kRatingGroups.begin(), db::kRatingGroups.end(), *bound)
                             : db::kRatingGroups.end();
            if (group == db::kRatingGroups.end())
                throw bad("ratings: '" + word +
                          "' is not a rating group (0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, "
                          "2500)");
            q.rating_groups.push_back(int(group - db::kRatingGroups.begin()));
        }
    q.since_month = month_param(call, "since", false);
    q.until_month = month_param(call, "until", true);
    q.moves = int_param(call, "moves", 12, 0, 500);
    q.top_games = int_param(call, "topGames", 4, 0, 15);
    q.recent_games = int_param(call, "recentGames", 4, 0, 15);
    const ExplorerAnswer answer = explore(call.api.explorer_index, call.api.game_db, pos, q);
    Json moves = Json::array();
    for (const ExplorerMove& m : answer.moves)
        moves.push_back(Json{{"uci", m.uci},
                             {"san", m.san},
                             {"averageRating", m.average_rating},
                             {"white", m.counts.white},
                             {"draws", m.counts.draws},
                             {"black", m.counts.black},
                             {"game", nullptr}});
    Json top = Json::array(), recent = Json::array();
    for (const ExplorerGame& g : answer.top_games) top.push_back(explorer_game_json(g));
    for (const ExplorerGame& g : answer.recent_games) recent.push_back(explorer_game_json(g));
    return json_response(200, Json{{"white", answer.counts.white},
                                   {"draws", answer.counts.draws},
                                   {"black", answer.counts.black},
                                   {"moves", std::move(moves)},
                                   {"topGames", std::move(top)},
                                   {"recentGames", std::move(recent)},
                                   {"opening", nullptr}}
                                  .dump());
}

bool wants_pgn(const RouteCall& call) {
    return call.request.accept.find("application/x-chess-pgn") != std::string_view::npos;
}

// GET /api/db/games
std::optional<HttpResponse> search_games(const RouteCall& call) {
    limit_db_queries(call, "gamedb");
    DbSearch s;
    const std::string_view query = call.request.query;
    if (query_param(query, "start")) s.start_number = int_param(call, "start", 0, 0, 959);
    s.player = query_param(query, "player");
    if (auto color = query_param(query, "color")) {
        if (*color != "white" && *color != "black")
            throw bad("color must be white or black, not '" + *color + "'");
        if (!s.player) throw bad("color needs player=NAME");
        s.player_white = *color == "white";
    }
    if (auto result = query_param(query, "result")) {
        const GameResult r = pgn::parse_result(*result);
        if (r == GameResult::Ongoing)
            throw bad("result must be 1-0, 0-1 or 1/2-1/2, not '" + *result + "'");
        s.result = stored_result(r);
    }
    if (auto speed = query_param(query, "speed")) {
        auto parsed = db::parse_speed_name(*speed);
        if (!parsed) throw bad("speed: '" + *speed + "' is not a speed");
        s.speed = int(*parsed);
    }
    if (auto rated = query_param(query, "rated")) {
        if (*rated != "true" && *rated != "false")
            throw bad("rated must be true or false, not '" + *rated + "'");
        s.rated = *rated == "true";
    }
    s.since = date_param(call, "since");
    s.until = date_param(call, "until");
    if (query_param(query, "minRating")) s.min_rating = int_param(call, "minRating", 0, 0, 4095);
    if (query_param(query, "maxRating")) s.max_rating = int_param(call, "maxRating", 0, 0, 4095);
    s.event = query_param(query, "event");
    if (auto collection = query_param(query, "collection")) {
        if (*collection == "games")
            s.collection = kServerCollection;
        else
            s.collection = collection_param(call, *collection);
    }
    if (auto before = query_param(query, "before")) {
        std::int64_t id = 0;
        const auto [end, ec] = std::from_chars(before->data(), before->data() + before->size(), id);
        if (before->empty() || ec != std::errc() || end != before->data() + before->size() ||
            id < 0)
            throw bad("before must be a game's id, not '" + *before + "'");
        s.before = id;
    }
    if (auto fen = query_param(query, "fen")) {
        auto pos = position_from_fen(*fen);
        if (!pos) throw bad("fen: " + pos.error().to_string(), "invalid_fen");
        // The games that reached it, newest first (at most kMaxReached of them are searched).
        std::vector<std::int64_t> ids;
        for (const IndexHit& hit : call.api.explorer_index.position(std::int64_t(pos->key())))
            if (!s.before || hit.game < *s.before) ids.push_back(hit.game);
        std::sort(ids.begin(), ids.end(), std::greater<>());
        if (ids.size() > kMaxReached) ids.resize(kMaxReached);
        s.among = std::move(ids);
    }
    s.max = int_param(call, "max", 50, 1, 1000);
    const std::vector<DbGameRow> rows = call.api.game_db.search(s);
    if (wants_pgn(call)) {
        std::string body;
        for (const DbGameRow& summary : rows) {
            auto row = call.api.game_db.game(summary.id);
            if (!row) continue;
            auto record = record_of(*row);
            if (!record) continue;  // a damaged row: left out of the export
            if (!body.empty()) body += '\n';
            body += pgn::write_game(*record);
        }
        return HttpResponse{200, "application/x-chess-pgn", std::move(body), {}};
    }
    const std::vector<DbCollection> collections = call.api.game_db.collections();
    std::string body;
    for (const DbGameRow& row : rows) body += summary_json(row, collections).dump() + '\n';
    return HttpResponse{200, "application/x-ndjson", std::move(body), {}};
}

// GET /api/db/games/{id}
std::optional<HttpResponse> one_game(const RouteCall& call) {
    limit_db_queries(call, "gamedb");
    const std::string_view text = call.params["id"];
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    std::optional<DbGameRow> row;
    if (!text.empty() && ec == std::errc() && end == text.data() + text.size())
        row = call.api.game_db.game(id);
    if (!row)
        throw ApiError{404, "no game " + std::string(text) + " in the database", 0, "not_found"};
    auto record = record_of(*row);
    if (!record)
        throw ApiError{500, "game " + std::string(text) + " is damaged: " + record.error().message,
                       0, "internal_error"};
    if (wants_pgn(call))
        return HttpResponse{200, "application/x-chess-pgn", pgn::write_game(*record), {}};
    Json out = summary_json(*row, call.api.game_db.collections());
    out["initialFen"] = write_fen(record->start);
    std::string moves;
    Position pos = record->start;
    for (const pgn::Node& node : record->main.nodes) {
        if (!moves.empty()) moves += ' ';
        moves += to_uci(pos, node.move, CastlingMode::Chess960);
        pos.play(node.move);
    }
    out["moves"] = moves;
    return json_response(200, out.dump());
}

// GET /api/db/starts
std::optional<HttpResponse> starts(const RouteCall& call) {
    limit_db_queries(call, "gamedb");
    std::optional<int> collection;
    bool imported = false;
    if (auto name = query_param(call.request.query, "collection")) {
        collection = collection_param(call, *name);
    } else if (auto source = query_param(call.request.query, "source")) {
        if (*source == "games")
            collection = kServerCollection;
        else if (*source == "imported")
            imported = true;
        else
            throw bad("source must be games or imported, not '" + *source + "'");
    }
    struct Counts {
        std::int64_t white = 0, draws = 0, black = 0, unknown = 0;
    };
    std::vector<Counts> counts(startpos::kCount);
    for (const DbStartCount& c : call.api.game_db.start_counts()) {
        if (collection && c.collection != *collection) continue;
        if (imported && c.collection == kServerCollection) continue;
        if (c.start_number < 0 || c.start_number >= startpos::kCount) continue;
        Counts& n = counts[std::size_t(c.start_number)];
        (c.result == 1   ? n.white
         : c.result == 2 ? n.black
         : c.result == 3 ? n.draws
                         : n.unknown) += c.games;
    }
    Json list = Json::array();
    for (int i = 0; i < startpos::kCount; ++i) {
        const Counts& n = counts[std::size_t(i)];
        list.push_back(Json{{"start", i},
                            {"fen", write_fen(startpos::position(i).value())},
                            {"games", n.white + n.draws + n.black + n.unknown},
                            {"white", n.white},
                            {"draws", n.draws},
                            {"black", n.black}});
    }
    return json_response(200, Json{{"starts", std::move(list)}}.dump());
}

// An upload's collection: the uploader's, "<account>:<name>" (so that nobody adds to another's,
// nor to the collections the operator imports).
std::string upload_collection(const RouteCall& call, const std::string& account) {
    const std::string name = query_param(call.request.query, "collection").value_or("uploads");
    if (name.empty() || name.size() > 64 || std::any_of(name.begin(), name.end(), [](char c) {
            return (unsigned char)c < 0x20 || c == ':' || c == 0x7f;
        }))
        throw bad("collection must be 1 to 64 characters without ':' or control characters");
    return account + ":" + name;
}

// POST /api/db/import?collection=NAME: a PGN file into the signed-in player's collection,
// answered once it is written (GameRecorder's thread).
std::optional<HttpResponse> upload(const RouteCall& call) {
    // As same_site, but the body is PGN, not JSON.
    const HttpRequest& request = call.request;
    if (!request.origin.empty() && !same_origin(request.origin, request.host, request.https))
        throw ApiError{403, "cross-site request refused (Origin does not match this server)", 0,
                       "cross_site"};
    const Session session = signed_in(call.request, call.api.accounts);
    if (int wait = call.api.games.take_token("db-upload", session.account.id, 3.0 / 60, 3))
        throw ApiError{429,
                       "too many uploads: try again in " + std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
    if (call.request.body.empty()) throw bad("the body is empty: send the PGN text");
    const DbCollection collection =
        call.api.game_db.collection(upload_collection(call, session.account.name), false);
    auto respond = answer_later<GameRecorder::UploadOutcome>(
        call.later, [name = collection.name](GameRecorder::UploadOutcome outcome) {
            if (!outcome.error.empty())
                throw ApiError{503, "the game database is failing: try again", 5, "unavailable"};
            Json skipped = Json::array();
            for (const SkippedGame& s : outcome.skipped) {
                if (skipped.size() == 100) break;
                skipped.push_back(Json{{"line", s.line}, {"error", s.why}});
            }
            return Json{{"collection", name},
                        {"read", outcome.read},
                        {"imported", outcome.imported},
                        {"alreadyThere", outcome.already_there},
                        {"skippedCount", outcome.skipped.size()},
                        {"skipped", std::move(skipped)}}
                .dump();
        });
    auto shared = std::make_shared<decltype(respond)>(std::move(respond));
    const bool queued = call.api.db_writer.upload(
        std::string(call.request.body), {collection.id, collection.masters, std::nullopt},
        [shared](GameRecorder::UploadOutcome outcome) {
            (*shared)(Completion<GameRecorder::UploadOutcome>::value(std::move(outcome)));
        });
    if (!queued)
        throw ApiError{503, "too many uploads waiting: try again in a minute", 60, "unavailable"};
    return std::nullopt;
}

}  // namespace

void limit_db_queries(const RouteCall& call, const char* share) {
    const GameLimits& limits = call.api.games.limits();
    if (limits.db_queries_per_second <= 0) return;
    if (int wait = call.api.games.take_token(share, call.request.client,
                                             limits.db_queries_per_second, limits.db_queries_burst))
        throw ApiError{429,
                       "too many database requests: try again in " + std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
}

void add_db_routes(RouteTable& table) {
    table.add("POST", "/api/db/import", upload);
    table.add("GET", "/api/explorer/{source}", explorer);
    table.add("GET", "/api/db/games", search_games);
    table.add("GET", "/api/db/games/{id}", one_game);
    table.add("GET", "/api/db/starts", starts);
}

}  // namespace chess960::server
