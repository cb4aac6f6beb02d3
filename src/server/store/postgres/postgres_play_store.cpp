// The accounts' play on PostgreSQL (play_store.hpp): ratings, seeks, account games, on the
// accounts' store's connection (postgres_account_store.hpp).
#include <algorithm>
#include <charconv>
#include <cstdio>

#include "kill_points.hpp"
#include "postgres_account_store.hpp"
#include "postgres_listener.hpp"
#include "postgres_play_rows.hpp"
#include "postgres_schema.hpp"
#include "postgres_statements.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

using pg_rows::boolean;
using pg_rows::optional_int;
using pg_rows::real;

#define CHESS960_SEEK_SELECT                                                                 \
    "SELECT s.id, s.account_id, s.rated, s.pool, s.clock_initial_ms, s.clock_increment_ms, " \
    "s.color, s.start_type, s.start_number, s.start_black, s.min_rating, s.max_rating, "     \
    "s.created_at, a.name, r.rating, r.deviation, r.volatility, r.games, r.last_played, "    \
    "s.to_account, COALESCE(t.name, ''), s.days_per_move, s.quick "                          \
    "FROM seeks s JOIN accounts a ON a.id = s.account_id "                                   \
    "LEFT JOIN ratings r ON r.account_id = s.account_id AND r.pool = s.pool "                \
    "LEFT JOIN accounts t ON t.id = s.to_account "

SeekRow read_seek(const PgResult& r, int i) {
    SeekRow k;
    k.id = r.text(i, 0);
    k.account_id = r.text(i, 1);
    k.rated = boolean(r, i, 2);
    k.pool = r.text(i, 3);
    k.clock_initial_ms = r.optional_number(i, 4);
    k.clock_increment_ms = r.optional_number(i, 5);
    k.color = r.text(i, 6);
    k.start_type = r.text(i, 7);
    k.start_number = optional_int(r, i, 8);
    k.start_black = optional_int(r, i, 9);
    k.min_rating = optional_int(r, i, 10);
    k.max_rating = optional_int(r, i, 11);
    k.created_at = r.number(i, 12);
    k.account_name = r.text(i, 13);
    if (!r.is_null(i, 14))
        k.seeker_rating = RatingRow{k.pool,         real(r, i, 14),       real(r, i, 15),
                                    real(r, i, 16), int(r.number(i, 17)), r.optional_number(i, 18)};
    k.to_account = r.optional_text(i, 19);
    k.to_name = r.text(i, 20);
    k.days_per_move = optional_int(r, i, 21);
    k.quick = r.optional_text(i, 22);
    return k;
}

}  // namespace

std::vector<RatingRow> PostgresAccountStore::ratings(const std::string& account_id) {
    const PgResult r = run(CHESS960_PG_RATING_SELECT "WHERE account_id = $1 ORDER BY pool",
                           PgParams().text(account_id), "reading ratings");
    std::vector<RatingRow> rows;
    for (int i = 0; i < r.rows(); ++i) rows.push_back(pg_rows::read_rating(r, i));
    return rows;
}

void PostgresAccountStore::insert_seek(const SeekRow& k) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    db_.query(
        "INSERT INTO seeks(id, account_id, rated, pool, clock_initial_ms, clock_increment_ms, "
        "color, start_type, start_number, start_black, min_rating, max_rating, created_at, "
        "to_account, days_per_move, quick) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, "
        "$12, $13, $14, $15, $16)",
        PgParams()
            .text(k.id)
            .text(k.account_id)
            .text(k.rated ? "true" : "false")
            .text(k.pool)
            .optional_number(k.clock_initial_ms)
            .optional_number(k.clock_increment_ms)
            .text(k.color)
            .text(k.start_type)
            .optional_number(k.start_number)
            .optional_number(k.start_black)
            .optional_number(k.min_rating)
            .optional_number(k.max_rating)
            .number(k.created_at)
            .optional_text(k.to_account)
            .optional_number(k.days_per_move)
            .optional_text(k.quick),
        "inserting a seek");
    notify_lobby("seeks");
    transaction.commit();
}

std::vector<SeekRow> PostgresAccountStore::seeks(int limit) {
    const PgResult r = run(CHESS960_SEEK_SELECT "ORDER BY s.created_at, s.id LIMIT $1",
                           PgParams().number(limit), "reading the seeks");
    std::vector<SeekRow> rows;
    for (int i = 0; i < r.rows(); ++i) rows.push_back(read_seek(r, i));
    return rows;
}

int PostgresAccountStore::count_seeks(const std::string& account_id) {
    return int(run("SELECT COUNT(*) FROM seeks WHERE account_id = $1", PgParams().text(account_id),
                   "counting seeks")
                   .number(0, 0));
}

bool PostgresAccountStore::delete_seek(const std::string& id, const std::string& account_id) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    const bool deleted =
        db_.query("DELETE FROM seeks WHERE id = $1 AND (account_id = $2 OR to_account = $2)",
                  PgParams().text(id).text(account_id), "deleting a seek")
            .changed() == 1;
    if (deleted) notify_lobby("seeks");
    transaction.commit();
    return deleted;
}

int PostgresAccountStore::delete_seeks_of(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    const int deleted = db_.query("DELETE FROM seeks WHERE account_id = $1",
                                  PgParams().text(account_id), "deleting seeks")
                            .changed();
    if (deleted > 0) notify_lobby("seeks");
    transaction.commit();
    return deleted;
}

void PostgresAccountStore::insert_game_row(const AccountGameRow& g) {
    db_.query(
        "INSERT INTO account_games(game_id, white_account, black_account, rated, pool, "
        "created_at, seek_id, second_seek_id) VALUES($1, $2, $3, $4, $5, $6, $7, $8)",
        PgParams()
            .text(g.game_id)
            .optional_text(g.white_account)
            .optional_text(g.black_account)
            .text(g.rated ? "true" : "false")
            .text(g.pool)
            .number(g.created_at)
            .optional_text(g.seek_id)
            .optional_text(g.second_seek_id),
        "inserting an account game");
}

void PostgresAccountStore::insert_new_game(const NewAccountGame& game) {
    db_.query(pg_schema::kInsertGame, pg_statements::game_params(game.game), "inserting a game");
    insert_game_row(game.account_game);
}

std::optional<SeekRow> PostgresAccountStore::accept_seek(
    const std::string& id, const std::function<NewAccountGame(const SeekRow&)>& make) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    KillScope scope("accept_seek");
    // The seek taken, the game's row and its account game: all or nothing.
    PgTransaction transaction(db_);
    // FOR UPDATE OF s: a second server accepting the same seek waits for this commit and then
    // finds no row.
    const PgResult r = db_.query(CHESS960_SEEK_SELECT "WHERE s.id = $1 FOR UPDATE OF s",
                                 PgParams().text(id), "reading a seek");
    if (r.rows() == 0) return std::nullopt;
    SeekRow seek = read_seek(r, 0);
    insert_new_game(make(seek));
    db_.query("DELETE FROM seeks WHERE id = $1", PgParams().text(id), "taking a seek");
    notify_lobby("seeks");
    transaction.commit();
    return seek;
}

bool PostgresAccountStore::pair_seeks(const std::string& first, const std::string& second,
                                      const NewAccountGame& game) {
    if (first == second) return false;
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    KillScope scope("pair_seeks");
    PgTransaction transaction(db_);
    // Both rows locked in id order: two servers pairing overlapping seeks wait for each other
    // in the same order (never a deadlock), and the second then finds a row gone.
    const PgResult r = db_.query("SELECT id FROM seeks WHERE id IN ($1, $2) ORDER BY id FOR UPDATE",
                                 PgParams().text(first).text(second), "reading two seeks");
    if (r.rows() != 2) return false;
    insert_new_game(game);
    db_.query("DELETE FROM seeks WHERE id IN ($1, $2)", PgParams().text(first).text(second),
              "taking two seeks");
    notify_lobby("seeks");
    transaction.commit();
    return true;
}

std::optional<AccountGameRow> PostgresAccountStore::find_account_game(const std::string& game_id) {
    const PgResult r = run(CHESS960_PG_ACCOUNT_GAME_SELECT "WHERE ag.game_id = $1",
                           PgParams().text(game_id), "reading an account game");
    if (r.rows() == 0) return std::nullopt;
    return pg_rows::read_account_game(r, 0);
}

std::optional<AccountGameRow> PostgresAccountStore::find_game_of_seek(const std::string& seek_id) {
    const PgResult r =
        run(CHESS960_PG_ACCOUNT_GAME_SELECT "WHERE ag.seek_id = $1 OR ag.second_seek_id = $1",
            PgParams().text(seek_id), "reading a seek's game");
    if (r.rows() == 0) return std::nullopt;
    return pg_rows::read_account_game(r, 0);
}

std::vector<AccountGameRow> PostgresAccountStore::account_games(const AccountGameQuery& q) {
    const PgResult r =
        run(CHESS960_PG_ACCOUNT_GAME_SELECT
            "WHERE (ag.white_account = $1 OR ag.black_account = $1) "
            "AND ($2::text IS NULL OR ag.pool = $2::text) "
            "AND ($3::integer IS NULL OR g.start_number = $3::integer) "
            "AND ($4::bigint IS NULL OR ag.created_at < $4::bigint) "
            "AND ($5::text IS NULL OR ($5::text = 'draw' AND g.result = '1/2-1/2') OR "
            "($5::text = 'win' AND ((g.result = '1-0' AND ag.white_account = $1) OR "
            "(g.result = '0-1' AND ag.black_account = $1))) OR "
            "($5::text = 'loss' AND ((g.result = '0-1' AND ag.white_account = $1) OR "
            "(g.result = '1-0' AND ag.black_account = $1)))) "
            "AND ($7::integer = 0 OR (g.result = '*' AND g.termination IS NULL)) "
            "ORDER BY ag.created_at DESC, ag.game_id LIMIT $6",
            PgParams()
                .text(q.account_id)
                .optional_text(q.pool)
                .optional_number(q.start_number)
                .optional_number(q.before)
                .optional_text(q.outcome)
                .number(q.limit)
                .number(q.in_play ? 1 : 0),
            "reading an account's games");
    std::vector<AccountGameRow> rows;
    for (int i = 0; i < r.rows(); ++i) rows.push_back(pg_rows::read_account_game(r, i));
    return rows;
}

RateOutcome PostgresAccountStore::rate_game(const std::string& game_id, const Rater& rater) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    KillScope scope("rate_game");
    PgTransaction transaction(db_);
    const RateOutcome outcome = pg_rows::settle_game(db_, game_id, rater);
    transaction.commit();
    return outcome;
}

std::vector<std::string> PostgresAccountStore::unsettled_games(int limit) {
    const PgResult r =
        run("SELECT ag.game_id FROM account_games ag JOIN games g ON g.id = ag.game_id "
            "WHERE ag.settled_at IS NULL AND (g.result <> '*' OR g.termination IS NOT NULL) "
            "ORDER BY ag.created_at LIMIT $1",
            PgParams().number(limit), "reading the unsettled games");
    std::vector<std::string> ids;
    for (int i = 0; i < r.rows(); ++i) ids.push_back(r.text(i, 0));
    return ids;
}

#undef CHESS960_SEEK_SELECT

// --- Who is online -------------------------------------------------------------------------------

void PostgresAccountStore::notify_lobby(const char* what) {
    db_.query("SELECT pg_notify($1, $2)", PgParams().text(kLobbyChannel).text(origin_ + " " + what),
              "telling the other servers");
}

bool PostgresAccountStore::update_presence(const std::string& server,
                                           const std::vector<std::string>& joined,
                                           const std::vector<std::string>& left, std::int64_t now) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    const bool known =
        db_.query("UPDATE lobby_servers SET seen_at = $2 WHERE server_id = $1",
                  PgParams().text(server).number(now), "renewing a server's presence")
            .changed() == 1;
    if (!known)
        db_.query(
            "INSERT INTO lobby_servers(server_id, seen_at) VALUES($1, $2) "
            "ON CONFLICT (server_id) DO UPDATE SET seen_at = EXCLUDED.seen_at",
            PgParams().text(server).number(now), "recording a server's presence");
    if (!joined.empty())
        db_.query(
            "INSERT INTO lobby_presence(server_id, account_id) SELECT $1, id FROM accounts "
            "WHERE id = ANY($2::text[]) ON CONFLICT DO NOTHING",
            PgParams().text(server).text(pg_statements::text_array(joined)),
            "recording accounts online");
    if (!left.empty())
        db_.query(
            "DELETE FROM lobby_presence WHERE server_id = $1 AND account_id = ANY($2::text[])",
            PgParams().text(server).text(pg_statements::text_array(left)),
            "recording accounts gone");
    if (!joined.empty() || !left.empty()) notify_lobby("online");
    transaction.commit();
    return known;
}

std::vector<PresenceRow> PostgresAccountStore::online(std::int64_t alive_since) {
    const PgResult r =
        run("SELECT DISTINCT a.id, a.name FROM lobby_presence p "
            "JOIN lobby_servers v ON v.server_id = p.server_id AND v.seen_at >= $1 "
            "JOIN accounts a ON a.id = p.account_id ORDER BY a.name",
            PgParams().number(alive_since), "reading who is online");
    std::vector<PresenceRow> rows;
    rows.reserve(std::size_t(r.rows()));
    for (int i = 0; i < r.rows(); ++i) rows.push_back({r.text(i, 0), r.text(i, 1)});
    return rows;
}

bool PostgresAccountStore::online_elsewhere(const std::string& account_id,
                                            const std::string& except, std::int64_t alive_since) {
    return run("SELECT 1 FROM lobby_presence p JOIN lobby_servers v ON v.server_id = p.server_id "
               "WHERE p.account_id = $1 AND p.server_id <> $2 AND v.seen_at >= $3 LIMIT 1",
               PgParams().text(account_id).text(except).number(alive_since),
               "looking for an account online")
               .rows() > 0;
}

std::vector<std::string> PostgresAccountStore::drop_servers_seen_before(std::int64_t alive_since) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    // Locked first: two servers dropping the same dead one return its accounts once.
    const PgResult dead =
        db_.query("DELETE FROM lobby_servers WHERE seen_at < $1 RETURNING server_id",
                  PgParams().number(alive_since), "forgetting servers gone");
    if (dead.rows() == 0) return {};
    std::vector<std::string> servers;
    for (int i = 0; i < dead.rows(); ++i) servers.push_back(dead.text(i, 0));
    const PgResult gone = db_.query(
        "DELETE FROM lobby_presence p WHERE p.server_id = ANY($1::text[]) RETURNING p.account_id",
        PgParams().text(pg_statements::text_array(servers)),
        "forgetting the accounts of servers gone");
    std::vector<std::string> orphaned;
    for (int i = 0; i < gone.rows(); ++i) {
        std::string account = gone.text(i, 0);
        const bool elsewhere =
            db_.query("SELECT 1 FROM lobby_presence WHERE account_id = $1 LIMIT 1",
                      PgParams().text(account), "looking for an account online")
                .rows() > 0;
        if (!elsewhere && std::ranges::find(orphaned, account) == orphaned.end())
            orphaned.push_back(std::move(account));
    }
    notify_lobby("online");
    transaction.commit();
    return orphaned;
}

void PostgresAccountStore::drop_server(const std::string& server) {
    std::lock_guard lock(mutex_);
    db_.ensure_connected();
    PgTransaction transaction(db_);
    db_.query("DELETE FROM lobby_presence WHERE server_id = $1", PgParams().text(server),
              "forgetting a server's accounts");
    db_.query("DELETE FROM lobby_servers WHERE server_id = $1", PgParams().text(server),
              "forgetting a server");
    notify_lobby("online");
    transaction.commit();
}

std::unique_ptr<StoreListener> PostgresAccountStore::listen(
    std::function<void(const std::string&)> on_change,
    std::function<void(const std::string&)> log) {
    return std::make_unique<PostgresListener>(uri_, kLobbyChannel, origin_, std::move(on_change),
                                              std::move(log));
}

}  // namespace chess960::server
