#include "postgres_cluster.hpp"

#include <algorithm>
#include <cmath>

#include "postgres_listener.hpp"
#include "postgres_statements.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

using namespace pg_statements;

std::unique_ptr<StoreListener> PostgresCluster::listen(
    std::function<void(const std::string&)> on_change,
    std::function<void(const std::string&)> log) {
    return std::make_unique<PostgresListener>(store_.uri_, kGamesChannel, store_.origin_,
                                              std::move(on_change), std::move(log));
}

bool PostgresCluster::claim_engine(const std::string& game_id) {
    std::lock_guard lock(store_.mutex_);
    store_.db_.ensure_connected();
    return store_.db_.run(kClaimEngine, PgParams().text(game_id), "claiming an engine move")
               .text(0, 0) == "t";
}

void PostgresCluster::release_engine(const std::string& game_id) {
    std::lock_guard lock(store_.mutex_);
    store_.db_.ensure_connected();
    store_.db_.run(kReleaseEngine, PgParams().text(game_id), "releasing an engine move");
}

int PostgresCluster::take_token(const std::string& kind, const std::string& address,
                                double rate_per_second, double burst) {
    if (rate_per_second <= 0) return 0;
    const std::string client = sha256_hex(address);
    burst = std::max(1.0, burst);
    std::lock_guard lock(store_.mutex_);
    store_.db_.ensure_connected();
    if (++store_.tokens_taken_ % kForgetBucketsEvery == 0)
        store_.db_.run(
            kForgetFullBuckets,
            PgParams().text(kind).text(real_text(rate_per_second)).text(real_text(burst)),
            "forgetting full buckets");
    PgResult r = store_.db_.run(
        kTakeToken,
        PgParams().text(kind).text(client).text(real_text(rate_per_second)).text(real_text(burst)),
        "taking a token");
    if (r.text(0, 1) == "t") return 0;
    const double tokens = std::stod(r.text(0, 0));
    return std::max(1, int(std::ceil((1.0 - tokens) / rate_per_second)));
}

std::optional<TokenClaim> PostgresCluster::token_claim(const std::string& kind,
                                                       const std::string& address,
                                                       double rate_per_second, double burst) {
    if (rate_per_second <= 0) return std::nullopt;
    return TokenClaim{kind, sha256_hex(address), rate_per_second, burst};
}

std::optional<int> PostgresCluster::insert_engine_game(const GameRow& game,
                                                       const std::string& address, int limit) {
    const std::string client = sha256_hex(address);
    std::lock_guard lock(store_.mutex_);
    store_.db_.ensure_connected();
    PgTransaction transaction(store_.db_);
    store_.db_.run(kLockClient, PgParams().text(client), "locking a client's engine games");
    if (limit > 0) {
        store_.db_.run(kForgetFinishedEngineGames, PgParams().text(client),
                       "forgetting a client's finished engine games");
        const int in_play = int(
            store_.db_
                .run(kCountEngineGames, PgParams().text(client), "counting a client's engine games")
                .number(0, 0));
        if (in_play >= limit) return in_play;  // rolled back
    }
    store_.db_.run(kInsertGame, game_params(game), "inserting a game");
    store_.db_.run(kInsertEngineGameClient, PgParams().text(game.id).text(client),
                   "inserting an engine game's client");
    transaction.commit();
    return std::nullopt;
}

}  // namespace chess960::server
