#include "sqlite_play_rows.hpp"

#include "kill_points.hpp"
#include "sqlite_statements.hpp"
#include "store/store.hpp"

namespace chess960::server::sqlite {

const char* const kAccountGameSelect =
    "SELECT ag.game_id, ag.white_account, ag.black_account, ag.rated, ag.pool, ag.created_at, "
    "ag.settled_at, ag.white_before_rating, ag.white_before_deviation, "
    "ag.white_before_volatility, ag.white_after_rating, ag.white_after_deviation, "
    "ag.white_after_volatility, ag.black_before_rating, ag.black_before_deviation, "
    "ag.black_before_volatility, ag.black_after_rating, ag.black_after_deviation, "
    "ag.black_after_volatility, g.result, g.termination, "
    // A move leaves the game's row as it was (store.hpp: GameChange): the moves say the ply.
    "MAX(g.plies, COALESCE((SELECT MAX(ply) FROM moves m WHERE m.game_id = g.id), 0)), "
    "g.start_number, "
    "g.start_black_number, g.updated_at, COALESCE(wa.name, ''), COALESCE(ba.name, ''), "
    "ag.seek_id "
    "FROM account_games ag JOIN games g ON g.id = ag.game_id "
    "LEFT JOIN accounts wa ON wa.id = ag.white_account "
    "LEFT JOIN accounts ba ON ba.id = ag.black_account ";

namespace {

std::optional<RatingRow> read_strength(sqlite3_stmt* s, int at, const std::string& pool) {
    if (sqlite3_column_type(s, at) == SQLITE_NULL) return std::nullopt;
    return RatingRow{pool,
                     sqlite3_column_double(s, at),
                     sqlite3_column_double(s, at + 1),
                     sqlite3_column_double(s, at + 2),
                     0,
                     std::nullopt};
}

}  // namespace

AccountGameRow read_account_game(sqlite3_stmt* s) {
    AccountGameRow g;
    g.game_id = column_text(s, 0);
    g.white_account = column_optional_text(s, 1);
    g.black_account = column_optional_text(s, 2);
    g.rated = sqlite3_column_int(s, 3) != 0;
    g.pool = column_text(s, 4);
    g.created_at = sqlite3_column_int64(s, 5);
    g.settled_at = column_optional_int64(s, 6);
    g.white_before = read_strength(s, 7, g.pool);
    g.white_after = read_strength(s, 10, g.pool);
    g.black_before = read_strength(s, 13, g.pool);
    g.black_after = read_strength(s, 16, g.pool);
    g.result = column_text(s, 19);
    g.termination = column_optional_text(s, 20);
    g.plies = sqlite3_column_int(s, 21);
    g.start_number = column_optional_int(s, 22);
    g.start_black_number = column_optional_int(s, 23);
    g.updated_at = sqlite3_column_int64(s, 24);
    g.white_name = column_text(s, 25);
    g.black_name = column_text(s, 26);
    g.seek_id = column_optional_text(s, 27);
    return g;
}

RatingRow read_rating(sqlite3_stmt* s) {
    return RatingRow{column_text(s, 0),           sqlite3_column_double(s, 1),
                     sqlite3_column_double(s, 2), sqlite3_column_double(s, 3),
                     sqlite3_column_int(s, 4),    column_optional_int64(s, 5)};
}

const char* const kRatingSelect =
    "SELECT pool, rating, deviation, volatility, games, last_played FROM ratings ";

namespace {

void bind_strength(sqlite3_stmt* s, int at, const std::optional<RatingRow>& r) {
    if (r) {
        sqlite3_bind_double(s, at, r->rating);
        sqlite3_bind_double(s, at + 1, r->deviation);
        sqlite3_bind_double(s, at + 2, r->volatility);
    } else {
        for (int i = 0; i < 3; ++i) sqlite3_bind_null(s, at + i);
    }
}

// One statement on the caller's connection, a kill point before it: `bind` gives its
// parameters, `read` each row it answers. How many rows it changed.
template <typename Bind, typename Read>
int run(sqlite3* db, const std::string& path, const std::string& sql, const char* doing, Bind bind,
        Read read) {
    kill_point();
    sqlite3_stmt* raw = nullptr;
    auto fail = [&] {
        throw StoreError(path + ": " + doing + " failed (" + sqlite3_errmsg(db) + ")");
    };
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) fail();
    Statement stmt(raw);
    bind(stmt.get());
    for (;;) {
        const int rc = sqlite3_step(stmt.get());
        if (rc == SQLITE_DONE) return sqlite3_changes(db);
        if (rc != SQLITE_ROW) fail();
        read(stmt.get());
    }
}

}  // namespace

RateOutcome settle_game(sqlite3* db, const std::string& path, const std::string& game_id,
                        const Rater& rater) {
    const auto none = [](sqlite3_stmt*) {};
    std::optional<AccountGameRow> game;
    run(
        db, path, std::string(kAccountGameSelect) + "WHERE ag.game_id = ?1",
        "reading an account game", [&](sqlite3_stmt* s) { bind_text_copy(s, 1, game_id); },
        [&](sqlite3_stmt* s) { game = read_account_game(s); });
    if (!game) return RateOutcome::unknown;
    if (game->settled_at) return RateOutcome::already_settled;
    if (game->result == "*" && !game->termination) return RateOutcome::in_play;
    auto rating_of = [&](const std::optional<std::string>& account) {
        std::optional<RatingRow> found;
        if (!account) return found;
        run(
            db, path, std::string(kRatingSelect) + "WHERE account_id = ?1 AND pool = ?2",
            "reading a rating",
            [&](sqlite3_stmt* s) {
                bind_text_copy(s, 1, *account);
                bind_text_copy(s, 2, game->pool);
            },
            [&](sqlite3_stmt* s) { found = read_rating(s); });
        return found;
    };
    const RatingInput input{*game, rating_of(game->white_account), rating_of(game->black_account)};
    const auto output = rater(input);
    auto write_rating = [&](const std::optional<std::string>& account, const RatingRow& r) {
        if (!account) return;
        run(
            db, path,
            "INSERT INTO ratings(account_id, pool, rating, deviation, volatility, games, "
            "last_played) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT(account_id, pool) "
            "DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
            "volatility = excluded.volatility, games = excluded.games, "
            "last_played = excluded.last_played",
            "writing a rating",
            [&](sqlite3_stmt* s) {
                bind_text_copy(s, 1, *account);
                bind_text_copy(s, 2, game->pool);
                sqlite3_bind_double(s, 3, r.rating);
                sqlite3_bind_double(s, 4, r.deviation);
                sqlite3_bind_double(s, 5, r.volatility);
                sqlite3_bind_int(s, 6, r.games);
                bind_optional(s, 7, r.last_played);
            },
            none);
    };
    if (output) {
        write_rating(game->white_account, output->white);
        write_rating(game->black_account, output->black);
    }
    run(
        db, path,
        "UPDATE account_games SET settled_at = ?2, white_before_rating = ?3, "
        "white_before_deviation = ?4, white_before_volatility = ?5, white_after_rating = ?6, "
        "white_after_deviation = ?7, white_after_volatility = ?8, black_before_rating = ?9, "
        "black_before_deviation = ?10, black_before_volatility = ?11, "
        "black_after_rating = ?12, black_after_deviation = ?13, black_after_volatility = ?14 "
        "WHERE game_id = ?1",
        "settling a game",
        [&](sqlite3_stmt* s) {
            bind_text_copy(s, 1, game_id);
            sqlite3_bind_int64(s, 2, game->updated_at);
            bind_strength(s, 3, output ? std::optional(output->white_before) : std::nullopt);
            bind_strength(s, 6, output ? std::optional(output->white) : std::nullopt);
            bind_strength(s, 9, output ? std::optional(output->black_before) : std::nullopt);
            bind_strength(s, 12, output ? std::optional(output->black) : std::nullopt);
        },
        none);
    return RateOutcome::settled;
}

}  // namespace chess960::server::sqlite
