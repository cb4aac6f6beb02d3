// The TRF reader and writer: the fields of record 001, JaVaFo's and bbpPairings' codes, errors
// with line and column, and every committed file written back byte for byte.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "chess960/pairing/trf.hpp"
#include "pairing_support.hpp"

namespace {

using namespace chess960;
using namespace chess960::pairing;
using chess960::pairing::testing::slurp;
using chess960::pairing::testing::tournaments;

// A 001 line built column by column (TRF-2026: name from column 15, rating 49-52, points 81-84,
// rank 86-89, rounds from 92).
std::string line001(int number, const std::string& name, int rating, const std::string& points,
                    const std::string& rounds) {
    std::string line(91, ' ');
    line.replace(0, 3, "001");
    const std::string n = std::to_string(number);
    line.replace(8 - n.size(), n.size(), n);
    line.replace(14, name.size(), name);
    const std::string r = rating ? std::to_string(rating) : "";
    line.replace(52 - r.size(), r.size(), r);
    line.replace(84 - points.size(), points.size(), points);
    line.replace(89 - n.size(), n.size(), n);
    return (line + rounds).substr(0, rounds.empty() ? 89 : std::string::npos);
}

const std::string kTwoPlayers = "012 Two\nXXR 2\n" +
                                line001(1, "Alpha, A", 2100, "1.0", "   2 w 1") + "\n" +
                                line001(2, "Beta, B", 0, "0.0", "   1 b 0") + "\n";

TEST(Trf, ReadsPlayersAndRounds) {
    auto t = read_trf(kTwoPlayers);
    ASSERT_TRUE(t) << t.error().to_string();
    ASSERT_EQ(t->players.size(), 2u);
    EXPECT_EQ(t->name, "Two");
    EXPECT_EQ(t->total_rounds, 2);
    EXPECT_EQ(t->players[0].name, "Alpha, A");
    EXPECT_EQ(t->players[0].rating, 2100);
    EXPECT_EQ(t->players[1].rating, 0);
    EXPECT_EQ(t->players[0].points, 10);
    ASSERT_EQ(t->players[0].rounds.size(), 1u);
    EXPECT_EQ(t->players[0].rounds[0], (RoundEntry{2, Colour::White, '1'}));
    EXPECT_TRUE(t->players[0].rounds[0].played());
    EXPECT_EQ(t->rounds_recorded(), 1);
}

TEST(Trf, WritesWhatItReads) { EXPECT_EQ(write_trf(*read_trf(kTwoPlayers)), kTwoPlayers); }

TEST(Trf, LineEndingsOfEveryKind) {
    std::string cr = kTwoPlayers, crlf;
    std::replace(cr.begin(), cr.end(), '\n', '\r');
    for (char c : kTwoPlayers) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    EXPECT_EQ(write_trf(*read_trf(cr)), kTwoPlayers);
    EXPECT_EQ(write_trf(*read_trf(crlf)), kTwoPlayers);
}

TEST(Trf, NamesAreCountedInCharactersNotBytes) {
    // "Ø" is two bytes: the rating still starts at column 49 (character 49).
    std::string line = line001(1, "X", 2000, "0.0", "");
    line.replace(14, 1, "Ø");
    const std::string text = "XXR 1\n" + line + "\n";
    auto t = read_trf(text);
    ASSERT_TRUE(t) << t.error().to_string();
    EXPECT_EQ(t->players[0].name, "Ø");
    EXPECT_EQ(write_trf(*t), text);
}

TEST(Trf, JavafoAndBbpCodes) {
    const std::string text = "XXR 5\nXXC black1 rank\nXXS W=3 D=1 PAB=2\nBBL 0.5\n" +
                             line001(1, "A", 0, "0.0", "") + "\n" + line001(2, "B", 0, "0.0", "") +
                             "\nXXA    1  1.0  0.5\nXXP 1 2\n240 F   1    2\n";
    auto t = read_trf(text);
    ASSERT_TRUE(t) << t.error().to_string();
    EXPECT_EQ(t->total_rounds, 5);
    EXPECT_EQ(t->initial_colour, Colour::Black);
    EXPECT_TRUE(t->use_rank);
    EXPECT_EQ(t->points.win, 30);
    EXPECT_EQ(t->points.draw, 10);
    EXPECT_EQ(t->points.pairing_bye, 20);
    EXPECT_EQ(t->points.loss, 5);
    EXPECT_EQ(t->players[0].acceleration, (std::vector<Points>{10, 5}));
    ASSERT_EQ(t->forbidden.size(), 1u);
    EXPECT_EQ(t->forbidden[0], (std::vector<int>{1, 2}));
    ASSERT_EQ(t->requested_byes.size(), 1u);
    EXPECT_EQ(t->requested_byes[0], (Tournament::RequestedBye{1, 2, 'F'}));
    EXPECT_EQ(write_trf(*t), text);
}

TEST(Trf, Records250And260) {
    const std::string text = "XXR 5\n" + line001(1, "A", 0, "0.0", "") + "\n" +
                             line001(2, "B", 0, "0.0", "") + "\n" + line001(3, "C", 0, "0.0", "") +
                             "\n" + "250       1.0   2   3    1    2\n260   1   4    2    3\n";
    auto t = read_trf(text);
    ASSERT_TRUE(t) << t.error().to_string();
    EXPECT_EQ(t->players[0].acceleration, (std::vector<Points>{0, 10, 10}));
    EXPECT_EQ(t->players[1].acceleration, (std::vector<Points>{0, 10, 10}));
    EXPECT_TRUE(t->players[2].acceleration.empty());
    ASSERT_EQ(t->forbidden_in_rounds.size(), 1u);
    EXPECT_EQ(t->forbidden_in_rounds[0].first_round, 1);
    EXPECT_EQ(t->forbidden_in_rounds[0].last_round, 4);
    EXPECT_EQ(t->forbidden_in_rounds[0].players, (std::vector<int>{2, 3}));
    EXPECT_EQ(write_trf(*t), text);
    auto bad = read_trf("XXR 5\n260   3   2    1    2\n");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().column, 9);
}

// A tournament built in memory (a server's) writes TRF-2026's records and reads back the same.
TEST(Trf, InMemoryTournamentWritesTrf2026) {
    Tournament t;
    t.name = "Club Swiss";
    t.total_rounds = 7;
    t.initial_colour = Colour::Black;
    t.points.win = 30;
    t.points.draw = 10;
    t.points.pairing_bye = 30;
    for (int n = 1; n <= 3; ++n) {
        Player p;
        p.start_number = n;
        p.name = "Player " + std::to_string(n);
        p.title = n == 1 ? "GM" : "";
        p.federation = "NOR";
        p.fide_id = "1503014";
        p.birth_date = "1990/11/30";
        p.sex = 'm';
        p.rating = 2000 + n;
        t.players.push_back(p);
    }
    t.players[0].acceleration = {10, 5};
    t.forbidden = {{1, 2}};
    t.forbidden_in_rounds = {{2, 3, {2, 3}}};
    t.requested_byes = {{1, 3, 'H'}, {2, 2, 'Z'}};
    const std::string text = write_trf(t);
    EXPECT_NE(text.find("142 7\n152 B\n162  W 3.0    D 1.0\n"), std::string::npos) << text;
    auto back = read_trf(text);
    ASSERT_TRUE(back) << back.error().to_string() << "\n" << text;
    EXPECT_EQ(back->total_rounds, 7);
    EXPECT_EQ(back->initial_colour, Colour::Black);
    EXPECT_EQ(back->points, t.points);
    EXPECT_EQ(back->players[0].title, "GM");
    EXPECT_EQ(back->players[0].sex, 'm');
    EXPECT_EQ(back->players[2].fide_id, "1503014");
    EXPECT_EQ(back->players[2].birth_date, "1990/11/30");
    EXPECT_EQ(back->players[2].federation, "NOR");
    EXPECT_EQ(back->players[0].acceleration, (std::vector<Points>{10, 5}));
    EXPECT_EQ(back->forbidden, t.forbidden);
    ASSERT_EQ(back->forbidden_in_rounds.size(), 1u);
    EXPECT_EQ(back->forbidden_in_rounds[0].players, (std::vector<int>{2, 3}));
    EXPECT_EQ(back->requested_byes, t.requested_byes);
    EXPECT_EQ(write_trf(*back), text);
}

TEST(Trf, Trf2026PointSystemAndInitialColour) {
    auto t = read_trf("142 9\n152 W\n162  W 3.0    D 1.0    P 3.0\n");
    ASSERT_TRUE(t) << t.error().to_string();
    EXPECT_EQ(t->total_rounds, 9);
    EXPECT_EQ(t->initial_colour, Colour::White);
    EXPECT_EQ(t->points.win, 30);
    EXPECT_EQ(t->points.draw, 10);
    EXPECT_EQ(t->points.pairing_bye, 30);
}

// A malformed file: the error names the line and the column.
struct BadCase {
    std::string text;
    int line;
    int column;
    std::string words;
};

class TrfErrors : public ::testing::TestWithParam<BadCase> {};

TEST_P(TrfErrors, NameLineAndColumn) {
    const BadCase& c = GetParam();
    auto t = read_trf(c.text);
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error().code, ErrorCode::InvalidTrf);
    EXPECT_EQ(t.error().line, c.line) << t.error().to_string();
    EXPECT_EQ(t.error().column, c.column) << t.error().to_string();
    EXPECT_NE(t.error().to_string().find(c.words), std::string::npos) << t.error().to_string();
}

std::string with(std::string line, std::size_t column, const std::string& text) {
    line.replace(column - 1, text.size(), text);
    return line;
}

const std::string kP1 = line001(1, "A", 2000, "1.0", "   2 w 1");
const std::string kP2 = line001(2, "B", 2000, "0.0", "   1 b 0");

INSTANTIATE_TEST_SUITE_P(
    Malformed, TrfErrors,
    ::testing::Values(
        BadCase{"XXR 2\n001    1  short\n", 2, 16, "record 001 needs its points"},
        BadCase{"XXR 2\n" + with(kP1, 5, "  x1") + "\n", 2, 5, "invalid start number"},
        BadCase{"XXR 2\n" + with(kP1, 49, "20a0") + "\n", 2, 49, "invalid rating"},
        BadCase{"XXR 2\n" + with(kP1, 81, "1,00") + "\n", 2, 81, "invalid points"},
        BadCase{"XXR 2\n" + kP1 + "\n" + with(kP2, 97, "x") + "\n", 3, 97, "invalid colour"},
        BadCase{"XXR 2\n" + kP1 + "\n" + with(kP2, 99, "?") + "\n", 3, 99, "invalid result"},
        BadCase{"XXR 2\n" + with(kP1, 92, "   1") + "\n", 2, 92, "cannot meet themselves"},
        BadCase{"XXR 2\n" + kP1 + "\n" + with(kP2, 92, "   0") + "\n", 3, 92,
                "a played game needs an opponent"},
        BadCase{"XXR 2\n" + kP1 + " trailing\n", 2, 101, "unexpected text"},
        BadCase{"XXR 2\n" + kP1 + "\n" + line001(1, "C", 0, "0.0", "") + "\n", 3, 5,
                "is repeated (first on line 2)"},
        BadCase{"XXR two\n", 1, 4, "invalid number of rounds"},
        BadCase{"XXR 2\n152 X\n", 2, 5, "record 152"}, BadCase{"XXR 2\n\xff\n", 2, 1, "not UTF-8"},
        BadCase{"XXR 2\nXXS W=one\n", 2, 7, "invalid points"},
        BadCase{"XXR 2\n013 team\n", 2, 1, "team tournaments"},
        BadCase{"XXR 2\n" + kP1 + "\n" + kP2 + "\n240 X   2    1\n", 4, 5, "kind of bye"}));

TEST(Trf, InconsistentGamesAreRefused) {
    // Player 2 lists nobody in round 1 while player 1 lists a game with player 2.
    const std::string text = "XXR 2\n" + kP1 + "\n" + line001(2, "B", 2000, "0.0", "") + "\n";
    auto t = read_trf(text);
    ASSERT_FALSE(t);
    EXPECT_EQ(t.error().code, ErrorCode::InvalidTournament);
    EXPECT_NE(t.error().message.find("round 1 of player 1"), std::string::npos);
}

TEST(Trf, MissingStartNumberIsRefused) {
    auto t = read_trf("XXR 1\n" + line001(2, "B", 0, "0.0", "") + "\n");
    ASSERT_FALSE(t);
    EXPECT_NE(t.error().message.find("start number 1 is missing"), std::string::npos);
}

// Every tournament bbpPairings generated and every one ours generated reads and writes back
// byte for byte (bbpPairings ends its lines with "\r", the files here with "\n").
TEST(Trf, EveryCommittedTournamentRoundTrips) {
    int checked = 0;
    for (const auto& [name, text] : tournaments("bbp_tournaments.trfs")) {
        auto t = read_trf(text);
        ASSERT_TRUE(t) << name << ": " << t.error().to_string();
        EXPECT_EQ(write_trf(*t), text) << name;
        ++checked;
    }
    for (int k = 1; k <= 12; ++k) {
        const std::string text =
            slurp(pairing::testing::data_path("ours/gen" + std::to_string(k) + ".trf"));
        auto t = read_trf(text);
        ASSERT_TRUE(t) << k << ": " << t.error().to_string();
        EXPECT_EQ(write_trf(*t), text) << k;
        ++checked;
    }
    EXPECT_GE(checked, 200);
}

}  // namespace
