// The puzzle themes (puzzle/themes.hpp): hand-made positions, each with a line (the opponent's
// move, then the solution) and the themes it must and must not get, the confusable cases beside
// the real ones. The standard-chess lines get the same tags from lichess-puzzler's cook.py
// (checked when they were written); the Chess960 castling lines are where the two differ.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/uci_move.hpp"
#include "puzzle/themes.hpp"

using namespace chess960;
using namespace chess960::puzzle;

namespace {

// One line and what it must (has) and must not (lacks) be tagged with.
struct Case {
    const char* what;  // what the case shows, printed when it fails
    const char* fen;   // the position before the opponent's move
    const char* line;  // UCI moves; castling written king takes own rook
    bool mate;
    std::vector<std::string> has;
    std::vector<std::string> lacks;
};

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

// The input for `line` played from `fen` (empty moves if the text does not parse).
ThemeInput input_of(std::string_view fen, std::string_view line, bool mate, int cp) {
    auto start = position_from_fen(fen);
    EXPECT_TRUE(start.has_value()) << fen;
    if (!start) return {};
    ThemeInput in{*start, {}, mate, cp};
    Position pos = *start;
    std::size_t at = 0;
    while (at < line.size()) {
        std::size_t end = line.find(' ', at);
        if (end == std::string_view::npos) end = line.size();
        auto move = parse_uci(pos, line.substr(at, end - at), CastlingMode::Chess960);
        EXPECT_TRUE(move.has_value()) << line.substr(at, end - at) << " in " << fen;
        if (!move) return {};
        in.moves.push_back(*move);
        pos.play(*move);
        at = end + 1;
    }
    // The mate flag the tests give must be true to the board.
    EXPECT_EQ(mate, pos.in_check() && pos.count_legal() == 0) << line;
    return in;
}

std::vector<std::string> themes_of(std::string_view fen, std::string_view line, bool mate = false,
                                   int cp = 700) {
    return themes(input_of(fen, line, mate, cp));
}

bool has(const std::vector<std::string>& themes, std::string_view theme) {
    return std::find(themes.begin(), themes.end(), theme) != themes.end();
}

void check(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        SCOPED_TRACE(c.what);
        const std::vector<std::string> got = themes_of(c.fen, c.line, c.mate);
        for (const std::string& t : c.has)
            EXPECT_TRUE(has(got, t)) << t << " not in: " << joined(got);
        for (const std::string& t : c.lacks)
            EXPECT_FALSE(has(got, t)) << t << " in: " << joined(got);
    }
}

// White's rook on d1 and king on g1 against Black's king on g8 behind three pawns, Black to move
// with two pawns to spare: lines of any length that end, if wanted, in Rd8 mate.
constexpr const char* kBackRank = "6k1/pp3ppp/8/8/8/8/8/3R2K1 b - - 0 1";

}  // namespace

TEST(Themes, AMateIsTaggedWithTheNumberOfSolverMovesUpToFive) {
    check({
        {"mate in one", kBackRank, "a7a6 d1d8", true, {"mate", "mateIn1"}, {"mateIn2"}},
        {"mate in two", kBackRank, "a7a6 g1h1 a6a5 d1d8", true, {"mate", "mateIn2"}, {"mateIn1"}},
        {"mate in five",
         kBackRank,
         "a7a6 g1h1 a6a5 h1g1 a5a4 g1h1 a4a3 h1g1 b7b6 d1d8",
         true,
         {"mate", "mateIn5"},
         {"mateIn4"}},
        {"mate in six: only mate",
         kBackRank,
         "a7a6 g1h1 a6a5 h1g1 a5a4 g1h1 a4a3 h1g1 b7b6 g1h1 b6b5 d1d8",
         true,
         {"mate"},
         {"mateIn5", "mateIn6"}},
    });
}

TEST(Themes, AWinWithoutMateIsCrushingAboveSixHundredCentipawnsAndAnAdvantageUpToThem) {
    const char* line = "a7a6 g1h1 a6a5 d1d7";
    const auto crushing = themes_of(kBackRank, line, false, 601);
    EXPECT_TRUE(has(crushing, "crushing"));
    EXPECT_FALSE(has(crushing, "advantage"));
    const auto advantage = themes_of(kBackRank, line, false, 600);
    EXPECT_TRUE(has(advantage, "advantage"));
    EXPECT_FALSE(has(advantage, "crushing"));
    // A mate is neither, whatever the score says.
    const auto mate = themes_of(kBackRank, "a7a6 d1d8", true, 0);
    EXPECT_FALSE(has(mate, "crushing") || has(mate, "advantage")) << joined(mate);
}

TEST(Themes, TheLengthCountsTheSolversMoves) {
    check({
        {"one", kBackRank, "a7a6 g1h1", false, {"oneMove"}, {"short", "long", "veryLong"}},
        {"two", kBackRank, "a7a6 g1h1 a6a5 h1g1", false, {"short"}, {"oneMove", "long"}},
        {"three",
         kBackRank,
         "a7a6 g1h1 a6a5 h1g1 a5a4 g1h1",
         false,
         {"long"},
         {"short", "veryLong"}},
        {"four",
         kBackRank,
         "a7a6 g1h1 a6a5 h1g1 a5a4 g1h1 a4a3 h1g1",
         false,
         {"veryLong"},
         {"long"}},
        {"six",
         kBackRank,
         "a7a6 g1h1 a6a5 h1g1 a5a4 g1h1 a4a3 h1g1 b7b6 g1h1 b6b5 h1g1",
         false,
         {"veryLong"},
         {"long"}},
    });
}

TEST(Themes, ASmotheredMateIsAKnightMateWithTheKingWalledInByItsOwnPieces) {
    EXPECT_EQ(themes_of("6rk/p5pp/8/6N1/8/8/8/6K1 b - - 0 1", "a7a6 g5f7", true),
              (std::vector<std::string>{"endgame", "mate", "mateIn1", "oneMove", "smotheredMate"}));
    check({
        {"g8 empty, covered by the other knight",
         "7k/p3N1pp/8/6N1/8/8/8/6K1 b - - 0 1",
         "a7a6 g5f7",
         true,
         {"mate"},
         {"smotheredMate", "backRankMate"}},
    });
}

TEST(Themes, ABackRankMateNeedsTheKingsOwnPiecesOnTheSquaresInFrontOfIt) {
    check({
        {"rook mate behind three pawns", kBackRank, "a7a6 d1d8", true, {"backRankMate"}, {}},
        {"promotion to a rook behind two pawns in the corner",
         "7k/P5pp/8/2p5/8/8/8/K7 b - - 0 1",
         "c5c4 a7a8r",
         true,
         {"backRankMate"},
         {}},
        {"g7 empty, covered by a bishop",
         "6k1/p4p1p/6p1/8/8/8/1B6/3R2K1 b - - 0 1",
         "a7a6 d1d8",
         true,
         {"mate"},
         {"backRankMate"}},
        {"a knight mate on the back rank",
         "7k/p3N1pp/8/6N1/8/8/8/6K1 b - - 0 1",
         "a7a6 g5f7",
         true,
         {"mate"},
         {"backRankMate"}},
    });
}

TEST(Themes, ADoubleCheckIsACheckByTwoPiecesAtOnce) {
    check({
        {"the bishop checks and uncovers the rook",
         "4k3/p7/8/8/4B3/8/8/4R1K1 b - - 0 1",
         "a7a6 e4g6",
         false,
         {"doubleCheck"},
         {"discoveredAttack"}},
        {"the bishop alone checks",
         "4k3/p7/8/8/4B3/8/8/6K1 b - - 0 1",
         "a7a6 e4g6",
         false,
         {},
         {"doubleCheck"}},
    });
}

TEST(Themes, ADiscoveredAttackIsACheckOrCaptureByAPieceAnotherMoveUncovered) {
    check({
        {"the knight steps off the rook's file: check",
         "4k3/p7/8/8/4N3/8/8/4R1K1 b - - 0 1",
         "a7a6 e4c5",
         false,
         {"discoveredAttack"},
         {"doubleCheck"}},
        {"the knight checks off the file, the rook takes the queen",
         "4q3/p6k/8/8/4N3/8/8/K3R3 b - - 0 1",
         "a7a6 e4g5 h7h8 e1e8",
         false,
         {"discoveredAttack"},
         {}},
        {"the file was open all along",
         "4q3/p6k/8/8/8/8/8/K3R1N1 b - - 0 1",
         "a7a6 g1f3 h7h8 e1e8",
         false,
         {},
         {"discoveredAttack"}},
    });
}

TEST(Themes, CastlingIsASolverMoveThatCastlesWhereverTheKingStarts) {
    check({
        {"queen side from b1: one square",
         "3k4/7p/8/8/8/8/8/RK6 b A - 0 1",
         "h7h6 b1a1",
         false,
         {"castling"},
         {}},
        {"the king on b1 steps to c1 without castling",
         "3k4/7p/8/8/8/8/8/RK6 b - - 0 1",
         "h7h6 b1c1",
         false,
         {},
         {"castling"}},
        {"king side from g1: the king stays",
         "4k3/7p/8/8/8/8/8/6KR b H - 0 1",
         "h7h6 g1h1",
         false,
         {"castling"},
         {"quietMove"}},
        {"king side from f1 onto its rook's square",
         "4k3/7p/8/8/8/8/8/5KR1 b G - 0 1",
         "h7h6 f1g1",
         false,
         {"castling"},
         {}},
        {"the opponent castles",
         "r3k3/7p/8/8/8/8/8/4K3 b q - 0 1",
         "e8a8 e1e2",
         false,
         {},
         {"castling"}},
    });
}

TEST(Themes, ACheckByTheRookThatJustCastledIsNotADiscoveredAttack) {
    // The king goes b1-c1 and the rook a1-d1, checking the king on d8 itself.
    check({
        {"c-side castling with check",
         "3k4/7p/8/8/8/8/8/RK6 b A - 0 1",
         "h7h6 b1a1",
         false,
         {"castling"},
         {"discoveredAttack", "doubleCheck"}},
    });
}

TEST(Themes, EnPassantIsTaggedForAnEnPassantCaptureOnly) {
    check({
        {"exd6 en passant",
         "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",
         "d7d5 e5d6",
         false,
         {"enPassant"},
         {}},
        {"exd6 taking a pawn that stood there",
         "4k3/7p/3p4/4P3/8/8/8/4K3 b - - 0 1",
         "h7h6 e5d6",
         false,
         {},
         {"enPassant"}},
    });
}

TEST(Themes, AnUnderPromotionIsAPromotionToLessThanAQueenAndWhenItMatesToAKnight) {
    check({
        {"to a queen",
         "8/P6p/8/7k/8/8/8/K7 b - - 0 1",
         "h7h6 a7a8q",
         false,
         {"promotion"},
         {"underPromotion"}},
        {"to a rook",
         "8/P6p/8/7k/8/8/8/K7 b - - 0 1",
         "h7h6 a7a8r",
         false,
         {"promotion", "underPromotion"},
         {}},
        {"to a knight, mating",
         "6br/p4Ppk/7p/8/8/8/8/K7 b - - 0 1",
         "a7a6 f7f8n",
         true,
         {"promotion", "underPromotion", "mate"},
         {"smotheredMate"}},
        {"to a rook, mating (a queen would too)",
         "7k/P5pp/8/2p5/8/8/8/K7 b - - 0 1",
         "c5c4 a7a8r",
         true,
         {"promotion", "mate"},
         {"underPromotion"}},
    });
}

TEST(Themes, AForkAttacksTwoPiecesFromASquareWhereTheForkerIsSafe) {
    check({
        {"Nc7+ forks king and rook",
         "r3k3/7p/8/1N6/8/8/8/4K3 b - - 0 1",
         "h7h6 b5c7 e8e7 c7a8",
         false,
         {"fork"},
         {}},
        {"c7 is covered by a bishop",
         "r3k3/7p/1b6/1N6/8/8/8/4K3 b - - 0 1",
         "h7h6 b5c7 e8e7 c7a8",
         false,
         {},
         {"fork"}},
        {"two defended bishops, worth no more than the knight",
         "rb3bk1/7p/8/2N5/8/8/8/4K3 b - - 0 1",
         "h7h6 c5d7 g8g7 e1e2",
         false,
         {},
         {"fork"}},
        {"the forking move is the last one",
         "r3k3/7p/8/1N6/8/8/8/4K3 b - - 0 1",
         "h7h6 b5c7",
         false,
         {},
         {"fork"}},
    });
}

TEST(Themes, APinIsAPinnedPieceThatCanNeitherStaySafelyNorStepAway) {
    check({
        {"Bb5 pins the lone knight to the king",
         "4k3/7p/2n5/8/8/8/8/5BK1 b - - 0 1",
         "h7h6 f1b5",
         false,
         {"pin"},
         {}},
        {"the pinned knight is defended by a pawn",
         "4k3/1p5p/2n5/8/8/8/8/5BK1 b - - 0 1",
         "h7h6 f1b5",
         false,
         {},
         {"pin"}},
    });
}

TEST(Themes, ASkewerTakesThePieceBehindAMoreValuableOneThatMovedOffTheLine) {
    check({
        {"Bc4+ and Bxg8 after the king moves",
         "6q1/7p/4k3/8/8/8/8/K4B2 b - - 0 1",
         "h7h6 f1c4 e6e5 c4g8",
         false,
         {"skewer"},
         {}},
        {"a knight in front moves away",
         "k5q1/7p/4n3/8/8/8/8/K4B2 b - - 0 1",
         "h7h6 f1c4 e6g5 c4g8",
         false,
         {},
         {"skewer"}},
    });
}

TEST(Themes, AHangingPieceIsAnUndefendedPieceTheOpponentLeftAndTheSolverTakesAtOnce) {
    check({
        {"the knight lands on an undefended square",
         "6k1/7p/2n5/8/8/8/1B6/6K1 b - - 0 1",
         "c6e5 b2e5",
         false,
         {"hangingPiece"},
         {}},
        {"a pawn defends it",
         "6k1/7p/2np4/8/8/8/1B6/6K1 b - - 0 1",
         "c6e5 b2e5",
         false,
         {},
         {"hangingPiece"}},
        {"taking back after a knight for knight",
         "6k1/7p/2n5/4N3/8/8/1B6/6K1 b - - 0 1",
         "c6e5 b2e5",
         false,
         {},
         {"hangingPiece"}},
    });
}

TEST(Themes, ASacrificeLeavesTheSolverTwoPointsDownAfterALaterMove) {
    // Qd8+ Rxd8 Rxd8: a queen for a rook, and mate.
    EXPECT_EQ(themes_of("2r3k1/p4ppp/8/8/8/3Q4/8/K2R4 b - - 0 1", "a7a6 d3d8 c8d8 d1d8", true),
              (std::vector<std::string>{"backRankMate", "endgame", "mate", "mateIn2", "sacrifice",
                                        "short"}));
    check({
        {"the queen offered on the last move only",
         "2r3k1/p4ppp/8/8/8/3Q4/8/K2R4 b - - 0 1",
         "a7a6 d3d8",
         false,
         {},
         {"sacrifice"}},
        {"a fork that wins a rook",
         "r3k3/7p/8/1N6/8/8/8/4K3 b - - 0 1",
         "h7h6 b5c7 e8e7 c7a8",
         false,
         {},
         {"sacrifice"}},
    });
}

TEST(Themes, AQuietMoveIsASolverMoveBeforeTheLastThatNeitherChecksTakesNorThreatens) {
    check({
        {"Rd1, then Rd8 mate",
         "7k/p5pp/8/8/8/8/8/R5K1 b - - 0 1",
         "a7a6 a1d1 a6a5 d1d8",
         true,
         {"quietMove"},
         {}},
        {"king moves are never quiet", kBackRank, "a7a6 g1h1 a6a5 d1d8", true, {}, {"quietMove"}},
        {"the first move checks",
         "4q3/p6k/8/8/4N3/8/8/K3R3 b - - 0 1",
         "a7a6 e4g5 h7h8 e1e8",
         false,
         {},
         {"quietMove"}},
        {"a quiet last move", kBackRank, "a7a6 d1d4", false, {}, {"quietMove"}},
    });
}

TEST(Themes, ATrappedPieceIsOneTakenAfterEveryMoveItHadLedIntoTrouble) {
    check({
        {"Bxa2 b3: the bishop has no way out",
         "4k3/7p/4b3/8/8/8/PPP5/R3K3 b - - 0 1",
         "e6a2 b2b3 h7h6 a1a2",
         false,
         {"trappedPiece"},
         {}},
        {"without the c2 pawn it escapes by taking b3",
         "4k3/7p/4b3/8/8/8/PP6/R3K3 b - - 0 1",
         "e6a2 b2b3 h7h6 a1a2",
         false,
         {},
         {"trappedPiece"}},
    });
}

TEST(Themes, ADefensiveMoveIsAQuietLastMoveOrAQuietStepOutOfCheck) {
    check({
        {"the queen retreats attacking nothing",
         "7r/7k/8/8/3Q4/8/8/6K1 b - - 0 1",
         "h8d8 d4b2",
         false,
         {"defensiveMove"},
         {}},
        {"the queen retreats attacking the rook",
         "7r/7k/8/8/3Q4/8/8/6K1 b - - 0 1",
         "h8d8 d4b6",
         false,
         {},
         {"defensiveMove"}},
        {"the king steps out of a check",
         "4k3/3r3p/8/8/8/8/8/4K3 b - - 0 1",
         "d7e7 e1d2",
         false,
         {"defensiveMove"},
         {}},
        {"the last move checks", kBackRank, "a7a6 d1d8", true, {}, {"defensiveMove"}},
    });
}

TEST(Themes, ThePhaseIsLichesssDividerOnTheBoardAfterTheOpponentsMove) {
    struct Phase {
        const char* what;
        const char* fen;
        const char* line;
        const char* phase;
    };
    const std::vector<Phase> cases = {
        {"the start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5",
         "opening"},
        {"the start at move 40: the move number plays no part",
         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 40", "e2e4 e7e5", "opening"},
        {"a Chess960 start", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
         "e2e4 e7e5", "opening"},
        {"eleven pieces on full back ranks",
         "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1", "e2e4 e7e5", "opening"},
        {"ten pieces", "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1", "e2e4 e7e5",
         "middlegame"},
        {"four pieces left on White's back rank",
         "rnbqkbnr/pppppppp/8/8/8/2NB1N2/PPPPQPPP/R1B1K2R w KQkq - 0 1", "a2a3 a7a6", "opening"},
        {"three", "rnbqkbnr/pppppppp/8/8/8/2NBBN2/PPPPQPPP/R3K2R w KQkq - 0 1", "a2a3 a7a6",
         "middlegame"},
        {"locked centre, fourteen pieces, little mixed",
         "r1bqk2r/pp3ppp/2n1pn2/2PpP3/1b1Pp1P1/2N2N2/PP3P1P/R1BQKB1R b KQkq - 0 1", "h7h6 a2a3",
         "opening"},
        {"a knight among the other side's pawns mixes them",
         "r1bqk2r/1p3ppp/p1n1pn2/2PpP3/1b1Pp1P1/2N2N2/PP1B1P1P/R2QKB1R w KQkq - 0 1", "c3b5 a6b5",
         "middlegame"},
        {"seven pieces", "1r1qk1r1/pppppppp/8/8/8/8/PPPPPPPP/1RBQK1R1 w - - 0 1", "e2e4 e7e5",
         "middlegame"},
        {"six pieces", "1r1qk1r1/pppppppp/8/8/8/8/PPPPPPPP/1R1QK1R1 w - - 0 1", "e2e4 e7e5",
         "endgame"},
    };
    for (const Phase& c : cases) {
        SCOPED_TRACE(c.what);
        const auto got = themes_of(c.fen, c.line);
        EXPECT_TRUE(has(got, c.phase)) << joined(got);
        EXPECT_EQ(int(has(got, "opening")) + int(has(got, "middlegame")) + int(has(got, "endgame")),
                  1)
            << joined(got);
    }
}

TEST(Themes, TheThemesAreSortedAndEachNamedOnce) {
    const auto got = themes_of("7k/p5pp/8/8/8/8/8/R5K1 b - - 0 1", "a7a6 a1d1 a6a5 d1d8", true);
    EXPECT_GT(got.size(), 4u);
    EXPECT_TRUE(std::is_sorted(got.begin(), got.end())) << joined(got);
    EXPECT_EQ(std::adjacent_find(got.begin(), got.end()), got.end()) << joined(got);
}

TEST(Themes, ALineThatCannotBePlayedHasNoThemes) {
    ThemeInput in = input_of(kBackRank, "a7a6 d1d8", true, 0);
    ASSERT_FALSE(themes(in).empty());
    in.moves.push_back(in.moves[1]);  // Rd1-d8 again, from an empty square
    EXPECT_TRUE(themes(in).empty());
    in.moves.resize(1);  // the opponent's move alone: no solution
    EXPECT_TRUE(themes(in).empty());
}
