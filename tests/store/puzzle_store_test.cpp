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

// The puzzles near a rating, nearest first, by theme, by start position, without those the
// account attempted; an attempt rated once, in one transaction with the plays and the history.
TEST_P(StoreBackendTest, PuzzlesAreFoundNearARatingAndEachIsRatedOncePerPlayer) {
    const auto store = open_store(db_);
    const auto db = open_game_db_store(db_);
    const auto puzzles = open_puzzle_store(db_);
    const std::vector<std::int64_t> ids = add_games(*db, 5);
    const double ratings[] = {1000, 1400, 1550, 1700, 2300};
    for (int i = 0; i < 5; ++i) {
        PuzzleRow p = a_puzzle(i);
        p.rating = ratings[i];
        p.themes = i % 2 ? "fork short" : "mate mateIn1 oneMove";
        p.start_number = i < 3 ? 518 : 100;
        ASSERT_TRUE(puzzles->add_analysis(ids[std::size_t(i)], "sf", p));
    }
    const auto names = [](const std::vector<PuzzleRow>& rows) {
        std::vector<std::string> out;
        for (const PuzzleRow& r : rows) out.push_back(r.public_id);
        return out;
    };
    PuzzleQuery q;
    q.rating = 1500;
    q.limit = 3;
    EXPECT_EQ(names(puzzles->near(q)), (std::vector<std::string>{"p2", "p1", "p3"}));
    q.theme = "mate";  // a whole word: not "mateIn1"'s prefix
    EXPECT_EQ(names(puzzles->near(q)), (std::vector<std::string>{"p2", "p0", "p4"}));
    q.theme = "ork";
    EXPECT_TRUE(puzzles->near(q).empty());
    q.theme.reset();
    q.start_number = 100;
    EXPECT_EQ(names(puzzles->near(q)), (std::vector<std::string>{"p3", "p4"}));
    q.start_number.reset();

    EXPECT_FALSE(puzzles->player_rating("acc1"));
    int rated = 0;
    const PuzzleRater rate = [&](const PuzzleRatings& before) {
        ++rated;
        EXPECT_DOUBLE_EQ(before.player.rating, 1500);  // a new player
        EXPECT_DOUBLE_EQ(before.puzzle.rating, 1550);
        PuzzleRatings after = before;
        after.player.rating = 1580;
        after.player.games = 1;
        after.player.last_played = 77;
        after.puzzle.rating = 1530;
        return after;
    };
    const auto first = puzzles->attempt("acc1", "p2", true, 77, rate);
    ASSERT_TRUE(first);
    EXPECT_DOUBLE_EQ(first->player.rating, 1580);
    // Once per player: the second attempt is not rated.
    EXPECT_FALSE(puzzles->attempt("acc1", "p2", false, 78, rate));
    EXPECT_FALSE(puzzles->attempt("acc1", "nope", false, 78, rate));
    EXPECT_EQ(rated, 1);
    const auto rating = puzzles->player_rating("acc1");
    ASSERT_TRUE(rating);
    EXPECT_DOUBLE_EQ(rating->rating, 1580);
    EXPECT_EQ(rating->games, 1);
    EXPECT_EQ(rating->last_played, 77);
    const auto p2 = puzzles->puzzle("p2");
    ASSERT_TRUE(p2);
    EXPECT_DOUBLE_EQ(p2->rating, 1530);
    EXPECT_EQ(p2->plays, 1);
    const auto history = puzzles->attempts("acc1", 10);
    ASSERT_EQ(history.size(), 1u);
    EXPECT_EQ(history[0].public_id, "p2");
    EXPECT_TRUE(history[0].win);
    EXPECT_DOUBLE_EQ(history[0].change, 80);
    EXPECT_EQ(history[0].themes, "mate mateIn1 oneMove");
    // The puzzle attempted is no longer offered to that account, still to others.
    q.account = "acc1";
    q.limit = 1;
    EXPECT_EQ(names(puzzles->near(q)), (std::vector<std::string>{"p1"}));
    q.account = "acc2";
    EXPECT_EQ(names(puzzles->near(q)), (std::vector<std::string>{"p2"}));
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
