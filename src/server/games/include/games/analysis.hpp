// The analysis board's engine (POST /api/analysis): a position's evaluation and best line.
// Bounded like the engine games (engine_pool.hpp): its own small pool of searching threads,
// a short fixed search per position, a cap on the positions waiting in all and a fair share of
// it per client (503 past either), and a rate limit per client (429), so that stepping through
// games cannot starve the engine games, nor a few clients everyone else.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "chess960/position.hpp"
#include "common/completion.hpp"
#include "games/engine_pool.hpp"
#include "store/cluster.hpp"

namespace chess960::server {

struct AnalysisOptions {
    int threads = 1;
    int hash_megabytes = 16;
    std::int64_t movetime_ms = 300;  // per position
    int max_depth = 20;
    // Positions queued or searched at once, all clients; a client holds at most an equal share
    // of it with the clients holding some and one more, so a newcomer always finds room.
    std::size_t max_waiting = 16;
    double rate_per_second = 4;  // per client
    double burst = 30;
};

// A score from white's side: centipawns, or mate in `mate` moves (negative: black mates; 0:
// the side to move is mated, `winner` the other).
struct AnalysisScore {
    std::optional<int> cp;
    std::optional<int> mate;
    std::optional<Color> winner;
};

// A position's evaluation and best line.
struct Analysis {
    Position position;
    int depth = 0;
    AnalysisScore score;
    std::optional<Move> best;
    std::vector<Move> line;  // from `position`, at most 12 moves
    std::uint64_t nodes = 0;
};

class AnalysisService {
  public:
    // The per-client rate is taken from `limits` (Cluster::take_token: the database's bucket
    // where servers share one, so that it holds in total across them).
    AnalysisService(AnalysisOptions options, Cluster& limits);
    ~AnalysisService();
    AnalysisService(const AnalysisService&) = delete;
    AnalysisService& operator=(const AnalysisService&) = delete;
    void stop();

    // Analyses the position of `fen` for `client`: a refusal (400, 422, 429, 503) is thrown at
    // once; the analysis comes through `reply`, from a search thread, or at once on this thread
    // when there is nothing to search (mate, stalemate).
    void analyse(const std::string& fen, const std::string& client, Later<Analysis> reply);

    // The share of the waiting positions a client may hold when `holding` clients (it not
    // among them) hold some: max_waiting / (holding + 2), at least 1.
    static std::size_t fair_share(std::size_t max_waiting, std::size_t holding);

  private:
    AnalysisOptions options_;
    Cluster& limits_;
    // Admits a position of `client` (its share and the total), or throws 503. When the total is
    // reached but `client` holds less than its share, the newest queued position of the client
    // holding the most makes room: that one is answered 503 through the returned call, which
    // the caller makes once it holds no lock.
    std::optional<EnginePool::Dropped> admit(const std::string& client);
    // Under waiting_mutex_: takes the newest queued position of the client holding the most
    // (more than `client` holds, plus one) off the engine's queue; nullopt if there is none.
    std::optional<EnginePool::Dropped> make_room(const std::string& client, std::size_t mine);
    void release(const std::string& client);

    std::mutex waiting_mutex_;
    std::size_t waiting_ = 0;
    std::unordered_map<std::string, std::size_t> waiting_by_client_;
    EnginePool pool_;
};

}  // namespace chess960::server
