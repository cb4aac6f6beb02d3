// The puzzles' store (store/puzzle_store.hpp) on both back ends: the games an engine has not
// analysed yet, an analysis recorded once with its puzzle, a puzzle found again not added twice,
// the puzzles read back with their game's site; a version 13 database gains the tables.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/game_db_store.hpp"
#include "store/open.hpp"
#include "store/puzzle_store.hpp"
#include "store/store.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

std::vector<std::int64_t> add_games(GameDbStore& db, int n) {
    std::vector<DbNewGame> games(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        DbGameRow& g = games[std::size_t(i)].game;
        g.hash = 1000 + i;
        g.white = "W" + std::to_string(i);
        g.black = "B";
        g.event = "E";
        g.site = "https://example.org/" + std::to_string(i);
        g.start_number = i;
        g.moves = "x";
    }
    EXPECT_EQ(db.add_games(games), n);
    std::vector<std::int64_t> ids;
    for (const DbNewGame& g : games) ids.push_back(g.game.id);
    return ids;
}

PuzzleRow a_puzzle(int ply) {
    PuzzleRow p;
    p.public_id = "p" + std::to_string(ply);
    p.ply = ply;
    p.fen = "some fen";
    p.moves = "e2e4 e7e5";
    p.rating = 1650.5;
    p.themes = "fork short";
    p.start_number = 518;
    return p;
}

TEST_P(StoreBackendTest, AnEngineAnalysesEachGameOnceAndAPuzzleIsKeptOnce) {
    const auto store = open_store(db_);
    const auto db = open_game_db_store(db_);
    const auto puzzles = open_puzzle_store(db_);
    const std::vector<std::int64_t> ids = add_games(*db, 5);
    EXPECT_EQ(puzzles->games_to_analyse("sf", 0, 100), ids);
    EXPECT_EQ(puzzles->games_to_analyse("sf", ids[1], 2),
              (std::vector<std::int64_t>{ids[2], ids[3]}));
    EXPECT_FALSE(puzzles->add_analysis(ids[0], "sf", std::nullopt));
    EXPECT_TRUE(puzzles->add_analysis(ids[2], "sf", a_puzzle(7)));
    // Another engine's analysis is another's: the games are still to analyse for it.
    EXPECT_EQ(puzzles->games_to_analyse("ours", 0, 100), ids);
    EXPECT_EQ(puzzles->games_to_analyse("sf", 0, 100),
              (std::vector<std::int64_t>{ids[1], ids[3], ids[4]}));
    EXPECT_EQ(puzzles->analysed_games("sf"), 2);
    // The same puzzle found again (by another engine): the analysis is recorded, the puzzle not.
    PuzzleRow again = a_puzzle(7);
    again.public_id = "other";
    EXPECT_FALSE(puzzles->add_analysis(ids[2], "ours", again));
    EXPECT_EQ(puzzles->analysed_games("ours"), 1);
    // Recorded twice (a run killed after its commit, before it knew): once.
    EXPECT_FALSE(puzzles->add_analysis(ids[2], "sf", a_puzzle(7)));
    EXPECT_EQ(puzzles->analysed_games("sf"), 2);

    EXPECT_TRUE(puzzles->add_analysis(ids[4], "sf", a_puzzle(9)));
    const std::vector<PuzzleRow> all = puzzles->puzzles_after(0, 10);
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].public_id, "p7");
    EXPECT_EQ(all[0].game, ids[2]);
    EXPECT_EQ(all[0].ply, 7);
    EXPECT_EQ(all[0].moves, "e2e4 e7e5");
    EXPECT_DOUBLE_EQ(all[0].rating, 1650.5);
    EXPECT_EQ(all[0].themes, "fork short");
    EXPECT_EQ(all[0].start_number, 518);
    EXPECT_EQ(all[0].engine, "sf");
    EXPECT_EQ(all[0].site, "https://example.org/2");
    EXPECT_FALSE(all[0].game_id);
    EXPECT_EQ(puzzles->puzzles_after(all[0].id, 10).size(), 1u);
}

// Version 14: a version 13 database (the game database without puzzles) gains the tables and
// keeps its games.
TEST_P(StoreBackendTest, AVersion13DatabaseGainsThePuzzleTables) {
    {
        const auto store = open_store(db_);
        add_games(*open_game_db_store(db_), 2);
    }
    for (const char* sql : kUndoVersion14) exec(sql);
    exec(postgres() ? "UPDATE chess960_schema SET version = 13" : "PRAGMA user_version=13");
    const auto store = open_store(db_);
    EXPECT_EQ(column(postgres() ? "SELECT version FROM chess960_schema" : "PRAGMA user_version"),
              std::vector<std::string>{std::to_string(Store::kSchemaVersion)});
    const auto puzzles = open_puzzle_store(db_);
    EXPECT_EQ(puzzles->games_to_analyse("sf", 0, 10).size(), 2u);
}

}  // namespace
}  // namespace chess960::server::store_test
