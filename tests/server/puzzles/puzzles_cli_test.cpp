// `chess960 puzzles generate` and `export` as processes, on the hand-checked games
// (tests/data/puzzles): the puzzles made once however often the generator runs, a run killed at
// every boundary of its writes and started again ending with the clean run's puzzles, lichess's
// CSV with the Chess960 FEN, castling as the king taking its rook and the start's number, bad
// engines and options refused with a message.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <sstream>

#include "cli_support.hpp"

using namespace chess960::testing;
namespace fs = std::filesystem;

namespace {

struct TempDb {
    std::string dir, path;
    TempDb() {
        std::string pattern = (fs::path(::testing::TempDir()) / "puzzles_test_XXXXXX").string();
        EXPECT_NE(mkdtemp(pattern.data()), nullptr);
        dir = pattern;
        path = dir + "/games.db";
        const CommandResult r = run_chess960(
            {"db", "import", std::string(CHESS960_TEST_DATA) + "/puzzles/hand_checked.pgn", "--db",
             path});
        EXPECT_EQ(r.status, 0) << r.err;
    }
    ~TempDb() {
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
};

CommandResult generate(const std::string& db, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"puzzles", "generate", "--db", db};
    args.insert(args.end(), more.begin(), more.end());
    return run_chess960(args);
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::vector<std::string> fields(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string f; std::getline(in, f, ',');) out.push_back(f);
    if (!line.empty() && line.back() == ',') out.push_back("");
    return out;
}

TEST(PuzzlesCli, MakesEachPuzzleOnceAndExportsLichesssCsv) {
    TempDb db;
    const CommandResult first = generate(db.path, {"--threads", "2"});
    ASSERT_EQ(first.status, 0) << first.err;
    EXPECT_NE(first.out.find("3 puzzles made, 4 games analysed"), std::string::npos) << first.out;
    // Our engine's defaults.
    EXPECT_NE(first.out.find(") by chess960 nodes=1000000 scan=50000 margin=0.1; "),
              std::string::npos)
        << first.out;
    const CommandResult again = generate(db.path);
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_NE(again.out.find("0 puzzles made, 0 games analysed"), std::string::npos) << again.out;
    EXPECT_NE(again.out.find("4 games analysed by it in all"), std::string::npos) << again.out;

    const CommandResult csv =
        run_chess960({"puzzles", "export", "--db", db.path, "--base-url", "https://x.org"});
    ASSERT_EQ(csv.status, 0) << csv.err;
    const std::vector<std::string> rows = lines(csv.out);
    ASSERT_EQ(rows.size(), 4u) << csv.out;
    EXPECT_EQ(rows[0],
              "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,"
              "OpeningTags");
    std::map<std::string, std::vector<std::string>> by_moves;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const std::vector<std::string> f = fields(rows[i]);
        ASSERT_EQ(f.size(), 10u) << rows[i];
        EXPECT_EQ(f[0].size(), 8u) << rows[i];
        EXPECT_GE(std::stoi(f[3]), 600);
        EXPECT_EQ(f[4], "500");
        by_moves[f[2]] = f;
    }
    ASSERT_TRUE(by_moves.count("g8f6 h5f7")) << csv.out;
    const auto& scholar = by_moves["g8f6 h5f7"];
    EXPECT_EQ(scholar[1], "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
    EXPECT_NE(scholar[7].find("mateIn1"), std::string::npos);
    EXPECT_EQ(scholar[8], "https://example.org/puzzle-game-1#6");
    EXPECT_EQ(scholar[9], "Chess960_518_RNBQKBNR");
    ASSERT_TRUE(by_moves.count("d7e6 b1a1")) << csv.out;
    EXPECT_NE(by_moves["d7e6 b1a1"][7].find("castling"), std::string::npos);
    EXPECT_EQ(by_moves["d7e6 b1a1"][1], "2rkr3/p1ppp2p/4B3/8/8/8/PP5P/RK6 b Q - 0 1");
}

TEST(PuzzlesCli, ARunKilledAnywhereAndStartedAgainMakesEachPuzzleOnce) {
    // Small searches (the same 3 puzzles): the loop runs the generator some 40 times, which
    // took 110 s under the sanitizers at 30,000 nodes.
    const std::vector<std::string> quick = {"--nodes", "5000"};
    TempDb clean;
    ASSERT_EQ(generate(clean.path, quick).status, 0);
    const std::string expected = run_chess960({"puzzles", "export", "--db", clean.path}).out;
    ASSERT_GE(lines(expected).size(), 2u) << expected;
    int killed = 0;
    for (int n = 1; n < 200; ++n) {
        TempDb db;
        setenv("CHESS960_TEST_KILL_AT", ("add_analysis:" + std::to_string(n)).c_str(), 1);
        const CommandResult cut = generate(db.path, quick);
        unsetenv("CHESS960_TEST_KILL_AT");
        const CommandResult resumed = generate(db.path, quick);
        ASSERT_EQ(resumed.status, 0) << resumed.err;
        EXPECT_EQ(run_chess960({"puzzles", "export", "--db", db.path}).out, expected)
            << "killed at boundary " << n;
        if (cut.status == 0) break;  // it ran to its end: every boundary was tried
        ++killed;
    }
    // Four games, each at least BEGIN, its mark, COMMIT and after; three with a puzzle.
    EXPECT_GE(killed, 4 * 4 + 3);
}

TEST(PuzzlesCli, ABadEngineOrOptionIsRefusedWithAMessage) {
    TempDb db;
    const CommandResult missing = generate(db.path, {"--engine", "/nonexistent/engine"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("/nonexistent/engine"), std::string::npos) << missing.err;
    // An engine that is no UCI engine: /bin/cat answers nothing it should.
    const CommandResult mute = generate(db.path, {"--engine", "/bin/true"});
    EXPECT_EQ(mute.status, 1);
    EXPECT_NE(mute.err.find("/bin/true"), std::string::npos) << mute.err;
    EXPECT_EQ(generate(db.path, {"--threads", "0"}).status, 2);
    EXPECT_EQ(generate(db.path, {"--nodes", "0"}).status, 2);
    EXPECT_EQ(generate(db.path, {"--scan-nodes", "0"}).status, 2);
    const CommandResult margin = generate(db.path, {"--margin", "0.6"});
    EXPECT_EQ(margin.status, 2);
    EXPECT_NE(margin.err.find("--margin must be a number from 0 to 0.5, not '0.6'"),
              std::string::npos)
        << margin.err;
    // Nothing was analysed by the engines that failed.
    const CommandResult ours = generate(db.path, {"--nodes", "30000"});
    EXPECT_NE(ours.out.find("4 games analysed ("), std::string::npos) << ours.out;
}

}  // namespace
