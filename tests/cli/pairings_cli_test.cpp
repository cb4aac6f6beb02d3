// `chess960 pairings`, run as the built binary: JaVaFo's and bbpPairings' command line, their
// output format and exit codes (0 done, 1 no valid pairing or a round that differs, 3 a bad
// request, 5 a file that cannot be read), malformed files named by line and column.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_support.hpp"

namespace {

using chess960::testing::run_chess960;
using chess960::testing::slurp;

std::string data(const std::string& name) {
    return std::string(CHESS960_TEST_DATA) + "/pairing/" + name;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

class PairingsCli : public ::testing::Test {
  protected:
    void SetUp() override {
        char name[] = "/tmp/chess960_pairings_test_XXXXXX";
        ASSERT_NE(mkdtemp(name), nullptr);
        dir_ = name;
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string file(const std::string& name) const { return dir_ + "/" + name; }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(file(name), std::ios::binary) << text;
        return file(name);
    }
    std::string dir_;
};

// The next round as bbpPairings v6.0.0 printed it for the same file (next_round.bbp.txt).
TEST_F(PairingsCli, PairsTheNextRoundAsBbpPairings) {
    auto r = run_chess960({"pairings", "--dutch", data("cli/next_round.trf"), "-p"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, slurp(data("cli/next_round.bbp.txt")));
    // With an output file: the same text there, nothing on stdout.
    auto to_file =
        run_chess960({"pairings", "--dutch", data("cli/next_round.trf"), "-p", file("out.txt")});
    EXPECT_EQ(to_file.status, 0) << to_file.err;
    EXPECT_EQ(to_file.out, "");
    EXPECT_EQ(slurp(file("out.txt")), slurp(data("cli/next_round.bbp.txt")));
}

// The same file with record 260 (players 1 and 5 may not meet in round 4) and record 250 (one
// point added to players 1 to 10 for pairing round 4): bbpPairings' pairing of it.
TEST_F(PairingsCli, ForbiddenPairsAndAccelerationAsBbpPairings) {
    auto r = run_chess960({"pairings", "--dutch", data("cli/records_250_260.trf"), "-p"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, slurp(data("cli/records_250_260.bbp.txt")));
    EXPECT_NE(r.out, slurp(data("cli/next_round.bbp.txt")));
}

TEST_F(PairingsCli, ChecksEveryRoundAndListsThoseThatDiffer) {
    auto same = run_chess960({"pairings", "--dutch", data("ours/gen3.trf"), "-c"});
    EXPECT_EQ(same.status, 0) << same.out << same.err;
    EXPECT_TRUE(contains(same.out, "6 rounds checked, 0 differ")) << same.out;
    // Round 2's first game with the colours swapped.
    std::string text = slurp(data("ours/gen3.trf"));
    const std::size_t line = text.find("\n001    1 ");
    ASSERT_NE(line, std::string::npos);
    const std::size_t colour = line + 1 + 96 + 10;  // round 2's colour (column 107)
    const std::size_t opponent_number = std::stoul(text.substr(line + 1 + 101, 4));
    const char mine = text[colour];
    text[colour] = mine == 'w' ? 'b' : 'w';
    // ...on the opponent's line too.
    const std::string key = "\n001 " +
                            std::string(4 - std::to_string(opponent_number).size(), ' ') +
                            std::to_string(opponent_number) + " ";
    const std::size_t other = text.find(key);
    ASSERT_NE(other, std::string::npos);
    text[other + 1 + 96 + 10] = mine;
    auto differ = run_chess960({"pairings", "--dutch", write("swapped.trf", text), "-c"});
    EXPECT_EQ(differ.status, 1) << differ.out << differ.err;
    EXPECT_TRUE(contains(differ.out, "round 2 differs")) << differ.out;
    EXPECT_TRUE(contains(differ.out, "engine:")) << differ.out;
}

TEST_F(PairingsCli, MalformedFileNamesLineAndColumn) {
    std::string text = slurp(data("ours/gen1.trf"));
    const std::size_t third = text.find("\n001    2 ");
    ASSERT_NE(third, std::string::npos);
    text[third + 1 + 98] = '?';  // player 2's round-1 result (column 99, line 5)
    auto r = run_chess960({"pairings", "--dutch", write("bad.trf", text), "-p"});
    EXPECT_EQ(r.status, 3);
    EXPECT_TRUE(contains(r.err, "invalid result '?'")) << r.err;
    EXPECT_TRUE(contains(r.err, "(line 5, column 99)")) << r.err;
}

TEST_F(PairingsCli, ExitCodes) {
    EXPECT_EQ(run_chess960({"pairings", "--dutch", file("missing.trf"), "-p"}).status, 5);
    EXPECT_EQ(run_chess960({"pairings", "--dutch", data("ours/gen1.trf")}).status, 3);
    EXPECT_EQ(run_chess960({"pairings", "--swiss", "x"}).status, 3);
    EXPECT_EQ(run_chess960({"pairings", "--dutch", "-g"}).status, 3);  // no -o
    // Two players who have met: no valid pairing for round 2.
    const std::string met =
        "XXR 2\nXXC white1\n"
        "001    1      A                                 2000                             1.0    1 "
        "    2 w 1\n"
        "001    2      B                                 1900                             0.0    2 "
        "    1 b 0\n";
    auto none = run_chess960({"pairings", "--dutch", write("met.trf", met), "-p"});
    EXPECT_EQ(none.status, 1);
    EXPECT_TRUE(contains(none.err, "no pairing of round 2")) << none.err;
    // Every round already played.
    auto done = run_chess960({"pairings", "--dutch", data("ours/gen1.trf"), "-p"});
    EXPECT_EQ(done.status, 3);
    EXPECT_TRUE(contains(done.err, "already played")) << done.err;
}

TEST_F(PairingsCli, GeneratesTheSameTournamentForTheSameSeed) {
    const std::string config =
        write("cfg.txt", "PlayersNumber=9\nRoundsNumber=4\nDrawPercentage=30\n");
    auto a = run_chess960({"pairings", "--dutch", "-g", config, "-o", file("a.trf"), "-s", "42"});
    auto b = run_chess960({"pairings", "--dutch", "-g", config, "-o", file("b.trf"), "-s", "42"});
    ASSERT_EQ(a.status, 0) << a.err;
    ASSERT_EQ(b.status, 0) << b.err;
    EXPECT_EQ(slurp(file("a.trf")), slurp(file("b.trf")));
    auto check = run_chess960({"pairings", "--dutch", file("a.trf"), "-c"});
    EXPECT_EQ(check.status, 0) << check.out;
    EXPECT_TRUE(contains(check.out, "4 rounds checked, 0 differ"));
    auto bad = run_chess960(
        {"pairings", "--dutch", "-g", write("bad.txt", "Players=9\n"), "-o", file("c.trf")});
    EXPECT_EQ(bad.status, 3);
    EXPECT_TRUE(contains(bad.err, "line 1")) << bad.err;
}

TEST_F(PairingsCli, BergerTablesAndStandings) {
    auto berger = run_chess960({"pairings", "--berger", "4"});
    EXPECT_EQ(berger.status, 0);
    EXPECT_EQ(berger.out, "Round 1: 1-4 2-3\nRound 2: 4-3 1-2\nRound 3: 2-4 3-1\n");
    EXPECT_EQ(run_chess960({"pairings", "--berger", "one"}).status, 3);
    auto table =
        run_chess960({"pairings", "--standings", data("ours/gen1.trf"), "--tiebreaks", "BH-C1,SB"});
    EXPECT_EQ(table.status, 0) << table.err;
    EXPECT_TRUE(contains(table.out, "BH-C1")) << table.out;
    EXPECT_TRUE(contains(table.out, "SB")) << table.out;
    auto unknown =
        run_chess960({"pairings", "--standings", data("ours/gen1.trf"), "--tiebreaks", "XX"});
    EXPECT_EQ(unknown.status, 3);
    EXPECT_TRUE(contains(unknown.err, "unknown tie-break 'XX'"));
}

}  // namespace
