#include "sql_puzzle_store.hpp"

#include "kill_points.hpp"

namespace chess960::server {

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
      select_puzzles_after(with_marks(
          "SELECT p.id, p.public_id, p.game, p.ply, p.fen, p.moves, p.rating, p.deviation, "
          "p.volatility, p.plays, p.themes, p.start_number, p.engine, g.site, g.game_id FROM "
          "puzzles p JOIN db_games g ON g.id = p.game WHERE p.id > ?1 ORDER BY p.id LIMIT ?2",
          m)),
      count_analysed(with_marks("SELECT COUNT(*) FROM puzzle_analyses WHERE engine = ?1", m)) {}

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
                     SqlValues().number(after).number(limit), "reading puzzles",
                     [](const SqlRow& row) {
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
