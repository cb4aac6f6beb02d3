#include "sql_play_rows.hpp"

#include <optional>

namespace chess960::server {

namespace {

// A rating as an account game keeps it, from column `at` (rating, deviation, volatility).
std::optional<RatingRow> read_strength(const SqlRow& row, int at, const std::string& pool) {
    if (row.is_null(at)) return std::nullopt;
    return RatingRow{pool, row.real(at), row.real(at + 1), row.real(at + 2), 0, std::nullopt};
}

void add_strength(SqlValues& values, const std::optional<RatingRow>& rating) {
    if (rating)
        values.real(rating->rating).real(rating->deviation).real(rating->volatility);
    else
        values.null().null().null();
}

std::optional<RatingRow> rating_of(SqlSession& session, const SettlementStatements& sql,
                                   const std::optional<std::string>& account,
                                   const std::string& pool) {
    if (!account) return std::nullopt;
    return query_first(session, sql.select_rating, SqlValues().text(*account).text(pool),
                       "reading a rating", read_rating);
}

void write_rating(SqlSession& session, const SettlementStatements& sql,
                  const std::optional<std::string>& account, const std::string& pool,
                  const RatingRow& rating) {
    if (!account) return;
    session.run(sql.write_rating,
                SqlValues()
                    .text(*account)
                    .text(pool)
                    .real(rating.rating)
                    .real(rating.deviation)
                    .real(rating.volatility)
                    .number(rating.games)
                    .optional_number(rating.last_played),
                "writing a rating");
}

}  // namespace

SeekRow read_seek(const SqlRow& row) {
    SeekRow k;
    k.id = row.text(0);
    k.account_id = row.text(1);
    k.rated = row.boolean(2);
    k.pool = row.text(3);
    k.clock_initial_ms = row.optional_number(4);
    k.clock_increment_ms = row.optional_number(5);
    k.color = row.text(6);
    k.start_type = row.text(7);
    k.start_number = row.optional_integer(8);
    k.start_black = row.optional_integer(9);
    k.min_rating = row.optional_integer(10);
    k.max_rating = row.optional_integer(11);
    k.created_at = row.number(12);
    k.account_name = row.text(13);
    if (!row.is_null(14))
        k.seeker_rating = RatingRow{k.pool,       row.real(14),    row.real(15),
                                    row.real(16), row.integer(17), row.optional_number(18)};
    k.to_account = row.optional_text(19);
    k.to_name = row.text(20);
    k.days_per_move = row.optional_integer(21);
    k.quick = row.optional_text(22);
    return k;
}

AccountGameRow read_account_game(const SqlRow& row) {
    AccountGameRow g;
    g.game_id = row.text(0);
    g.white_account = row.optional_text(1);
    g.black_account = row.optional_text(2);
    g.rated = row.boolean(3);
    g.pool = row.text(4);
    g.created_at = row.number(5);
    g.settled_at = row.optional_number(6);
    g.white_before = read_strength(row, 7, g.pool);
    g.white_after = read_strength(row, 10, g.pool);
    g.black_before = read_strength(row, 13, g.pool);
    g.black_after = read_strength(row, 16, g.pool);
    g.result = row.text(19);
    g.termination = row.optional_text(20);
    g.plies = row.integer(21);
    g.start_number = row.optional_integer(22);
    g.start_black_number = row.optional_integer(23);
    g.updated_at = row.number(24);
    g.white_name = row.text(25);
    g.black_name = row.text(26);
    g.seek_id = row.optional_text(27);
    return g;
}

RatingRow read_rating(const SqlRow& row) {
    return RatingRow{row.text(0), row.real(1),    row.real(2),
                     row.real(3), row.integer(4), row.optional_number(5)};
}

RateOutcome settle_game(SqlSession& session, const SettlementStatements& sql,
                        const std::string& game_id, const Rater& rater) {
    // Locked where the back end locks rows: another server settling the same game waits, then
    // sees it settled.
    const std::optional<AccountGameRow> game =
        query_first(session, sql.select_game, SqlValues().text(game_id), "reading an account game",
                    read_account_game);
    if (!game) return RateOutcome::unknown;
    if (game->settled_at) return RateOutcome::already_settled;
    if (game->result == "*" && !game->termination) return RateOutcome::in_play;
    // A rating changes through one game at a time, whichever server ends the player's other
    // games (a first rating is an insert no row lock covers).
    if (sql.lock_players)
        session.query(
            sql.lock_players,
            SqlValues().optional_text(game->white_account).optional_text(game->black_account),
            "locking the players", [](const SqlRow&) {});
    const RatingInput input{*game, rating_of(session, sql, game->white_account, game->pool),
                            rating_of(session, sql, game->black_account, game->pool)};
    const std::optional<RatingOutput> output = rater(input);
    if (output) {
        write_rating(session, sql, game->white_account, game->pool, output->white);
        write_rating(session, sql, game->black_account, game->pool, output->black);
    }
    SqlValues values = SqlValues().text(game_id).number(game->updated_at);
    add_strength(values, output ? std::optional(output->white_before) : std::nullopt);
    add_strength(values, output ? std::optional(output->white) : std::nullopt);
    add_strength(values, output ? std::optional(output->black_before) : std::nullopt);
    add_strength(values, output ? std::optional(output->black) : std::nullopt);
    session.run(sql.settle, values, "settling a game");
    return RateOutcome::settled;
}

}  // namespace chess960::server
