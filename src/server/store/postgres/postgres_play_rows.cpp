#include "postgres_play_rows.hpp"

#include <charconv>
#include <cstdio>

#include "store/store.hpp"

namespace chess960::server::pg_rows {

double real(const PgResult& r, int row, int column) {
    const std::string text = r.text(row, column);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        throw StoreError("PostgreSQL: '" + text + "' is not a number");
    return value;
}
std::string real_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

bool boolean(const PgResult& r, int row, int column) { return r.text(row, column) == "t"; }

std::optional<int> optional_int(const PgResult& r, int row, int column) {
    auto n = r.optional_number(row, column);
    if (!n) return std::nullopt;
    return int(*n);
}

namespace {

std::optional<RatingRow> read_strength(const PgResult& r, int row, int at,
                                       const std::string& pool) {
    if (r.is_null(row, at)) return std::nullopt;
    return RatingRow{pool, real(r, row, at), real(r, row, at + 1), real(r, row, at + 2),
                     0,    std::nullopt};
}

}  // namespace

AccountGameRow read_account_game(const PgResult& r, int i) {
    AccountGameRow g;
    g.game_id = r.text(i, 0);
    g.white_account = r.optional_text(i, 1);
    g.black_account = r.optional_text(i, 2);
    g.rated = boolean(r, i, 3);
    g.pool = r.text(i, 4);
    g.created_at = r.number(i, 5);
    g.settled_at = r.optional_number(i, 6);
    g.white_before = read_strength(r, i, 7, g.pool);
    g.white_after = read_strength(r, i, 10, g.pool);
    g.black_before = read_strength(r, i, 13, g.pool);
    g.black_after = read_strength(r, i, 16, g.pool);
    g.result = r.text(i, 19);
    g.termination = r.optional_text(i, 20);
    g.plies = int(r.number(i, 21));
    g.start_number = optional_int(r, i, 22);
    g.start_black_number = optional_int(r, i, 23);
    g.updated_at = r.number(i, 24);
    g.white_name = r.text(i, 25);
    g.black_name = r.text(i, 26);
    g.seek_id = r.optional_text(i, 27);
    return g;
}

RatingRow read_rating(const PgResult& r, int i) {
    return RatingRow{r.text(i, 0),  real(r, i, 1),       real(r, i, 2),
                     real(r, i, 3), int(r.number(i, 4)), r.optional_number(i, 5)};
}

namespace {

void strength_params(PgParams& p, const std::optional<RatingRow>& r) {
    if (r)
        p.text(real_text(r->rating)).text(real_text(r->deviation)).text(real_text(r->volatility));
    else
        p.null().null().null();
}

}  // namespace

RateOutcome settle_game(PgConnection& db, const std::string& game_id, const Rater& rater) {
    // The account game's row locked: another server settling the same game waits, then sees it
    // settled.
    const PgResult r =
        db.query(CHESS960_PG_ACCOUNT_GAME_SELECT "WHERE ag.game_id = $1 FOR UPDATE OF ag",
                 PgParams().text(game_id), "reading an account game");
    if (r.rows() == 0) return RateOutcome::unknown;
    const AccountGameRow game = read_account_game(r, 0);
    if (game.settled_at) return RateOutcome::already_settled;
    if (game.result == "*" && !game.termination) return RateOutcome::in_play;
    // Both accounts locked, in one order: a rating changes through one game at a time, whichever
    // server ends the player's other games (a first rating is an insert no row lock covers).
    db.query("SELECT id FROM accounts WHERE id = $1 OR id = $2 ORDER BY id FOR UPDATE",
             PgParams().optional_text(game.white_account).optional_text(game.black_account),
             "locking the players");
    auto rating_of = [&](const std::optional<std::string>& account) {
        std::optional<RatingRow> found;
        if (!account) return found;
        const PgResult rr =
            db.query(CHESS960_PG_RATING_SELECT "WHERE account_id = $1 AND pool = $2",
                     PgParams().text(*account).text(game.pool), "reading a rating");
        if (rr.rows() > 0) found = read_rating(rr, 0);
        return found;
    };
    const RatingInput input{game, rating_of(game.white_account), rating_of(game.black_account)};
    const auto output = rater(input);
    auto write_rating = [&](const std::optional<std::string>& account, const RatingRow& row) {
        if (!account) return;
        db.query(
            "INSERT INTO ratings(account_id, pool, rating, deviation, volatility, games, "
            "last_played) VALUES($1, $2, $3, $4, $5, $6, $7) ON CONFLICT(account_id, pool) "
            "DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
            "volatility = excluded.volatility, games = excluded.games, "
            "last_played = excluded.last_played",
            PgParams()
                .text(*account)
                .text(game.pool)
                .text(real_text(row.rating))
                .text(real_text(row.deviation))
                .text(real_text(row.volatility))
                .number(row.games)
                .optional_number(row.last_played),
            "writing a rating");
    };
    if (output) {
        write_rating(game.white_account, output->white);
        write_rating(game.black_account, output->black);
    }
    PgParams params = PgParams().text(game_id).number(game.updated_at);
    strength_params(params, output ? std::optional(output->white_before) : std::nullopt);
    strength_params(params, output ? std::optional(output->white) : std::nullopt);
    strength_params(params, output ? std::optional(output->black_before) : std::nullopt);
    strength_params(params, output ? std::optional(output->black) : std::nullopt);
    db.query(
        "UPDATE account_games SET settled_at = $2, white_before_rating = $3, "
        "white_before_deviation = $4, white_before_volatility = $5, "
        "white_after_rating = $6, white_after_deviation = $7, white_after_volatility = $8, "
        "black_before_rating = $9, black_before_deviation = $10, "
        "black_before_volatility = $11, black_after_rating = $12, "
        "black_after_deviation = $13, black_after_volatility = $14 WHERE game_id = $1",
        params, "settling a game");
    return RateOutcome::settled;
}

}  // namespace chess960::server::pg_rows
