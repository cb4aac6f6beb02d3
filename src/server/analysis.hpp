// The analysis board's engine (POST /api/analysis): a position's evaluation and best line.
// Bounded like the engine games (engine_pool.hpp): its own small pool of searching threads,
// a short fixed search per position, a cap on the positions waiting (503 past it) and a rate
// limit per client (429), so that stepping through games cannot starve the engine games.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "server/engine_pool.hpp"
#include "server/games.hpp"
#include "server/rate_limit.hpp"

namespace chess960::server {

struct AnalysisOptions {
    int threads = 1;
    int hash_megabytes = 16;
    std::int64_t movetime_ms = 300;  // per position
    int max_depth = 20;
    std::size_t max_waiting = 16;  // positions queued or searched at once, all clients
    double rate_per_second = 4;    // per client
    double burst = 30;
};

class AnalysisService {
  public:
    // With `limits`, the per-client rate is taken through GameService::take_token (the
    // database's bucket on a shared store, so that it holds in total across the servers);
    // without, from this service's own bucket.
    explicit AnalysisService(AnalysisOptions options = {}, GameService* limits = nullptr);
    ~AnalysisService();
    AnalysisService(const AnalysisService&) = delete;
    AnalysisService& operator=(const AnalysisService&) = delete;
    void stop();

    // Analyses the position of `fen` for `client`: a refusal (400, 422, 429, 503) is thrown at
    // once; the answer {"fen","depth","score":{"cp":n}|{"mate":n} (white's view),"best",
    // "pv":[{"uci","san"}...],"nodes"} comes through `reply`, from a search thread, or is
    // returned at once when there is nothing to search (mate, stalemate).
    std::optional<std::string> analyse(const std::string& fen, const std::string& client,
                                       Reply reply);

  private:
    AnalysisOptions options_;
    GameService* limits_;
    RateLimiter rate_;
    std::atomic<std::size_t> waiting_{0};
    EnginePool pool_;
};

}  // namespace chess960::server
