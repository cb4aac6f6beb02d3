// PGN: the streaming reader, the replayer and the writer.
//
//  (a) the real games in tests/data/pgn/ (origins in tests/data/SOURCES.md): counts, replay,
//      normalize round trip, final positions against Stockfish 15.1;
//  (b) reader features one by one;
//  (c) one named test per pitfall of docs/pitfalls.md section D (items 23-27);
//  (d) a generated corpus (seeded random mover) written and read back;
//  (e) corrupted copies of that corpus: each problem at its game and ply, the rest still read.
// The `chess960 pgn` command is cli/pgn_cli_test.cpp's; the helpers both use, pgn_corpus.hpp's.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"
#include "notation/pgn_corpus.hpp"
#include "test_support.hpp"

using namespace chess960;
using namespace std::string_literals;
using namespace chess960::pgn_corpus;

// === (a) The shared games =====================================================================

TEST(PgnSharedData, EveryGameIsReadAndReplayed) {
    for (const SharedFile& f : kSharedFiles) {
        SCOPED_TRACE(f.name);
        pgn::Replayer r = read_text(slurp(data_path(f.name)));
        EXPECT_TRUE(r.problems.empty()) << describe_problems(r);
        EXPECT_EQ(r.games_read, f.games);
        ASSERT_EQ(long(r.games.size()), f.games);
        EXPECT_EQ(r.moves_read, f.plies);
        long plies = 0, castles = 0;
        for (const pgn::GameRecord& g : r.games) {
            EXPECT_TRUE(g.chess960) << g.tag("Event").value_or("?");
            plies += long(g.main.nodes.size());
            for (const pgn::Node& n : g.main.nodes) castles += n.move.is_castling();
        }
        EXPECT_EQ(plies, f.plies);
        EXPECT_EQ(castles, f.castles);
    }
}

TEST(PgnSharedData, TheMainzFileHasCrlfLineEnds) {
    const std::string text = slurp(data_path("games_chess960_mainz2009_rapid_wch.pgn"));
    EXPECT_TRUE(contains(text, "\r\n"));
    pgn::Replayer r = read_text(text);
    ASSERT_FALSE(r.games.empty());
    for (const auto& [name, value] : r.games[0].tags) EXPECT_FALSE(contains(value, "\r")) << name;
    EXPECT_EQ(r.games[0].tag("White"), "Nakamura, Hikaru");
}

TEST(PgnSharedData, ResultsAreKept) {
    pgn::Replayer r = read_text(slurp(data_path("games_chess960_kokopu_variant_tags.pgn")));
    ASSERT_EQ(r.games.size(), 4u);
    EXPECT_EQ(r.games[0].result, GameResult::WhiteWins);
    EXPECT_EQ(r.games[1].result, GameResult::BlackWins);
    EXPECT_EQ(r.games[2].result, GameResult::Ongoing);
    EXPECT_EQ(r.games[3].result, GameResult::Ongoing);
    EXPECT_EQ(r.games[0].tag("Site"), "Høvikodden, Bærum NOR");  // UTF-8 kept as is
}

TEST(PgnSharedData, NormalizeRoundTrips) {
    for (const SharedFile& f : kSharedFiles) {
        SCOPED_TRACE(f.name);
        pgn::Replayer first = read_text(slurp(data_path(f.name)));
        ASSERT_TRUE(first.problems.empty());
        const std::string once = write_all(first.games);
        pgn::Replayer second = read_text(once);
        EXPECT_TRUE(second.problems.empty()) << describe_problems(second);
        ASSERT_EQ(second.games.size(), first.games.size());
        const std::string twice = write_all(second.games);
        EXPECT_EQ(once, twice);
        for (std::size_t i = 0; i < first.games.size(); ++i) {
            const auto &a = first.games[i], &b = second.games[i];
            EXPECT_EQ(moves_of(a.main), moves_of(b.main)) << "game " << i + 1;
            EXPECT_EQ(write_fen(a.start), write_fen(b.start));
            EXPECT_EQ(a.result, b.result);
            EXPECT_EQ(a.chess960, b.chess960);
            // Tags are kept; a missing roster tag is written with its default value.
            // (Variant, SetUp and FEN are written in the canonical form.)
            for (const auto& [name, value] : a.tags) {
                if (name != "Variant" && name != "SetUp" && name != "FEN") {
                    EXPECT_EQ(b.tag(name), value) << name;
                }
            }
            EXPECT_EQ(b.tag("Date").value_or(""), a.tag("Date").value_or("????.??.??"));
            EXPECT_EQ(b.tag("Round").value_or(""), a.tag("Round").value_or("?"));
            EXPECT_EQ(write_fen(a.final_position()), write_fen(b.final_position()));
        }
    }
}

TEST(PgnSharedData, WriterForm) {
    pgn::Replayer r = read_text(slurp(data_path("games_chess960_cutechess_engines.pgn")));
    ASSERT_EQ(r.games.size(), 4u);
    const std::string text = pgn::write_game(r.games[0]);
    // The seven-tag roster, then Variant, SetUp, FEN, then the other tags in file order.
    EXPECT_TRUE(
        text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"2016.07.28\"]\n"
                         "[Round \"1\"]\n[White \"Maverick 1.5\"]\n"
                         "[Black \"Stockfish 7\"]\n[Result \"0-1\"]\n"
                         "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"nbbrknrq/pppppppp/"
                         "8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1\"]\n[PlyCount \"120\"]\n"
                         "[TimeControl \"10+0.05\"]\n\n1. d4 {+0.13/12 0.29s} 1... d5"))
        << text;
    EXPECT_TRUE(text.ends_with(" 0-1\n")) << text;
    EXPECT_TRUE(contains(text, "O-O")) << text;
    // Lines of at most 80 columns.
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) EXPECT_LE(line.size(), 80u) << line;
}

TEST(PgnSharedData, FinalPositionsMatchStockfish) {
    std::map<std::string, std::vector<pgn::GameRecord>> files;
    for (const SharedFile& f : kSharedFiles)
        files[f.name] = read_text(slurp(data_path(f.name))).games;
    int checked = 0;
    for (const FinalFen& expected : kStockfishFinalFens) {
        const auto& games = files[expected.file];
        ASSERT_GE(int(games.size()), expected.game) << expected.file;
        const pgn::GameRecord& g = games[std::size_t(expected.game - 1)];
        EXPECT_EQ(int(g.main.nodes.size()), expected.plies)
            << expected.file << " " << expected.game;
        EXPECT_EQ(shredder(g.final_position()), expected.fen)
            << expected.file << " game " << expected.game;
        ++checked;
    }
    EXPECT_EQ(checked, 29);
}

// Intermediate positions of Carlsen - Nakamura 2018: 13. O-O (king c1 to g1, rook h1 to f1) and
// 13... O-O-O (only the rook moves: b8 to d8). Stockfish 15.1, as above.
TEST(PgnSharedData, CastlingPositionsMatchStockfish) {
    pgn::Replayer r = read_text(slurp(data_path("games_chess960_kokopu_variant_tags.pgn")));
    ASSERT_FALSE(r.games.empty());
    const pgn::GameRecord& g = r.games[0];
    Game game(g.start);
    for (const pgn::Node& n : g.main.nodes) ASSERT_TRUE(game.play(n.move).has_value());
    EXPECT_EQ(shredder(game.position_at(24)),
              "qrk2r2/2ppb2p/p1n1ppb1/Pp6/1P5B/2Q1PN2/2PPB1PP/1RK4R w HBb b6 0 13");
    EXPECT_EQ(shredder(game.position_at(25)),
              "qrk2r2/2ppb2p/p1n1ppb1/Pp6/1P5B/2Q1PN2/2PPB1PP/1R3RK1 b b - 1 13");
    EXPECT_EQ(shredder(game.position_at(26)),
              "q1kr1r2/2ppb2p/p1n1ppb1/Pp6/1P5B/2Q1PN2/2PPB1PP/1R3RK1 w - - 2 14");
    EXPECT_TRUE(g.main.nodes[24].move.is_castling());
    EXPECT_TRUE(g.main.nodes[25].move.is_castling());
}

// === (b) Reader features ======================================================================

TEST(PgnReader, CallbacksInFileOrder) {
    const std::string text =
        "[Event \"E\"]\n[White \"W\"]\n\n{start} 1. e4 $1 (1. d4 d5) 1... e5!? ; eol\n2. Nf3 1-0\n";
    Recorder rec = record_events(text);
    const std::vector<std::string> expected = {
        "game 1", "[Event=E]", "[White=W]", "movetext", "{start}", "e4",  "$1",         "(",  "d4",
        "d5",     ")",         "e5",        "$5",       "{ eol}",  "Nf3", "result 1-0", "end"};
    EXPECT_EQ(rec.events, expected);
    // Locations: line and column of each token.
    auto at = [&](const std::string& e) {
        auto it = std::find(rec.events.begin(), rec.events.end(), e);
        return rec.where[std::size_t(it - rec.events.begin())];
    };
    EXPECT_EQ(at("[White=W]").line, 2);
    EXPECT_EQ(at("e4").line, 4);
    EXPECT_EQ(at("e4").column, 12);
    EXPECT_EQ(at("Nf3").line, 5);
    EXPECT_EQ(at("Nf3").column, 4);
}

TEST(PgnReader, TagsWithEscapes) {
    const std::string text =
        "[Event \"A \\\"quoted\\\" event\"]\n[Site \"C:\\\\games\\\\x\"]\n"
        "[White \"O'Hara, Ann\"]\n[Black \"Back\\\\slash \\\"and\\\" quote\"]\n"
        "[Result \"*\"]\n\n*\n";
    pgn::GameRecord g = read_one(text);
    EXPECT_EQ(g.tag("Event"), "A \"quoted\" event");
    EXPECT_EQ(g.tag("Site"), "C:\\games\\x");
    EXPECT_EQ(g.tag("White"), "O'Hara, Ann");
    EXPECT_EQ(g.tag("Black"), "Back\\slash \"and\" quote");
    const std::string written = pgn::write_game(g);
    EXPECT_TRUE(contains(written, "[Event \"A \\\"quoted\\\" event\"]\n")) << written;
    EXPECT_TRUE(contains(written, "[Site \"C:\\\\games\\\\x\"]\n")) << written;
    pgn::GameRecord again = read_one(written);
    for (const auto& [name, value] : g.tags) EXPECT_EQ(again.tag(name), value) << name;
    EXPECT_EQ(again.tag("Date"), "????.??.??");  // the roster's default
    EXPECT_EQ(pgn::write_game(again), written);
}

TEST(PgnReader, MalformedTagIsReportedAndTheGameGoesOn) {
    const std::string text = "[Event \"E\"]\n[White unquoted]\n[Black \"B\"]\n\n1. e4 *\n";
    pgn::Replayer r = read_text(text);
    ASSERT_EQ(r.problems.size(), 1u) << describe_problems(r);
    EXPECT_TRUE(contains(r.problems[0].message, "malformed tag")) << r.problems[0].message;
    EXPECT_EQ(r.problems[0].where.line, 2);
    ASSERT_EQ(r.games.size(), 1u);
    EXPECT_EQ(r.games[0].tag("Black"), "B");
    EXPECT_EQ(r.games[0].main.nodes.size(), 1u);
}

TEST(PgnReader, BraceCommentsSpanningLinesAndSemicolonComments) {
    const std::string text =
        "[Event \"c\"]\n\n{Before the\nfirst move} 1. e4 {A comment\nover three\nlines} e5 ; "
        "rest of line {not a brace}\n2. Nf3 {x} {y} *\n";
    pgn::GameRecord g = read_one(text);
    EXPECT_EQ(g.main.comments, std::vector<std::string>{"Before the\nfirst move"});
    ASSERT_EQ(g.main.nodes.size(), 3u);
    EXPECT_EQ(g.main.nodes[0].comments, std::vector<std::string>{"A comment\nover three\nlines"});
    EXPECT_EQ(g.main.nodes[1].comments, std::vector<std::string>{"rest of line {not a brace}"});
    EXPECT_EQ(g.main.nodes[2].comments, (std::vector<std::string>{"x", "y"}));
    // Written on one line each; read back, the words are the same.
    pgn::GameRecord again = read_one(pgn::write_game(g));
    EXPECT_EQ(again.main.nodes[0].comments, std::vector<std::string>{"A comment over three lines"});
    EXPECT_EQ(pgn::write_game(again), pgn::write_game(g));
}

TEST(PgnReader, PercentEscapeLines) {
    const std::string text =
        "% escape line before the game [Event \"not a tag\"]\n[Event \"e\"]\n% inside the tags\n"
        "[Site \"s\"]\n\n1. e4\n%escape inside movetext 1. d4 {\ne5 *\n";
    pgn::GameRecord g = read_one(text);
    EXPECT_EQ(g.tags,
              (std::vector<std::pair<std::string, std::string>>{{"Event", "e"}, {"Site", "s"}}));
    EXPECT_EQ(sans(g.main, g.start), (std::vector<std::string>{"e4", "e5"}));
}

TEST(PgnReader, NagsAndGluedAnnotations) {
    const std::string text =
        "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 Nf6 $1 $18 5. O-O ! Be7 $255 *";
    pgn::GameRecord g = read_one(text);
    ASSERT_EQ(g.main.nodes.size(), 10u);
    const std::vector<std::vector<int>> expected = {{1}, {2},  {3},     {4}, {5},
                                                    {6}, {14}, {1, 18}, {1}, {255}};
    for (std::size_t i = 0; i < expected.size(); ++i)
        EXPECT_EQ(g.main.nodes[i].nags, expected[i]) << "ply " << i + 1;
    const std::string written = pgn::write_game(g);
    EXPECT_TRUE(contains(written, "1. e4 $1 e5 $2 2. Nf3 $3 Nc6 $4")) << written;
    EXPECT_EQ(pgn::write_game(read_one(written)), written);
}

TEST(PgnReader, NestedVariationsAreKeptAndReplayed) {
    const std::string text =
        "[Event \"v\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3 {deep})) 2. c4) (1. c4 {English})"
        " 1... e5 (1... c5 2. Nf3 (2. Nc3)) 2. Nf3 *\n";
    pgn::Replayer r = read_text(text);
    EXPECT_TRUE(r.problems.empty()) << describe_problems(r);
    ASSERT_EQ(r.games.size(), 1u);
    const pgn::GameRecord& g = r.games[0];
    const Position start;
    EXPECT_EQ(sans(g.main, start), (std::vector<std::string>{"e4", "e5", "Nf3"}));
    ASSERT_EQ(g.main.nodes[0].variations.size(), 2u);
    const pgn::Line& d4 = g.main.nodes[0].variations[0];
    EXPECT_EQ(sans(d4, start), (std::vector<std::string>{"d4", "d5", "c4"}));
    ASSERT_EQ(d4.nodes[1].variations.size(), 1u);
    Position after_d4 = start.after(d4.nodes[0].move);
    const pgn::Line& nf6 = d4.nodes[1].variations[0];
    EXPECT_EQ(sans(nf6, after_d4), (std::vector<std::string>{"Nf6", "c4"}));
    ASSERT_EQ(nf6.nodes[1].variations.size(), 1u);
    EXPECT_EQ(nf6.nodes[1].variations[0].nodes[0].comments, std::vector<std::string>{"deep"});
    EXPECT_EQ(sans(g.main.nodes[0].variations[1], start), std::vector<std::string>{"c4"});
    Position after_e4 = start.after(g.main.nodes[0].move);
    ASSERT_EQ(g.main.nodes[1].variations.size(), 1u);
    EXPECT_EQ(sans(g.main.nodes[1].variations[0], after_e4),
              (std::vector<std::string>{"c5", "Nf3"}));
    EXPECT_EQ(r.moves_read, count_moves(g.main));
    EXPECT_EQ(r.moves_read, 3 + 3 + 2 + 1 + 1 + 2 + 1);
    // The writer keeps them, and what it writes reads back the same.
    const std::string written = pgn::write_game(g);
    EXPECT_TRUE(contains(written, "1. e4 ( 1. d4 d5 ( 1... Nf6 2. c4 ( 2. Nf3 {deep} ) ) 2. c4 )"))
        << written;
    pgn::GameRecord again = read_one(written);
    expect_same_line(again.main, g.main, "written");
    EXPECT_EQ(pgn::write_game(again), written);
}

TEST(PgnReader, AWrongMoveInsideAVariationIsReported) {
    const std::string text =
        "[White \"A\"]\n[Black \"B\"]\n\n1. e4 (1. d4 d5 2. Bxh7) 1... e5 *\n\n"
        "[White \"C\"]\n[Black \"D\"]\n\n1. d4 d5 *\n";
    pgn::Replayer r = read_text(text);
    ASSERT_EQ(r.problems.size(), 1u) << describe_problems(r);
    const auto& p = r.problems[0];
    EXPECT_EQ(p.game, 1);
    EXPECT_EQ(p.players, "A - B");
    EXPECT_EQ(p.ply, 3);
    EXPECT_EQ(p.move, "2. Bxh7");
    EXPECT_TRUE(p.message.starts_with("illegal move: ")) << p.message;
    EXPECT_EQ(p.where.line, 4);
    EXPECT_EQ(p.describe(), "game 1 (A - B), ply 3 (2. Bxh7): " + p.message);
    EXPECT_EQ(r.games_read, 2);
    ASSERT_EQ(r.games.size(), 1u);  // the bad game is not kept
    EXPECT_EQ(r.games[0].tag("White"), "C");
    // A variation that does not start from the position before the move it replaces.
    pgn::Replayer wrong_side = read_text("1. e4 (1... e5) e5 *");
    ASSERT_EQ(wrong_side.problems.size(), 1u);
    EXPECT_EQ(wrong_side.problems[0].ply, 1);
    EXPECT_EQ(wrong_side.problems[0].move, "1. e5");
}

TEST(PgnReader, MoveNumberForms) {
    const std::string text =
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 12\"]\n\n"
        "12. e4 12... e5 13 . Nf3 13 ... Nc6 14.Bb5 14...a6 15.Ba4 Nf6 16 O-O 16. .. Be7 *\n";
    pgn::GameRecord g = read_one(text);
    EXPECT_FALSE(g.chess960);
    EXPECT_EQ(sans(g.main, g.start), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5",
                                                               "a6", "Ba4", "Nf6", "O-O", "Be7"}));
    const std::string written = pgn::write_game(g);
    EXPECT_TRUE(contains(written, "12. e4 e5 13. Nf3 Nc6 14. Bb5 a6")) << written;
}

TEST(PgnReader, AllResults) {
    const std::string text =
        "[Result \"1-0\"]\n\n1. e4 1-0\n\n[Result \"0-1\"]\n\n1. e4 0-1\n\n"
        "[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n\n[Result \"*\"]\n\n1. e4 *\n\n1. e4 e5 1-0";
    pgn::Replayer r = read_text(text);
    EXPECT_TRUE(r.problems.empty()) << describe_problems(r);
    ASSERT_EQ(r.games.size(), 5u);
    EXPECT_EQ(r.games[0].result, GameResult::WhiteWins);
    EXPECT_EQ(r.games[1].result, GameResult::BlackWins);
    EXPECT_EQ(r.games[2].result, GameResult::Draw);
    EXPECT_EQ(r.games[3].result, GameResult::Ongoing);
    EXPECT_EQ(r.games[4].result, GameResult::WhiteWins);
    for (const auto& g : r.games) {
        const std::string written = pgn::write_game(g);
        EXPECT_TRUE(contains(written, std::string("[Result \"") + result_string(g.result) + "\"]"));
        EXPECT_TRUE(written.ends_with(std::string(" ") + result_string(g.result) + "\n"));
    }
}

TEST(PgnReader, ResultProblems) {
    // The result tag and the termination marker disagree.
    pgn::Replayer differ = read_text("[Result \"1-0\"]\n\n1. e4 0-1\n");
    ASSERT_EQ(differ.problems.size(), 1u) << describe_problems(differ);
    EXPECT_TRUE(contains(differ.problems[0].message, "differs")) << differ.problems[0].message;
    // A result that contradicts the mate on the board.
    pgn::Replayer mate = read_text("[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n");
    ASSERT_EQ(mate.problems.size(), 1u) << describe_problems(mate);
    EXPECT_TRUE(contains(mate.problems[0].message, "contradicts the checkmate"))
        << mate.problems[0].message;
    EXPECT_TRUE(contains(mate.problems[0].message, "0-1")) << mate.problems[0].message;
    pgn::Replayer stalemate = read_text("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n\n1. Qf7 1-0\n");
    ASSERT_EQ(stalemate.problems.size(), 1u);
    EXPECT_TRUE(contains(stalemate.problems[0].message, "stalemate"));
    // A missing result: reported, and the next game is still read.
    pgn::Replayer missing = read_text("[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4 *\n");
    ASSERT_EQ(missing.problems.size(), 1u) << describe_problems(missing);
    EXPECT_EQ(missing.problems[0].game, 1);
    EXPECT_TRUE(contains(missing.problems[0].message, "no result"));
    ASSERT_EQ(missing.games.size(), 2u);
    EXPECT_EQ(missing.games[1].tag("Event"), "b");
    EXPECT_EQ(missing.games[1].main.nodes.size(), 1u);
    // An invalid Result tag.
    pgn::Replayer invalid = read_text("[Result \"2-0\"]\n\n1. e4 *\n");
    ASSERT_FALSE(invalid.problems.empty());
    EXPECT_TRUE(contains(invalid.problems[0].message, "invalid Result tag"));
}

// Fivefold repetition and the 75-move rule end the game at once (FIDE Laws 9.6.1, 9.6.2): a
// move played after that is reported, and so is a result other than the draw, as a result that
// contradicts a mate is. The library's Game (an independent reading of the rules) confirms
// where each game ends.
TEST(PgnReader, MovesAndResultsAfterAnAutomaticDrawAreReported) {
    // The start position stands for the fifth time after 8... Ng8 (ply 16).
    const std::string shuffle =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
        "7. Nf3 Nf6 8. Ng1 Ng8";
    Game game;
    for (const char* san : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6",
                            "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}) {
        ASSERT_TRUE(game.play_san(san).has_value()) << san;
        EXPECT_FALSE(game.outcome().is_over()) << san;
    }
    ASSERT_TRUE(game.play_san("Ng8").has_value());
    EXPECT_EQ(game.outcome().termination, Termination::FivefoldRepetition);

    // Drawn there: no problem.
    pgn::Replayer drawn = read_text("[White \"A\"]\n[Black \"B\"]\n\n" + shuffle + " 1/2-1/2\n");
    EXPECT_TRUE(drawn.problems.empty()) << describe_problems(drawn);
    EXPECT_EQ(drawn.games.size(), 1u);
    // A decisive result, or none given ('*'), contradicts the draw, as with a mate.
    for (const char* result : {"1-0", "0-1", "*"}) {
        pgn::Replayer r =
            read_text("[White \"A\"]\n[Black \"B\"]\n\n" + shuffle + " " + result + "\n");
        ASSERT_EQ(r.problems.size(), 1u) << describe_problems(r);
        EXPECT_EQ(r.problems[0].message,
                  "result "s + result +
                      " contradicts the draw by fivefold repetition at ply 16 (FIDE Laws 9.6.1)");
        EXPECT_EQ(r.problems[0].ply, 16);
        EXPECT_EQ(r.games.size(), 1u);  // kept, as a game whose result contradicts a mate is
    }
    // A move after the end: reported at its ply, and the replay stops there as at an illegal
    // move (the game is not kept; what follows is not part of it).
    pgn::Replayer after = read_text("[White \"A\"]\n[Black \"B\"]\n\n" + shuffle +
                                    " 9. e4 e5 10. Ke2 1-0\n\n[White \"C\"]\n\n1. d4 *\n");
    ASSERT_EQ(after.problems.size(), 1u) << describe_problems(after);
    EXPECT_EQ(after.problems[0].describe(),
              "game 1 (A - B), ply 17 (9. e4): played after the game was drawn by fivefold "
              "repetition at ply 16 (FIDE Laws 9.6.1)");
    EXPECT_EQ(after.problems[0].where.line, 4);
    ASSERT_EQ(after.games.size(), 1u);
    EXPECT_EQ(after.games[0].tag("White"), "C");
    // Four times is not five: the game goes on.
    pgn::Replayer four = read_text(shuffle.substr(0, shuffle.find(" 7. ")) + " 7. e4 1-0\n");
    EXPECT_TRUE(four.problems.empty()) << describe_problems(four);
    // A variation is an alternative, not a move after the end.
    pgn::Replayer variation = read_text(shuffle + " (8... Nc6) 1/2-1/2\n");
    EXPECT_TRUE(variation.problems.empty()) << describe_problems(variation);

    // The 75-move rule: 150 plies without a capture or pawn move. From a halfmove clock of 148,
    // 100. Rb1 Kg8 makes 150.
    const std::string rook = "[FEN \"7k/8/8/8/8/8/8/K5R1 w - - 148 100\"]\n\n100. Rb1 Kg8";
    Game seventy_five(chess960::testing::parse("7k/8/8/8/8/8/8/K5R1 w - - 148 100"));
    ASSERT_TRUE(seventy_five.play_san("Rb1").has_value());
    EXPECT_FALSE(seventy_five.outcome().is_over());
    ASSERT_TRUE(seventy_five.play_san("Kg8").has_value());
    EXPECT_EQ(seventy_five.outcome().termination, Termination::SeventyFiveMoves);
    EXPECT_TRUE(read_text(rook + " 1/2-1/2\n").problems.empty());
    pgn::Replayer won = read_text(rook + " 1-0\n");
    ASSERT_EQ(won.problems.size(), 1u) << describe_problems(won);
    EXPECT_EQ(won.problems[0].message,
              "result 1-0 contradicts the draw by the 75-move rule at ply 2 (FIDE Laws 9.6.2)");
    pgn::Replayer played_on = read_text(rook + " 101. Rb8+ 1-0\n");
    ASSERT_EQ(played_on.problems.size(), 1u) << describe_problems(played_on);
    EXPECT_EQ(played_on.problems[0].describe(),
              "game 1 (? - ?), ply 3 (101. Rb8+): played after the game was drawn by the "
              "75-move rule at ply 2 (FIDE Laws 9.6.2)");
    // A mate on the 150th ply takes precedence (Laws 9.6.2): 1-0 stands.
    pgn::Replayer mate =
        read_text("[FEN \"k7/8/1K6/8/8/8/8/7R w - - 149 100\"]\n\n100. Rh8# 1-0\n");
    EXPECT_TRUE(mate.problems.empty()) << describe_problems(mate);
    // A capture resets the count: 101 plies later the game is still on.
    pgn::Replayer reset = read_text(
        "[FEN \"6k1/8/8/8/8/8/8/K5rR w - - 148 100\"]\n\n100. Rxg1+ Kh7 101. Rg2 Kh8 1-0\n");
    EXPECT_TRUE(reset.problems.empty()) << describe_problems(reset);
}

TEST(PgnReader, CrlfAndByteOrderMark) {
    const std::string text =
        "\xEF\xBB\xBF[Event \"x\"]\r\n[Site \"y\"]\r\n\r\n1. e4 {a\r\nb} e5\r\n2. Nf3 1-0\r\n";
    pgn::GameRecord g = read_one(text);
    EXPECT_EQ(g.tags.front(), (std::pair<std::string, std::string>{"Event", "x"}));
    EXPECT_EQ(g.tag("Site"), "y");
    EXPECT_EQ(g.main.nodes.size(), 3u);
    EXPECT_EQ(g.main.nodes[0].comments, std::vector<std::string>{"a\nb"});
    EXPECT_EQ(g.result, GameResult::WhiteWins);
    Recorder rec = record_events(text);
    auto it = std::find(rec.events.begin(), rec.events.end(), "Nf3");
    ASSERT_NE(it, rec.events.end());
    EXPECT_EQ(rec.where[std::size_t(it - rec.events.begin())].line, 6);
    EXPECT_EQ(record_events(text).events, record_events(text.substr(3)).events);
    // Files with a BOM concatenated (cat a.pgn b.pgn): the second BOM is skipped too.
    pgn::Replayer both = read_text(text + text);
    EXPECT_TRUE(both.problems.empty()) << describe_problems(both);
    ASSERT_EQ(both.games.size(), 2u);
    EXPECT_EQ(both.games[1].tags, g.tags);
    EXPECT_EQ(moves_of(both.games[1].main), moves_of(g.main));
}

TEST(PgnReader, ReadsFromAFileStream) {
    const std::string path = data_path("games_chess960_mainz2009_rapid_wch.pgn");
    std::FILE* file = std::fopen(path.c_str(), "rb");
    ASSERT_NE(file, nullptr);
    pgn::Reader reader(file);
    pgn::Replayer r;
    EXPECT_EQ(reader.read_all(r), 20);
    std::fclose(file);
    EXPECT_TRUE(r.problems.empty());
    EXPECT_EQ(r.moves_read, 1692);
}

TEST(PgnReader, ALineLongerThanTheReadBuffer) {
    // One comment on a line as long as a line may be (pgn::kMaxLineBytes; the reader reads 64
    // KiB at a time), then a move.
    std::string big(pgn::kMaxLineBytes - std::string("1. e4 {} e5 *").size(), 'x');
    for (std::size_t i = 100; i < big.size(); i += 100) big[i] = ' ';
    const std::string text =
        "[Event \"big\"]\n\n1. e4 {" + big + "} e5 *\n[Event \"next\"]\n\n1. d4 *\n";
    pgn::Replayer r = read_text(text);
    EXPECT_TRUE(r.problems.empty()) << describe_problems(r);
    ASSERT_EQ(r.games.size(), 2u);
    ASSERT_EQ(r.games[0].main.nodes.size(), 2u);
    EXPECT_EQ(r.games[0].main.nodes[0].comments.at(0).size(), big.size());
    EXPECT_EQ(r.games[1].tag("Event"), "next");
}

TEST(PgnReader, VariantTagAfterTheFen) {
    const std::string text =
        "[Event \"e\"]\n[SetUp \"1\"]\n[FEN \"rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - "
        "0 "
        "1\"]\n[Variant \"Chess960\"]\n\n1. O-O *\n";
    pgn::GameRecord g = read_one(text);
    EXPECT_TRUE(g.chess960);
    ASSERT_EQ(g.main.nodes.size(), 1u);
    EXPECT_TRUE(g.main.nodes[0].move.is_castling());
}

TEST(PgnReader, Chess960VariantSpellings) {
    for (const char* spelling : {"Chess960", "chess960", "CHESS960", "Fischerandom", "fischerandom",
                                 "Chess 960", "chess 960", "chess-960", "FRC", "frc", "960",
                                 "Freestyle", "Fischer Random", " Chess960 "}) {
        SCOPED_TRACE(spelling);
        EXPECT_TRUE(pgn::is_chess960_variant(spelling));
        const std::string text = std::string("[Variant \"") + spelling +
                                 "\"]\n[FEN \"rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - "
                                 "0 1\"]\n\n1. O-O *\n";
        pgn::GameRecord g = read_one(text);
        EXPECT_TRUE(g.chess960);
        ASSERT_EQ(g.main.nodes.size(), 1u);
        EXPECT_EQ(shredder(g.final_position()),
                  "rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNRKB b ga - 1 1");
    }
    for (const char* other : {"Standard", "Atomic", "Crazyhouse", "Capahouse960", "Chess9600", ""})
        EXPECT_FALSE(pgn::is_chess960_variant(other)) << other;
    for (const char* standard : {"Standard", "standard", "From Position", ""})
        EXPECT_TRUE(pgn::is_standard_variant(standard)) << standard;
}

// Shredder letters in the FEN and no Variant tag (chess.com exports, tarrasch-chess-gui#39).
TEST(PgnReader, ShredderFenWithoutVariantIsChess960) {
    const std::string text =
        "[FEN \"nnrbkrbq/pppppppp/8/8/8/8/PPPPPPPP/NNRBKRBQ w FCfc - 0 1\"]\n\n1. g3 c6 *\n";
    pgn::GameRecord g = read_one(text);
    EXPECT_TRUE(g.chess960);
    EXPECT_TRUE(pgn::write_game(g).find("[Variant \"Chess960\"]") != std::string::npos);
}

TEST(PgnReader, OrdinaryGameWithoutFenStartsFromTheStandardPosition) {
    pgn::GameRecord g = read_one("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n");
    EXPECT_FALSE(g.chess960);
    EXPECT_EQ(write_fen(g.start), write_fen(Position()));
    EXPECT_EQ(write_fen(g.final_position()),
              "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    const std::string written = pgn::write_game(g);
    EXPECT_FALSE(contains(written, "[Variant")) << written;
    EXPECT_FALSE(contains(written, "[FEN")) << written;
    EXPECT_FALSE(contains(written, "[SetUp")) << written;
    // A standard-compatible FEN without a Variant tag is ordinary chess from a position.
    pgn::GameRecord from_position = read_one(
        "[SetUp \"1\"]\n[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 "
        "3\"]\n\n3. Bc4 *\n");
    EXPECT_FALSE(from_position.chess960);
    const std::string fp = pgn::write_game(from_position);
    EXPECT_TRUE(contains(fp, "[SetUp \"1\"]\n[FEN \"r1bqkbnr/")) << fp;
    EXPECT_FALSE(contains(fp, "[Variant")) << fp;
}

TEST(PgnReader, UnsupportedVariantIsReported) {
    const std::string text =
        "[Event \"one\"]\n[White \"A\"]\n[Black \"B\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 *\n\n"
        "[Event \"two\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n[Event \"three\"]\n\n1. d4 *\n";
    pgn::Replayer r = read_text(text);
    ASSERT_EQ(r.problems.size(), 2u) << describe_problems(r);
    EXPECT_EQ(r.problems[0].game, 1);
    EXPECT_EQ(r.problems[0].players, "A - B");
    EXPECT_TRUE(contains(r.problems[0].message, "unsupported variant 'Atomic'"))
        << r.problems[0].message;
    EXPECT_EQ(r.problems[1].game, 2);
    EXPECT_TRUE(contains(r.problems[1].message, "Crazyhouse"));
    EXPECT_EQ(r.games_read, 3);
    ASSERT_EQ(r.games.size(), 1u);
    EXPECT_EQ(r.games[0].tag("Event"), "three");
}

TEST(PgnReader, UnexpectedTextAndBracketsAreReported) {
    pgn::Replayer r = read_text("1. e4 @@@ e5 ) 2. Nf3 *\n\n1. d4 *\n");
    EXPECT_EQ(r.problems.size(), 2u) << describe_problems(r);
    for (const auto& p : r.problems) EXPECT_EQ(p.game, 1);
    ASSERT_EQ(r.games.size(), 2u);
    EXPECT_EQ(r.games[0].main.nodes.size(), 3u);
}

// === (b2) The reader's limits =================================================================

namespace {

// The reader's calls for `text` read from a stream, from memory in place and from a file: the
// same whichever way (the stream and the file through a bounded buffer, the memory whole).
Recorder record_every_way(const std::string& text) {
    Recorder from_stream = record_events(text);
    Recorder in_place;
    pgn::Reader(std::string_view(text)).read_all(in_place);
    Recorder from_file;
    std::FILE* file = std::tmpfile();
    EXPECT_NE(file, nullptr);
    if (file) {
        std::fwrite(text.data(), 1, text.size(), file);
        std::rewind(file);
        pgn::Reader(file).read_all(from_file);
        std::fclose(file);
    }
    EXPECT_EQ(in_place.events, from_stream.events);
    EXPECT_EQ(from_file.events, from_stream.events);
    for (const Recorder* other : {&in_place, &from_file}) {
        EXPECT_EQ(other->where.size(), from_stream.where.size());
        for (std::size_t i = 0; i < std::min(other->where.size(), from_stream.where.size()); ++i)
            EXPECT_EQ(other->where[i].line, from_stream.where[i].line) << from_stream.events[i];
    }
    return from_stream;
}

// The events of a recording, with any longer than 200 characters shortened (for messages).
std::vector<std::string> short_events(const Recorder& r) {
    std::vector<std::string> out;
    for (const std::string& e : r.events)
        out.push_back(e.size() > 200 ? e.substr(0, 40) + "...(" + std::to_string(e.size()) + ")"
                                     : e);
    return out;
}

const std::string kRestSkipped = ": the rest of the game is skipped up to the next tag pair line";

}  // namespace

TEST(PgnReaderLimits, ALineOfTheLimitIsReadAndALongerOneCutsItsGame) {
    // The line "1. e4 {xx...x} e5 *" at kMaxLineBytes, then one byte longer.
    const auto game_with_line = [](std::size_t length) {
        const std::string frame = "1. e4 {} e5 *";
        return "[Event \"a\"]\n\n1. e4 {" + std::string(length - frame.size(), 'x') +
               "} e5 *\n2. Nf3 Nf6 *\n [Event \"not a tag line\"]\n\n[Event \"b\"]\n\n1. d4 *\n";
    };
    const std::string fits = game_with_line(pgn::kMaxLineBytes);
    Recorder whole = record_every_way(fits);
    EXPECT_EQ(whole.events.at(4).size(), pgn::kMaxLineBytes - 11) << "the comment";
    const std::string cut = game_with_line(pgn::kMaxLineBytes + 1);
    Recorder r = record_every_way(cut);
    EXPECT_EQ(short_events(r),
              (std::vector<std::string>{
                  "game 1", "[Event=a]", "limit: line longer than 1 MiB" + kRestSkipped, "end",
                  "game 2", "[Event=b]", "movetext", "d4", "result *", "end"}));
    EXPECT_EQ(r.where.at(2).line, 3);
    EXPECT_EQ(r.where.at(4).line, 7);
    // The game cut short is reported and not kept; the next one is.
    pgn::Replayer replayed = read_text(cut);
    ASSERT_EQ(replayed.problems.size(), 1u) << describe_problems(replayed);
    EXPECT_EQ(replayed.problems[0].describe(),
              "game 1 (? - ?): line longer than 1 MiB" + kRestSkipped);
    ASSERT_EQ(replayed.games.size(), 1u);
    EXPECT_EQ(replayed.games[0].tag("Event"), "b");
}

TEST(PgnReaderLimits, LongLinesBetweenGamesAreSkippedAndReported) {
    const std::string text = std::string(pgn::kMaxLineBytes + 1, 'x') + "\n" +
                             "[Event \"a\"]\n\n1. e4 *\n" +
                             std::string(3 * pgn::kMaxLineBytes, '\0');  // no line end
    Recorder r = record_every_way(text);
    EXPECT_EQ(short_events(r),
              (std::vector<std::string>{"game 1",
                                        "limit: 1 line longer than 1 MiB skipped before the game",
                                        "[Event=a]", "movetext", "e4", "result *", "end",
                                        "limit: 1 line longer than 1 MiB skipped at the end"}));
    EXPECT_EQ(r.where.at(1).line, 1);
    EXPECT_EQ(r.where.at(7).line, 5);
    pgn::Replayer replayed = read_text(text);
    EXPECT_EQ(replayed.problems.size(), 2u) << describe_problems(replayed);
    EXPECT_EQ(replayed.games.size(), 1u);  // lines between games do not touch the game
    // A file that is nothing but a long line: reported, with no game to name.
    pgn::Replayer nothing = read_text(std::string(2 * pgn::kMaxLineBytes, '\0'));
    EXPECT_EQ(nothing.games_read, 0);
    ASSERT_EQ(nothing.problems.size(), 1u);
    EXPECT_EQ(nothing.problems[0].describe(), "1 line longer than 1 MiB skipped at the end");
}

TEST(PgnReaderLimits, ACommentOverTheLimitCutsItsGame) {
    // A comment opened at the end of line 3 whose text (its line ends included) is `size` bytes.
    const auto game_with_comment = [](std::size_t size) {
        std::string text = "[Event \"a\"]\n\n1. e4 {";
        std::size_t comment = 0;
        while (comment < size) {
            const std::size_t line = std::min<std::size_t>(1023, size - comment - 1);
            text += "\n" + std::string(line, 'y');
            comment += 1 + line;
        }
        return text + "} e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    };
    Recorder whole = record_every_way(game_with_comment(pgn::kMaxCommentBytes));
    ASSERT_GT(whole.events.size(), 4u);
    EXPECT_EQ(whole.events[4].size(), pgn::kMaxCommentBytes + 2) << "{comment}";
    Recorder r = record_every_way(game_with_comment(pgn::kMaxCommentBytes + 1));
    EXPECT_EQ(short_events(r),
              (std::vector<std::string>{
                  "game 1", "[Event=a]", "movetext", "e4",
                  "limit: comment longer than 1 MiB (opened at line 3)" + kRestSkipped, "end",
                  "game 2", "[Event=b]", "movetext", "d4", "result *", "end"}));
    EXPECT_EQ(r.where.at(4).line, 3);
    EXPECT_EQ(r.where.at(4).column, 7);
}

TEST(PgnReaderLimits, AGameOverTheLimitIsCutAtTheLineThatPassesIt) {
    // Lines of `; comment` after the first moves, `total` bytes of game text in all, then `next`.
    const std::string start = "[Event \"a\"]\n\n1. e4 e5\n";  // 22 bytes
    const auto game_of = [&](std::size_t total, const std::string& next) {
        std::string text = start;
        while (text.size() < total) {
            const std::size_t line = std::min<std::size_t>(1023, total - text.size() - 1);
            text += (line > 0 ? ";" + std::string(line - 1, 'z') : "") + "\n";
        }
        return text + next;
    };
    const std::string next = "[Event \"b\"]\n\n1. d4 *\n";
    // The comment line that passes the limit cuts the game there (its line number), and the
    // lines up to the next tag pair line are skipped.
    const std::string over = game_of(pgn::kMaxGameBytes + 1000, "2. Nf3 *\n\n" + next);
    const long passing_line =
        1 + long(std::count(over.begin(), over.begin() + long(pgn::kMaxGameBytes), '\n'));
    Recorder r = record_every_way(over);
    EXPECT_EQ(std::count(r.events.begin(), r.events.end(),
                         "limit: game longer than 4 MiB" + kRestSkipped),
              1);
    const auto cut =
        std::find(r.events.begin(), r.events.end(), "limit: game longer than 4 MiB" + kRestSkipped);
    ASSERT_NE(cut, r.events.end());
    EXPECT_EQ(r.where[std::size_t(cut - r.events.begin())].line, passing_line);
    EXPECT_EQ(std::vector<std::string>(cut + 1, r.events.end()),
              (std::vector<std::string>{"end", "game 2", "[Event=b]", "movetext", "d4", "result *",
                                        "end"}));
    // When the line that passes the limit is the next game's tag pair, that game starts there
    // (as it does when the text is cut into parts at that line for several threads).
    const std::string at_tag = game_of(pgn::kMaxGameBytes - 5, next);
    Recorder t = record_every_way(at_tag);
    const auto tag_cut =
        std::find(t.events.begin(), t.events.end(), "limit: game longer than 4 MiB" + kRestSkipped);
    ASSERT_NE(tag_cut, t.events.end()) << "the tag line passes the limit";
    EXPECT_EQ(std::vector<std::string>(tag_cut + 1, t.events.end()),
              (std::vector<std::string>{"end", "game 2", "[Event=b]", "movetext", "d4", "result *",
                                        "end"}));
    // A game of the limit is read whole.
    pgn::Replayer whole = read_text(game_of(pgn::kMaxGameBytes - 2, "*\n"));
    EXPECT_TRUE(whole.problems.empty()) << describe_problems(whole);
    EXPECT_EQ(whole.games.size(), 1u);
}

TEST(PgnReaderLimits, PastAHundredProblemsTheRestOfTheGameIsSkipped) {
    const auto game_with_problems = [](int problems) {
        std::string parens;
        for (int i = 0; i < problems; ++i) parens += ") ";
        return "[Event \"a\"]\n\n1. e4 " + parens + "\n1... e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    };
    pgn::Replayer hundred = read_text(game_with_problems(pgn::kMaxGameProblems));
    EXPECT_EQ(hundred.problems.size(), std::size_t(pgn::kMaxGameProblems));
    ASSERT_EQ(hundred.games.size(), 2u);
    EXPECT_EQ(hundred.games[0].main.nodes.size(), 2u);  // 1... e5 read
    Recorder r = record_every_way(game_with_problems(pgn::kMaxGameProblems + 1));
    const std::string limit = "limit: more than 100 problems in the game" + kRestSkipped;
    const auto cut = std::find(r.events.begin(), r.events.end(), limit);
    ASSERT_NE(cut, r.events.end()) << ::testing::PrintToString(r.events);
    EXPECT_EQ(std::count(r.events.begin(), cut, "error: unbalanced ')'"), 101);
    EXPECT_EQ(r.where[std::size_t(cut - r.events.begin())].line, 3);
    EXPECT_EQ(std::vector<std::string>(cut + 1, r.events.end()),
              (std::vector<std::string>{"end", "game 2", "[Event=b]", "movetext", "d4", "result *",
                                        "end"}));
    pgn::Replayer replayed = read_text(game_with_problems(pgn::kMaxGameProblems + 1));
    ASSERT_EQ(replayed.games.size(), 1u);
    EXPECT_EQ(replayed.games[0].tag("Event"), "b");
}

TEST(PgnReaderLimits, VariationsDeeperThanTheLimitAreSkippedAndTheGameGoesOn) {
    const auto nested = [](int levels, const std::string& deepest) {
        std::string text = "[Event \"deep\"]\n\n1. e4 ";
        for (int i = 0; i < levels; ++i) text += "(1. d4 ";
        return text + deepest + std::string(std::size_t(levels), ')') + " 1... e5 *\n";
    };
    // 1,000 levels are kept, written and read back the same.
    pgn::GameRecord kept = read_one(nested(pgn::kMaxVariationDepth, ""));
    int depth = 0;
    for (const pgn::Line* line = &kept.main; !line->nodes.front().variations.empty(); ++depth)
        line = &line->nodes.front().variations.front();
    EXPECT_EQ(depth, pgn::kMaxVariationDepth);
    const std::string written = pgn::write_game(kept);
    pgn::GameRecord again = read_one(written);
    expect_same_line(again.main, kept.main, "written");
    // One more level, holding what must not upset the reader: a comment with ')', a '$' alone,
    // junk, a variation deeper still. All of it is read over and dropped; the levels up to
    // the limit close as they opened, and the game goes on.
    const std::string text =
        nested(pgn::kMaxVariationDepth, "(1. Nf3 {a ) in a comment} $ x! (1. c4) 1... d5) ");
    Recorder r = record_every_way(text);
    EXPECT_EQ(std::count(r.events.begin(), r.events.end(), "("), pgn::kMaxVariationDepth);
    EXPECT_EQ(std::count(r.events.begin(), r.events.end(), ")"), pgn::kMaxVariationDepth);
    for (const char* dropped : {"Nf3", "c4", "d5", "{a ) in a comment}"})
        EXPECT_EQ(std::find(r.events.begin(), r.events.end(), dropped), r.events.end()) << dropped;
    EXPECT_EQ(std::count_if(r.events.begin(), r.events.end(),
                            [](const std::string& e) { return e.starts_with("error"); }),
              0);
    const std::string limit =
        "limit: variations nested deeper than 1000: the deeper ones are skipped";
    EXPECT_EQ(std::count(r.events.begin(), r.events.end(), limit), 1);
    EXPECT_EQ(std::vector<std::string>(r.events.end() - 4, r.events.end()),
              (std::vector<std::string>{")", "e5", "result *", "end"}));
    // Checked on (the main line and the variations kept), reported, not kept.
    pgn::Replayer replayed = read_text(text);
    ASSERT_EQ(replayed.problems.size(), 1u) << describe_problems(replayed);
    EXPECT_EQ(replayed.problems[0].where.column, 7 + 7 * pgn::kMaxVariationDepth);
    EXPECT_EQ(replayed.moves_read, 1 + pgn::kMaxVariationDepth + 1);
    EXPECT_TRUE(replayed.games.empty());
}

// A record built with variations nested 100,000 deep (more than the reader makes): written and
// released without a call per level (either overflowed the stack before).
TEST(PgnWriter, VariationsNestedAHundredThousandDeep) {
    const int levels = 100'000;
    const Position start;
    const Move e4 = *parse_san(start, "e4"), d4 = *parse_san(start, "d4");
    std::string written;
    {
        pgn::GameRecord game;
        game.start = start;
        game.main.nodes.push_back(pgn::Node{e4, {}, {}, {}});
        pgn::Line* line = &game.main;
        for (int i = 0; i < levels; ++i) {
            line = &line->nodes.back().variations.emplace_back();
            line->nodes.push_back(pgn::Node{d4, {}, {}, {}});
        }
        written = pgn::write_game(game);
    }
    std::size_t moves = 0;
    for (std::size_t at = 0; (at = written.find("1. d4", at)) != std::string::npos; ++at) ++moves;
    EXPECT_EQ(moves, std::size_t(levels));
    EXPECT_TRUE(contains(written, "\n\n1. e4 ( 1. d4 ( 1. d4 ")) << written.substr(0, 400);
    EXPECT_TRUE(written.ends_with(") ) *\n")) << written.substr(written.size() - 100);
    EXPECT_EQ(std::count(written.begin(), written.end(), '('), levels);
    EXPECT_EQ(std::count(written.begin(), written.end(), ')'), levels);
}

// === (c) docs/pitfalls.md section D ===========================================================

// 23. The FEN tag is missing or wrong: lichess-org/database#6 ([FEN "?"]), lichess-org/lila#7109
// and #9883 (960 games with the standard start), lila#16738 (movetext without headers).
// A Chess960 game without a usable FEN is reported, never replayed from the standard start.
TEST(PitfallD23, MissingOrWrongFenTagIsReportedNotGuessed) {
    const std::string text =
        "[Event \"no fen\"]\n[White \"A\"]\n[Black \"B\"]\n[Variant \"Chess960\"]\n\n1. e4 e5 "
        "*\n\n"
        "[Event \"fen ?\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"?\"]\n\n1. e4 e5 *\n\n"
        "[Event \"bad fen\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\"]\n\n1. e4 "
        "*\n\n"
        "[Event \"fine\"]\n[Variant \"Chess960\"]\n[FEN \"rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/"
        "RNBQNKRB w KQkq - 0 1\"]\n\n1. O-O *\n";
    pgn::Replayer r = read_text(text);
    ASSERT_EQ(r.problems.size(), 3u) << describe_problems(r);
    EXPECT_EQ(r.problems[0].game, 1);
    EXPECT_EQ(r.problems[0].players, "A - B");
    EXPECT_TRUE(contains(r.problems[0].message, "needs a [FEN] tag")) << r.problems[0].message;
    EXPECT_EQ(r.problems[1].game, 2);
    EXPECT_TRUE(contains(r.problems[1].message, "[FEN \"?\"]")) << r.problems[1].message;
    EXPECT_EQ(r.problems[2].game, 3);
    EXPECT_TRUE(contains(r.problems[2].message, "FEN")) << r.problems[2].message;
    ASSERT_EQ(r.games.size(), 1u);
    EXPECT_EQ(r.games[0].tag("Event"), "fine");
    EXPECT_EQ(r.moves_read, 1);  // nothing was replayed from a guessed start
}

TEST(PitfallD23, MovetextWithoutHeaders) {
    // lila#16738: "copy variation PGN" has no headers. Read from the standard start; a Chess960
    // line without its FEN fails at its first impossible move, with the ply.
    pgn::Replayer ordinary = read_text("1. e4 e5 2. Nf3 *");
    EXPECT_TRUE(ordinary.problems.empty());
    ASSERT_EQ(ordinary.games.size(), 1u);
    EXPECT_EQ(ordinary.games[0].main.nodes.size(), 3u);
    pgn::Replayer chess960 = read_text("1. O-O *");
    ASSERT_EQ(chess960.problems.size(), 1u);
    EXPECT_EQ(chess960.problems[0].ply, 1);
    EXPECT_EQ(chess960.problems[0].move, "1. O-O");
    EXPECT_TRUE(contains(chess960.problems[0].message, "castling")) << chess960.problems[0].message;
}

TEST(PitfallD23, WriterAlwaysWritesTheFenOfAChess960Game) {
    // Even when the Chess960 game starts from position 518 (lila#9883 in reverse).
    pgn::GameRecord g;
    g.chess960 = true;
    g.start = Position();
    const std::string text = pgn::write_game(g);
    EXPECT_TRUE(contains(text,
                         "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/"
                         "8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"))
        << text;
    pgn::GameRecord again = read_one(text);
    EXPECT_TRUE(again.chess960);
}

// 24. The Variant tag value is not recognised: ml-research/liground#186 ("fischerandom" by
// cutechess), fairy-stockfish PR #474 / gbtami/pychess-variants#693 ("Capahouse960"),
// official-stockfish/WDL_model#216 (Variant after FEN), billforsternz/tarrasch-chess-gui#39
// (FEN with HBhb and no Variant), niklasf/python-chess#705 (Atomic + 960).
TEST(PitfallD24, CutechessFischerandomIsRead) {
    pgn::Replayer r = read_text(slurp(data_path("games_chess960_cutechess_engines.pgn")));
    EXPECT_TRUE(r.problems.empty()) << describe_problems(r);
    ASSERT_EQ(r.games.size(), 4u);
    for (const auto& g : r.games) {
        EXPECT_EQ(g.tag("Variant"), "fischerandom");
        EXPECT_TRUE(g.chess960);
    }
}

TEST(PitfallD24, VariantTagAfterFenAndEveryKokopuSpelling) {
    // kokopu's file spells the variant Chess960, chess 960, chess-960 and Fischerandom, with
    // the Variant tag after the FEN in the first game.
    pgn::Replayer r = read_text(slurp(data_path("games_chess960_kokopu_variant_tags.pgn")));
    EXPECT_TRUE(r.problems.empty()) << describe_problems(r);
    ASSERT_EQ(r.games.size(), 4u);
    std::vector<std::string> spellings;
    for (const auto& g : r.games) {
        EXPECT_TRUE(g.chess960);
        spellings.push_back(g.tag("Variant").value_or(""));
    }
    EXPECT_EQ(spellings,
              (std::vector<std::string>{"Chess960", "chess 960", "chess-960", "Fischerandom"}));
}

TEST(PitfallD24, ShredderFenWithoutVariantOrSetUp) {
    // tarrasch#39: chess.com writes [FEN "... w HBhb ..."] and nothing else. Final FEN from
    // Stockfish 15.1 (position fen ... moves b2b3 b7b6 c1b2 c8b7 d1b1 d8b8; d).
    const std::string text =
        "[Event \"Live Chess - chess960\"]\n[Site \"Chess.com\"]\n"
        "[FEN \"nrbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBNR w HBhb - 0 1\"]\n\n"
        "1. b3 b6 2. Bb2 Bb7 3. O-O-O O-O-O 4. a3 *\n";
    pgn::GameRecord g = read_one(text);
    EXPECT_TRUE(g.chess960);
    ASSERT_EQ(g.main.nodes.size(), 7u);
    EXPECT_TRUE(g.main.nodes[4].move.is_castling());
    EXPECT_TRUE(g.main.nodes[5].move.is_castling());
    Game game(g.start);
    for (const auto& n : g.main.nodes) ASSERT_TRUE(game.play(n.move).has_value());
    EXPECT_EQ(shredder(game.position_at(6)),
              "n1krqbnr/pbpppppp/1p6/8/8/1P6/PBPPPPPP/N1KRQBNR w - - 4 4");
}

TEST(PitfallD24, OtherNineSixtyVariantsAreNotChess960) {
    // python-chess#705 and fairy-stockfish#474: Atomic 960 or Capahouse960 are other games.
    for (const char* variant : {"Atomic", "Capahouse960", "Crazyhouse960", "atomic960"}) {
        SCOPED_TRACE(variant);
        const std::string text =
            std::string("[Variant \"") + variant +
            "\"]\n[FEN \"rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - 0 1\"]\n\n1. O-O *\n";
        pgn::Replayer r = read_text(text);
        ASSERT_EQ(r.problems.size(), 1u) << describe_problems(r);
        EXPECT_TRUE(contains(r.problems[0].message, "unsupported variant"))
            << r.problems[0].message;
        EXPECT_TRUE(r.games.empty());
    }
}

// 25. O-O / O-O-O cannot be replayed from a 960 FEN: GuillaumeSD/Chesskit#52,
// WintrCat/wintrchess#40, lukasmonk/lucaschess#74, jhlywa/chess.js#122, notnil/chess#102,
// benini/scid#37.
TEST(PitfallD25, EveryCastlingInTheSharedGamesReplays) {
    long castles = 0, expected = 0;
    for (const SharedFile& f : kSharedFiles) {
        pgn::Replayer r = read_text(slurp(data_path(f.name)));
        EXPECT_TRUE(r.problems.empty()) << f.name << "\n" << describe_problems(r);
        for (const auto& g : r.games)
            for (const auto& n : g.main.nodes) castles += n.move.is_castling();
        expected += f.castles;
    }
    EXPECT_EQ(castles, 32);
    EXPECT_EQ(castles, expected);
}

TEST(PitfallD25, CastlingShapesInPgn) {
    struct Case {
        const char* fen;
        const char* moves;
        const char* after;  // Stockfish 15.1
    };
    const Case cases[] = {
        // King and rook swap (kokopu, SP 423).
        {"rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - 0 1", "1. O-O",
         "rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNRKB b ga - 1 1"},
        // Only the rook moves (king already on c1).
        {"4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", "1. O-O-O", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
        // Only the rook moves (king already on g1).
        {"4k3/8/8/8/8/8/8/6KR w K - 0 1", "1. O-O", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        // Both move, with check.
        {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "1. O-O-O+", "3k4/8/8/8/8/8/8/2KR4 b - - 1 1"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.moves);
        pgn::GameRecord g = read_one(std::string("[FEN \"") + c.fen + "\"]\n\n" + c.moves + " *\n");
        ASSERT_EQ(g.main.nodes.size(), 1u);
        EXPECT_TRUE(g.main.nodes[0].move.is_castling());
        EXPECT_EQ(shredder(g.final_position()), c.after);
        // Written as O-O / O-O-O again.
        EXPECT_TRUE(contains(pgn::write_game(g), c.moves)) << pgn::write_game(g);
    }
}

// 26. SAN parsing too lax or too strict: niklasf/python-chess#403 and #4 (Kh1 / Kg1 read as
// castling), pychess/pychess#1747 (e1h1 in PGN gave a phantom queen), ryancookdev/canvas-chess#13
// and marcusbuffett/command-line-chess#17 (0-0 rejected).
TEST(PitfallD26, KingMoveIsNotCastlingInPgn) {
    const std::string fen = "[FEN \"4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 100\"]\n\n";
    pgn::GameRecord king = read_one(fen + "100. Kg1 *\n");
    ASSERT_EQ(king.main.nodes.size(), 1u);
    EXPECT_FALSE(king.main.nodes[0].move.is_castling());
    EXPECT_EQ(write_fen(king.final_position()), "4rkr1/4p1p1/8/8/8/8/8/6KR b - - 1 100");
    pgn::GameRecord castle = read_one(fen + "100. O-O# 1-0\n");
    ASSERT_EQ(castle.main.nodes.size(), 1u);
    EXPECT_TRUE(castle.main.nodes[0].move.is_castling());
    EXPECT_EQ(write_fen(castle.final_position()), "4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 100");
    EXPECT_TRUE(contains(pgn::write_game(castle), "100. O-O# 1-0")) << pgn::write_game(castle);
    EXPECT_TRUE(contains(pgn::write_game(king), "100. Kg1 *")) << pgn::write_game(king);
    // Kh1 and Kxh1 (onto the own rook) are errors, not castling.
    for (const char* text : {"100. Kh1 *\n", "100. Kxh1 *\n"}) {
        pgn::Replayer r = read_text(fen + text);
        ASSERT_EQ(r.problems.size(), 1u) << text;
        EXPECT_EQ(r.problems[0].ply, 1);
        EXPECT_TRUE(r.problems[0].message.starts_with("illegal move")) << r.problems[0].message;
    }
}

TEST(PitfallD26, KingTakesRookAndZeroCastlingInPgn) {
    // pychess#1747: e1h1 is castling, not a king capture that leaves a phantom piece.
    pgn::GameRecord g = read_one("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. e1h1 *\n");
    ASSERT_EQ(g.main.nodes.size(), 7u);
    EXPECT_TRUE(g.main.nodes[6].move.is_castling());
    // Stockfish 15.1: Fen after e1h1.
    EXPECT_EQ(shredder(g.final_position()),
              "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4");
    pgn::GameRecord zero = read_one("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 *\n");
    ASSERT_EQ(zero.main.nodes.size(), 10u);
    EXPECT_TRUE(zero.main.nodes[6].move.is_castling());
    EXPECT_TRUE(zero.main.nodes[9].move.is_castling());
    const std::string written = pgn::write_game(zero);
    EXPECT_TRUE(contains(written, "4. O-O Nf6 5. d3 O-O")) << written;
    EXPECT_FALSE(contains(written, "0-0")) << written;
}

// 27. The standard game is silently assumed: lichess-org/lila#3998, #4150, #4153, #7827,
// fairy-stockfish#673 (KQkq with the king or rooks off their squares is Chess960), and in
// reverse lila#2514 (king on e1 taken for ordinary chess, the real O-O filtered out).
TEST(PitfallD27, KingOnE1WithARookOffTheCornerIsChess960) {
    const std::string fen = "1q3rk1/ppnp1b1p/1n4p1/2NP1p2/2P1p3/2Q1P2P/PP2BPP1/1R2K2R w KQ - 3 15";
    // Stockfish 15.1: both castles are legal; the FENs after e1h1 and e1b1.
    pgn::GameRecord short_castle = read_one("[FEN \"" + fen + "\"]\n\n15. O-O *\n");
    EXPECT_TRUE(short_castle.chess960);
    EXPECT_EQ(shredder(short_castle.final_position()),
              "1q3rk1/ppnp1b1p/1n4p1/2NP1p2/2P1p3/2Q1P2P/PP2BPP1/1R3RK1 b - - 4 15");
    pgn::GameRecord long_castle = read_one("[FEN \"" + fen + "\"]\n\n15. O-O-O *\n");
    EXPECT_EQ(shredder(long_castle.final_position()),
              "1q3rk1/ppnp1b1p/1n4p1/2NP1p2/2P1p3/2Q1P2P/PP2BPP1/2KR3R b - - 4 15");
    // The record says so when written, and stays so when read again.
    const std::string written = pgn::write_game(short_castle);
    EXPECT_TRUE(contains(written, "[Variant \"Chess960\"]")) << written;
    pgn::GameRecord again = read_one(written);
    EXPECT_TRUE(again.chess960);
    EXPECT_EQ(pgn::write_game(again), written);
}

TEST(PitfallD27, NormalizeIsStableWhateverTheVariantTagSays) {
    // A "Standard" or "From Position" tag with castling rights only Chess960 can have: written
    // and read again, the game must not change its nature (normalize is a fixed point).
    const std::string fen = "1q3rk1/ppnp1b1p/1n4p1/2NP1p2/2P1p3/2Q1P2P/PP2BPP1/1R2K2R w KQ - 3 15";
    for (const char* variant : {"Standard", "From Position"}) {
        SCOPED_TRACE(variant);
        pgn::GameRecord g = read_one(std::string("[Variant \"") + variant + "\"]\n[FEN \"" + fen +
                                     "\"]\n\n15. O-O-O *\n");
        // The castling rights need Chess960 rules: the game is read, and written, as Chess960.
        EXPECT_TRUE(g.chess960);
        const std::string once = pgn::write_game(g);
        EXPECT_TRUE(contains(once, "[Variant \"Chess960\"]")) << once;
        pgn::GameRecord again = read_one(once);
        EXPECT_EQ(again.chess960, g.chess960) << once;
        EXPECT_EQ(pgn::write_game(again), once);
        EXPECT_EQ(write_fen(again.final_position()), write_fen(g.final_position()));
    }
}

TEST(PitfallD27, StandardStartIsNotTakenForChess960) {
    pgn::GameRecord g =
        read_one("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 *\n");
    EXPECT_FALSE(g.chess960);
    // KQkq with the king off e1 is X-FEN for the outermost rooks: Chess960 (lila#4153).
    pgn::GameRecord king_on_g =
        read_one("[FEN \"r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1\"]\n\n1. O-O-O *\n");
    EXPECT_TRUE(king_on_g.chess960);
    EXPECT_TRUE(king_on_g.main.nodes.at(0).move.is_castling());
}

// === (d) Generated corpus ======================================================================

TEST(PgnCorpus, RandomGamesRoundTrip) {
    const Corpus corpus = make_corpus(20240517, 160);
    const std::string text = corpus.joined();
    pgn::Replayer r = read_text(text);
    EXPECT_TRUE(r.problems.empty()) << describe_problems(r);
    EXPECT_EQ(r.games_read, 160);
    ASSERT_EQ(r.games.size(), 160u);
    long moves = 0, variations = 0, comments = 0, doubles = 0, standard = 0, finished = 0;
    for (std::size_t i = 0; i < r.games.size(); ++i) {
        expect_same_game(r.games[i], corpus.games[i]);
        moves += corpus.games[i].moves;
        const auto& o = corpus.games[i].record;
        for (const auto& n : o.main.nodes) {
            variations += long(n.variations.size());
            comments += long(n.comments.size());
        }
        if (o.tag("Opening")) ++doubles;
        if (!o.chess960) ++standard;
        if (o.main.nodes.size() < 200) ++finished;
        // Each game written again from what was read is byte-identical.
        EXPECT_EQ(pgn::write_game(r.games[i]), corpus.texts[i]) << "game " << i + 1;
    }
    EXPECT_EQ(r.moves_read, moves);
    // The corpus exercises what it should.
    EXPECT_GT(variations, 100);
    EXPECT_GT(comments, 100);
    EXPECT_GT(doubles, 20);
    EXPECT_GT(standard, 10);
    EXPECT_GT(finished, 10);
    EXPECT_EQ(write_all(r.games), text);
}

TEST(PgnCorpus, IllegalMoveIsReportedAtItsGameAndPly) {
    const Corpus corpus = make_corpus(777, 40);
    const std::size_t k = find_game(
        corpus, 10, [&](std::size_t i) { return corpus.games[i].record.main.nodes.size() >= 30; });
    const auto tokens = main_line_tokens(corpus.texts[k]);
    ASSERT_EQ(tokens.size(), corpus.games[k].record.main.nodes.size());
    const std::size_t ply = tokens.size() / 2;  // 0-based: the move after `ply` plies
    Position before = corpus.games[k].record.start;
    for (std::size_t i = 0; i < ply; ++i) before.play(corpus.games[k].record.main.nodes[i].move);
    const std::string bad = illegal_move_for(before);
    std::string text = corpus.joined();
    const std::size_t at = offset_of(corpus, k) + tokens[ply].first;
    text.replace(at, tokens[ply].second, bad);

    pgn::Replayer r = read_damaged(corpus, text, {k});
    ASSERT_EQ(r.problems.size(), 1u) << describe_problems(r);
    const auto& p = r.problems[0];
    EXPECT_EQ(p.game, long(k + 1));
    EXPECT_EQ(p.ply, int(ply + 1));
    EXPECT_EQ(p.move, std::to_string(before.fullmove_number()) +
                          (before.side_to_move() == White ? ". " : "... ") + bad);
    EXPECT_TRUE(p.message.starts_with("illegal move: ")) << p.message;
    EXPECT_EQ(p.where.line, line_of(text, at));
    const auto& rec = corpus.games[k].record;
    EXPECT_EQ(p.players, *rec.tag("White") + " - " + *rec.tag("Black"));
    EXPECT_EQ(r.games_read, 40);
    EXPECT_EQ(r.games.size(), 39u);
}

TEST(PgnCorpus, DeletedClosingBraceIsReportedInItsGame) {
    const Corpus corpus = make_corpus(778, 40);
    // A game whose last comment is followed by its result only after more moves, and whose
    // next game has no comment to close the brace by accident.
    const std::size_t k = find_game(
        corpus, 5, [&](std::size_t i) { return corpus.texts[i].find('{') != std::string::npos; });
    std::string text = corpus.joined();
    const std::size_t brace = offset_of(corpus, k) + corpus.texts[k].rfind('}');
    const long line = line_of(text, brace);
    text.erase(brace, 1);

    pgn::Replayer r = read_damaged(corpus, text, {k});
    ASSERT_FALSE(r.problems.empty());
    for (const auto& p : r.problems) {
        EXPECT_EQ(p.game, long(k + 1)) << p.describe();
        EXPECT_LE(p.where.line, line) << p.describe();
    }
    EXPECT_TRUE(contains(r.problems[0].message, "unterminated comment")) << describe_problems(r);
    EXPECT_EQ(r.games_read, 40);
}

TEST(PgnCorpus, DeletedClosingParenthesisIsReportedInItsGame) {
    const Corpus corpus = make_corpus(779, 40);
    const std::size_t k = find_game(corpus, 5, [&](std::size_t i) {
        // A variation in the main line followed by more main-line moves.
        const auto& nodes = corpus.games[i].record.main.nodes;
        for (std::size_t n = 0; n + 3 < nodes.size(); ++n)
            if (!nodes[n].variations.empty()) return true;
        return false;
    });
    std::string text = corpus.joined();
    const std::size_t game_start = offset_of(corpus, k);
    const std::size_t paren = game_start + variation_close(corpus.texts[k]);
    const long line = line_of(text, paren);
    const long last_line = line_of(text, game_start + corpus.texts[k].size() - 1);
    text.erase(paren, 1);

    pgn::Replayer r = read_damaged(corpus, text, {k});
    ASSERT_FALSE(r.problems.empty());
    for (const auto& p : r.problems) {
        EXPECT_EQ(p.game, long(k + 1)) << p.describe();
        EXPECT_GE(p.where.line, line) << p.describe();
        EXPECT_LE(p.where.line, last_line) << p.describe();
    }
    EXPECT_EQ(r.games_read, 40);
}

TEST(PgnCorpus, TruncatedFileIsReportedInTheLastGame) {
    const Corpus corpus = make_corpus(780, 30);
    const std::size_t k = find_game(
        corpus, 20, [&](std::size_t i) { return corpus.games[i].record.main.nodes.size() >= 20; });
    const std::string& game_text = corpus.texts[k];
    const std::size_t movetext = game_text.find("\n\n") + 2;
    // Cut at several places in the movetext: inside a token, a comment, a variation.
    for (std::size_t cut = movetext + 7; cut + 10 < game_text.size();
         cut += (game_text.size() - movetext) / 7) {
        SCOPED_TRACE("cut at " + std::to_string(cut));
        const std::string text = corpus.joined().substr(0, offset_of(corpus, k) + cut);
        pgn::Replayer r = read_text(text);
        EXPECT_EQ(r.games_read, long(k + 1));
        ASSERT_FALSE(r.problems.empty());
        for (const auto& p : r.problems) EXPECT_EQ(p.game, long(k + 1)) << p.describe();
        ASSERT_GE(r.games.size(), k);
        for (std::size_t i = 0; i < k; ++i) expect_same_game(r.games[i], corpus.games[i]);
        if (r.games.size() > k) {
            // What was read of the cut game is a beginning of it.
            const auto read = moves_of(r.games[k].main);
            const auto full = moves_of(corpus.games[k].record.main);
            ASSERT_LE(read.size(), full.size());
            EXPECT_TRUE(std::equal(read.begin(), read.end(), full.begin()));
        }
    }
}

TEST(PgnCorpus, BinaryGarbageBetweenGamesIsReportedAndSkipped) {
    const Corpus corpus = make_corpus(781, 30);
    for (std::size_t k : {std::size_t(0), std::size_t(11), std::size_t(28)}) {
        SCOPED_TRACE("garbage after game " + std::to_string(k + 1));
        startpos::Random rng(k + 1);
        std::string garbage;
        for (int i = 0; i < 300; ++i) garbage += char(rng.below(256));
        std::string text = corpus.joined();
        const std::size_t at = offset_of(corpus, k + 1) - 1;  // the blank line after game k
        ASSERT_EQ(text[at], '\n');
        const std::string inserted = "\n" + garbage + "\n";
        text.insert(at, inserted);
        const long first = line_of(text, at + 1), last = line_of(text, at + inserted.size() - 1);

        pgn::Replayer r = read_damaged(corpus, text, {k + 1});
        EXPECT_EQ(r.games_read, 30);  // the garbage is not a game
        ASSERT_FALSE(r.problems.empty());
        for (const auto& p : r.problems) {
            EXPECT_EQ(p.game, long(k + 2)) << p.describe();  // reported with the next game
            EXPECT_GE(p.where.line, first) << p.describe();
            EXPECT_LE(p.where.line, last) << p.describe();
        }
        // ... and the next game itself is read correctly.
        ASSERT_EQ(r.games.size(), 30u);
        expect_same_game(r.games[k + 1], corpus.games[k + 1]);
    }
}

TEST(PgnCorpus, EveryCorruptionAtOnce) {
    const Corpus corpus = make_corpus(782, 50);
    std::vector<std::string> texts = corpus.texts;
    // Game 6: an illegal move; game 16: a deleted '}'; game 26: a deleted ')'; garbage after
    // game 36; game 50 cut short.
    auto pick = [&](std::size_t from, auto pred) { return find_game(corpus, from, pred); };
    const std::size_t illegal =
        pick(5, [&](std::size_t i) { return corpus.games[i].record.main.nodes.size() >= 10; });
    const std::size_t brace =
        pick(15, [&](std::size_t i) { return texts[i].find('}') != std::string::npos; });
    const std::size_t paren = pick(25, [&](std::size_t i) {
        const auto& nodes = corpus.games[i].record.main.nodes;
        for (std::size_t n = 0; n + 3 < nodes.size(); ++n)
            if (!nodes[n].variations.empty()) return true;
        return false;
    });
    ASSERT_LT(illegal, brace);
    ASSERT_LT(brace, paren);
    ASSERT_LT(paren, 35u);
    {
        auto tokens = main_line_tokens(texts[illegal]);
        Position before = corpus.games[illegal].record.start;
        for (std::size_t i = 0; i < 5; ++i)
            before.play(corpus.games[illegal].record.main.nodes[i].move);
        texts[illegal].replace(tokens[5].first, tokens[5].second, illegal_move_for(before));
    }
    texts[brace].erase(texts[brace].rfind('}'), 1);
    texts[paren].erase(variation_close(texts[paren]), 1);
    texts[35] += "\n\x01\x02\xff garbage {{ [ ( \x7f\x00 more\n"s;
    texts[49] = texts[49].substr(0, texts[49].size() - 30);
    std::string text;
    for (std::size_t i = 0; i < texts.size(); ++i) text += (i ? "\n" : "") + texts[i];

    pgn::Replayer r = read_damaged(corpus, text, {illegal, brace, paren, 36, 49});
    EXPECT_EQ(r.games_read, 50);
    std::map<long, int> problems_per_game;
    for (const auto& p : r.problems) ++problems_per_game[p.game];
    for (std::size_t g : {illegal, brace, paren, std::size_t(36), std::size_t(49)})
        EXPECT_GE(problems_per_game[long(g + 1)], 1) << "game " << g + 1 << "\n"
                                                     << describe_problems(r);
    for (const auto& p : r.problems)
        if (p.game == long(illegal + 1)) {
            EXPECT_EQ(p.ply, 6) << p.describe();
        }
}

TEST(PgnLines, ATagLineIsAWholeNameValuePair) {
    EXPECT_TRUE(pgn::is_tag_line("[Event \"Casual\"]"));
    EXPECT_TRUE(pgn::is_tag_line("[ White_2  \"A B\"]  \r"));
    EXPECT_FALSE(pgn::is_tag_line("[Event \"Casual\"] 1. e4"));  // movetext follows on the line
    EXPECT_FALSE(pgn::is_tag_line("[Event Casual]"));            // the value is not a string
    EXPECT_FALSE(pgn::is_tag_line("[\"Casual\"]"));              // no name
    EXPECT_FALSE(pgn::is_tag_line(" [Event \"Casual\"]"));       // not at the line's start
    EXPECT_FALSE(pgn::is_tag_line(""));
}

TEST(PgnLines, BinaryIsAControlCharacterOtherThanWhiteSpace) {
    EXPECT_FALSE(pgn::has_binary("1. e4 e5\t{ok}\r\n"));
    EXPECT_TRUE(pgn::has_binary(std::string_view("1. e4\0", 6)));
    EXPECT_TRUE(pgn::has_binary("\x7f"));
    EXPECT_TRUE(pgn::has_binary("\x1b[0m"));
}
