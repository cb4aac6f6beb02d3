// The `chess960` command, run as a separate process: output, error messages and exit status.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"

using namespace std::string_literals;

namespace {

using Result = chess960::testing::CommandResult;
using chess960::testing::slurp;

Result run(const std::vector<std::string>& args, const std::string& input = "") {
    return chess960::testing::run_chess960(args, input);
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
    return lines;
}

bool has_line(const std::string& text, const std::string& line) {
    auto lines = split_lines(text);
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
    std::vector<std::string> found;
    for (const auto& l : split_lines(text))
        if (l.starts_with(prefix)) found.push_back(l.substr(prefix.size()));
    return found;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The FEN rank (a-file first, white pieces upper case) of an 8-piece back rank string.
std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

constexpr const char* kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

// --- position N --------------------------------------------------------------------------

TEST(Cli, Position518) {
    auto r = run({"position", "518"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_TRUE(has_line(r.out, "Number: 518")) << r.out;
    EXPECT_TRUE(has_line(r.out, "Back rank: RNBQKBNR")) << r.out;
    EXPECT_TRUE(has_line(r.out, "FEN: "s + kStartFen)) << r.out;
    EXPECT_TRUE(
        has_line(r.out, "Shredder-FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"))
        << r.out;
    // The diagram: rank 8 on top, rank 1 at the bottom, file letters below.
    auto lines = split_lines(r.out);
    auto top = std::find_if(lines.begin(), lines.end(),
                            [](const std::string& l) { return l.starts_with("8 "); });
    ASSERT_NE(top, lines.end()) << r.out;
    ASSERT_GE(lines.end() - top, 9);
    for (int i = 0; i < 8; ++i) EXPECT_EQ(top[i][0], char('8' - i)) << top[i];
    EXPECT_TRUE(contains(top[0], "r n b q k b n r")) << top[0];
    EXPECT_TRUE(contains(top[1], "p p p p p p p p")) << top[1];
    EXPECT_TRUE(contains(top[4], ". . . . . . . .")) << top[4];
    EXPECT_TRUE(contains(top[6], "P P P P P P P P")) << top[6];
    EXPECT_TRUE(contains(top[7], "R N B Q K B N R")) << top[7];
    EXPECT_TRUE(contains(top[8], "a b c d e f g h")) << top[8];
}

TEST(Cli, PositionFirstAndLast) {
    auto r0 = run({"position", "0"});
    EXPECT_EQ(r0.status, 0) << r0.err;
    EXPECT_TRUE(has_line(r0.out, "Number: 0"));
    EXPECT_TRUE(has_line(r0.out, "Back rank: BBQNNRKR")) << r0.out;
    EXPECT_TRUE(has_line(r0.out, "FEN: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"));
    EXPECT_TRUE(
        has_line(r0.out, "Shredder-FEN: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"))
        << r0.out;

    auto r959 = run({"position", "959"});
    EXPECT_EQ(r959.status, 0) << r959.err;
    EXPECT_TRUE(has_line(r959.out, "Number: 959"));
    EXPECT_TRUE(has_line(r959.out, "Back rank: RKRNNQBB")) << r959.out;
    EXPECT_TRUE(has_line(r959.out,
                         "Shredder-FEN: rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1"))
        << r959.out;

    auto r123 = run({"position", "123"});
    EXPECT_TRUE(has_line(r123.out, "Back rank: NQRNBKRB")) << r123.out;
}

// Every number's output agrees with the reference table in tests/data.
TEST(Cli, PositionMatchesReferenceTableForSomeNumbers) {
    std::ifstream in(std::string(CHESS960_TEST_DATA) + "/chess960_start_positions.tsv");
    ASSERT_TRUE(in);
    std::string line;
    int checked = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string id, rank, xfen, shredder;
        std::getline(fields, id, '\t');
        std::getline(fields, rank, '\t');
        std::getline(fields, xfen, '\t');
        std::getline(fields, shredder, '\t');
        if (std::stoi(id) % 97 != 5) continue;  // a spread of numbers, not all 960 processes
        auto r = run({"position", id});
        EXPECT_EQ(r.status, 0);
        EXPECT_TRUE(has_line(r.out, "Number: " + id)) << r.out;
        EXPECT_TRUE(has_line(r.out, "Back rank: " + rank)) << r.out;
        EXPECT_TRUE(has_line(r.out, "FEN: " + xfen)) << r.out;
        EXPECT_TRUE(has_line(r.out, "Shredder-FEN: " + shredder)) << r.out;
        ++checked;
    }
    EXPECT_EQ(checked, 10);
}

TEST(Cli, PositionBadNumberExits2NamingTheValue) {
    for (std::string bad : {"960", "abc", "-1", "5x", "", "1e2", "99999999999999999999999"}) {
        auto r = run({"position", bad});
        EXPECT_EQ(r.status, 2) << "'" << bad << "'";
        EXPECT_EQ(r.out, "") << bad;
        EXPECT_TRUE(contains(r.err, "'" + bad + "'")) << r.err;
    }
    auto r = run({"position"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "position")) << r.err;
    r = run({"position", "518", "17"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "'17'")) << r.err;
}

// --- position random ---------------------------------------------------------------------

TEST(Cli, PositionRandomSeededIsReproducible) {
    auto a = run({"position", "random", "--seed", "5", "--count", "3"});
    auto b = run({"position", "random", "--seed", "5", "--count", "3"});
    auto c = run({"position", "random", "--count", "3", "--seed", "5"});
    EXPECT_EQ(a.status, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_EQ(a.out, c.out) << "option order does not matter";
    EXPECT_EQ(a.err, "") << "a seeded draw does not print its seed";
    auto numbers = lines_starting(a.out, "Number: ");
    ASSERT_EQ(numbers.size(), 3u) << a.out;
    EXPECT_EQ(lines_starting(a.out, "Back rank: ").size(), 3u);
    EXPECT_EQ(lines_starting(a.out, "FEN: ").size(), 3u);
    EXPECT_EQ(lines_starting(a.out, "Shredder-FEN: ").size(), 3u);
    // Each block is exactly what `position N` prints.
    std::string expected;
    for (std::size_t i = 0; i < numbers.size(); ++i) {
        if (i) expected += "\n";
        auto single = run({"position", numbers[i]});
        ASSERT_EQ(single.status, 0) << numbers[i];
        expected += single.out;
    }
    EXPECT_EQ(a.out, expected);
    // Another seed gives another draw.
    auto d = run({"position", "random", "--seed", "6", "--count", "3"});
    EXPECT_NE(a.out, d.out);
}

TEST(Cli, PositionRandomUnseededPrintsItsSeedOnStderr) {
    auto r = run({"position", "random"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(lines_starting(r.out, "Number: ").size(), 1u);
    std::smatch m;
    std::regex seed_line(R"(Seed: (\d+) \(repeat this draw with --seed (\d+)\))");
    ASSERT_TRUE(std::regex_search(r.err, m, seed_line)) << r.err;
    EXPECT_EQ(m[1], m[2]);
    auto again = run({"position", "random", "--seed", m[1]});
    EXPECT_EQ(again.out, r.out) << "the printed seed repeats the draw";
}

TEST(Cli, PositionRandomExcludeStandard) {
    // 2000 draws include 518 with probability about 7/8 for any seed: take a seed whose draw
    // does, and check that the same seed with --exclude-standard never draws it.
    bool found_seed = false;
    for (std::string seed : {"1", "2", "3", "4", "5"}) {
        auto plain = run({"position", "random", "--seed", seed, "--count", "2000"});
        ASSERT_EQ(plain.status, 0);
        auto numbers = lines_starting(plain.out, "Number: ");
        ASSERT_EQ(numbers.size(), 2000u);
        if (std::find(numbers.begin(), numbers.end(), "518") == numbers.end()) continue;
        found_seed = true;
        auto excl =
            run({"position", "random", "--seed", seed, "--count", "2000", "--exclude-standard"});
        ASSERT_EQ(excl.status, 0);
        auto ex_numbers = lines_starting(excl.out, "Number: ");
        ASSERT_EQ(ex_numbers.size(), 2000u);
        EXPECT_EQ(std::find(ex_numbers.begin(), ex_numbers.end(), "518"), ex_numbers.end());
        std::set<std::string> distinct(ex_numbers.begin(), ex_numbers.end());
        EXPECT_GT(distinct.size(), 800u) << "still spread over the other 959";
        EXPECT_FALSE(has_line(excl.out, "Back rank: RNBQKBNR"));
        break;
    }
    EXPECT_TRUE(found_seed) << "none of the seeds drew 518 in 2000 draws";
}

TEST(Cli, PositionRandomDouble) {
    auto r = run({"position", "random", "--seed", "5", "--count", "20", "--double"});
    EXPECT_EQ(r.status, 0) << r.err;
    auto numbers = lines_starting(r.out, "Number: ");
    auto ranks = lines_starting(r.out, "Back rank: ");
    auto fens = lines_starting(r.out, "FEN: ");
    ASSERT_EQ(numbers.size(), 20u) << r.out;
    ASSERT_EQ(ranks.size(), 20u);
    ASSERT_EQ(fens.size(), 20u);
    std::regex double_number(R"((\d+):(\d+) \(Double Chess960\))");
    std::regex double_rank(R"(([BKNQR]{8}) \(white\), ([BKNQR]{8}) \(black\))");
    int doubles = 0;
    for (int i = 0; i < 20; ++i) {
        std::smatch n, b;
        if (!std::regex_match(numbers[i], n, double_number)) {
            // The two draws happened to agree: an ordinary position.
            EXPECT_TRUE(std::regex_match(numbers[i], std::regex(R"(\d+)"))) << numbers[i];
            continue;
        }
        ++doubles;
        EXPECT_NE(n[1], n[2]);
        ASSERT_TRUE(std::regex_match(ranks[i], b, double_rank)) << ranks[i];
        // Each side's back rank is the arrangement with that side's number, and the FEN has it.
        auto white = run({"position", n[1]});
        auto black = run({"position", n[2]});
        EXPECT_TRUE(has_line(white.out, "Back rank: " + b[1].str())) << ranks[i];
        EXPECT_TRUE(has_line(black.out, "Back rank: " + b[2].str())) << ranks[i];
        EXPECT_TRUE(
            fens[i].starts_with(lower(b[2]) + "/pppppppp/8/8/8/8/PPPPPPPP/" + b[1].str() + " w "))
            << fens[i];
        // `position --fen` gives the pair back.
        auto back = run({"position", "--fen", fens[i]});
        EXPECT_EQ(back.status, 0) << back.err;
        EXPECT_TRUE(has_line(back.out, "Number: " + numbers[i])) << back.out;
    }
    EXPECT_GE(doubles, 18);
    auto again = run({"position", "random", "--seed", "5", "--count", "20", "--double"});
    EXPECT_EQ(again.out, r.out);
}

TEST(Cli, PositionRandomBadOptions) {
    struct Case {
        std::vector<std::string> args;
        std::string named;
    };
    for (const Case& c : {
             Case{{"position", "random", "--count", "0"}, "'0'"},
             Case{{"position", "random", "--count", "x"}, "'x'"},
             Case{{"position", "random", "--count", "1000001"}, "'1000001'"},
             Case{{"position", "random", "--seed", "-3"}, "'-3'"},
             Case{{"position", "random", "--seed", "abc"}, "'abc'"},
             Case{{"position", "random", "--seed"}, "--seed"},
             Case{{"position", "random", "--bogus"}, "'--bogus'"},
             Case{{"position", "random", "--seed", "1", "--seed", "2"}, "--seed"},
             Case{{"position", "12", "--double"}, "'--double'"},
         }) {
        auto r = run(c.args);
        EXPECT_EQ(r.status, 2) << c.args.back();
        EXPECT_EQ(r.out, "") << c.args.back();
        EXPECT_TRUE(contains(r.err, c.named)) << r.err;
    }
}

// --- position --fen ----------------------------------------------------------------------

TEST(Cli, PositionFenOfAStartPositionGivesTheNumber) {
    for (std::string fen :
         {std::string(kStartFen), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"s,
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 30"s,
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"s}) {
        auto r = run({"position", "--fen", fen});
        EXPECT_EQ(r.status, 0) << fen << r.err;
        EXPECT_TRUE(has_line(r.out, "Number: 518")) << fen << r.out;
        EXPECT_TRUE(has_line(r.out, "Back rank: RNBQKBNR"));
    }
    auto r = run({"position", "--fen", "nqrnbkrb/pppppppp/8/8/8/8/PPPPPPPP/NQRNBKRB w KQkq - 0 1"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has_line(r.out, "Number: 123")) << r.out;
    r = run({"position", "--fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"});
    EXPECT_TRUE(has_line(r.out, "Number: 0")) << r.out;
    EXPECT_TRUE(
        has_line(r.out, "Shredder-FEN: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"));
}

TEST(Cli, PositionFenNotAStartPositionExits1SayingWhy) {
    struct Case {
        std::string fen;
        std::string why;
    };
    for (const Case& c : {
             Case{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "pawn"},
             Case{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "castling"},
             Case{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", ""},
             Case{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", ""},
         }) {
        auto r = run({"position", "--fen", c.fen});
        EXPECT_EQ(r.status, 1) << c.fen;
        EXPECT_EQ(r.out, "") << c.fen;
        EXPECT_TRUE(contains(r.err, "not a Chess960 start position")) << r.err;
        EXPECT_TRUE(contains(r.err, c.why)) << r.err;
        EXPECT_GT(r.err.size(), std::string("chess960: not a Chess960 start position\n").size())
            << "says why: " << r.err;
    }
}

TEST(Cli, PositionFenInvalidExits1NamingTheField) {
    struct Case {
        std::string fen;
        std::string field;
    };
    for (const Case& c : {
             Case{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement"},
             Case{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
             Case{"garbage", "piece placement"},
         }) {
        auto r = run({"position", "--fen", c.fen});
        EXPECT_EQ(r.status, 1) << c.fen;
        EXPECT_EQ(r.out, "");
        EXPECT_TRUE(contains(r.err, "invalid FEN")) << r.err;
        EXPECT_TRUE(contains(r.err, c.fen)) << r.err;
        EXPECT_TRUE(contains(r.err, c.field)) << r.err;
    }
    // Every field can be the culprit: the message names something for each.
    for (std::string fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1"s,
                            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"s,
                            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"s}) {
        auto r = run({"position", "--fen", fen});
        EXPECT_EQ(r.status, 1) << fen;
        EXPECT_TRUE(contains(r.err, "invalid FEN")) << r.err;
    }
    auto r = run({"position", "--fen"});
    EXPECT_EQ(r.status, 2) << "--fen without a value is an argument error";
    EXPECT_TRUE(contains(r.err, "--fen")) << r.err;
}

// --- perft -------------------------------------------------------------------------------

TEST(Cli, PerftPosition518Depth3) {
    auto r = run({"perft", "--position", "518", "--depth", "3"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has_line(r.out, "Nodes searched: 8902")) << r.out;
    EXPECT_EQ(split_lines(r.out)[0], "Nodes searched: 8902") << "no divide lines by default";
    EXPECT_TRUE(contains(r.err, "8902")) << "timing on stderr: " << r.err;
}

TEST(Cli, PerftOtherStartPositions) {
    // tests/data/chess960_start_positions_perft.epd: SP 0 (BBQNNRKR) D3 = 9006; --position and
    // the Shredder-FEN of the same start print the same.
    auto by_number = run({"perft", "--position", "0", "--depth", "3"});
    auto by_fen = run({"perft", "--fen", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
                       "--depth", "3"});
    EXPECT_EQ(by_number.status, 0) << by_number.err;
    EXPECT_EQ(by_fen.status, 0) << by_fen.err;
    EXPECT_TRUE(has_line(by_number.out, "Nodes searched: 9006")) << by_number.out;
    EXPECT_EQ(by_number.out, by_fen.out);
}

TEST(Cli, PerftDivideWritesCastlingKingTakesRook) {
    // docs/pitfalls.md, its table: 24 legal moves, castles b1a1 and b1e1; Stockfish perft 2 = 576.
    const std::string fen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1";
    auto r = run({"perft", "--fen", fen, "--depth", "2", "--divide"});
    EXPECT_EQ(r.status, 0) << r.err;
    std::regex move_line(R"(^([a-h][1-8][a-h][1-8][qrbn]?): (\d+)$)");
    std::map<std::string, std::uint64_t> divide;
    std::uint64_t sum = 0, total = 0;
    int totals = 0;
    for (const auto& l : split_lines(r.out)) {
        std::smatch m;
        if (std::regex_match(l, m, move_line)) {
            EXPECT_TRUE(divide.emplace(m[1], std::stoull(m[2])).second) << "twice: " << l;
            sum += std::stoull(m[2]);
        } else if (l.starts_with("Nodes searched: ")) {
            total = std::stoull(l.substr(16));
            ++totals;
        } else {
            EXPECT_EQ(l, "") << "unexpected output line";
        }
    }
    EXPECT_EQ(totals, 1);
    EXPECT_EQ(total, 576u);
    EXPECT_EQ(sum, total);
    EXPECT_EQ(divide.size(), 24u);
    EXPECT_EQ(divide["b1a1"], 24u);
    EXPECT_EQ(divide["b1e1"], 24u);
    EXPECT_EQ(divide.count("b1c1"), 1u) << "the plain king move";
    for (const auto& [move, n] : divide) EXPECT_NE(move.substr(0, 2), move.substr(2, 2));
}

TEST(Cli, PerftDivideStandardFlag) {
    const std::string fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    auto chess960 = run({"perft", "--fen", fen, "--depth", "2", "--divide"});
    auto standard = run({"perft", "--fen", fen, "--depth", "2", "--divide", "--standard"});
    EXPECT_EQ(chess960.status, 0);
    EXPECT_EQ(standard.status, 0);
    EXPECT_TRUE(has_line(chess960.out, "e1h1: 25")) << chess960.out;
    EXPECT_TRUE(has_line(chess960.out, "e1a1: 25"));
    EXPECT_FALSE(has_line(chess960.out, "e1g1: 25"));
    EXPECT_TRUE(has_line(standard.out, "e1g1: 25")) << standard.out;
    EXPECT_TRUE(has_line(standard.out, "e1c1: 25"));
    EXPECT_FALSE(has_line(standard.out, "e1h1: 25"));
    EXPECT_TRUE(has_line(chess960.out, "Nodes searched: 625"));
    EXPECT_TRUE(has_line(standard.out, "Nodes searched: 625"));
}

TEST(Cli, PerftArgumentErrorsExit2) {
    struct Case {
        std::vector<std::string> args;
        std::string named;
    };
    for (const Case& c : {
             Case{{"perft", "--position", "518"}, "--depth"},
             Case{{"perft", "--depth", "2"}, "--position"},
             Case{{"perft", "--position", "518", "--fen", kStartFen, "--depth", "2"}, "--fen"},
             Case{{"perft", "--position", "518", "--depth", "2", "--bogus"}, "'--bogus'"},
             Case{{"perft", "--position", "518", "--depth", "0"}, "'0'"},
             Case{{"perft", "--position", "518", "--depth", "21"}, "'21'"},
             Case{{"perft", "--position", "518", "--depth", "two"}, "'two'"},
             Case{{"perft", "--position", "518", "--depth"}, "--depth"},
             Case{{"perft", "--position", "960", "--depth", "2"}, "'960'"},
             Case{{"perft", "--position", "518", "--depth", "2", "extra"}, "'extra'"},
         }) {
        auto r = run(c.args);
        EXPECT_EQ(r.status, 2) << c.named;
        EXPECT_EQ(r.out, "") << c.named;
        EXPECT_TRUE(contains(r.err, c.named)) << r.err;
    }
}

TEST(Cli, PerftInvalidFenExits1) {
    auto r = run({"perft", "--fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
                  "--depth", "2"});
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "invalid FEN")) << r.err;
}

// --- Other commands ----------------------------------------------------------------------

TEST(Cli, UnknownCommandOrNoCommandExits2) {
    auto r = run({"frobnicate"});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(contains(r.err, "'frobnicate'")) << r.err;
    r = run({});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "usage")) << r.err;
    r = run({"--position", "518"});
    EXPECT_EQ(r.status, 2);
}

TEST(Cli, HelpExits0) {
    for (std::string flag : {"help", "--help", "-h"}) {
        auto r = run({flag});
        EXPECT_EQ(r.status, 0) << flag;
        EXPECT_EQ(r.err, "");
        EXPECT_TRUE(contains(r.out, "usage: chess960")) << r.out;
        for (std::string cmd : {"position", "perft", "uci", "--divide", "--exclude-standard"})
            EXPECT_TRUE(contains(r.out, cmd)) << cmd;
    }
}

TEST(Cli, UciOverStdin) {
    auto r = run({"uci"},
                 "uci\n"
                 "isready\n"
                 "setoption name UCI_Chess960 value true\n"
                 "position fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1 moves b1a1\n"
                 "d\n"
                 "position fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1\n"
                 "go perft 1\n"
                 "bogus\n"
                 "quit\n"
                 "isready\n");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(has_line(r.out, "option name UCI_Chess960 type check default false"));
    EXPECT_TRUE(has_line(r.out, "uciok"));
    EXPECT_EQ(lines_starting(r.out, "readyok").size(), 1u) << "nothing after quit";
    EXPECT_TRUE(has_line(r.out, "Fen: rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b ea - 1 1")) << r.out;
    EXPECT_TRUE(has_line(r.out, "b1a1: 1"));
    EXPECT_TRUE(has_line(r.out, "b1e1: 1"));
    EXPECT_TRUE(has_line(r.out, "Nodes searched: 24"));
    EXPECT_TRUE(has_line(r.out, "info string error: unknown command 'bogus'")) << r.out;
    EXPECT_FALSE(contains(r.out, "nodes/s")) << "timing goes to stderr only";
}

TEST(Cli, UciEndsAtEndOfInput) {
    auto r = run({"uci"}, "isready");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, "readyok\n");
    r = run({"uci", "extra"});
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "'extra'")) << r.err;
}

// Junk after the last game is reported by the reader's final call; it must not be lost.
TEST(Cli, PgnCheckReportsJunkAfterTheLastGame) {
    std::string games = "[Event \"a\"]\n\n1. e4 e5 *\n\n";
    auto good = run({"pgn", "check", "-"}, games);
    EXPECT_EQ(good.status, 0) << good.out << good.err;
    auto bad = run({"pgn", "check", "-"}, games + std::string("\x01\x02\x03 junk\n"));
    EXPECT_EQ(bad.status, 1) << bad.out << bad.err;
    EXPECT_TRUE(contains(bad.out, "1 errors")) << bad.out;
}

// A game drawn by fivefold repetition (FIDE Laws 9.6.1) and played on: `check` reports the move
// after the end as it reports an illegal one, `normalize` reports it too and leaves the game out,
// `fen` prints no position for it; a decisive result after the draw is reported by both as a
// result that contradicts a mate is, and that game is still written. `stats` counts results
// from the tags and markers without replaying, as it does for a result that contradicts a mate.
TEST(Cli, PgnCommandsAgreeOnMovesAndResultsAfterAnAutomaticDraw) {
    std::string shuffle;
    for (int i = 0; i < 4; ++i)
        shuffle +=
            std::to_string(2 * i + 1) + ". Nf3 Nf6 " + std::to_string(2 * i + 2) + ". Ng1 Ng8 ";
    const std::string played_on = "[White \"A\"]\n[Black \"B\"]\n\n" + shuffle + "9. e4 1-0\n\n";
    const std::string decisive = "[White \"C\"]\n[Black \"D\"]\n\n" + shuffle + "0-1\n\n";
    const std::string fine = "[White \"E\"]\n[Black \"F\"]\n\n1. e4 e5 *\n";
    const std::string games = played_on + decisive + fine;
    const std::string after =
        "<stdin>:4: game 1 (A - B), ply 17 (9. e4): played after the game was drawn by fivefold "
        "repetition at ply 16 (FIDE Laws 9.6.1)";
    const std::string contradicts =
        "<stdin>:9: game 2 (C - D), ply 16: result 0-1 contradicts the draw by fivefold "
        "repetition at ply 16 (FIDE Laws 9.6.1)";
    for (const char* threads : {"1", "2"}) {
        SCOPED_TRACE(threads);
        auto check = run({"pgn", "check", "--threads", threads, "-"}, games);
        EXPECT_EQ(check.status, 1) << check.err;
        EXPECT_TRUE(has_line(check.out, after)) << check.out;
        EXPECT_TRUE(has_line(check.out, contradicts)) << check.out;
        EXPECT_TRUE(has_line(check.out, "3 games, 34 moves, 2 errors")) << check.out;
        auto normalize = run({"pgn", "normalize", "--threads", threads, "-"}, games);
        EXPECT_EQ(normalize.status, 1);
        EXPECT_TRUE(has_line(normalize.err, after)) << normalize.err;
        EXPECT_TRUE(has_line(normalize.err, contradicts)) << normalize.err;
        EXPECT_FALSE(contains(normalize.out, "[White \"A\"]")) << normalize.out;
        EXPECT_TRUE(contains(normalize.out, "[White \"C\"]")) << normalize.out;
        EXPECT_TRUE(contains(normalize.out, "[White \"E\"]")) << normalize.out;
        auto fen = run({"pgn", "fen", "--threads", threads, "-"}, games);
        EXPECT_EQ(fen.status, 1);
        EXPECT_EQ(split_lines(fen.out),
                  (std::vector<std::string>{
                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9",
                      "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"}))
            << fen.out;
        auto stats = run({"pgn", "stats", "--threads", threads, "-"}, games);
        EXPECT_EQ(stats.status, 0) << stats.err;
        EXPECT_TRUE(contains(stats.out, "518 ")) << stats.out;
    }
}
