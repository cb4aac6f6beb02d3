// The `chess960 pgn` command run as a process (check, normalize, stats, fen) on the test data's
// games and on the generated corpus of pgn_corpus.hpp, damaged on purpose.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "cli_support.hpp"
#include "notation/pgn_corpus.hpp"

using namespace chess960;
using namespace chess960::pgn_corpus;

namespace {

using CliRun = chess960::testing::CommandResult;

// A directory for the files the CLI tests write, removed when the test program ends.
struct TempDir {
    std::string path;
    ~TempDir() {
        std::error_code ignored;
        if (path.starts_with("/tmp/chess960_pgn_test_")) std::filesystem::remove_all(path, ignored);
    }
};

const std::string& temp_dir() {
    static const TempDir dir{[] {
        char tmpl[] = "/tmp/chess960_pgn_test_XXXXXX";
        const char* d = mkdtemp(tmpl);
        if (!d) ADD_FAILURE() << "mkdtemp failed";
        return std::string(d ? d : "");
    }()};
    return dir.path;
}

std::string write_temp(const std::string& name, const std::string& content) {
    const std::string path = temp_dir() + "/" + name;
    std::ofstream out(path, std::ios::binary);
    out << content;
    return path;
}

CliRun run(const std::vector<std::string>& args, const std::string& input = "") {
    return chess960::testing::run_chess960(args, input);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
    return lines;
}

std::vector<std::string> shared_paths() {
    std::vector<std::string> paths;
    for (const SharedFile& f : kSharedFiles) paths.push_back(data_path(f.name));
    return paths;
}

// Mainz game 1 with 12... Re7 replaced by 12... Nf3 (line 20 of the file).
std::string mainz_with_illegal_move() {
    std::string text = slurp(data_path("games_chess960_mainz2009_rapid_wch.pgn"));
    const std::size_t at = text.find("12. Qe3+ Re7 13. Qg5");
    EXPECT_NE(at, std::string::npos);
    text.replace(at, 12, "12. Qe3+ Nf3");
    return text;
}

}  // namespace

TEST(PgnCli, CheckGoodFilesExits0WithTheSummary) {
    std::vector<std::string> args = {"pgn", "check"};
    for (const auto& p : shared_paths()) args.push_back(p);
    CliRun r = run(args);
    EXPECT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_EQ(r.out, "29 games, 2192 moves, 0 errors\n");
    EXPECT_TRUE(contains(r.err, "games/s")) << r.err;
    EXPECT_TRUE(contains(r.err, "moves/s")) << r.err;
}

TEST(PgnCli, CheckBadFileExits1NamingFileLineGamePlayersPlyAndMove) {
    const std::string path = write_temp("mainz_bad.pgn", mainz_with_illegal_move());
    CliRun r = run({"pgn", "check", path});
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 2u) << r.out;
    const std::string prefix = path +
                               ":20: game 1 (Nakamura, Hikaru - Aronian, Levon), ply 24 (12... "
                               "Nf3): illegal move: ";
    EXPECT_TRUE(lines[0].starts_with(prefix)) << lines[0];
    EXPECT_TRUE(contains(lines[0], "knight")) << lines[0];
    // Game 1 stops at its 23rd move; the other 19 games are checked in full.
    EXPECT_EQ(lines[1], "20 games, " + std::to_string(1692 - 84 + 23) + " moves, 1 errors");
    // The same through stdin.
    CliRun piped = run({"pgn", "check", "-"}, mainz_with_illegal_move());
    EXPECT_EQ(piped.status, 1);
    auto piped_lines = lines_of(piped.out);
    ASSERT_EQ(piped_lines.size(), 2u) << piped.out;
    EXPECT_EQ(piped_lines[0], "<stdin>" + lines[0].substr(path.size()));
    EXPECT_EQ(piped_lines[1], lines[1]);
}

TEST(PgnCli, CheckReportsEveryProblemOfACorruptedCorpus) {
    const Corpus corpus = make_corpus(783, 12);
    std::string text = corpus.joined();
    // An illegal move in game 4 and an unsupported variant in game 9.
    const std::size_t k = 3;
    auto tokens = main_line_tokens(corpus.texts[k]);
    ASSERT_GT(tokens.size(), 2u);
    Position before = corpus.games[k].record.start.after(corpus.games[k].record.main.nodes[0].move);
    const std::size_t at = offset_of(corpus, k) + tokens[1].first;
    const std::string bad = illegal_move_for(before);
    text.replace(at, tokens[1].second, bad);
    const std::size_t variant = text.find("[Variant \"Chess960\"]", offset_of(corpus, 8));
    ASSERT_NE(variant, std::string::npos);
    text.replace(variant, 20, "[Variant \"Atomic\"]");
    const std::string path = write_temp("corpus_bad.pgn", text);
    CliRun r = run({"pgn", "check", path});
    EXPECT_EQ(r.status, 1);
    auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 3u) << r.out;
    const auto& rec = corpus.games[k].record;
    EXPECT_TRUE(lines[0].starts_with(path + ":" + std::to_string(line_of(text, at)) + ": game 4 (" +
                                     *rec.tag("White") + " - " + *rec.tag("Black") +
                                     "), ply 2 (1... " + bad + "): illegal move: "))
        << lines[0];
    EXPECT_TRUE(contains(lines[1], ": game 9 (")) << lines[1];
    EXPECT_TRUE(contains(lines[1], "unsupported variant 'Atomic'")) << lines[1];
    EXPECT_TRUE(lines[2].starts_with("12 games, ")) << lines[2];
    EXPECT_TRUE(lines[2].ends_with(" moves, 2 errors")) << lines[2];
}

TEST(PgnCli, NormalizeIsAFixedPoint) {
    for (const auto& path : shared_paths()) {
        SCOPED_TRACE(path);
        CliRun once = run({"pgn", "normalize", path});
        EXPECT_EQ(once.status, 0) << once.err;
        // What the library writes.
        EXPECT_EQ(once.out, write_all(read_text(slurp(path)).games));
        const std::string normalized = write_temp("normalized.pgn", once.out);
        CliRun twice = run({"pgn", "normalize", normalized});
        EXPECT_EQ(twice.status, 0) << twice.err;
        EXPECT_EQ(twice.out, once.out);
        CliRun piped = run({"pgn", "normalize", "-"}, once.out);
        EXPECT_EQ(piped.out, once.out);
    }
    // The generated corpus too.
    const Corpus corpus = make_corpus(784, 25);
    const std::string path = write_temp("corpus.pgn", corpus.joined());
    CliRun r = run({"pgn", "normalize", path});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, corpus.joined());
}

TEST(PgnCli, NormalizeReportsAndSkipsBadGames) {
    const std::string path = write_temp("mainz_bad_normalize.pgn", mainz_with_illegal_move());
    CliRun r = run({"pgn", "normalize", path});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, path + ":20: game 1 (Nakamura, Hikaru - Aronian, Levon), ply 24"))
        << r.err;
    pgn::Replayer rest = read_text(r.out);
    EXPECT_TRUE(rest.problems.empty());
    EXPECT_EQ(rest.games.size(), 19u);
}

TEST(PgnCli, StatsCountsGamesAndResultsPerStartPosition) {
    // Expected counts worked out from the reference table (tests/data/
    // chess960_start_positions.tsv: number -> back rank) and the Result tags, independently of
    // the library's numbering code.
    std::map<std::string, int> number_of_rank;
    {
        std::ifstream in(std::string(CHESS960_TEST_DATA) + "/chess960_start_positions.tsv");
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') continue;
            std::istringstream fields(line);
            std::string id, rank;
            fields >> id >> rank;
            if (!id.empty() && std::isdigit(static_cast<unsigned char>(id[0])))
                number_of_rank[rank] = std::stoi(id);
        }
    }
    ASSERT_EQ(number_of_rank.size(), 960u);
    const std::string path = data_path("games_chess960_mainz2009_rapid_wch.pgn");
    const std::string text = slurp(path);
    struct Score {
        int games = 0, white = 0, draws = 0, black = 0;
    };
    std::map<int, Score> expected;
    std::size_t at = 0;
    while ((at = text.find("[FEN \"", at)) != std::string::npos) {
        at += 6;
        const std::string fen = text.substr(at, text.find('"', at) - at);
        const std::string white_rank = fen.substr(fen.rfind('/') + 1, 8);
        const std::size_t result_at = text.rfind("[Result \"", at);
        const std::string result = text.substr(result_at + 9, 3);
        ASSERT_TRUE(number_of_rank.count(white_rank)) << white_rank;
        Score& s = expected[number_of_rank[white_rank]];
        ++s.games;
        s.white += result == "1-0";
        s.black += result == "0-1";
        s.draws += result == "1/2";
    }
    ASSERT_EQ(expected.size(), 10u);
    CliRun r = run({"pgn", "stats", path});
    EXPECT_EQ(r.status, 0) << r.err;
    std::map<int, Score> got;
    for (const auto& line : lines_of(r.out)) {
        std::istringstream fields(line);
        std::string label, rank;
        Score s;
        int unfinished = 0;
        fields >> label >> rank >> s.games >> s.white >> s.draws >> s.black >> unfinished;
        if (label.empty() || !std::isdigit(static_cast<unsigned char>(label[0]))) continue;
        got[std::stoi(label)] = s;
        EXPECT_EQ(number_of_rank[rank], std::stoi(label)) << line;
    }
    ASSERT_EQ(got.size(), expected.size()) << r.out;
    for (const auto& [number, s] : expected) {
        SCOPED_TRACE(number);
        EXPECT_EQ(got[number].games, s.games);
        EXPECT_EQ(got[number].white, s.white);
        EXPECT_EQ(got[number].draws, s.draws);
        EXPECT_EQ(got[number].black, s.black);
    }
    EXPECT_TRUE(contains(r.out, "all       10 start positions       20       8       2      10"))
        << r.out;
}

TEST(PgnCli, StatsCountsDoubleChess960PerPair) {
    auto game = [](int white, int black, GameResult result, int round) {
        pgn::GameRecord g;
        g.start = *startpos::position(white, black);
        g.chess960 = true;
        g.result = result;
        g.set_tag("Round", std::to_string(round));
        return pgn::write_game(g);
    };
    const std::string text =
        game(0, 959, GameResult::WhiteWins, 1) + "\n" + game(0, 959, GameResult::Draw, 2) + "\n" +
        game(959, 0, GameResult::BlackWins, 3) + "\n" + game(518, 518, GameResult::Ongoing, 4) +
        "\n" + "[Event \"mid-game\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*\n";
    CliRun r = run({"pgn", "stats", "-"}, text);
    EXPECT_EQ(r.status, 0) << r.err;
    auto lines = lines_of(r.out);
    auto row = [&](const std::string& label) {
        for (const auto& l : lines)
            if (l.starts_with(label + " ")) return l;
        return std::string();
    };
    EXPECT_TRUE(contains(row("0:959"), "BBQNNRKR:RKRNNQBB")) << r.out;
    std::istringstream pair(row("0:959"));
    std::string label, rank;
    int games = 0, white = 0, draws = 0, black = 0, unfinished = 0;
    pair >> label >> rank >> games >> white >> draws >> black >> unfinished;
    EXPECT_EQ(games, 2);
    EXPECT_EQ(white, 1);
    EXPECT_EQ(draws, 1);
    EXPECT_EQ(black, 0);
    EXPECT_TRUE(contains(row("959:0"), "RKRNNQBB:BBQNNRKR")) << r.out;
    EXPECT_TRUE(contains(row("518"), "RNBQKBNR")) << r.out;
    EXPECT_FALSE(row("other").empty()) << r.out;
}

TEST(PgnCli, FenAfterAGivenPly) {
    const std::string path = data_path("games_chess960_kokopu_variant_tags.pgn");
    // Stockfish 15.1 FENs after ply 24, 25 (13. O-O) and 26 (13... O-O-O) of game 1.
    const std::pair<int, const char*> expected[] = {
        {24, "qrk2r2/2ppb2p/p1n1ppb1/Pp6/1P5B/2Q1PN2/2PPB1PP/1RK4R w HBb b6 0 13"},
        {25, "qrk2r2/2ppb2p/p1n1ppb1/Pp6/1P5B/2Q1PN2/2PPB1PP/1R3RK1 b b - 1 13"},
        {26, "q1kr1r2/2ppb2p/p1n1ppb1/Pp6/1P5B/2Q1PN2/2PPB1PP/1R3RK1 w - - 2 14"},
        {0, "qrknbbnr/pppppppp/8/8/8/8/PPPPPPPP/QRKNBBNR w HBhb - 0 1"},
    };
    for (const auto& [ply, fen] : expected) {
        CliRun r = run({"pgn", "fen", path, "--game", "1", "--ply", std::to_string(ply)});
        EXPECT_EQ(r.status, 0) << r.err;
        auto lines = lines_of(r.out);
        ASSERT_EQ(lines.size(), 1u) << r.out;
        EXPECT_EQ(shredder_of(lines[0]), fen) << "ply " << ply;
    }
    // Mainz game 3 ply 20 (Stockfish 15.1), read from stdin.
    CliRun piped = run({"pgn", "fen", "-", "--game", "3", "--ply", "20"},
                       slurp(data_path("games_chess960_mainz2009_rapid_wch.pgn")));
    EXPECT_EQ(piped.status, 0) << piped.err;
    EXPECT_EQ(shredder_of(lines_of(piped.out).at(0)),
              "rkqr1bb1/pp4pp/2pp1pn1/5N2/4P3/1PB2P2/1PP3PP/RKQRN3 w DAda - 0 11");
}

TEST(PgnCli, FenDefaultsToTheFinalPositionOfEveryGame) {
    const std::string path = data_path("games_chess960_mainz2009_rapid_wch.pgn");
    CliRun r = run({"pgn", "fen", path});
    EXPECT_EQ(r.status, 0) << r.err;
    auto lines = lines_of(r.out);
    ASSERT_EQ(lines.size(), 20u) << r.out;
    int checked = 0;
    for (const FinalFen& f : kStockfishFinalFens) {
        if (std::string(f.file) != "games_chess960_mainz2009_rapid_wch.pgn") continue;
        EXPECT_EQ(shredder_of(lines[std::size_t(f.game - 1)]), f.fen) << "game " << f.game;
        ++checked;
    }
    EXPECT_EQ(checked, 20);
    CliRun one = run({"pgn", "fen", path, "--game", "2"});
    EXPECT_EQ(one.status, 0);
    EXPECT_EQ(one.out, lines[1] + "\n");
}

TEST(PgnCli, FenErrors) {
    const std::string path = data_path("games_chess960_kokopu_castle_swap.pgn");
    CliRun too_far = run({"pgn", "fen", path, "--game", "1", "--ply", "2"});
    EXPECT_EQ(too_far.status, 1);
    EXPECT_TRUE(contains(too_far.err, "1 plies")) << too_far.err;
    CliRun no_game = run({"pgn", "fen", path, "--game", "3"});
    EXPECT_EQ(no_game.status, 1);
    EXPECT_TRUE(contains(no_game.err, "no readable game 3")) << no_game.err;
    CliRun bad_number = run({"pgn", "fen", path, "--game", "zero"});
    EXPECT_EQ(bad_number.status, 2);
    CliRun missing = run({"pgn", "check", temp_dir() + "/does-not-exist.pgn"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_TRUE(contains(missing.err, "cannot open")) << missing.err;
}
