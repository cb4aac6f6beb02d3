#include "postgres_store.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>

#include "postgres_listener.hpp"
#include "postgres_play_statements.hpp"
#include "postgres_schema.hpp"
#include "postgres_session.hpp"
#include "postgres_statements.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

using namespace pg_statements;

PgParams pg_statements::game_params(const GameRow& game) {
    return PgSession::params_of(game_values(game));
}

namespace {

constexpr GameStatements kStatements = CHESS960_GAME_STATEMENTS(pg_schema);

}  // namespace

PostgresStore::PostgresStore(const std::string& uri, Rater rater)
    : SqlStore(kStatements, kAccountGameStatements.settlement, session_, std::move(rater)),
      uri_(uri),
      origin_(random_hex(8)),
      notify_(std::string("SELECT pg_notify('") + kGamesChannel +
              "', $1::text || ' ' || game) FROM unnest($2::text[]) AS game"),
      db_(uri),
      session_(db_) {
    migrate();
    session_.prepare(kInsertGame, kStatements.insert_game);
    session_.prepare(kUpdateGame, kStatements.update_game);
    session_.prepare(kUpdateGameAtPly, kStatements.update_game_at_ply);
    session_.prepare(kInsertMove, kStatements.insert_move);
    session_.prepare(kInsertMoveAfter, kStatements.insert_move_after);
    session_.prepare(kSelectLastMove, kStatements.select_last_move);
    session_.prepare(kSelectGame, kStatements.select_game);
    session_.prepare(kSelectMoves, kStatements.select_moves);
    session_.prepare(kSelectRecent, kStatements.select_recent);
    session_.prepare(kCountEventGamesInPlay, kStatements.count_event_games_in_play);
    session_.prepare(kSelectInPlay, kStatements.select_in_play);
    session_.prepare(kDeleteMovesAfter, kStatements.delete_moves_after);
    db_.prepare(kClaimEngine, std::string("SELECT pg_try_advisory_lock(") + kEngineLockKey + ")");
    db_.prepare(kReleaseEngine, std::string("SELECT pg_advisory_unlock(") + kEngineLockKey + ")");
    session_.prepare(kLockGames, pg_schema::kLockGames);
    db_.prepare(kTakeToken, pg_schema::kTakeToken);
    session_.prepare(kForgetFullBuckets, pg_schema::kForgetFullBuckets);
    session_.prepare(kAddTokenBuckets, pg_schema::kAddTokenBuckets);
    session_.prepare(kTakeTokens, pg_schema::kTakeTokens);
    db_.prepare(kLockClient, pg_schema::kLockClient);
    db_.prepare(kForgetFinishedEngineGames, pg_schema::kForgetFinishedEngineGames);
    db_.prepare(kCountEngineGames, pg_schema::kCountEngineGames);
    db_.prepare(kInsertEngineGameClient, pg_schema::kInsertEngineGameClient);
    // One notice per changed game, sent when the transaction commits.
    session_.prepare(kNotify, notify_.c_str());
}

void PostgresStore::migrate() {
    PgTransaction transaction(db_);
    db_.exec(pg_schema::kLockSchema, "locking the schema");
    // to_regclass: the table in the connection's search_path, or NULL.
    PgResult tables = db_.query(
        "SELECT to_regclass('chess960_schema') IS NOT NULL, to_regclass('games') IS NOT NULL", {},
        "reading the schema");
    const bool has_version = tables.text(0, 0) == "t";
    const bool has_games = tables.text(0, 1) == "t";
    if (!has_version) {
        if (has_games)
            throw StoreError(db_.name() +
                             ": a PostgreSQL database with a games table that is not chess960's "
                             "(no chess960_schema table). Check the URI, or use another "
                             "database or schema.");
        db_.exec(pg_schema::kCreate, "creating the tables");
        upgrade(pg_schema::kFirstVersion);
    } else {
        PgResult row = db_.query("SELECT version FROM chess960_schema", {}, "reading the version");
        const int version = row.rows() == 1 ? int(row.number(0, 0)) : 0;
        if (version > Store::kSchemaVersion)
            throw StoreError(db_.name() + ": the database has schema version " +
                             std::to_string(version) + ", newer than this program's (" +
                             std::to_string(Store::kSchemaVersion) +
                             "): a newer chess960 wrote it. Run that version, or use another "
                             "database.");
        if (version < pg_schema::kFirstVersion)
            throw StoreError(db_.name() + ": the chess960_schema table holds no valid version (" +
                             std::to_string(row.rows()) + " rows" +
                             (row.rows() == 1 ? ", version " + std::to_string(version) : "") +
                             "). Check the URI, or use another database.");
        upgrade(version);
    }
    db_.exec(pg_schema::kCreateLimits, "creating the limits' tables");
    transaction.commit();
}

// The steps from `version` to Store::kSchemaVersion, in the caller's transaction.
void PostgresStore::upgrade(int version) {
    static_assert(pg_schema::kFirstVersion + int(std::size(pg_schema::kUpgrades)) ==
                  Store::kSchemaVersion);
    for (; version < Store::kSchemaVersion; ++version) {
        db_.exec(pg_schema::kUpgrades[version - pg_schema::kFirstVersion], "upgrading the schema");
        db_.exec("UPDATE chess960_schema SET version = " + std::to_string(version + 1),
                 "setting the schema version");
    }
}

std::map<std::pair<std::string, std::string>, PostgresStore::Grant>
PostgresStore::take_claimed_tokens(std::span<const GameChange> changes) {
    struct Wanted {
        double rate_per_second;
        double burst;
        std::map<std::string, int> clients;  // byte order, as kTakeTokens locks them
    };
    std::map<std::string, Wanted> kinds;
    for (const GameChange& change : changes)
        if (change.token && change.token->rate_per_second > 0) {
            const TokenClaim& claim = *change.token;
            Wanted& wanted =
                kinds.try_emplace(claim.kind, claim.rate_per_second, std::max(1.0, claim.burst))
                    .first->second;
            ++wanted.clients[claim.client];
        }
    std::map<std::pair<std::string, std::string>, Grant> grants;
    for (const auto& [kind, wanted] : kinds) {
        std::vector<std::string> clients;
        std::string counts = "{";
        for (const auto& [client, n] : wanted.clients) {
            clients.push_back(client);
            counts += (counts.size() > 1 ? "," : "") + std::to_string(n);
        }
        counts += "}";
        const unsigned before = tokens_taken_;
        tokens_taken_ += unsigned(wanted.clients.size());
        if (before / kForgetBucketsEvery != tokens_taken_ / kForgetBucketsEvery)
            session_.run(pg_schema::kForgetFullBuckets,
                         SqlValues().text(kind).real(wanted.rate_per_second).real(wanted.burst),
                         "forgetting full buckets");
        session_.run(pg_schema::kAddTokenBuckets,
                     SqlValues().text(kind).texts(clients).real(wanted.burst),
                     "adding token buckets");
        session_.query(
            pg_schema::kTakeTokens,
            SqlValues()
                .text(kind)
                .texts(clients)
                .text(counts)
                .real(wanted.rate_per_second)
                .real(wanted.burst),
            "taking tokens", [&](const SqlRow& row) {
                grants[{kind, row.text(0)}] = Grant{row.integer(1), std::stod(row.text(2))};
            });
    }
    return grants;
}

// The games a write changes are locked until it commits (kLockGames), and its tokens taken, before
// its changes.
void PostgresStore::begin_changes(std::span<const GameChange> changes) {
    std::vector<std::string> written;
    for (const GameChange& change : changes) written.push_back(change.row.id);
    session_.run(pg_schema::kLockGames, SqlValues().texts(written), "locking the games written");
    grants_ = take_claimed_tokens(changes);
}

std::optional<WriteRefusal> PostgresStore::claim(const GameChange& change) {
    if (!change.token || change.token->rate_per_second <= 0) return std::nullopt;
    auto grant = grants_.find({change.token->kind, change.token->client});
    if (grant == grants_.end() || grant->second.to_give == 0) {
        const double left = grant == grants_.end() ? 0 : grant->second.tokens_left;
        const int wait = std::max(1, int(std::ceil((1.0 - left) / change.token->rate_per_second)));
        return WriteRefusal{WriteRefusal::Reason::NoToken,
                            "the client's '" + change.token->kind + "' tokens are spent: wait " +
                                std::to_string(wait) + " s",
                            wait};
    }
    --grant->second.to_give;
    return std::nullopt;
}

// One notice per changed game, sent when the transaction commits.
void PostgresStore::changes_saved(const std::vector<std::string>& game_ids) {
    if (!game_ids.empty())
        session_.run(notify_.c_str(), SqlValues().text(origin_).texts(game_ids),
                     "notifying other servers");
}

}  // namespace chess960::server
