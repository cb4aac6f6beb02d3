#include "postgres_store.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>

#include "kill_points.hpp"
#include "postgres_listener.hpp"
#include "postgres_play_rows.hpp"
#include "postgres_schema.hpp"
#include "postgres_statements.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

using namespace pg_statements;

PgParams pg_statements::game_params(const GameRow& game) {
    PgParams p;
    p.text(game.id)
        .text(game.white_token_hash)
        .text(game.black_token_hash)
        .text(game.opponent)
        .optional_number(game.level)
        .optional_text(game.engine_color)
        .optional_number(game.start_number)
        .optional_number(game.start_black_number)
        .text(game.initial_fen)
        .optional_number(game.clock_initial_ms)
        .optional_number(game.clock_increment_ms)
        .number(game.white_ms)
        .number(game.black_ms)
        .optional_text(game.clock_running)
        .number(game.clock_at)
        .optional_text(game.draw_offer)
        .text(game.result)
        .optional_text(game.termination)
        .number(game.plies)
        .number(game.created_at)
        .number(game.updated_at)
        .optional_text(game.takeback)
        .optional_text(game.event_id)
        .optional_number(game.clock_per_move_ms);
    return p;
}

namespace {

// A move without its clock (imports, add_move: the game's row has it), or with the clock of the
// game's row after it (write).
PgParams move_params(const std::string& game_id, const MoveRow& move,
                     const GameRow* after = nullptr) {
    PgParams p;
    p.text(game_id).number(move.ply).text(move.uci).text(move.san).text(move.fen).number(
        move.created_at);
    if (after)
        p.number(after->white_ms)
            .number(after->black_ms)
            .optional_text(after->clock_running)
            .number(after->clock_at);
    else
        p.null().null().null().null();
    return p;
}

GameRow read_game(const PgResult& r, int row) {
    GameRow g;
    g.id = r.text(row, 0);
    g.white_token_hash = r.text(row, 1);
    g.black_token_hash = r.text(row, 2);
    g.opponent = r.text(row, 3);
    if (auto v = r.optional_number(row, 4)) g.level = int(*v);
    g.engine_color = r.optional_text(row, 5);
    if (auto v = r.optional_number(row, 6)) g.start_number = int(*v);
    if (auto v = r.optional_number(row, 7)) g.start_black_number = int(*v);
    g.initial_fen = r.text(row, 8);
    g.clock_initial_ms = r.optional_number(row, 9);
    g.clock_increment_ms = r.optional_number(row, 10);
    g.white_ms = r.number(row, 11);
    g.black_ms = r.number(row, 12);
    g.clock_running = r.optional_text(row, 13);
    g.clock_at = r.number(row, 14);
    g.draw_offer = r.optional_text(row, 15);
    g.result = r.text(row, 16);
    g.termination = r.optional_text(row, 17);
    g.plies = int(r.number(row, 18));
    g.created_at = r.number(row, 19);
    g.updated_at = r.number(row, 20);
    g.takeback = r.optional_text(row, 21);
    g.event_id = r.optional_text(row, 22);
    g.clock_per_move_ms = r.optional_number(row, 23);
    return g;
}

// A snapshot for reads: a game's row and its moves as of one moment, whatever other servers
// write meanwhile.
constexpr const char* kReadSnapshot = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";

}  // namespace

PostgresStore::PostgresStore(const std::string& uri, Rater rater)
    : uri_(uri), origin_(random_hex(8)), rater_(std::move(rater)), db_(uri) {
    migrate();
    db_.prepare(kInsertGame, pg_schema::kInsertGame);
    db_.prepare(kUpdateGame, pg_schema::kUpdateGame);
    db_.prepare(kUpdateGameAtPly, pg_schema::kUpdateGameAtStoredPly);
    db_.prepare(kInsertMove, pg_schema::kInsertMove);
    db_.prepare(kInsertMoveAfter, pg_schema::kInsertMoveAfter);
    db_.prepare(kSelectLastMove, pg_schema::kSelectLastMove);
    db_.prepare(kSelectGame, pg_schema::kSelectGame);
    db_.prepare(kSelectMoves, pg_schema::kSelectMoves);
    db_.prepare(kSelectRecent, pg_schema::kSelectRecent);
    db_.prepare(kCountEventGamesInPlay, pg_schema::kCountEventGamesInPlay);
    db_.prepare(kSelectInPlay, pg_schema::kSelectInPlay);
    db_.prepare(kDeleteMovesAfter, pg_schema::kDeleteMovesAfter);
    db_.prepare(kClaimEngine, std::string("SELECT pg_try_advisory_lock(") + kEngineLockKey + ")");
    db_.prepare(kReleaseEngine, std::string("SELECT pg_advisory_unlock(") + kEngineLockKey + ")");
    db_.prepare(kLockGames, pg_schema::kLockGames);
    db_.prepare(kTakeToken, pg_schema::kTakeToken);
    db_.prepare(kForgetFullBuckets, pg_schema::kForgetFullBuckets);
    db_.prepare(kAddTokenBuckets, pg_schema::kAddTokenBuckets);
    db_.prepare(kTakeTokens, pg_schema::kTakeTokens);
    db_.prepare(kLockClient, pg_schema::kLockClient);
    db_.prepare(kForgetFinishedEngineGames, pg_schema::kForgetFinishedEngineGames);
    db_.prepare(kCountEngineGames, pg_schema::kCountEngineGames);
    db_.prepare(kInsertEngineGameClient, pg_schema::kInsertEngineGameClient);
    // One notice per changed game, sent when the transaction commits.
    db_.prepare(kNotify, std::string("SELECT pg_notify('") + kGamesChannel +
                             "', $1::text || ' ' || game) FROM unnest($2::text[]) AS game");
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

void PostgresStore::insert_game(const GameRow& game) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    db_.run(kInsertGame, game_params(game), "inserting a game");
}

void PostgresStore::update_game(const GameRow& game) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    if (db_.run(kUpdateGame, game_params(game), "updating a game").changed() != 1)
        throw StoreError(db_.name() + ": cannot update game '" + game.id +
                         "': there is no such game");
}

void PostgresStore::add_move(const GameRow& game, const MoveRow& move) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    db_.run(kInsertMove, move_params(game.id, move), "inserting a move");
    PgParams params = game_params(game);
    params.set(kPliesParameter, std::to_string(move.ply));
    if (db_.run(kUpdateGame, params, "updating a game").changed() != 1)
        throw StoreError(db_.name() + ": cannot add a move to game '" + game.id +
                         "': there is no such game");
    transaction.commit();
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
            db_.run(kForgetFullBuckets,
                    PgParams()
                        .text(kind)
                        .text(real_text(wanted.rate_per_second))
                        .text(real_text(wanted.burst)),
                    "forgetting full buckets");
        const std::string client_array = text_array(clients);
        db_.run(kAddTokenBuckets,
                PgParams().text(kind).text(client_array).text(real_text(wanted.burst)),
                "adding token buckets");
        PgResult r = db_.run(kTakeTokens,
                             PgParams()
                                 .text(kind)
                                 .text(client_array)
                                 .text(counts)
                                 .text(real_text(wanted.rate_per_second))
                                 .text(real_text(wanted.burst)),
                             "taking tokens");
        for (int i = 0; i < r.rows(); ++i)
            grants[{kind, r.text(i, 0)}] = Grant{int(r.number(i, 1)), std::stod(r.text(i, 2))};
    }
    return grants;
}

std::vector<std::optional<WriteRefusal>> PostgresStore::write(std::span<const GameChange> changes) {
    std::vector<std::optional<WriteRefusal>> refused(changes.size());
    std::vector<std::string> changed_games;
    std::vector<std::string> written;
    for (const GameChange& change : changes) written.push_back(change.row.id);
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    std::optional<KillScope> scope;
    if (std::ranges::any_of(changes, [](const GameChange& c) { return !c.row.in_play(); }))
        scope.emplace("end_game");
    PgTransaction transaction(db_);
    db_.run(kLockGames, PgParams().text(text_array(written)), "locking the games written");
    auto grants = take_claimed_tokens(changes);
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const GameChange& change = changes[i];
        const int ply_before = change.move            ? change.move->ply - 1
                               : change.takeback_from ? *change.takeback_from
                                                      : change.row.plies;
        if (change.token && change.token->rate_per_second > 0) {
            auto grant = grants.find({change.token->kind, change.token->client});
            if (grant == grants.end() || grant->second.to_give == 0) {
                const double left = grant == grants.end() ? 0 : grant->second.tokens_left;
                const int wait =
                    std::max(1, int(std::ceil((1.0 - left) / change.token->rate_per_second)));
                refused[i] =
                    WriteRefusal{WriteRefusal::Reason::NoToken,
                                 "the client's '" + change.token->kind +
                                     "' tokens are spent: wait " + std::to_string(wait) + " s",
                                 wait};
                continue;
            }
            --grant->second.to_give;
        }
        int changed = 0;
        if (change.takeback_from) {
            changed = takeback(change);
        } else if (change.move) {
            // The move's own row, only after the stored game's last move.
            changed =
                db_.run(kInsertMoveAfter, move_params(change.row.id, *change.move, &change.row),
                        "inserting a move")
                    .changed();
            if (changed == 1 && change.row_changed) {
                PgParams params = game_params(change.row);
                params.set(kPliesParameter, std::to_string(change.move->ply));
                changed = db_.run(kUpdateGame, params, "updating a game").changed();
            }
        } else {
            PgParams params = game_params(change.row);
            params.number(ply_before);
            changed = db_.run(kUpdateGameAtPly, params, "updating a game").changed();
        }
        if (changed != 1)
            refused[i] = WriteRefusal{WriteRefusal::Reason::NotAtPly,
                                      "game '" + change.row.id + "' is not stored at ply " +
                                          std::to_string(ply_before) +
                                          " (no such game, or a change was lost)"};
        else
            changed_games.push_back(change.row.id);
    }
    // A game that ends here changes its players' ratings in the same transaction (an account
    // game's: others have none), so that whatever stops the server, a game over is settled.
    if (rater_)
        for (std::size_t i = 0; i < changes.size(); ++i)
            if (!refused[i] && !changes[i].row.in_play())
                pg_rows::settle_game(db_, changes[i].row.id, rater_);
    if (!changed_games.empty())
        db_.run(kNotify, PgParams().text(origin_).text(text_array(changed_games)),
                "notifying other servers");
    transaction.commit();
    return refused;
}

// As SQLite's: the row only if the stored game is at takeback_from, then the moves after the
// row's plies, in the caller's transaction (which holds the game's row lock). 1 when done.
int PostgresStore::takeback(const GameChange& change) {
    PgParams params = game_params(change.row);
    params.number(*change.takeback_from);
    if (db_.run(kUpdateGameAtPly, params, "taking back moves").changed() != 1) return 0;
    db_.run(kDeleteMovesAfter, PgParams().text(change.row.id).number(change.row.plies),
            "taking back moves");
    return 1;
}

void PostgresStore::import_games(const std::vector<StoredGame>& games) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    for (const StoredGame& stored : games) {
        PgParams params = game_params(stored.game);
        if (!stored.moves.empty())
            params.set(kPliesParameter, std::to_string(stored.moves.back().ply));
        db_.run(kInsertGame, params, "importing a game");
        for (const MoveRow& move : stored.moves)
            db_.run(kInsertMove, move_params(stored.game.id, move), "importing a move");
    }
    transaction.commit();
}

std::vector<MoveRow> PostgresStore::moves_of(const std::string& id) {
    PgResult r = db_.run(kSelectMoves, PgParams().text(id), "reading moves");
    std::vector<MoveRow> moves;
    moves.reserve(std::size_t(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
        moves.push_back(MoveRow{int(r.number(i, 0)), r.text(i, 1), r.text(i, 2), r.text(i, 3),
                                r.number(i, 4), r.optional_number(i, 5), r.optional_number(i, 6)});
    return moves;
}

// As SQLite's: the last move, when newer than the game's row, carries the game's clock.
void PostgresStore::fold_last_move(GameRow& game) {
    PgResult r = db_.run(kSelectLastMove, PgParams().text(game.id), "reading a game's last move");
    if (r.rows() == 0) return;
    const int ply = int(r.number(0, 0));
    if (ply <= game.plies || r.is_null(0, 5)) return;
    game.plies = ply;
    game.updated_at = r.number(0, 1);
    game.white_ms = r.number(0, 2);
    game.black_ms = r.number(0, 3);
    game.clock_running = r.optional_text(0, 4);
    game.clock_at = r.number(0, 5);
}

std::vector<StoredGame> PostgresStore::load_in_play() {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction snapshot(db_, kReadSnapshot);
    std::vector<StoredGame> games;
    {
        PgResult r = db_.run(kSelectInPlay, {}, "reading the games in play");
        games.reserve(std::size_t(r.rows()));
        for (int i = 0; i < r.rows(); ++i) games.push_back(StoredGame{read_game(r, i), {}});
    }
    for (StoredGame& stored : games) {
        stored.moves = moves_of(stored.game.id);
        fold_last_move(stored.game);
    }
    snapshot.commit();
    return games;
}

std::optional<StoredGame> PostgresStore::load_game(const std::string& id) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction snapshot(db_, kReadSnapshot);
    std::optional<StoredGame> stored;
    {
        PgResult r = db_.run(kSelectGame, PgParams().text(id), "reading a game");
        if (r.rows() == 0) return std::nullopt;
        stored = StoredGame{read_game(r, 0), {}};
    }
    stored->moves = moves_of(id);
    fold_last_move(stored->game);
    snapshot.commit();
    return stored;
}

std::vector<GameRow> PostgresStore::recent_games(int limit) {
    if (limit < 0)
        throw std::invalid_argument("recent_games: a negative limit (" + std::to_string(limit) +
                                    ")");
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction snapshot(db_, kReadSnapshot);
    std::vector<GameRow> games;
    {
        PgResult r = db_.run(kSelectRecent, PgParams().number(limit), "reading the recent games");
        for (int i = 0; i < r.rows(); ++i) games.push_back(read_game(r, i));
    }
    for (GameRow& game : games) fold_last_move(game);
    snapshot.commit();
    return games;
}

int PostgresStore::event_games_in_play(const std::string& event_id) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgResult r = db_.run(kCountEventGamesInPlay, PgParams().text(event_id),
                         "counting an event's games in play");
    return int(r.number(0, 0));
}

}  // namespace chess960::server
