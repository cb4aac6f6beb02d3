// Regression tests for invariant failures of the PGN fuzz target (fuzz/pgn_fuzzer.cpp): every
// game the reader and Replayer record must be written by write_game as text that reads back to
// the same moves and is written again byte for byte.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "chess960/pgn.hpp"

using namespace chess960;

namespace {

std::vector<pgn::GameRecord> read_games(const std::string& text) {
    std::istringstream in(text);
    pgn::Reader reader(in);
    pgn::Replayer replayer(true);
    reader.read_all(replayer);
    return std::move(replayer.games);
}

std::vector<Move> main_line(const pgn::GameRecord& game) {
    std::vector<Move> moves;
    for (const pgn::Node& node : game.main.nodes) moves.push_back(node.move);
    return moves;
}

// The fuzz target's check: each game read from `text` is written, read back as one game with
// the same moves, and written again to the same text. Returns the number of games checked.
int expect_games_round_trip(const std::string& text) {
    int checked = 0;
    for (const pgn::GameRecord& game : read_games(text)) {
        const std::string written = pgn::write_game(game);
        const auto back = read_games(written);
        EXPECT_EQ(back.size(), 1u) << written;
        if (back.size() != 1) continue;
        EXPECT_EQ(main_line(back[0]), main_line(game)) << written;
        EXPECT_EQ(pgn::write_game(back[0]), written);
        ++checked;
    }
    return checked;
}

}  // namespace

// A comment word ending in a carriage return ("x\r", from a line "...x\r y}" of a file with
// CR-free line ends) was written as is: when the 80-column wrap put it last on a line, the
// written line ended in "\r\n", the reader took that for a CRLF line end and dropped the '\r',
// so the game read back had another comment and was written differently. The writer now treats
// every white space character in a comment as a word break. Each padding length below moves
// the word to another column, so one of them puts it at the end of a line.
TEST(PgnFuzzRegression, CommentWordEndingInCarriageReturnAtALineEnd) {
    for (int pad = 1; pad <= 100; ++pad) {
        const std::string text =
            "[Event \"t\"]\n\n1. e4 {" + std::string(std::size_t(pad), 'a') + " x\r y} e5 *\n";
        const auto games = read_games(text);
        ASSERT_EQ(games.size(), 1u) << "pad " << pad;
        const std::string written = pgn::write_game(games[0]);
        EXPECT_EQ(written.find('\r'), std::string::npos) << "pad " << pad;
        EXPECT_EQ(expect_games_round_trip(text), 1) << "pad " << pad;
    }
}

// The same for tabs, vertical tabs and form feeds inside comment words: all become word breaks.
TEST(PgnFuzzRegression, CommentWhiteSpaceIsWrittenAsSingleSpaces) {
    const std::string text = "[Event \"t\"]\n\n1. e4 {a\tb\vc\fd\re  f} e5 *\n";
    const auto games = read_games(text);
    ASSERT_EQ(games.size(), 1u);
    const std::string written = pgn::write_game(games[0]);
    EXPECT_NE(written.find("1. e4 {a b c d e f} 1... e5 *"), std::string::npos) << written;
    EXPECT_EQ(expect_games_round_trip(text), 1);
}

// The fuzzer's input, minimized (binary bytes, a BOM, CR in comment text, stray results).
TEST(PgnFuzzRegression, MinimizedFuzzerInput) {
    const char bytes[] =
        "\357{BeW# 10\nA\"]l1-0\n\"B\"]\r 5-0\nB\"]\r 7 1-0\nEvent\001\376\377\377\365\000\000"
        "\000lack\nB\"]\r 7 1-0\nY\037\177\000\000\r\r\n[FEb9.}";
    const std::string text(bytes, sizeof bytes - 1);
    expect_games_round_trip(text);
}

// A tag value with a control character (here NUL) is read when its line is not the first of the
// game, but the writer put it in the first line, [Event ...], which the reader then skipped as
// binary data: the game read back lost its Event tag and was written differently. The writer
// now writes control characters in tag values as '?' (a space for tab, CR, VT and FF).
TEST(PgnFuzzRegression, ControlCharactersInTagValuesAreNotWritten) {
    const char bytes[] = "[Site \"x\"]\n[Event \"a\000b\tc\"]\n\n1. e4 *\n";
    const std::string text(bytes, sizeof bytes - 1);
    const auto games = read_games(text);
    ASSERT_EQ(games.size(), 1u);
    const std::string written = pgn::write_game(games[0]);
    EXPECT_EQ(written.rfind("[Event \"a?b c\"]\n", 0), 0u) << written;
    EXPECT_EQ(expect_games_round_trip(text), 1);
}

// A comment whose words, wrapped at 80 columns, put a tag pair alone on a line of its own
// ('[Variant "y"]'): the reader takes such a line inside an open comment for the next game (a
// comment that lost its '}'), so the game read back ended early and a second game followed. The
// writer now starts a comment line that would begin with '[' with a space.
TEST(PgnFuzzRegression, CommentLineLookingLikeATagPair) {
    for (int pad = 60; pad <= 80; ++pad) {
        const std::string x(std::size_t(pad), 'x'), z(std::size_t(pad), 'z');
        const std::string text =
            "[Event \"t\"]\n\n1. e4 {" + x + " [Variant \"y\"] " + z + "} e5 *\n";
        const auto games = read_games(text);
        ASSERT_EQ(games.size(), 1u) << "pad " << pad;
        const std::string written = pgn::write_game(games[0]);
        EXPECT_EQ(written.find("\n[Variant \"y\"]"), std::string::npos) << written;
        EXPECT_EQ(expect_games_round_trip(text), 1) << "pad " << pad;
    }
}

// A comment word starting with a UTF-8 byte order mark, put first on a line by the wrap: the
// reader drops a BOM at the start of any line, so the comment read back differed. The writer
// now starts such a comment line with a space too.
TEST(PgnFuzzRegression, CommentLineStartingWithAByteOrderMark) {
    for (int pad = 60; pad <= 80; ++pad) {
        const std::string x(std::size_t(pad), 'x'), z(std::size_t(pad), 'z');
        const std::string text =
            "[Event \"t\"]\n\n1. e4 {" + x + " \xEF\xBB\xBFword " + z + "} e5 *\n";
        const auto games = read_games(text);
        ASSERT_EQ(games.size(), 1u) << "pad " << pad;
        const std::string written = pgn::write_game(games[0]);
        EXPECT_EQ(written.find("\n\xEF\xBB\xBF"), std::string::npos) << written;
        EXPECT_EQ(expect_games_round_trip(text), 1) << "pad " << pad;
    }
}
