// A game as the database keeps it (gamedb/db_game.hpp): every real game of tests/data comes
// back from its row exactly (tags, start, moves, result); the start is kept as its number or
// FEN; lichess's tags become the columns the explorer and the search use; the content hash
// tells games apart and knows one again.
#include <gtest/gtest.h>

#include "chess960/db/explorer_entry.hpp"
#include "gamedb/db_game.hpp"
#include "gamedb_support.hpp"

using namespace chess960;
using namespace chess960::server;
using namespace chess960::testing;

namespace {

std::vector<DbNewGame> collect(const std::string& text, int collection = 1) {
    gamedb::DbGameCollector collector({collection, false, std::nullopt});
    pgn::Reader reader{std::string_view(text)};
    reader.read_all(collector);
    for (const auto& skip : collector.skipped) ADD_FAILURE() << skip.line << ": " << skip.why;
    return std::move(collector.games);
}

const char* kLichessGame = R"([Event "Rated Chess960 game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2025.03.04"]
[Round "-"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[UTCDate "2025.03.05"]
[WhiteElo "1850"]
[BlackElo "1751"]
[TimeControl "180+2"]
[Variant "Chess960"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"]
[SetUp "1"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Nd3 Nd6 3. f4 f5 1-0
)";

}  // namespace

TEST(DbGame, EveryRealGameComesBackFromItsRow) {
    const std::string text = real_games();
    pgn::Reader reader{std::string_view(text)};
    pgn::Replayer replayer;
    reader.read_all(replayer);
    ASSERT_GE(replayer.games.size(), 25u);
    const std::vector<DbNewGame> rows = collect(real_games());
    ASSERT_EQ(rows.size(), replayer.games.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        SCOPED_TRACE("game " + std::to_string(i + 1));
        const pgn::GameRecord& original = replayer.games[i];
        auto back = gamedb::record_of(rows[i].game);
        ASSERT_TRUE(back.has_value()) << back.error().message;
        EXPECT_EQ(write_fen(back->start), write_fen(original.start));
        ASSERT_EQ(back->main.nodes.size(), original.main.nodes.size());
        for (std::size_t p = 0; p < original.main.nodes.size(); ++p)
            ASSERT_EQ(back->main.nodes[p].move, original.main.nodes[p].move) << "ply " << p + 1;
        EXPECT_EQ(back->result, original.result);
        // Every tag of the original is there with its value (Date may be UTCDate's).
        for (const auto& [name, value] : original.tags)
            if (name != "Date" && name != "SetUp" && name != "Variant" && name != "FEN") {
                EXPECT_EQ(back->tag(name).value_or("<none>"), value) << name;
            }
    }
}

TEST(DbGame, LichessTagsBecomeColumns) {
    const auto rows = collect(kLichessGame);
    ASSERT_EQ(rows.size(), 1u);
    const DbGameRow& g = rows[0].game;
    EXPECT_EQ(g.white, "alice");
    EXPECT_EQ(g.black, "bob");
    EXPECT_EQ(g.white_elo, 1850);
    EXPECT_EQ(g.rating, 1800);  // (1850 + 1751) / 2
    EXPECT_EQ(g.result, 1);
    EXPECT_EQ(g.speed, int(db::Speed::Blitz));  // 180 + 40 x 2 = 260 s
    EXPECT_TRUE(g.rated);
    EXPECT_EQ(g.date, 20250305);  // UTCDate before Date
    EXPECT_EQ(g.start_number, 0);
    EXPECT_FALSE(g.initial_fen);
    EXPECT_EQ(g.plies, 6);
    EXPECT_EQ(rows[0].index.size(), 7u);  // six plies and the final position
}

TEST(DbGame, AStartThatIsNoNumberIsKeptAsItsFenAndHeaderOnlyGamesAreKept) {
    const auto rows = collect(R"([Event "?"]
[White "a"]
[Black "b"]
[Result "1/2-1/2"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]

1. O-O Kd7 1/2-1/2

[Event "header only"]
[White "c"]
[Black "d"]
[Result "0-1"]
[Variant "Chess960"]
[FEN "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1"]

0-1
)");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_FALSE(rows[0].game.start_number);
    EXPECT_EQ(*rows[0].game.initial_fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_EQ(rows[1].game.plies, 0);
    EXPECT_TRUE(rows[1].game.start_number);
    EXPECT_EQ(rows[1].index.size(), 1u);  // the start, where it ended
}

TEST(DbGame, TheHashKnowsAGameAgainAndTellsADifferentOneApart) {
    const std::string other =
        std::string(kLichessGame)
            .replace(std::string(kLichessGame).find("3. f4 f5"), 8, "3. f4 f6");
    const auto a = collect(kLichessGame), b = collect(kLichessGame), c = collect(other);
    EXPECT_EQ(a[0].game.hash, b[0].game.hash);
    EXPECT_NE(a[0].game.hash, c[0].game.hash);
}
