#include "games/analysis.hpp"

#include <nlohmann/json.hpp>

#include "chess960/fen.hpp"
#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"
#include "engine/search.hpp"
#include "http/routes.hpp"

namespace chess960::server {

namespace {

using Json = nlohmann::json;

// The score from white's side: the engine's is from the side to move's.
Json white_score(int score, Color to_move) {
    const int sign = to_move == White ? 1 : -1;
    if (score > engine::kMateBound || score < -engine::kMateBound) {
        // Mate in N moves (of the side that mates): plies to mate, rounded up to moves.
        const int plies = engine::kMate - (score > 0 ? score : -score);
        const int moves = (plies + 1) / 2;
        return Json{{"mate", sign * (score > 0 ? moves : -moves)}};
    }
    return Json{{"cp", sign * score}};
}

}  // namespace

AnalysisService::AnalysisService(AnalysisOptions options, GameService* limits)
    : options_(options),
      limits_(limits),
      rate_(options.rate_per_second, options.burst),
      pool_(EnginePoolOptions{options.threads, options.hash_megabytes}) {}

AnalysisService::~AnalysisService() { stop(); }

void AnalysisService::stop() { pool_.stop(); }

std::size_t AnalysisService::fair_share(std::size_t max_waiting, std::size_t holding) {
    return std::max<std::size_t>(1, max_waiting / (holding + 2));
}

void AnalysisService::admit(const std::string& client) {
    std::lock_guard lock(waiting_mutex_);
    const auto it = waiting_by_client_.find(client);
    const std::size_t mine = it == waiting_by_client_.end() ? 0 : it->second;
    const std::size_t others = waiting_by_client_.size() - (mine > 0 ? 1 : 0);
    if (waiting_ >= options_.max_waiting)
        throw ApiError{503, "the analysis engine is busy: try again in a moment", 1, "engine_busy"};
    if (mine >= fair_share(options_.max_waiting, others))
        throw ApiError{503,
                       "you have " + std::to_string(mine) +
                           " positions waiting for the analysis engine already: wait for their "
                           "answers",
                       1, "engine_busy"};
    ++waiting_;
    ++waiting_by_client_[client];
}

void AnalysisService::release(const std::string& client) {
    std::lock_guard lock(waiting_mutex_);
    --waiting_;
    if (auto it = waiting_by_client_.find(client);
        it != waiting_by_client_.end() && --it->second == 0)
        waiting_by_client_.erase(it);
}

std::optional<std::string> AnalysisService::analyse(const std::string& fen,
                                                    const std::string& client, Reply reply) {
    auto parsed = position_from_fen(fen);
    if (!parsed)
        throw ApiError{422, parsed.error().to_string(), 0, error_code_name(parsed.error().code)};
    const Position root = *parsed;
    const Millis now = now_ms();
    if (int wait = limits_ ? limits_->take_token("analysis", client, rate_,
                                                 options_.rate_per_second, options_.burst)
                           : rate_.take(client, now))
        throw ApiError{429,
                       "too many positions analysed from your address: try again in " +
                           std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
    if (root.legal_moves().size() == 0) {
        // Mate or stalemate: nothing to search.
        Json out{{"fen", write_fen(root)},
                 {"depth", 0},
                 {"best", nullptr},
                 {"pv", Json::array()},
                 {"nodes", 0}};
        out["score"] =
            root.in_check()
                ? Json{{"mate", 0}, {"winner", root.side_to_move() == White ? "black" : "white"}}
                : Json{{"cp", 0}};
        return out.dump();
    }
    admit(client);
    pool_.submit(client, [this, root, client, reply = std::make_shared<Reply>(std::move(reply))](
                             engine::Searcher& searcher, std::atomic<bool>& stop) mutable {
        engine::Limits limits;
        limits.movetime = options_.movetime_ms;
        limits.depth = options_.max_depth;
        searcher.set_weakness({});
        engine::SearchInfo last;
        Answer answer;
        try {
            const engine::SearchResult result =
                searcher.search(root, {}, limits, stop, [&](const engine::SearchInfo& info) {
                    if (info.multipv == 1 && !info.pv.empty()) last = info;
                });
            Json pv = Json::array();
            Position pos = root;
            for (Move m : last.pv) {
                pv.push_back(
                    Json{{"uci", to_uci(pos, m, CastlingMode::Chess960)}, {"san", to_san(pos, m)}});
                pos.play(m);
                if (pv.size() >= 12) break;
            }
            Json out{{"fen", write_fen(root)},
                     {"depth", last.depth},
                     {"score", white_score(last.pv.empty() ? result.score : last.score,
                                           root.side_to_move())},
                     {"best", result.best ? Json(to_uci(root, result.best, CastlingMode::Chess960))
                                          : Json(nullptr)},
                     {"pv", pv},
                     {"nodes", result.nodes}};
            answer.text = out.dump();
        } catch (const std::exception& e) {
            answer.error =
                ApiError{500, std::string("the analysis failed: ") + e.what(), 0, "internal_error"};
        }
        release(client);
        (*reply)(std::move(answer));
    });
    return std::nullopt;
}

std::optional<HttpResponse> Routes::analysis_route(const HttpRequest& request, Respond& later) {
    if (request.method != "POST")
        throw ApiError{405, "the analysis is asked for with POST /api/analysis {\"fen\": ...}", 0,
                       "method_not_allowed"};
    if (auto invalid = check_body(request.body)) throw *invalid;
    const std::string fen = parse_fen_check(request.body);
    auto now = analysis_->analyse(
        fen, request.client, [respond = std::move(later)](Answer answer) mutable {
            respond(answer.error ? error_response(*answer.error)
                                 : json_response(200, std::move(answer.text)));
        });
    if (now) return json_response(200, std::move(*now));
    return std::nullopt;
}

}  // namespace chess960::server
