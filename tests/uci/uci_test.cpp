// The UCI loop (chess960::uci::Session) driven through string streams: the handshake, options,
// position commands in both castling modes, errors that leave the position unchanged, `d`,
// `go perft` output, and how the loop ends.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "uci/uci.hpp"

using namespace chess960;

namespace {

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
    return lines;
}

// A session with its output and log captured.
struct Harness {
    std::ostringstream out;
    std::ostringstream log;
    uci::Session session{out, log};

    // Feeds `input` to run() and returns what it printed since the last call.
    std::string run(const std::string& input) {
        std::istringstream in(input);
        session.run(in);
        return take();
    }
    std::string take() {
        std::string text = out.str();
        out.str("");
        out.clear();
        return text;
    }
    // The FEN that `d` prints for the current position.
    std::string displayed_fen() {
        std::string before = take();
        EXPECT_EQ(before, "") << "unread output";
        auto lines = split_lines(run("d\n"));
        std::string fen;
        int count = 0;
        for (const auto& l : lines)
            if (l.starts_with("Fen: ")) {
                fen = l.substr(5);
                ++count;
            }
        EXPECT_EQ(count, 1) << "d must print exactly one Fen: line";
        return fen;
    }
};

std::vector<std::string> error_lines(const std::string& output) {
    std::vector<std::string> errors;
    for (const auto& l : split_lines(output))
        if (l.starts_with("info string error: ")) errors.push_back(l);
    return errors;
}

// Parses `go perft` output: the root-move lines ("b1a1: 24") and the total.
struct PerftOutput {
    std::vector<std::pair<std::string, std::uint64_t>> divide;
    std::map<std::string, std::uint64_t> by_move;
    std::uint64_t total = 0;
    int total_lines = 0;
    std::vector<std::string> other;  // non-empty lines that are neither
};

PerftOutput parse_perft(const std::string& output) {
    static const std::regex move_line(R"(^([a-h][1-8][a-h][1-8][qrbn]?): (\d+)$)");
    static const std::regex total_line(R"(^Nodes searched: (\d+)$)");
    PerftOutput result;
    for (const auto& l : split_lines(output)) {
        std::smatch m;
        if (std::regex_match(l, m, move_line)) {
            std::uint64_t n = std::stoull(m[2]);
            result.divide.emplace_back(m[1], n);
            result.by_move[m[1]] = n;
        } else if (std::regex_match(l, m, total_line)) {
            result.total = std::stoull(m[1]);
            ++result.total_lines;
        } else if (!l.empty()) {
            result.other.push_back(l);
        }
    }
    return result;
}

std::uint64_t sum(const PerftOutput& p) {
    std::uint64_t s = 0;
    for (const auto& [move, n] : p.divide) s += n;
    return s;
}

// A Chess960 position (docs/pitfalls.md, its table) whose white king b1 can castle with a1 (c-side)
// and e1 (g-side); Stockfish: 24 legal moves, castles b1a1 and b1e1, perft 2 = 576.
constexpr const char* kRkShredder = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1";
constexpr const char* kRkXfen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1";
// Ordinary-chess geometry with both castles available; Stockfish perft 2 = 625.
constexpr const char* kCorners = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

// --- Handshake and options ---------------------------------------------------------------

TEST(Uci, UciPrintsIdOptionAndUciok) {
    Harness h;
    auto lines = split_lines(h.run("uci\n"));
    ASSERT_GE(lines.size(), 4u);
    EXPECT_TRUE(lines[0].starts_with("id name ")) << lines[0];
    EXPECT_GT(lines[0].size(), std::string("id name ").size());
    EXPECT_TRUE(lines[1].starts_with("id author ")) << lines[1];
    for (const char* option : {"option name UCI_Chess960 type check default false",
                               "option name Hash type spin default 16 min 1 max 65536",
                               "option name MultiPV type spin default 1 min 1 max 256",
                               "option name UCI_LimitStrength type check default false",
                               "option name UCI_Elo type spin default 1500 min 1320 max 3190"})
        EXPECT_NE(std::find(lines.begin(), lines.end(), option), lines.end()) << option;
    for (std::size_t i = 2; i + 1 < lines.size(); ++i)
        EXPECT_TRUE(lines[i].starts_with("option name ")) << lines[i];
    EXPECT_EQ(lines.back(), "uciok");
    EXPECT_EQ(h.session.mode(), CastlingMode::Standard) << "UCI_Chess960 defaults to false";
}

TEST(Uci, IsReadyAnswersReadyok) {
    Harness h;
    EXPECT_EQ(h.run("isready\n"), "readyok\n");
    EXPECT_EQ(h.run("isready\nisready\n"), "readyok\nreadyok\n");
}

TEST(Uci, SetOptionUciChess960TrueAndFalse) {
    Harness h;
    EXPECT_EQ(h.run("setoption name UCI_Chess960 value true\n"), "");
    EXPECT_EQ(h.session.mode(), CastlingMode::Chess960);
    EXPECT_EQ(h.run("setoption name UCI_Chess960 value false\n"), "");
    EXPECT_EQ(h.session.mode(), CastlingMode::Standard);
    // Option names and check values are case-insensitive; extra blanks are tolerated.
    EXPECT_EQ(h.run("setoption name uci_chess960 value TRUE\n"), "");
    EXPECT_EQ(h.session.mode(), CastlingMode::Chess960);
    EXPECT_EQ(h.run("  setoption   name UCI_Chess960   value   False  \r\n"), "");
    EXPECT_EQ(h.session.mode(), CastlingMode::Standard);
    // Tabs separate words as blanks do, here as in every other command.
    EXPECT_EQ(h.run("setoption\tname\tUCI_Chess960\tvalue\ttrue\n"), "");
    EXPECT_EQ(h.session.mode(), CastlingMode::Chess960);
    EXPECT_EQ(h.run("setoption name UCI_Chess960\tvalue false\n"), "");
    EXPECT_EQ(h.session.mode(), CastlingMode::Standard);
}

TEST(Uci, SetOptionBadValueIsReportedAndIgnored) {
    Harness h;
    h.run("setoption name UCI_Chess960 value true\n");
    for (const char* bad :
         {"setoption name UCI_Chess960 value maybe\n", "setoption name UCI_Chess960 value 1\n",
          "setoption name UCI_Chess960\n"}) {
        auto out = h.run(bad);
        auto errors = error_lines(out);
        ASSERT_EQ(errors.size(), 1u) << bad << out;
        EXPECT_NE(errors[0].find("UCI_Chess960"), std::string::npos) << errors[0];
        EXPECT_EQ(split_lines(out).size(), 1u) << out;
        EXPECT_EQ(h.session.mode(), CastlingMode::Chess960) << "a bad value changes nothing";
    }
    auto errors = error_lines(h.run("setoption name UCI_Chess960 value maybe\n"));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("'maybe'"), std::string::npos) << errors[0];
}

TEST(Uci, SetOptionUnknownOrMalformed) {
    Harness h;
    auto errors = error_lines(h.run("setoption name Hashes value 16\n"));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("'Hashes'"), std::string::npos) << errors[0];
    EXPECT_EQ(h.run("setoption name Hash value 32\n"), "");
    for (const char* bad :
         {"setoption name Hash value 0\n", "setoption name Hash value lots\n",
          "setoption name MultiPV value 999\n", "setoption name Ponder value maybe\n"})
        EXPECT_EQ(error_lines(h.run(bad)).size(), 1u) << bad;
    errors = error_lines(h.run("setoption UCI_Chess960 true\n"));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("setoption"), std::string::npos) << errors[0];
    EXPECT_EQ(h.session.mode(), CastlingMode::Standard);
}

// --- position ----------------------------------------------------------------------------

TEST(Uci, PositionStartposMoves) {
    Harness h;
    EXPECT_EQ(h.run("position startpos moves e2e4 e7e5\n"), "");
    EXPECT_EQ(write_fen(h.session.position()),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    EXPECT_EQ(h.displayed_fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    // Without moves, and with an empty move list.
    EXPECT_EQ(h.run("position startpos\n"), "");
    EXPECT_EQ(write_fen(h.session.position()), kStart);
    h.run("position startpos moves e2e4\n");
    EXPECT_EQ(h.run("position startpos moves\n"), "");
    EXPECT_EQ(write_fen(h.session.position()), kStart);
}

TEST(Uci, PositionFenShredderAndXfenIn960Mode) {
    for (const char* fen : {kRkShredder, kRkXfen}) {
        Harness h;
        h.run("setoption name UCI_Chess960 value true\n");
        // c-side castle, king takes the a1 rook: king c1, rook d1 (as Stockfish).
        EXPECT_EQ(h.run(std::string("position fen ") + fen + " moves b1a1\n"), "") << fen;
        EXPECT_EQ(h.displayed_fen(), "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b ea - 1 1") << fen;
        // g-side castle, king takes the e1 rook: king g1, rook f1.
        EXPECT_EQ(h.run(std::string("position fen ") + fen + " moves b1e1\n"), "") << fen;
        EXPECT_EQ(h.displayed_fen(), "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ea - 1 1") << fen;
        // And Black castles back the same way.
        EXPECT_EQ(h.run(std::string("position fen ") + fen + " moves b1e1 b8a8\n"), "") << fen;
        EXPECT_EQ(h.displayed_fen(), "2krr3/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2") << fen;
        // X-FEN output of the same position.
        EXPECT_EQ(write_fen(h.session.position()),
                  "2krr3/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
    }
}

TEST(Uci, PositionFenStandardModeCastlingE1g1AndE1h1) {
    const std::string after = "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2";
    Harness h;
    EXPECT_EQ(h.run(std::string("position fen ") + kCorners + " moves e1g1 e8c8\n"), "");
    EXPECT_EQ(h.displayed_fen(), after);
    // Standard mode also reads the king-takes-rook form.
    h.run("position startpos\n");
    EXPECT_EQ(h.run(std::string("position fen ") + kCorners + " moves e1h1 e8a8\n"), "");
    EXPECT_EQ(h.displayed_fen(), after);
    // From the ordinary start, through the Italian game, O-O both ways.
    const std::string italian = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 ";
    const std::string castled =
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
    EXPECT_EQ(h.run(italian + "e1g1\n"), "");
    EXPECT_EQ(h.displayed_fen(), castled);
    h.run("position startpos\n");
    EXPECT_EQ(h.run(italian + "e1h1\n"), "");
    EXPECT_EQ(h.displayed_fen(), castled);
}

TEST(Uci, In960ModeE1g1IsAKingMoveNotACastle) {
    Harness h;
    h.run("setoption name UCI_Chess960 value true\n");
    h.run("position startpos\n");
    const std::string italian = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 ";
    auto out = h.run(italian + "e1g1\n");
    auto errors = error_lines(out);
    ASSERT_EQ(errors.size(), 1u) << out;
    EXPECT_NE(errors[0].find("e1g1"), std::string::npos) << errors[0];
    EXPECT_EQ(write_fen(h.session.position()), kStart) << "position unchanged";
    EXPECT_EQ(h.run(italian + "e1h1\n"), "");
    // Shredder-FEN in 960 mode.
    EXPECT_EQ(h.displayed_fen(),
              "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4");
}

TEST(Uci, PromotionMoves) {
    Harness h;
    EXPECT_EQ(h.run("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8q\n"), "");
    EXPECT_EQ(write_fen(h.session.position()), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_EQ(h.run("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8n\n"), "");
    EXPECT_EQ(write_fen(h.session.position()), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    auto errors = error_lines(h.run("position fen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1 moves a7a8\n"));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("a7a8"), std::string::npos) << errors[0];
    EXPECT_EQ(write_fen(h.session.position()), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

// An illegal or malformed move anywhere in the list: an error naming the move, and the
// position stays what the previous position command set.
TEST(Uci, BadMoveLeavesPositionUnchanged) {
    const std::string before = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b ea - 1 1";
    struct Case {
        const char* command;
        const char* bad;
    };
    const std::string rk = std::string("position fen ") + kRkShredder + " moves ";
    for (bool chess960 : {true, false}) {
        for (Case c : {
                 Case{"position startpos moves e2e4 e7e5 e1e3", "e1e3"},  // not a king move
                 Case{"position startpos moves e2e4 e2e3", "e2e3"},       // e2 is empty now
                 Case{"position startpos moves e2e4 d2d4", "d2d4"},       // White's pawn
                 Case{"position startpos moves e1g1", "e1g1"},            // path blocked
                 Case{"position startpos moves e1h1", "e1h1"},            // path blocked
                 Case{"position startpos moves e2e4 e7e5 e2e9", "e2e9"},  // no such square
                 Case{"position startpos moves e2e4 e7", "e7"},           // too short
                 Case{"position startpos moves e2e4 e7e5x", "e7e5x"},     // bad promotion
                 Case{"position startpos moves e2e4 e7e5qq", "e7e5qq"},   // too long
                 Case{"position startpos moves e2e4 E7E5", "E7E5"},       // upper case
                 Case{"position startpos moves e2e4 0000", "0000"},       // null move
                 Case{"position startpos moves e2e4 e7e5 moves", "moves"},
                 Case{"position fen 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 moves e1e2 e8e7 e2e1 e7e8 "
                      "e1c1",
                      "e1c1"},  // the right is gone after the king moved
             }) {
            Harness h;
            if (chess960) h.run("setoption name UCI_Chess960 value true\n");
            h.run(rk + "b1a1\n");
            ASSERT_EQ(write_fen(h.session.position(), {CastlingNotation::Shredder}), before);
            auto out = h.run(std::string(c.command) + "\n");
            auto errors = error_lines(out);
            ASSERT_EQ(errors.size(), 1u) << c.command << "\n" << out;
            EXPECT_NE(errors[0].find(std::string("'") + c.bad + "'"), std::string::npos)
                << errors[0];
            EXPECT_EQ(split_lines(out).size(), 1u) << out;
            EXPECT_EQ(write_fen(h.session.position(), {CastlingNotation::Shredder}), before)
                << c.command;
            EXPECT_EQ(h.displayed_fen(),
                      chess960 ? before : "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b kq - 1 1");
        }
    }
}

TEST(Uci, ErrorNamesThePlyOfTheBadMove) {
    Harness h;
    auto errors = error_lines(h.run("position startpos moves e2e4 e7e5 g1f3 e5e3\n"));
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_NE(errors[0].find("move 4"), std::string::npos) << errors[0];
    EXPECT_NE(errors[0].find("'e5e3'"), std::string::npos) << errors[0];
    EXPECT_EQ(write_fen(h.session.position()), kStart);
}

TEST(Uci, BadPositionCommandsLeavePositionUnchanged) {
    const std::string before = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 b ea - 1 1";
    Harness h;
    h.run("setoption name UCI_Chess960 value true\n");
    h.run(std::string("position fen ") + kRkXfen + " moves b1a1\n");
    ASSERT_EQ(h.displayed_fen(), before);
    for (const char* bad : {
             "position\n",
             "position somewhere\n",
             "position startpos e2e4\n",  // no 'moves' keyword
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\n",
             "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
             "position fen 8/8/8/8/8/8/8/8 w - - 0 1\n",                                 // no kings
             "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1\n",  // no h1
                                                                                         // rook
             "position fen\n",
         }) {
        auto out = h.run(bad);
        EXPECT_EQ(error_lines(out).size(), 1u) << bad << out;
        EXPECT_EQ(split_lines(out).size(), 1u) << bad << out;
        EXPECT_EQ(h.displayed_fen(), before) << bad;
    }
}

TEST(Uci, ModeIsKeptForTheWholeGame) {
    // 960 mode: a later FEN that looks like ordinary chess does not switch to standard castling.
    Harness h;
    h.run("uci\nsetoption name UCI_Chess960 value true\nucinewgame\nisready\n");
    EXPECT_EQ(h.run(std::string("position fen ") + kRkXfen + " moves b1a1\n"), "");
    EXPECT_EQ(h.run(std::string("position fen ") + kCorners + "\n"), "");
    EXPECT_EQ(h.session.mode(), CastlingMode::Chess960);
    EXPECT_EQ(h.displayed_fen(), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAha - 0 1");
    auto perft = parse_perft(h.run("go perft 1\n"));
    EXPECT_EQ(perft.by_move.count("e1h1"), 1u);
    EXPECT_EQ(perft.by_move.count("e1a1"), 1u);
    EXPECT_EQ(perft.by_move.count("e1g1"), 0u) << "g1 is not reachable by the king";
    EXPECT_EQ(perft.by_move.count("e1c1"), 0u);
    EXPECT_EQ(error_lines(h.run(std::string("position fen ") + kCorners + " moves e1g1\n")).size(),
              1u);
    EXPECT_EQ(h.run(std::string("position fen ") + kCorners + " moves e1h1\n"), "");
    EXPECT_EQ(write_fen(h.session.position()), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1");
    // ucinewgame keeps the option.
    h.run("ucinewgame\n");
    EXPECT_EQ(h.session.mode(), CastlingMode::Chess960);
    EXPECT_EQ(write_fen(h.session.position()), kStart);

    // Standard mode: a Chess960 FEN does not switch to 960 mode (X-FEN stays the display form,
    // e1g1 keeps meaning castling in the ordinary geometry).
    Harness s;
    EXPECT_EQ(s.run(std::string("position fen ") + kRkShredder + "\n"), "");
    EXPECT_EQ(s.session.mode(), CastlingMode::Standard);
    EXPECT_EQ(s.displayed_fen(), kRkXfen);
    EXPECT_EQ(s.run(std::string("position fen ") + kCorners + " moves e1g1\n"), "");
    EXPECT_EQ(write_fen(s.session.position()), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1");
}

// --- d -----------------------------------------------------------------------------------

TEST(Uci, DisplayPrintsDiagramFenKeyAndCheckers) {
    Harness h;
    h.run("position startpos moves e2e4 e7e5 d1h5 b8c6 h5f7\n");
    auto out = h.run("d\n");
    auto lines = split_lines(out);
    EXPECT_NE(std::find(lines.begin(), lines.end(),
                        "Fen: r1bqkbnr/pppp1Qpp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3"),
              lines.end())
        << out;
    EXPECT_NE(std::find(lines.begin(), lines.end(), "Checkers: f7"), lines.end()) << out;
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(),
                            [](const std::string& l) { return l.starts_with("Key: "); }));
    EXPECT_NE(out.find(h.session.position().diagram()), std::string::npos);
}

// --- go perft ----------------------------------------------------------------------------

TEST(Uci, GoPerftIn960ModeWritesCastlingKingTakesRook) {
    Harness h;
    h.run("setoption name UCI_Chess960 value true\n");
    h.run(std::string("position fen ") + kRkShredder + "\n");
    std::string out = h.run("go perft 2\n");
    auto p = parse_perft(out);
    EXPECT_TRUE(p.other.empty()) << out;
    EXPECT_EQ(p.total_lines, 1);
    EXPECT_EQ(p.total, 576u) << "Stockfish 15.1";
    EXPECT_EQ(sum(p), p.total);
    ASSERT_EQ(p.divide.size(), 24u) << out;
    EXPECT_EQ(p.by_move.size(), 24u) << "each root move once";
    for (const auto& [move, n] : p.divide) EXPECT_EQ(n, 24u) << move;
    EXPECT_EQ(p.by_move.count("b1a1"), 1u);  // O-O-O
    EXPECT_EQ(p.by_move.count("b1e1"), 1u);  // O-O
    EXPECT_EQ(p.by_move.count("b1c1"), 1u);  // a plain king move
    // "Nodes searched" comes last; the timing goes to the log, not to the UCI output.
    auto lines = split_lines(out);
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    EXPECT_EQ(lines.back(), "Nodes searched: 576");
    EXPECT_NE(h.log.str().find("576"), std::string::npos);
    EXPECT_EQ(out.find("nodes/s"), std::string::npos);
    // perft does not move the position.
    EXPECT_EQ(write_fen(h.session.position()), kRkXfen);
}

TEST(Uci, GoPerftCheckmatingCastleCountsZero) {
    // Stockfish 15.1: f1h1 (O-O) mates, 131 nodes in all.
    Harness h;
    h.run("setoption name UCI_Chess960 value true\n");
    h.run("position fen 4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 100\n");
    auto p = parse_perft(h.run("go perft 2\n"));
    EXPECT_EQ(p.total, 131u);
    EXPECT_EQ(sum(p), 131u);
    ASSERT_EQ(p.by_move.count("f1h1"), 1u);
    EXPECT_EQ(p.by_move["f1h1"], 0u);
    EXPECT_EQ(p.by_move["f1g1"], 10u) << "the plain king move";
    EXPECT_EQ(p.by_move["h1h6"], 11u);
    EXPECT_EQ(p.divide.size(), 14u);
}

TEST(Uci, GoPerftInStandardModeWritesE1g1) {
    Harness h;
    h.run(std::string("position fen ") + kCorners + "\n");
    auto p = parse_perft(h.run("go perft 2\n"));
    EXPECT_EQ(p.total, 625u) << "Stockfish 15.1";
    EXPECT_EQ(sum(p), 625u);
    EXPECT_EQ(p.divide.size(), 25u);
    EXPECT_EQ(p.by_move.count("e1g1"), 1u);
    EXPECT_EQ(p.by_move.count("e1c1"), 1u);
    EXPECT_EQ(p.by_move.count("e1h1"), 0u);
    EXPECT_EQ(p.by_move.count("e1a1"), 0u);
    // The same position in 960 mode.
    h.run("setoption name UCI_Chess960 value true\n");
    p = parse_perft(h.run("go perft 2\n"));
    EXPECT_EQ(p.total, 625u);
    EXPECT_EQ(p.by_move.count("e1h1"), 1u);
    EXPECT_EQ(p.by_move.count("e1a1"), 1u);
    EXPECT_EQ(p.by_move.count("e1g1"), 0u);
    EXPECT_EQ(p.by_move.count("e1c1"), 0u);
}

TEST(Uci, GoPerftStandardModeNeverWritesFromEqualsTo) {
    // Stockfish#2671: king c1, rook b1: in standard mode the castle must not come out as c1c1.
    Harness h;
    h.run("position fen nrkb2nr/ppppp1p1/6bp/5p2/BPP1P1P1/P7/3P1P1P/qRK1BQNR w BHbh - 0 3\n");
    auto p = parse_perft(h.run("go perft 1\n"));
    EXPECT_EQ(p.total, 28u) << "docs/pitfalls.md, its table";
    for (const auto& [move, n] : p.divide) EXPECT_NE(move.substr(0, 2), move.substr(2, 2));
}

TEST(Uci, GoPerftStartpos) {
    Harness h;
    h.run("position startpos\n");
    auto p = parse_perft(h.run("go perft 3\n"));
    EXPECT_EQ(p.total, 8902u);
    EXPECT_EQ(p.divide.size(), 20u);
    EXPECT_EQ(sum(p), 8902u);
}

TEST(Uci, GoPerftBadDepth) {
    for (const char* bad : {"go perft 0\n", "go perft -1\n", "go perft 21\n", "go perft abc\n",
                            "go perft 2x\n", "go perft\n", "go perft 99999999999999999999\n"}) {
        Harness h;
        auto out = h.run(bad);
        auto errors = error_lines(out);
        ASSERT_EQ(errors.size(), 1u) << bad << out;
        EXPECT_NE(errors[0].find("depth"), std::string::npos) << errors[0];
        EXPECT_EQ(out.find("Nodes searched"), std::string::npos) << bad;
        EXPECT_EQ(h.run("isready\n"), "readyok\n") << "the loop goes on";
    }
}

// --- go: the search ---------------------------------------------------------------------------

// The move of the last "bestmove" line, which must be the last line.
std::string bestmove_of(const std::string& out) {
    auto lines = split_lines(out);
    if (lines.empty() || !lines.back().starts_with("bestmove ")) return "";
    std::string rest = lines.back().substr(9);
    return rest.substr(0, rest.find(' '));
}

TEST(Uci, GoDepthAnswersALegalBestmoveAfterInfoLines) {
    Harness h;
    auto out = h.run("position startpos moves e2e4\ngo depth 4\n");
    std::string best = bestmove_of(out);
    ASSERT_FALSE(best.empty()) << out;
    EXPECT_TRUE(parse_uci(h.session.position(), best, CastlingMode::Standard).has_value()) << best;
    EXPECT_NE(out.find("info depth 4 "), std::string::npos) << out;
    EXPECT_NE(out.find(" score cp "), std::string::npos) << out;
    EXPECT_NE(out.find(" pv "), std::string::npos) << out;
}

TEST(Uci, GoFindsMateInOneAndReportsMateScore) {
    Harness h;
    auto out = h.run("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 3\n");
    EXPECT_EQ(bestmove_of(out), "d1d8") << out;
    EXPECT_NE(out.find("score mate 1"), std::string::npos) << out;
}

TEST(Uci, ThreadsRunsHelpersAndStillAnswersALegalMove) {
    Harness h;
    auto out = h.run(
        "setoption name Threads value 3\nsetoption name UCI_Chess960 value true\n"
        "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n"
        "go depth 8\n");
    const std::string best = bestmove_of(out);
    ASSERT_FALSE(best.empty()) << out;
    EXPECT_TRUE(parse_uci(h.session.position(), best, CastlingMode::Chess960).has_value()) << best;
    EXPECT_NE(out.find("info depth 8 "), std::string::npos) << out;
    // Back to one thread: the search is deterministic again (same nodes twice).
    auto nodes_of = [](const std::string& text) {
        auto at = text.rfind(" nodes ");
        return text.substr(at, text.find(' ', at + 7) - at);
    };
    const std::string one = h.run(
        "setoption name Threads value 1\nucinewgame\n"
        "position startpos\ngo depth 7\n");
    const std::string two = h.run("ucinewgame\nposition startpos\ngo depth 7\n");
    EXPECT_EQ(nodes_of(one), nodes_of(two));
}

TEST(Uci, GoInfiniteWaitsForStop) {
    Harness h;
    auto out = h.run("position startpos\ngo infinite\n");  // end of input stops it
    EXPECT_FALSE(bestmove_of(out).empty()) << out;
    out = h.run("go infinite\nisready\nstop\n");
    auto lines = split_lines(out);
    EXPECT_NE(std::find(lines.begin(), lines.end(), "readyok"), lines.end()) << out;
    EXPECT_FALSE(bestmove_of(out).empty()) << out;
}

TEST(Uci, BestmoveUsesTheModesCastlingForm) {
    // With searchmoves restricted to the castle, bestmove is the castle in the mode's form.
    Harness h;
    h.run("setoption name UCI_Chess960 value true\n");
    auto out = h.run("position fen 4k3/R7/8/8/8/8/8/4K2R w K - 0 1\ngo depth 3 searchmoves e1h1\n");
    EXPECT_EQ(bestmove_of(out), "e1h1") << out;
    h.run("setoption name UCI_Chess960 value false\n");
    out = h.run("position fen 4k3/R7/8/8/8/8/8/4K2R w K - 0 1\ngo depth 3 searchmoves e1g1\n");
    EXPECT_EQ(bestmove_of(out), "e1g1") << out;
}

TEST(Uci, GoWithBadParametersIsAnError) {
    Harness h;
    for (const char* cmd :
         {"go depth x\n", "go nodes -5\n", "go wibble\n", "go searchmoves z9z9\n"}) {
        auto out = h.run(cmd);
        EXPECT_EQ(error_lines(out).size(), 1u) << cmd << out;
        EXPECT_EQ(bestmove_of(out), "") << cmd << out;
    }
}

// --- Robustness and the end of the loop ----------------------------------------------------

TEST(Uci, UnknownCommandsAndGarbageAreReportedAndTheLoopGoesOn) {
    Harness h;
    auto out = h.run("foo bar\nisready\n");
    EXPECT_EQ(out, "info string error: unknown command 'foo'\nreadyok\n");
    for (std::string garbage :
         {std::string("\x01\x02\x7f ###"), std::string("e2e4"), std::string("UCI"),
          std::string("position\x01startpos"), std::string(5000, 'x')}) {
        auto o = h.run(garbage + "\nisready\n");
        auto lines = split_lines(o);
        ASSERT_EQ(lines.size(), 2u) << o;
        EXPECT_TRUE(lines[0].starts_with("info string error: ")) << lines[0];
        EXPECT_EQ(lines[1], "readyok");
    }
    EXPECT_EQ(write_fen(h.session.position()), kStart);
}

TEST(Uci, EmptyAndBlankLinesPrintNothing) {
    Harness h;
    EXPECT_EQ(h.run("\n\n   \n\t\n\r\n"), "");
    EXPECT_EQ(h.run("\n\nisready\n\n"), "readyok\n");
}

TEST(Uci, AcceptedNoOps) {
    Harness h;
    EXPECT_EQ(h.run("stop\nponderhit\ndebug on\nucinewgame\n"), "");
}

TEST(Uci, QuitStopsTheLoop) {
    Harness h;
    EXPECT_EQ(h.run("isready\nquit\nisready\nuci\n"), "readyok\n");
    EXPECT_FALSE(h.session.handle("quit"));
    EXPECT_FALSE(h.session.handle("  quit  "));
    EXPECT_TRUE(h.session.handle("isready"));
    EXPECT_TRUE(h.session.handle(""));
    EXPECT_TRUE(h.session.handle("quitt"));  // not quit: an unknown command
    // The rest of the input is left unread.
    std::istringstream in("quit\nisready\n");
    h.take();
    h.session.run(in);
    std::string rest;
    std::getline(in, rest);
    EXPECT_EQ(rest, "isready");
    EXPECT_EQ(h.take(), "");
}

TEST(Uci, EndOfInputEndsRun) {
    Harness h;
    EXPECT_EQ(h.run(""), "");
    // The last line needs no newline.
    EXPECT_EQ(h.run("isready\nisready"), "readyok\nreadyok\n");
    // CRLF line ends.
    EXPECT_EQ(h.run("isready\r\nposition startpos moves e2e4\r\n"), "readyok\n");
    EXPECT_EQ(write_fen(h.session.position()),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(Uci, FullGuiExchange) {
    Harness h;
    std::string out = h.run(
        "uci\n"
        "setoption name UCI_Chess960 value true\n"
        "isready\n"
        "ucinewgame\n"
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6\n"
        "go perft 1\n"
        "quit\n"
        "go perft 1\n");
    auto lines = split_lines(out);
    auto uciok = std::find(lines.begin(), lines.end(), "uciok");
    ASSERT_NE(uciok, lines.end());
    ASSERT_NE(uciok + 1, lines.end());
    EXPECT_EQ(*(uciok + 1), "readyok");
    auto p = parse_perft(out);
    EXPECT_EQ(p.total_lines, 1) << "nothing after quit";
    EXPECT_EQ(p.total, 33u);
    EXPECT_EQ(p.total, p.divide.size());
    EXPECT_EQ(p.by_move.count("e1h1"), 1u) << "O-O as king takes rook";
    EXPECT_EQ(p.by_move.count("e1g1"), 0u);
    EXPECT_EQ(p.by_move.count("e1f1"), 1u);
}
