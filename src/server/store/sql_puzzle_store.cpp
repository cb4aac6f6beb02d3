#include "sql_puzzle_store.hpp"

#include "kill_points.hpp"

namespace chess960::server {

namespace {

// A puzzle's columns and its game's site and id, as read_puzzle reads them.
#define CHESS960_PUZZLE_COLUMNS                                                               \
    "p.id, p.public_id, p.game, p.ply, p.fen, p.moves, p.rating, p.deviation, p.volatility, " \
    "p.plays, p.themes, p.start_number, p.engine, g.site, g.game_id"
#define CHESS960_PUZZLE_FROM " FROM puzzles p JOIN db_games g ON g.id = p.game "
// The filters of a PuzzleQuery, each off when its parameter is NULL: ?2 a theme (a word of
// the themes), ?3 a start position, ?4 an account whose attempts are left out (cast, so that
// PostgreSQL knows their types when they are NULL).
#define CHESS960_PUZZLE_FILTERS                                                        \
    " AND (CAST(?2 AS TEXT) IS NULL OR (' ' || p.themes || ' ') LIKE ('% ' || "        \
    "CAST(?2 AS TEXT) || ' %')) AND (CAST(?3 AS INTEGER) IS NULL OR p.start_number = " \
    "CAST(?3 AS INTEGER)) AND (CAST(?4 AS TEXT) IS NULL OR NOT EXISTS (SELECT 1 FROM " \
    "puzzle_attempts a WHERE a.account_id = CAST(?4 AS TEXT) AND a.puzzle = p.id)) "

PuzzleRow read_puzzle(const SqlRow& row) {
    PuzzleRow p;
    p.id = row.number(0);
    p.public_id = row.text(1);
    p.game = row.number(2);
    p.ply = row.integer(3);
    p.fen = row.text(4);
    p.moves = row.text(5);
    p.rating = row.real(6);
    p.deviation = row.real(7);
    p.volatility = row.real(8);
    p.plays = row.integer(9);
    p.themes = row.text(10);
    p.start_number = row.optional_integer(11);
    p.engine = row.text(12);
    p.site = row.text(13);
    p.game_id = row.optional_text(14);
    return p;
}

}  // namespace

PuzzleStatements::PuzzleStatements(char m)
    : select_to_analyse(with_marks(
          "SELECT g.id FROM db_games g WHERE g.id > ?1 AND NOT EXISTS (SELECT 1 FROM "
          "puzzle_analyses a WHERE a.game = g.id AND a.engine = ?2) ORDER BY g.id LIMIT ?3",
          m)),
      insert_analysis(with_marks(
          "INSERT INTO puzzle_analyses(game, engine) VALUES(?1, ?2) ON CONFLICT DO NOTHING", m)),
      insert_puzzle(with_marks(
          "INSERT INTO puzzles(public_id, game, ply, fen, moves, rating, deviation, volatility, "
          "plays, themes, start_number, engine) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
          "?11, ?12) ON CONFLICT DO NOTHING",
          m)),
      select_puzzles_after(with_marks("SELECT " CHESS960_PUZZLE_COLUMNS CHESS960_PUZZLE_FROM
                                      "WHERE p.id > ?1 ORDER BY p.id LIMIT ?2",
                                      m)),
      count_analysed(with_marks("SELECT COUNT(*) FROM puzzle_analyses WHERE engine = ?1", m)),
      select_puzzle(with_marks(
          "SELECT " CHESS960_PUZZLE_COLUMNS CHESS960_PUZZLE_FROM "WHERE p.public_id = ?1", m)),
      // The nearest above and the nearest below, each along the rating's index.
      select_above(with_marks("SELECT " CHESS960_PUZZLE_COLUMNS CHESS960_PUZZLE_FROM
                              "WHERE p.rating >= ?1" CHESS960_PUZZLE_FILTERS
                              "ORDER BY p.rating LIMIT ?5",
                              m)),
      select_below(with_marks("SELECT " CHESS960_PUZZLE_COLUMNS CHESS960_PUZZLE_FROM
                              "WHERE p.rating < ?1" CHESS960_PUZZLE_FILTERS
                              "ORDER BY p.rating DESC LIMIT ?5",
                              m)),
      select_player(with_marks("SELECT rating, deviation, volatility, games, last_played FROM "
                               "puzzle_players WHERE account_id = ?1",
                               m)),
      select_attempted(
          with_marks("SELECT 1 FROM puzzle_attempts WHERE account_id = ?1 AND puzzle = ?2", m)),
      upsert_player(with_marks(
          "INSERT INTO puzzle_players(account_id, rating, deviation, volatility, games, "
          "last_played) VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(account_id) DO UPDATE SET "
          "rating = excluded.rating, deviation = excluded.deviation, volatility = "
          "excluded.volatility, games = excluded.games, last_played = excluded.last_played",
          m)),
      update_puzzle_rating(with_marks("UPDATE puzzles SET rating = ?2, deviation = ?3, "
                                      "volatility = ?4, plays = plays + 1 WHERE id = ?1",
                                      m)),
      insert_attempt(with_marks("INSERT INTO puzzle_attempts(account_id, puzzle, win, at, rating, "
                                "change) VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
                                m)),
      select_attempts(with_marks(
          "SELECT p.public_id, a.win, a.at, a.rating, a.change, p.themes FROM puzzle_attempts a "
          "JOIN puzzles p ON p.id = a.puzzle WHERE a.account_id = ?1 ORDER BY a.id DESC "
          "LIMIT ?2",
          m)) {}

std::vector<std::int64_t> SqlPuzzleStore::games_to_analyse(const std::string& engine,
                                                           std::int64_t after, int limit) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_to_analyse.c_str(),
                     SqlValues().number(after).text(engine).number(limit),
                     "reading the games to analyse",
                     [](const SqlRow& row) { return row.number(0); });
}

bool SqlPuzzleStore::add_analysis(std::int64_t game, const std::string& engine,
                                  const std::optional<PuzzleRow>& puzzle) {
    std::lock_guard lock(mutex_);
    const KillScope scope("add_analysis");
    SqlTransaction transaction(session_);
    session_.run(sql_.insert_analysis.c_str(), SqlValues().number(game).text(engine),
                 "recording a game analysed");
    int added = 0;
    if (puzzle) {
        const PuzzleRow& p = *puzzle;
        added = session_.run(sql_.insert_puzzle.c_str(),
                             SqlValues()
                                 .text(p.public_id)
                                 .number(game)
                                 .number(p.ply)
                                 .text(p.fen)
                                 .text(p.moves)
                                 .real(p.rating)
                                 .real(p.deviation)
                                 .real(p.volatility)
                                 .number(p.plays)
                                 .text(p.themes)
                                 .optional_number(p.start_number)
                                 .text(engine),
                             "adding a puzzle");
    }
    transaction.commit();
    return added > 0;
}

std::vector<PuzzleRow> SqlPuzzleStore::puzzles_after(std::int64_t after, int limit) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_puzzles_after.c_str(),
                     SqlValues().number(after).number(limit), "reading puzzles", read_puzzle);
}

std::optional<PuzzleRow> SqlPuzzleStore::puzzle(const std::string& public_id) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.select_puzzle.c_str(), SqlValues().text(public_id),
                       "reading a puzzle", read_puzzle);
}

std::vector<PuzzleRow> SqlPuzzleStore::side(const std::string& sql, const PuzzleQuery& q) {
    return query_all(session_, sql.c_str(),
                     SqlValues()
                         .real(q.rating)
                         .optional_text(q.theme)
                         .optional_number(q.start_number)
                         .optional_text(q.account)
                         .number(q.limit),
                     "finding puzzles", read_puzzle);
}

std::vector<PuzzleRow> SqlPuzzleStore::near(const PuzzleQuery& query) {
    std::lock_guard lock(mutex_);
    std::vector<PuzzleRow> above = side(sql_.select_above, query);
    std::vector<PuzzleRow> below = side(sql_.select_below, query);
    // Both sides in order of distance: merged, the nearest first.
    std::vector<PuzzleRow> out;
    std::size_t a = 0, b = 0;
    while (int(out.size()) < query.limit && (a < above.size() || b < below.size())) {
        const bool take_above =
            b == below.size() ||
            (a < above.size() && above[a].rating - query.rating <= query.rating - below[b].rating);
        out.push_back(std::move(take_above ? above[a++] : below[b++]));
    }
    return out;
}

std::optional<PuzzleRatingRow> SqlPuzzleStore::read_player(const std::string& account) {
    return query_first(session_, sql_.select_player.c_str(), SqlValues().text(account),
                       "reading a puzzle rating", [](const SqlRow& row) {
                           return PuzzleRatingRow{row.real(0), row.real(1), row.real(2),
                                                  row.integer(3), row.optional_number(4)};
                       });
}

std::optional<PuzzleRatingRow> SqlPuzzleStore::player_rating(const std::string& account) {
    std::lock_guard lock(mutex_);
    return read_player(account);
}

std::optional<PuzzleRatings> SqlPuzzleStore::attempt(const std::string& account,
                                                     const std::string& public_id, bool win,
                                                     std::int64_t at, const PuzzleRater& rate) {
    std::lock_guard lock(mutex_);
    const KillScope scope("puzzle_attempt");
    SqlTransaction transaction(session_);
    const std::optional<PuzzleRow> puzzle =
        query_first(session_, sql_.select_puzzle.c_str(), SqlValues().text(public_id),
                    "reading a puzzle", read_puzzle);
    if (!puzzle) return std::nullopt;
    if (query_first(session_, sql_.select_attempted.c_str(),
                    SqlValues().text(account).number(puzzle->id), "reading an attempt",
                    [](const SqlRow&) { return true; }))
        return std::nullopt;
    PuzzleRatings before;
    before.player = read_player(account).value_or(PuzzleRatingRow{});
    before.puzzle = {puzzle->rating, puzzle->deviation, puzzle->volatility, puzzle->plays,
                     std::nullopt};
    const PuzzleRatings after = rate(before);
    session_.run(sql_.upsert_player.c_str(),
                 SqlValues()
                     .text(account)
                     .real(after.player.rating)
                     .real(after.player.deviation)
                     .real(after.player.volatility)
                     .number(after.player.games)
                     .optional_number(after.player.last_played),
                 "storing a puzzle rating");
    session_.run(sql_.update_puzzle_rating.c_str(),
                 SqlValues()
                     .number(puzzle->id)
                     .real(after.puzzle.rating)
                     .real(after.puzzle.deviation)
                     .real(after.puzzle.volatility),
                 "storing a puzzle's rating");
    session_.run(sql_.insert_attempt.c_str(),
                 SqlValues()
                     .text(account)
                     .number(puzzle->id)
                     .boolean(win)
                     .number(at)
                     .real(after.player.rating)
                     .real(after.player.rating - before.player.rating),
                 "storing an attempt");
    transaction.commit();
    return after;
}

std::vector<PuzzleAttemptRow> SqlPuzzleStore::attempts(const std::string& account, int limit) {
    std::lock_guard lock(mutex_);
    return query_all(session_, sql_.select_attempts.c_str(),
                     SqlValues().text(account).number(limit), "reading attempts",
                     [](const SqlRow& row) {
                         return PuzzleAttemptRow{row.text(0), row.number(1) != 0, row.number(2),
                                                 row.real(3), row.real(4),        row.text(5)};
                     });
}

std::int64_t SqlPuzzleStore::analysed_games(const std::string& engine) {
    std::lock_guard lock(mutex_);
    return query_first(session_, sql_.count_analysed.c_str(), SqlValues().text(engine),
                       "counting the games analysed",
                       [](const SqlRow& row) { return row.number(0); })
        .value_or(0);
}

}  // namespace chess960::server
