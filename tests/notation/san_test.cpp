// SAN: writing with minimal disambiguation, check and mate marks, castling; reading every form
// the task asks for, and errors that name the move and the reason; a round trip over the legal
// moves of many positions. Legal-move facts and the FENs after castling were checked with
// Stockfish 15.1 (UCI_Chess960 true, `go perft 1` and `d`).
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

using chess960::testing::parse;

Move uci(const Position& pos, std::string_view text) {
    auto m = parse_uci(pos, text, CastlingMode::Chess960);
    if (!m) {
        ADD_FAILURE() << text << " in " << write_fen(pos) << ": " << m.error().message;
        return Move::none();
    }
    return *m;
}

// The SAN of the move given as UCI text (castling king-takes-rook).
std::string san_of(std::string_view fen, std::string_view uci_text) {
    Position pos = parse(fen);
    return to_san(pos, uci(pos, uci_text));
}

// The move SAN text reads as, in UCI (castling king-takes-rook), or "error: ..." .
std::string read(std::string_view fen, std::string_view san) {
    Position pos = parse(fen);
    auto m = parse_san(pos, san);
    if (!m) return "error: " + m.error().message;
    return to_uci(pos, *m, CastlingMode::Chess960);
}

Error read_error(std::string_view fen, std::string_view san) {
    Position pos = parse(fen);
    auto m = parse_san(pos, san);
    if (m) {
        ADD_FAILURE() << "'" << san << "' was read as " << to_uci(pos, *m, CastlingMode::Chess960);
        return Error{ErrorCode::InvalidMove, ""};
    }
    return m.error();
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// Knights on b1 and f3 both reach d2.
constexpr const char* kTwoKnights = "r3k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
// Rooks on a1 and a5 both reach a3.
constexpr const char* kTwoRooksOnAFile = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
// Queens on a1, a3 and c1 all reach b2.
constexpr const char* kThreeQueens = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
// King f1, rook h1 (right H): Kg1 and O-O both put the king on g1; O-O mates.
constexpr const char* kKingF1RookH1 = "4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 100";

}  // namespace

// --- Writing ---------------------------------------------------------------------------------

TEST(SanWrite, PawnMovesAndCaptures) {
    EXPECT_EQ(san_of(kStart, "e2e4"), "e4");
    EXPECT_EQ(san_of(kStart, "g1f3"), "Nf3");
    const char* fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    EXPECT_EQ(san_of(fen, "e4d5"), "exd5");
    EXPECT_EQ(san_of(fen, "f1b5"), "Bb5+");
    // En passant is written like any pawn capture.
    EXPECT_EQ(san_of("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6"),
              "exf6");
    EXPECT_EQ(san_of("4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1", "e4d6"), "Nd6+");
    EXPECT_EQ(san_of("4k3/8/8/3p4/2N5/8/8/4K3 w - - 0 1", "c4d6"), "Nd6+");
    EXPECT_EQ(san_of("4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1", "e4c5"), "Nc5");
    EXPECT_EQ(san_of("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1", "e4d6"), "Nxd6+");
}

TEST(SanWrite, DisambiguationByFileThenRankThenBoth) {
    EXPECT_EQ(san_of(kTwoKnights, "b1d2"), "Nbd2");
    EXPECT_EQ(san_of(kTwoKnights, "f3d2"), "Nfd2");
    EXPECT_EQ(san_of(kTwoKnights, "f3e5"), "Ne5");  // only one knight reaches e5
    EXPECT_EQ(san_of(kTwoRooksOnAFile, "a1a3"), "R1a3");
    EXPECT_EQ(san_of(kTwoRooksOnAFile, "a5a3"), "R5a3");
    EXPECT_EQ(san_of(kTwoRooksOnAFile, "a1b1"), "Rb1");
    // Three queens: the file is enough for c1, the rank for a3, a1 needs both.
    EXPECT_EQ(san_of(kThreeQueens, "c1b2"), "Qcb2");
    EXPECT_EQ(san_of(kThreeQueens, "a3b2"), "Q3b2");
    EXPECT_EQ(san_of(kThreeQueens, "a1b2"), "Qa1b2");
    // Rooks on one rank: the file.
    EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1"), "Rad1");
    EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "f1d1"), "Rfd1");
}

TEST(SanWrite, APinnedPieceDoesNotCauseDisambiguation) {
    // The f3 knight is pinned by the d5 bishop (Stockfish: b1d2 is the only move to d2).
    EXPECT_EQ(san_of("4k3/8/8/3b4/8/5N2/6K1/1N6 w - - 0 1", "b1d2"), "Nd2");
}

TEST(SanWrite, Promotions) {
    EXPECT_EQ(san_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q"), "e8=Q");
    EXPECT_EQ(san_of("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n"), "e8=N");
    EXPECT_EQ(san_of("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8r"), "exd8=R");
    EXPECT_EQ(san_of("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8b"), "exd8=B");
    // Promotion with check and with mate.
    EXPECT_EQ(san_of("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e8=Q+");
    EXPECT_EQ(san_of("k7/4P3/1K6/8/8/8/8/8 w - - 0 1", "e7e8q"), "e8=Q#");
    EXPECT_EQ(san_of("8/8/8/8/8/4K3/p7/4k3 b - - 0 1", "a2a1q"), "a1=Q");
}

TEST(SanWrite, CheckAndMate) {
    // Fool's mate.
    EXPECT_EQ(san_of("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"),
              "Qh4#");
    EXPECT_EQ(san_of("rnbqkbnr/pppp1ppp/8/4p3/6P1/8/PPPPPP1P/RNBQKBNR b KQkq - 0 2", "d8h4"),
              "Qh4");
    EXPECT_EQ(san_of("rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 2", "d8h4"),
              "Qh4+");
}

TEST(SanWrite, Castling) {
    EXPECT_EQ(san_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1", "e1h1"), "O-O");
    EXPECT_EQ(san_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R3KBNR w KQkq - 0 1", "e1a1"), "O-O-O");
    // Chess960, king b1 between rooks a1 and e1: O-O-O puts it on c1 (rook d1), O-O on g1.
    EXPECT_EQ(san_of("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1", "b1a1"), "O-O-O");
    EXPECT_EQ(san_of("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1", "b1e1"), "O-O");
    // The king does not move: king g1, rook h1 (Stockfish: 5RK1 after g1h1).
    EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1"), "O-O");
    // The king does not move on the c-side: king c1, rook a1 (Stockfish: 2KR4 after c1a1).
    EXPECT_EQ(san_of("4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", "c1a1"), "O-O-O");
    // King and rook swap (kokopu castle swap, SP 423).
    EXPECT_EQ(san_of("rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - 0 1", "f1g1"), "O-O");
    // The rook on d1 gives check (Stockfish: Checkers d1), as in cutechess PGNs.
    EXPECT_EQ(san_of("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1"), "O-O-O+");
    // Castling that mates (Stockfish: 0 legal replies, checker f1).
    EXPECT_EQ(san_of(kKingF1RookH1, "f1h1"), "O-O#");
    // ... and the ordinary king move to the same square.
    EXPECT_EQ(san_of(kKingF1RookH1, "f1g1"), "Kg1");
    // Black.
    EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8h8"), "O-O");
    EXPECT_EQ(san_of("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8a8"), "O-O-O");
}

TEST(SanWrite, WithoutSuffixDropsOnlyTheCheckMark) {
    Position pos = parse("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    EXPECT_EQ(to_san_without_suffix(pos, uci(pos, "e1a1")), "O-O-O");
    Position mate = parse(kKingF1RookH1);
    EXPECT_EQ(to_san_without_suffix(mate, uci(mate, "f1h1")), "O-O");
}

// --- Reading ---------------------------------------------------------------------------------

TEST(SanRead, OrdinaryMoves) {
    EXPECT_EQ(read(kStart, "e4"), "e2e4");
    EXPECT_EQ(read(kStart, "e3"), "e2e3");
    EXPECT_EQ(read(kStart, "Nf3"), "g1f3");
    EXPECT_EQ(read(kStart, "Nc3"), "b1c3");
    EXPECT_EQ(read(kTwoKnights, "Nbd2"), "b1d2");
    EXPECT_EQ(read(kTwoKnights, "Nfd2"), "f3d2");
    EXPECT_EQ(read(kTwoKnights, "Nf3d2"), "f3d2");
    EXPECT_EQ(read(kTwoRooksOnAFile, "R1a3"), "a1a3");
    EXPECT_EQ(read(kTwoRooksOnAFile, "R5a3"), "a5a3");
    EXPECT_EQ(read(kThreeQueens, "Qa1b2"), "a1b2");
    EXPECT_EQ(read(kThreeQueens, "Q3b2"), "a3b2");
    EXPECT_EQ(read(kThreeQueens, "Qcb2"), "c1b2");
    EXPECT_EQ(read("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "exd5"), "e4d5");
    // Too much disambiguation is fine.
    EXPECT_EQ(read(kStart, "Ng1f3"), "g1f3");
}

TEST(SanRead, ZeroCastling) {
    const char* fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    EXPECT_EQ(read(fen, "0-0"), "e1h1");
    EXPECT_EQ(read(fen, "0-0-0"), "e1a1");
    EXPECT_EQ(read(fen, "O-O"), "e1h1");
    EXPECT_EQ(read(fen, "O-O-O"), "e1a1");
    EXPECT_EQ(read("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1", "0-0-0"), "b1a1");
    EXPECT_EQ(read("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1", "0-0"), "b1e1");
}

TEST(SanRead, MissingOrWrongCheckMarksAndGluedAnnotations) {
    const char* fool = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    EXPECT_EQ(read(fool, "Qh4#"), "d8h4");
    EXPECT_EQ(read(fool, "Qh4"), "d8h4");
    EXPECT_EQ(read(fool, "Qh4+"), "d8h4");
    EXPECT_EQ(read(kStart, "Nf3+"), "g1f3");
    EXPECT_EQ(read(kStart, "Nf3#"), "g1f3");
    EXPECT_EQ(read(kStart, "e4!"), "e2e4");
    EXPECT_EQ(read(kStart, "e4?"), "e2e4");
    EXPECT_EQ(read(kStart, "e4!?"), "e2e4");
    EXPECT_EQ(read(kStart, "e4?!"), "e2e4");
    EXPECT_EQ(read(kStart, "e4!!"), "e2e4");
    EXPECT_EQ(read(kStart, "e4??"), "e2e4");
    EXPECT_EQ(read(fool, "Qh4#!!"), "d8h4");
    EXPECT_EQ(read("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O+"), "e1a1");
    EXPECT_EQ(read("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O"), "e1a1");
    EXPECT_EQ(read(kKingF1RookH1, "O-O#"), "f1h1");
    EXPECT_EQ(read(kKingF1RookH1, "O-O+!"), "f1h1");
}

TEST(SanRead, PromotionWithAndWithoutEquals) {
    const char* fen = "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    EXPECT_EQ(read(fen, "e8=Q"), "e7e8q");
    EXPECT_EQ(read(fen, "e8Q"), "e7e8q");
    EXPECT_EQ(read(fen, "e8N"), "e7e8n");
    EXPECT_EQ(read(fen, "e8=R+"), "e7e8r");
    EXPECT_EQ(read(fen, "exd8=B"), "e7d8b");
    EXPECT_EQ(read(fen, "exd8Q"), "e7d8q");
    EXPECT_EQ(read(fen, "e7e8q"), "e7e8q");  // UCI text
}

TEST(SanRead, EnPassantSuffix) {
    const char* fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    EXPECT_EQ(read(fen, "exf6"), "e5f6");
    EXPECT_EQ(read(fen, "exf6 e.p."), "e5f6");
    EXPECT_EQ(read(fen, "exf6e.p."), "e5f6");
}

TEST(SanRead, LongAlgebraicAndUciText) {
    EXPECT_EQ(read(kStart, "Ng1-f3"), "g1f3");
    EXPECT_EQ(read(kStart, "Ng1xf3"), "g1f3");
    EXPECT_EQ(read(kStart, "e2-e4"), "e2e4");
    EXPECT_EQ(read(kStart, "e2e4"), "e2e4");
    EXPECT_EQ(read(kStart, "g1f3"), "g1f3");
    EXPECT_EQ(read("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4xd5"),
              "e4d5");
    // King takes own rook: castling, in ordinary chess and in Chess960.
    EXPECT_EQ(read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1", "e1h1"), "e1h1");
    EXPECT_EQ(read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1", "e1h1"),
              read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1", "O-O"));
    EXPECT_EQ(read("rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - 0 1", "f1g1"), "f1g1");
    Position pos = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1");
    auto m = parse_san(pos, "e1h1");
    ASSERT_TRUE(m.has_value());
    EXPECT_TRUE(m->is_castling());
    EXPECT_EQ(write_fen(pos.after(*m)), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 b kq - 1 1");
}

// python-chess#403: with the king on f1 and the rook on h1, Kg1 is the king's step and O-O the
// castle, though both put the king on g1.
TEST(SanRead, KingMoveIsNeverCastling) {
    Position pos = parse(kKingF1RookH1);
    auto king = parse_san(pos, "Kg1");
    ASSERT_TRUE(king.has_value()) << king.error().message;
    EXPECT_FALSE(king->is_castling());
    EXPECT_EQ(write_fen(pos.after(*king)), "4rkr1/4p1p1/8/8/8/8/8/6KR b - - 1 100");
    auto castle = parse_san(pos, "O-O");
    ASSERT_TRUE(castle.has_value());
    EXPECT_TRUE(castle->is_castling());
    EXPECT_EQ(write_fen(pos.after(*castle)), "4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 100");
    EXPECT_NE(*king, *castle);
    // Kh1 / Kxh1 (the own rook's square) is not castling either: an error.
    for (const char* text : {"Kh1", "Kxh1"}) {
        Error e = read_error(kKingF1RookH1, text);
        EXPECT_EQ(e.code, ErrorCode::IllegalMove) << text;
        EXPECT_TRUE(contains(e.message, text)) << e.message;
    }
    // King and rook side by side (f1, g1): Kg1 is not a move at all, O-O is.
    const char* swap = "rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - 0 1";
    EXPECT_TRUE(read(swap, "Kg1").starts_with("error:")) << read(swap, "Kg1");
    EXPECT_TRUE(read(swap, "Kxg1").starts_with("error:")) << read(swap, "Kxg1");
    EXPECT_EQ(read(swap, "O-O"), "f1g1");
    // King on g1, rook h1: the king does not move in O-O; "Kg1" names no move.
    EXPECT_TRUE(read("4k3/8/8/8/8/8/8/6KR w K - 0 1", "Kg1").starts_with("error:"));
    EXPECT_EQ(read("4k3/8/8/8/8/8/8/6KR w K - 0 1", "O-O"), "g1h1");
}

TEST(SanRead, ErrorNoSuchPiece) {
    Error e = read_error(kStart, "Nd4");
    EXPECT_EQ(e.code, ErrorCode::IllegalMove);
    EXPECT_TRUE(contains(e.message, "'Nd4'")) << e.message;
    EXPECT_TRUE(contains(e.message, "no knight can move to d4")) << e.message;
    e = read_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Qd4");
    EXPECT_TRUE(contains(e.message, "'Qd4'")) << e.message;
    EXPECT_TRUE(contains(e.message, "no queen")) << e.message;
    e = read_error(kTwoKnights, "Ncd2");
    EXPECT_TRUE(contains(e.message, "'Ncd2'")) << e.message;
    EXPECT_TRUE(contains(e.message, "no knight")) << e.message;
    e = read_error(kStart, "Nd2");
    EXPECT_TRUE(contains(e.message, "own piece on d2")) << e.message;
    e = read_error(kStart, "e5");
    EXPECT_TRUE(contains(e.message, "'e5'")) << e.message;
    EXPECT_TRUE(contains(e.message, "no pawn can move to e5")) << e.message;
}

TEST(SanRead, ErrorAmbiguousListsTheCandidates) {
    Error e = read_error(kTwoKnights, "Nd2");
    EXPECT_EQ(e.code, ErrorCode::IllegalMove);
    EXPECT_TRUE(contains(e.message, "'Nd2'")) << e.message;
    EXPECT_TRUE(contains(e.message, "ambiguous between Nbd2 and Nfd2")) << e.message;
    e = read_error(kThreeQueens, "Qb2");
    EXPECT_TRUE(contains(e.message, "ambiguous")) << e.message;
    for (const char* candidate : {"Qa1b2", "Q3b2", "Qcb2"})
        EXPECT_TRUE(contains(e.message, candidate)) << e.message;
    e = read_error(kThreeQueens, "Qab2");  // a1 and a3
    EXPECT_TRUE(contains(e.message, "Qa1b2")) << e.message;
    EXPECT_TRUE(contains(e.message, "Q3b2")) << e.message;
    EXPECT_FALSE(contains(e.message, "Qcb2")) << e.message;
    e = read_error(kTwoRooksOnAFile, "Ra3");
    EXPECT_TRUE(contains(e.message, "R1a3")) << e.message;
    EXPECT_TRUE(contains(e.message, "R5a3")) << e.message;
}

TEST(SanRead, ErrorLeavesTheKingInCheck) {
    // The f3 knight is pinned to the g2 king by the d5 bishop.
    Error e = read_error("4k3/8/8/3b4/8/5N2/6K1/8 w - - 0 1", "Nd2");
    EXPECT_EQ(e.code, ErrorCode::IllegalMove);
    EXPECT_TRUE(contains(e.message, "'Nd2'")) << e.message;
    EXPECT_TRUE(contains(e.message, "leaves the king in check")) << e.message;
    // A move that does not answer a check.
    e = read_error("4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "Ra8+");
    EXPECT_TRUE(contains(e.message, "'Ra8+'")) << e.message;
    EXPECT_TRUE(contains(e.message, "check")) << e.message;
    // The king may not step into check.
    e = read_error("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "Ke2");
    EXPECT_TRUE(contains(e.message, "check")) << e.message;
}

TEST(SanRead, ErrorNoCastlingRight) {
    Error e = read_error("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w kq - 0 1", "O-O");
    EXPECT_EQ(e.code, ErrorCode::IllegalMove);
    EXPECT_TRUE(contains(e.message, "'O-O'")) << e.message;
    EXPECT_TRUE(contains(e.message, "no castling right")) << e.message;
    e = read_error("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Kkq - 0 1", "0-0-0");
    EXPECT_TRUE(contains(e.message, "'0-0-0'")) << e.message;
    EXPECT_TRUE(contains(e.message, "no castling right")) << e.message;
}

TEST(SanRead, ErrorCastlingPathBlockedOrOutOfCheck) {
    Error e = read_error(kStart, "O-O");
    EXPECT_EQ(e.code, ErrorCode::IllegalMove);
    EXPECT_TRUE(contains(e.message, "'O-O'")) << e.message;
    EXPECT_TRUE(contains(e.message, "blocked")) << e.message;
    e = read_error(kStart, "O-O-O");
    EXPECT_TRUE(contains(e.message, "blocked")) << e.message;
    // Chess960: the bishop on c1 stands on the king's destination.
    e = read_error("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RKB1R3 w KQkq - 0 1", "O-O-O");
    EXPECT_TRUE(contains(e.message, "blocked")) << e.message;
    e = read_error("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "O-O");
    EXPECT_TRUE(contains(e.message, "out of check")) << e.message;
}

TEST(SanRead, ErrorPromotionPieceMissing) {
    Error e = read_error("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8");
    EXPECT_EQ(e.code, ErrorCode::IllegalMove);
    EXPECT_TRUE(contains(e.message, "'e8'")) << e.message;
    EXPECT_TRUE(contains(e.message, "promotion needs its piece")) << e.message;
    e = read_error("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8");
    EXPECT_TRUE(contains(e.message, "promotion needs its piece")) << e.message;
    // A promotion to a king or from a piece is malformed.
    EXPECT_TRUE(read("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=K").starts_with("error:"));
    EXPECT_EQ(read_error("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "Ne8=Q").code, ErrorCode::InvalidMove);
}

TEST(SanRead, MalformedText) {
    for (const char* text : {"", "+", "!?", "Z4", "Nz9", "e9", "Nf", "xx", "O-O-O-O", "e4e"}) {
        Error e = read_error(kStart, text);
        EXPECT_TRUE(e.code == ErrorCode::InvalidMove || e.code == ErrorCode::IllegalMove) << text;
        EXPECT_FALSE(e.message.empty()) << text;
    }
    // A pawn push never means a capture onto that square.
    EXPECT_TRUE(read("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "d5")
                    .starts_with("error:"));
}

// --- Round trip ------------------------------------------------------------------------------

namespace {

std::vector<std::string> perft_fens(int count) {
    std::ifstream in(std::string(CHESS960_TEST_DATA) + "/chess960_perft.epd");
    std::vector<std::string> fens;
    std::string line;
    while (int(fens.size()) < count && std::getline(in, line))
        if (!line.empty()) fens.push_back(line.substr(0, line.find(';')));
    return fens;
}

// Every strictly smaller disambiguation of `san` (a piece move) must be ambiguous: the writer
// adds no more than it needs.
void expect_minimal(const Position& pos, Move m, const std::string& san) {
    if (type_of(pos.piece_on(m.from())) == Pawn || m.is_castling()) return;
    std::string body = to_san_without_suffix(pos, m);
    std::string dest = square_name(m.to());
    std::size_t at = body.rfind(dest);
    std::string middle = body.substr(1, at - 1);
    if (!middle.empty() && middle.back() == 'x') middle.pop_back();
    if (middle.empty()) return;
    std::string capture = pos.is_capture(m) ? "x" : "";
    std::vector<std::string> smaller = {""};
    if (middle.size() == 2) smaller = {"", middle.substr(0, 1), middle.substr(1, 1)};
    for (const std::string& d : smaller) {
        std::string text = std::string(1, body[0]) + d + capture + dest;
        auto r = parse_san(pos, text);
        EXPECT_FALSE(r.has_value())
            << san << " could be written " << text << " in " << write_fen(pos);
        if (!r) {
            EXPECT_TRUE(contains(r.error().message, "ambiguous")) << r.error().message;
        }
    }
}

}  // namespace

TEST(SanRoundTrip, EveryLegalMoveOfThePerftPositions) {
    const auto fens = perft_fens(200);
    ASSERT_EQ(fens.size(), 200u);
    long checked = 0, castles = 0;
    for (const std::string& fen : fens) {
        Position pos = parse(fen);
        std::set<std::string> seen;
        for (Move m : pos.legal_moves()) {
            std::string san = to_san(pos, m);
            EXPECT_TRUE(seen.insert(san).second) << "two moves written " << san << " in " << fen;
            auto back = parse_san(pos, san);
            ASSERT_TRUE(back.has_value()) << san << " in " << fen << ": " << back.error().message;
            EXPECT_EQ(*back, m) << san << " in " << fen;
            auto bare = parse_san(pos, to_san_without_suffix(pos, m));
            ASSERT_TRUE(bare.has_value());
            EXPECT_EQ(*bare, m);
            // UCI text (castling king-takes-rook) through the SAN reader too.
            auto as_uci = parse_san(pos, to_uci(pos, m, CastlingMode::Chess960));
            ASSERT_TRUE(as_uci.has_value()) << to_uci(pos, m, CastlingMode::Chess960);
            EXPECT_EQ(*as_uci, m);
            expect_minimal(pos, m, san);
            // The check mark agrees with the position after the move.
            Position next = pos.after(m);
            const char last = san.back();
            EXPECT_EQ(last == '+' || last == '#', next.in_check()) << san << " in " << fen;
            EXPECT_EQ(last == '#', next.in_check() && next.legal_moves().empty());
            castles += m.is_castling();
            ++checked;
        }
    }
    EXPECT_GT(checked, 5000);
    EXPECT_GT(castles, 20);  // the positions have castling moves
}

TEST(SanRoundTrip, OnePlyDeeper) {
    long checked = 0;
    for (const std::string& fen : perft_fens(100)) {
        Position root = parse(fen);
        for (Move first : root.legal_moves()) {
            Position pos = root.after(first);
            for (Move m : pos.legal_moves()) {
                std::string san = to_san(pos, m);
                auto back = parse_san(pos, san);
                ASSERT_TRUE(back.has_value()) << san << " in " << write_fen(pos);
                ASSERT_EQ(*back, m) << san << " in " << write_fen(pos);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 60000);
}
