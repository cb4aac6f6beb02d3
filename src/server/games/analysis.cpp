#include "games/analysis.hpp"

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "chess960/fen.hpp"
#include "common/api_error.hpp"
#include "engine/search.hpp"

namespace chess960::server {

namespace {

// The score from white's side: the engine's is from the side to move's.
AnalysisScore white_score(int score, Color to_move) {
    const int sign = to_move == White ? 1 : -1;
    if (score > engine::kMateBound || score < -engine::kMateBound) {
        // Mate in N moves (of the side that mates): plies to mate, rounded up to moves.
        const int plies = engine::kMate - (score > 0 ? score : -score);
        const int moves = (plies + 1) / 2;
        return AnalysisScore{std::nullopt, sign * (score > 0 ? moves : -moves), std::nullopt};
    }
    return AnalysisScore{sign * score, std::nullopt, std::nullopt};
}

// The moves of a line the answer shows at most.
constexpr std::size_t kMaxLine = 12;

}  // namespace

AnalysisService::AnalysisService(AnalysisOptions options, Cluster& limits)
    : options_(options),
      limits_(limits),
      pool_(EnginePoolOptions{options.threads, options.hash_megabytes}) {}

AnalysisService::~AnalysisService() { stop(); }

void AnalysisService::stop() { pool_.stop(); }

std::size_t AnalysisService::fair_share(std::size_t max_waiting, std::size_t holding) {
    return std::max<std::size_t>(1, max_waiting / (holding + 2));
}

std::optional<EnginePool::Dropped> AnalysisService::admit(const std::string& client) {
    std::lock_guard lock(waiting_mutex_);
    const auto it = waiting_by_client_.find(client);
    const std::size_t mine = it == waiting_by_client_.end() ? 0 : it->second;
    const std::size_t others = waiting_by_client_.size() - (mine > 0 ? 1 : 0);
    if (mine >= fair_share(options_.max_waiting, others))
        throw ApiError{503,
                       "you have " + std::to_string(mine) +
                           " positions waiting for the analysis engine already: wait for their "
                           "answers",
                       1, "engine_busy"};
    std::optional<EnginePool::Dropped> evicted;
    if (waiting_ >= options_.max_waiting) {
        // The clients that came first took the room a newcomer's share needs: the heaviest
        // gives one position back, so that no wait or refusal grows with the number of clients.
        evicted = make_room(client, mine);
        if (!evicted)
            throw ApiError{503, "the analysis engine is busy: try again in a moment", 1,
                           "engine_busy"};
    }
    ++waiting_;
    ++waiting_by_client_[client];
    return evicted;
}

std::optional<EnginePool::Dropped> AnalysisService::make_room(const std::string& client,
                                                              std::size_t mine) {
    std::vector<std::pair<std::size_t, std::string>> heaviest;
    for (const auto& [name, holding] : waiting_by_client_)
        if (name != client && holding > mine + 1) heaviest.emplace_back(holding, name);
    std::sort(heaviest.begin(), heaviest.end(), std::greater<>());
    for (const auto& [holding, name] : heaviest) {
        std::optional<EnginePool::Dropped> dropped = pool_.take_newest(name);
        if (!dropped) continue;  // all of its positions are being searched
        --waiting_;
        if (--waiting_by_client_[name] == 0) waiting_by_client_.erase(name);
        return dropped;
    }
    return std::nullopt;
}

void AnalysisService::release(const std::string& client) {
    std::lock_guard lock(waiting_mutex_);
    --waiting_;
    if (auto it = waiting_by_client_.find(client);
        it != waiting_by_client_.end() && --it->second == 0)
        waiting_by_client_.erase(it);
}

void AnalysisService::analyse(const std::string& fen, const std::string& client,
                              Later<Analysis> reply) {
    auto parsed = position_from_fen(fen);
    if (!parsed)
        throw ApiError{422, parsed.error().to_string(), 0, error_code_name(parsed.error().code)};
    const Position root = *parsed;
    if (int wait = limits_.take_token("analysis", client, options_.rate_per_second, options_.burst))
        throw ApiError{429,
                       "too many positions analysed from your address: try again in " +
                           std::to_string(wait) + " s",
                       wait,
                       "rate_limited",
                       {{"seconds", wait}}};
    if (root.legal_moves().size() == 0) {
        // Mate or stalemate: nothing to search.
        Analysis done;
        done.position = root;
        if (root.in_check())
            done.score = AnalysisScore{std::nullopt, 0, ~root.side_to_move()};
        else
            done.score = AnalysisScore{0, std::nullopt, std::nullopt};
        reply(Completion<Analysis>::value(std::move(done)));
        return;
    }
    const std::optional<EnginePool::Dropped> evicted = admit(client);
    if (evicted && *evicted) (*evicted)();
    auto shared_reply = std::make_shared<Later<Analysis>>(std::move(reply));
    EnginePool::Dropped dropped = [shared_reply] {
        (*shared_reply)(Completion<Analysis>::failure(
            std::make_exception_ptr(ApiError{503,
                                             "the analysis engine is busy: your position gave its "
                                             "place to another client's; try again in a moment",
                                             1, "engine_busy"})));
    };
    pool_.submit(
        client,
        [this, root, client, reply = shared_reply](engine::Searcher& searcher,
                                                   std::atomic<bool>& stop) mutable {
            engine::Limits limits;
            limits.movetime = options_.movetime_ms;
            limits.depth = options_.max_depth;
            searcher.set_weakness({});
            engine::SearchInfo last;
            std::optional<Completion<Analysis>> answer;
            try {
                const engine::SearchResult result =
                    searcher.search(root, {}, limits, stop, [&](const engine::SearchInfo& info) {
                        if (info.multipv == 1 && !info.pv.empty()) last = info;
                    });
                Analysis done;
                done.position = root;
                done.depth = last.depth;
                done.score =
                    white_score(last.pv.empty() ? result.score : last.score, root.side_to_move());
                if (result.best) done.best = result.best;
                for (Move m : last.pv) {
                    if (done.line.size() >= kMaxLine) break;
                    done.line.push_back(m);
                }
                done.nodes = result.nodes;
                answer = Completion<Analysis>::value(std::move(done));
            } catch (const std::exception& e) {
                answer = Completion<Analysis>::failure(std::make_exception_ptr(ApiError{
                    500, std::string("the analysis failed: ") + e.what(), 0, "internal_error"}));
            }
            release(client);
            (*reply)(std::move(*answer));
        },
        std::move(dropped));
}

}  // namespace chess960::server
