// FEN reading and writing: every error path of parse_fen and Position::from_setup (code, the
// field named in the message, the column of syntax errors), X-FEN and Shredder-FEN output, mixed
// castling input, EPD, round trips, keys, and en passant kept only when the capture is legal.
// Legal move counts and castling moves quoted here were checked against Stockfish 15.1.
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

constexpr std::string_view kStartBoard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

using chess960::testing::parse;

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

// The 1-based column of the first occurrence of `part` in `text` at or after `from`.
int column_of(std::string_view text, std::string_view part, std::size_t from = 0) {
    std::size_t at = text.find(part, from);
    EXPECT_NE(at, std::string_view::npos) << part << " not in " << text;
    return int(at) + 1;
}

// A FEN that does not parse: InvalidFen, the message names `field` (and `detail`), and the
// error points at `column`.
void expect_syntax_error(std::string_view fen, std::string_view field, std::string_view detail,
                         int column) {
    SCOPED_TRACE(std::string(fen));
    auto setup = parse_fen(fen);
    ASSERT_FALSE(setup);
    EXPECT_EQ(setup.error().code, ErrorCode::InvalidFen);
    EXPECT_TRUE(contains(setup.error().message, field)) << setup.error().message;
    EXPECT_TRUE(contains(setup.error().message, detail)) << setup.error().message;
    EXPECT_EQ(setup.error().column, column) << setup.error().message;
    // Position::from_fen reports the same error.
    auto pos = position_from_fen(fen);
    ASSERT_FALSE(pos);
    EXPECT_EQ(pos.error().code, ErrorCode::InvalidFen);
    EXPECT_EQ(pos.error().column, column);
}

// A FEN that parses but breaks the rules: `code`, a message containing `detail`, no column.
void expect_rule_error(std::string_view fen, ErrorCode code, std::string_view detail) {
    SCOPED_TRACE(std::string(fen));
    ASSERT_TRUE(parse_fen(fen)) << "must be syntactically valid";
    auto pos = position_from_fen(fen);
    ASSERT_FALSE(pos);
    EXPECT_EQ(pos.error().code, code) << pos.error().message;
    EXPECT_TRUE(contains(pos.error().message, detail)) << pos.error().message;
    EXPECT_EQ(pos.error().column, -1);
}

std::string start_with(std::string_view rest) {
    return std::string(kStartBoard) + " " + std::string(rest);
}

}  // namespace

// === Syntax errors (parse_fen) ==================================================================

TEST(FenSyntaxError, BadPieceLetter) {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "'X'", column_of(fen, "X"));
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN9 w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "'9'", column_of(fen, "9"));
    fen = "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "'0'", column_of(fen, "0"));
}

TEST(FenSyntaxError, RankTooLong) {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "rank 1", column_of(fen, "RR w") + 1);
    fen = "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "rank 7 has more than 8", column_of(fen, "p/8"));
    fen = "rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "rank 6 has more than 8", column_of(fen, "4/"));
}

TEST(FenSyntaxError, RankTooShort) {
    std::string fen = "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "rank 7 has 7 squares, not 8",
                        column_of(fen, "/", 9));
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "rank 1 has 7 squares, not 8",
                        column_of(fen, " w"));
}

TEST(FenSyntaxError, TooManyRanks) {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // The 8th '/' is the one too many.
    expect_syntax_error(fen, "piece placement", "more than 8 ranks", column_of(fen, "/RNBQKBNR"));
}

TEST(FenSyntaxError, TooFewRanks) {
    std::string fen = "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect_syntax_error(fen, "piece placement", "7 ranks, not 8", column_of(fen, " w"));
}

TEST(FenSyntaxError, BadSideToMove) {
    for (const char* side : {"x", "W", "white", "-"}) {
        std::string fen = start_with(std::string(side) + " KQkq - 0 1");
        expect_syntax_error(fen, "side to move", std::string("'") + side + "'",
                            int(kStartBoard.size()) + 2);
    }
}

TEST(FenSyntaxError, BadCastlingCharacter) {
    std::string fen = start_with("w KQxq - 0 1");
    expect_syntax_error(fen, "castling field", "'x'", column_of(fen, "x"));
    fen = start_with("w KQkI - 0 1");
    expect_syntax_error(fen, "castling field", "'I'", column_of(fen, "I"));
    fen = start_with("w KQ- - 0 1");
    expect_syntax_error(fen, "castling field", "'-'", column_of(fen, "-"));
    fen = start_with("w K1 - 0 1");
    expect_syntax_error(fen, "castling field", "'1'", column_of(fen, "K1") + 1);
}

TEST(FenSyntaxError, RepeatedCastlingCharacter) {
    std::string fen = start_with("w KKq - 0 1");
    expect_syntax_error(fen, "castling field", "repeats 'K'", column_of(fen, "KKq") + 1);
    fen = start_with("w HAhaA - 0 1");
    expect_syntax_error(fen, "castling field", "repeats 'A'", column_of(fen, "aA") + 1);
}

TEST(FenSyntaxError, BadEnPassantSquare) {
    for (const char* ep : {"e9", "e4", "i3", "e33", "33", "E3"}) {
        std::string fen = start_with(std::string("w KQkq ") + ep + " 0 1");
        expect_syntax_error(fen, "en passant field", std::string("'") + ep + "'",
                            column_of(fen, "KQkq ") + 5);
    }
}

TEST(FenSyntaxError, NonNumericCounters) {
    std::string fen = start_with("w KQkq - x 1");
    expect_syntax_error(fen, "halfmove clock", "'x'", column_of(fen, "x"));
    fen = start_with("w KQkq - -1 1");
    expect_syntax_error(fen, "halfmove clock", "'-1'", column_of(fen, "-1"));
    fen = start_with("w KQkq - 1.5 1");
    expect_syntax_error(fen, "halfmove clock", "'1.5'", column_of(fen, "1.5"));
    fen = start_with("w KQkq - 0 y");
    expect_syntax_error(fen, "fullmove number", "'y'", column_of(fen, "y"));
    fen = start_with("w KQkq - 0 +1");
    expect_syntax_error(fen, "fullmove number", "'+1'", column_of(fen, "+1"));
    fen = start_with("w KQkq - 70000 1");
    expect_syntax_error(fen, "halfmove clock", "too large", column_of(fen, "70000"));
    fen = start_with("w KQkq - 0 70000");
    expect_syntax_error(fen, "fullmove number", "too large", column_of(fen, "70000"));
    EXPECT_EQ(parse(start_with("w KQkq - 65535 65535")).fullmove_number(), 65535);
}

TEST(FenSyntaxError, TrailingGarbageWithoutSemicolon) {
    std::string fen = start_with("w KQkq - 0 1 junk");
    expect_syntax_error(fen, "after the fullmove number", "'junk'", column_of(fen, "junk"));
    fen = start_with("w KQkq - 0 1 2");
    expect_syntax_error(fen, "after the fullmove number", "'2'", int(fen.size()));
    // The same text after ';' is an EPD operation.
    EXPECT_TRUE(parse_fen(start_with("w KQkq - 0 1 ;junk")));
}

TEST(FenSyntaxError, MissingFields) {
    expect_syntax_error("", "empty FEN", "", 1);
    expect_syntax_error("   ", "empty FEN", "", 1);
    std::string fen(kStartBoard);
    expect_syntax_error(fen, "side to move is missing", "", int(fen.size()) + 1);
    fen = start_with("w");
    expect_syntax_error(fen, "castling field is missing", "", int(fen.size()) + 1);
    fen = start_with("w KQkq");
    expect_syntax_error(fen, "en passant field is missing", "", int(fen.size()) + 1);
    // Counters are optional (EPD).
    EXPECT_TRUE(parse_fen(start_with("w KQkq -")));
    EXPECT_TRUE(parse_fen(start_with("w KQkq - 3")));
}

TEST(FenSyntaxError, ToStringShowsTheColumn) {
    auto setup = parse_fen(start_with("x KQkq - 0 1"));
    ASSERT_FALSE(setup);
    EXPECT_EQ(setup.error().to_string(), "side to move 'x' is not 'w' or 'b' (column 45)");
}

// === Rule errors (Position::from_setup) =========================================================

TEST(FenRuleError, MissingKing) {
    expect_rule_error("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
                      ErrorCode::InvalidPosition, "black king is missing");
    expect_rule_error("4k3/8/8/8/8/8/8/8 w - - 0 1", ErrorCode::InvalidPosition,
                      "white king is missing");
}

TEST(FenRuleError, TwoKings) {
    expect_rule_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
                      ErrorCode::InvalidPosition, "white has 2 kings");
    expect_rule_error("k3k3/8/8/8/8/8/8/4K3 w - - 0 1", ErrorCode::InvalidPosition,
                      "black has 2 kings");
}

TEST(FenRuleError, PawnsOnTheFirstOrLastRank) {
    expect_rule_error("4k3/8/8/8/8/8/8/4K2p w - - 0 1", ErrorCode::InvalidPosition,
                      "pawn on the first or last rank (h1)");
    expect_rule_error("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", ErrorCode::InvalidPosition,
                      "pawn on the first or last rank (h8)");
}

TEST(FenRuleError, SideNotToMoveInCheck) {
    expect_rule_error("rnbqkbnr/ppppp1pp/8/7Q/8/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1",
                      ErrorCode::InvalidPosition, "side not to move (black) is in check");
    expect_rule_error("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", ErrorCode::InvalidPosition,
                      "side not to move (white) is in check");
    // The side to move may be in check.
    EXPECT_TRUE(parse("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").in_check());
}

TEST(FenRuleError, TooManyPiecesOrPawns) {
    expect_rule_error("rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                      ErrorCode::InvalidPosition, "white has more than 16 pieces");
    expect_rule_error("rnbqkbnr/pppppppp/n7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                      ErrorCode::InvalidPosition, "black has more than 16 pieces");
    expect_rule_error("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", ErrorCode::InvalidPosition,
                      "white has more than 8 pawns");
}

TEST(FenRuleError, TooManyPromotedPieces) {
    // Seven pawns leave one promotion: a third queen is one too many.
    expect_rule_error("4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1", ErrorCode::InvalidPosition,
                      "white has more pieces than promotions of its 7 pawns allow");
    EXPECT_TRUE(position_from_fen("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1"));
    expect_rule_error("qqqk4/ppppppp1/8/8/8/8/8/4K3 w - - 0 1", ErrorCode::InvalidPosition,
                      "black has more pieces than promotions of its 7 pawns allow");
    EXPECT_TRUE(position_from_fen("qqk5/ppppppp1/8/8/8/8/8/4K3 w - - 0 1"));
    // Three knights with six pawns is fine (one of two possible promotions).
    EXPECT_TRUE(position_from_fen("nnnk4/pppppp2/8/8/8/8/8/4K3 w - - 0 1"));
}

TEST(FenRuleError, EnPassantInconsistentWithSideOrPawns) {
    // The square is on the wrong rank for the side to move.
    expect_rule_error(start_with("w KQkq e3 0 1"), ErrorCode::InvalidEnPassant,
                      "en passant square e3 is not on rank 6 with white to move");
    expect_rule_error("4k3/8/8/8/4pP2/8/8/4K3 b - f6 0 1", ErrorCode::InvalidEnPassant,
                      "en passant square f6 is not on rank 3 with black to move");
    // No pawn that could have made the double step.
    expect_rule_error(start_with("w KQkq e6 0 1"), ErrorCode::InvalidEnPassant,
                      "en passant square e6: no black pawn on e5");
    expect_rule_error("4k3/8/8/8/4pN2/8/8/4K3 b - f3 0 1", ErrorCode::InvalidEnPassant,
                      "no white pawn on f4");
    // The square skipped and the pawn's start square must be empty.
    expect_rule_error("4k3/8/8/8/4pP2/5N2/8/4K3 b - f3 0 1", ErrorCode::InvalidEnPassant,
                      "f3 and f2 must be empty");
    expect_rule_error("4k3/8/8/8/4pP2/8/5N2/4K3 b - f3 0 1", ErrorCode::InvalidEnPassant,
                      "f3 and f2 must be empty");
    EXPECT_EQ(parse("4k3/8/8/8/4pP2/8/8/4K3 b - f3 0 1").en_passant_square(), F3);
}

TEST(FenRuleError, CastlingRightsThatMatchNoRook) {
    // K and q without a rook on their side stand for the corner rooks (h1, a8).
    expect_rule_error("4k3/8/8/8/8/8/8/4K3 w K - 0 1", ErrorCode::InvalidCastling,
                      "castling right h1: no white rook on h1");
    expect_rule_error("4k3/8/8/8/8/8/8/R3K3 w q - 0 1", ErrorCode::InvalidCastling,
                      "castling right a8: no black rook on a8");
    expect_rule_error("4k3/8/8/8/8/8/8/4K3 w E - 0 1", ErrorCode::InvalidCastling,
                      "castling right e1: no white rook on e1");
    expect_rule_error("4k3/8/8/8/8/8/8/4K2r w H - 0 1", ErrorCode::InvalidCastling,
                      "no white rook on h1");
    expect_rule_error("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", ErrorCode::InvalidCastling,
                      "white king is not on its back rank");
    expect_rule_error("4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1", ErrorCode::InvalidCastling,
                      "two castling rooks on the c-side of the white king (a1 and b1)");
    // Dropped on request.
    auto dropped = position_from_fen("4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1",
                                     SetupOptions{.drop_invalid_castling = true});
    ASSERT_TRUE(dropped);
    EXPECT_EQ(write_fen(*dropped), "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
}

TEST(FenRuleError, SetupWithCastlingRooksOffTheBackRanks) {
    // A Setup built by hand, not by parse_fen: from_setup checks its castling rooks too. A
    // square off the first and last ranks is no castling right at all, dropped or not.
    chess960::Setup setup = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").value();
    for (Square s : {E4, A2, H7}) {
        setup.castling_rooks = square_bb(s) | square_bb(H1);
        for (bool drop : {false, true}) {
            auto pos = Position::from_setup(setup, SetupOptions{.drop_invalid_castling = drop});
            ASSERT_FALSE(pos) << square_name(s);
            EXPECT_EQ(pos.error().code, ErrorCode::InvalidCastling) << square_name(s);
            EXPECT_TRUE(contains(pos.error().message, "castling right " + square_name(s)))
                << pos.error().message;
        }
    }
    setup.castling_rooks = square_bb(H1) | square_bb(A1) | square_bb(H8) | square_bb(A8);
    EXPECT_EQ(write_fen(Position::from_setup(setup).value()),
              "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

TEST(FenRuleError, SetupCountersAndPieceCodes) {
    chess960::Setup setup = parse_fen(kStart).value();
    setup.fullmove_number = 0;
    auto zero = Position::from_setup(setup);
    ASSERT_FALSE(zero);
    EXPECT_EQ(zero.error().code, ErrorCode::InvalidPosition);
    EXPECT_TRUE(contains(zero.error().message, "fullmove number")) << zero.error().message;
    setup.fullmove_number = 1;
    setup.halfmove_clock = -1;
    auto negative = Position::from_setup(setup);
    ASSERT_FALSE(negative);
    EXPECT_EQ(negative.error().code, ErrorCode::InvalidPosition);
    EXPECT_TRUE(contains(negative.error().message, "halfmove clock")) << negative.error().message;
    setup.halfmove_clock = 0;
    setup.board[D4] = Piece(6);
    auto bad_piece = Position::from_setup(setup);
    ASSERT_FALSE(bad_piece);
    EXPECT_EQ(bad_piece.error().code, ErrorCode::InvalidPosition);
    EXPECT_TRUE(contains(bad_piece.error().message, "d4")) << bad_piece.error().message;
}

// === Writing ====================================================================================

TEST(FenWrite, XFenUsesAFileLetterForAnInnerRook) {
    // lichess-org/lila#13254: B must stay B, and castling must use the b1 rook.
    const char* fen = "2nkn3/2p1p3/8/8/8/6r1/7r/RR3K2 w B - 0 1";
    Position pos = parse(fen);
    EXPECT_EQ(write_fen(pos), fen);
    EXPECT_EQ(castling_field(pos, CastlingNotation::XFen), "B");
    EXPECT_EQ(castling_field(pos, CastlingNotation::Shredder), "B");
    Move castle = parse_uci(pos, "f1b1", CastlingMode::Chess960).value();
    EXPECT_TRUE(castle.is_castling());
    EXPECT_EQ(write_fen(pos.after(castle)), "2nkn3/2p1p3/8/8/8/6r1/7r/R1KR4 b - - 1 1");

    // K for the outermost rook, a file letter for the inner one; lower case for Black.
    EXPECT_EQ(parse("4k3/8/8/8/8/8/8/4KR1R w K - 0 1").castling_rook(White, GSide), H1);
    EXPECT_EQ(write_fen(parse("4k3/8/8/8/8/8/8/4KR1R w K - 0 1")),
              "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    EXPECT_EQ(write_fen(parse("4k3/8/8/8/8/8/8/4KR1R w F - 0 1")),
              "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    EXPECT_EQ(write_fen(parse("4kr1r/8/8/8/8/8/8/4K3 b f - 0 1")),
              "4kr1r/8/8/8/8/8/8/4K3 b f - 0 1");
    EXPECT_EQ(parse("4kr1r/8/8/8/8/8/8/4K3 b f - 0 1").castling_rook(Black, GSide), F8);
}

TEST(FenWrite, XFenLetterChangesWhenAnotherRookStandsOutside) {
    // The German Wikipedia X-FEN example: G because h1 holds a rook without a right.
    const char* fen = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11";
    Position pos = parse(fen);
    EXPECT_EQ(write_fen(pos), fen);
    EXPECT_EQ(write_fen(pos, {CastlingNotation::Shredder}),
              "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gga - 4 11");
    // K turns into G once a rook without a right moves outside the g1 rook (Rhh1).
    Position before = parse("rnb1k1r1/ppp1pp1p/3p2p1/6n1/P7/2N2B1R/1PPPPP2/2BNK1R1 w Kkq - 2 10");
    EXPECT_EQ(before.castling_rook(White, GSide), G1);
    Position after = before.after(parse_uci(before, "h3h1", CastlingMode::Chess960).value());
    EXPECT_EQ(write_fen(after),
              "rnb1k1r1/ppp1pp1p/3p2p1/6n1/P7/2N2B2/1PPPPP2/2BNK1RR b Gkq - 3 10");
    EXPECT_EQ(after.castling_rook(White, GSide), G1);
}

TEST(FenWrite, ShredderFen) {
    EXPECT_EQ(write_fen(Position(), {CastlingNotation::Shredder}),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    Position sp902 = startpos::position(902).value();
    EXPECT_EQ(write_fen(sp902), "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w KQkq - 0 1");
    EXPECT_EQ(write_fen(sp902, {CastlingNotation::Shredder}),
              "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w EAea - 0 1");
    // Partial rights and none.
    Position partial = parse("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1");
    EXPECT_EQ(castling_field(partial, CastlingNotation::Shredder), "Ha");
    EXPECT_EQ(castling_field(partial, CastlingNotation::XFen), "Kq");
    Position none = parse("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    EXPECT_EQ(castling_field(none, CastlingNotation::Shredder), "-");
    EXPECT_EQ(castling_field(none, CastlingNotation::XFen), "-");
}

TEST(FenRead, MixedCastlingForms) {
    // AQaq: A and Q both name the a1 rook (as Stockfish reads it).
    Position aqaq = parse(start_with("w AQaq - 0 1"));
    EXPECT_EQ(aqaq.castling_rook(White, CSide), A1);
    EXPECT_EQ(aqaq.castling_rook(Black, CSide), A8);
    EXPECT_FALSE(aqaq.has_castling_right(White, GSide));
    EXPECT_EQ(write_fen(aqaq), start_with("w Qq - 0 1"));
    EXPECT_EQ(write_fen(aqaq, {CastlingNotation::Shredder}), start_with("w Aa - 0 1"));
    // Classic letters and inner-rook letters together.
    Position mixed = parse("rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1");
    EXPECT_EQ(mixed.castling_rook(White, GSide), H1);
    EXPECT_EQ(mixed.castling_rook(White, CSide), B1);
    EXPECT_EQ(mixed.castling_rook(Black, GSide), H8);
    EXPECT_EQ(mixed.castling_rook(Black, CSide), B8);
    EXPECT_EQ(write_fen(mixed), "rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1");
    EXPECT_EQ(write_fen(mixed, {CastlingNotation::Shredder}),
              "rr2k2r/8/8/8/8/8/8/RR2K2R w HBhb - 0 1");
    // The same rights in any form and order give the same position and key.
    for (const char* rights : {"KQkq", "HAha", "AHah", "kqKQ", "HQka", "KAhq"}) {
        Position p = parse(start_with(std::string("w ") + rights + " - 0 1"));
        EXPECT_TRUE(p == Position()) << rights;
        EXPECT_EQ(p.key(), Position().key()) << rights;
        EXPECT_EQ(write_fen(p), kStart) << rights;
    }
}

TEST(FenRead, EpdWithFourFields) {
    Position pos = parse(start_with("w KQkq -"));
    EXPECT_TRUE(pos == Position());
    EXPECT_EQ(pos.halfmove_clock(), 0);
    EXPECT_EQ(pos.fullmove_number(), 1);
    Position ops = parse("4k3/8/8/8/8/8/8/4K2R w K - bm Kf1; id \"epd\";");
    EXPECT_EQ(write_fen(ops), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    // Counters before the operations are read.
    EXPECT_EQ(write_fen(parse("4k3/8/8/8/8/8/8/4K2R w K - 7 31 ;D1 15")),
              "4k3/8/8/8/8/8/8/4K2R w K - 7 31");
    // Tabs and extra blanks between fields.
    EXPECT_EQ(write_fen(parse("\t4k3/8/8/8/8/8/8/4K2R   w\tK  -  0 1  ")),
              "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
}

TEST(FenRead, FullmoveZeroIsReadAsOne) {
    Position pos = parse(start_with("w KQkq - 0 0"));
    EXPECT_EQ(pos.fullmove_number(), 1);
    EXPECT_EQ(write_fen(pos), kStart);
    EXPECT_EQ(parse_fen(start_with("w KQkq - 0 0")).value().fullmove_number, 1);
}

TEST(FenRead, RoundTrips) {
    const char* fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
        "2nkn3/2p1p3/8/8/8/6r1/7r/RR3K2 w B - 0 1",
        "1r1k1r2/5p2/8/8/8/8/3N4/R5KR b KQkq - 0 1",
        "rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2RR2 w E - 0 20",
        "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w KQkq d6 0 9",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "4k3/8/8/8/4pP2/8/8/4K3 b - f3 0 1",
        "4rkr1/4p1p1/8/8/8/8/8/5K1R w K - 0 100",
        "8/8/8/8/8/8/8/K6k b - - 99 65535",
    };
    for (const char* fen : fens) {
        Position pos = parse(fen);
        EXPECT_EQ(write_fen(pos), fen);
        // Shredder-FEN and the Setup read back to the same position and key.
        Position shredder = parse(write_fen(pos, {CastlingNotation::Shredder}));
        EXPECT_TRUE(shredder == pos) << fen;
        EXPECT_EQ(shredder.key(), pos.key()) << fen;
        Position from_setup = Position::from_setup(pos.to_setup()).value();
        EXPECT_TRUE(from_setup == pos) << fen;
        EXPECT_EQ(from_setup.key(), pos.key()) << fen;
        EXPECT_EQ(pos.key(), pos.compute_key()) << fen;
        // write_fen is what fen() writes.
        EXPECT_EQ(write_fen(pos), write_fen(pos));
    }
}

TEST(FenRead, KeysOfTranspositionsAreEqual) {
    auto play = [](std::vector<const char*> moves) {
        Position pos;
        for (const char* text : moves)
            pos.play(parse_uci(pos, text, CastlingMode::Chess960).value());
        return pos;
    };
    Position a = play({"g1f3", "b8c6", "b1c3"});
    Position b = play({"b1c3", "b8c6", "g1f3"});
    EXPECT_TRUE(a == b);
    EXPECT_EQ(a.key(), b.key());
    EXPECT_EQ(a.key(), parse(write_fen(a)).key());
    // Back to the start: the same position and key, other clocks.
    Position back = play({"g1f3", "g8f6", "f3g1", "f6g8"});
    EXPECT_TRUE(back.same_position(Position()));
    EXPECT_FALSE(back == Position());
    EXPECT_EQ(back.key(), Position().key());
    // Rights are part of the key: the king went and came back.
    Position lost = play({"e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"});
    EXPECT_EQ(write_fen(lost), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 4");
    EXPECT_NE(lost.key(), play({"e2e4", "e7e5"}).key());
    EXPECT_EQ(lost.key(), parse(write_fen(lost)).key());
    // A castle and the FEN of its result.
    Position castled =
        parse("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").after(Move(E1, H1, Move::Castling));
    EXPECT_EQ(castled.key(), parse("4k3/8/8/8/8/8/8/R4RK1 b - - 1 1").key());
}

TEST(FenRead, EnPassantKeptOnlyWhenTheCaptureIsLegal) {
    struct Case {
        const char* fen;
        Square kept;  // en_passant_square() after reading
        int legal_moves;
    };
    const Case cases[] = {
        // No pawn next to the double-stepped one.
        {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", NoSquare, 20},
        // Capture legal.
        {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", F6, 31},
        {"4k3/8/8/8/4pP2/8/8/4K3 b - f3 0 1", F3, 7},
        // Horizontal pin through both pawns: bxc6 would expose the king on a5 to the h5 rook.
        {"8/8/8/KPp4r/8/8/8/7k w - c6 0 1", NoSquare, 4},
        // The capturer pinned on a diagonal that the capture leaves.
        {"4k2b/8/8/3pP3/8/8/1K6/8 w - d6 0 1", NoSquare, 8},
        // Pinned, but the capture stays on the pin line (b8-h2): legal.
        {"1b2k3/8/8/3pP3/8/8/7K/8 w - d6 0 1", D6, 6},
        // The double-stepped pawn gives check; taking it en passant answers the check.
        {"4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1", D6, 8},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.fen);
        Position pos = parse(c.fen);
        EXPECT_EQ(pos.en_passant_square(), c.kept);
        EXPECT_NE(pos.double_step_square(), NoSquare);
        EXPECT_EQ(pos.legal_moves().size(), c.legal_moves);
        bool has_ep = false;
        for (Move m : pos.legal_moves()) has_ep = has_ep || m.is_en_passant();
        EXPECT_EQ(has_ep, c.kept != NoSquare);
        // The key ignores an en passant square that cannot be used.
        chess960::Setup plain = parse_fen(c.fen).value();
        plain.en_passant = NoSquare;
        Position without = Position::from_setup(plain).value();
        EXPECT_EQ(pos.key() == without.key(), c.kept == NoSquare);
        // Output: legal-only by default, every double step on request.
        std::string written = write_fen(pos);
        EXPECT_EQ(
            written.find(" " + square_name(pos.double_step_square()) + " ") != std::string::npos,
            c.kept != NoSquare)
            << written;
        EXPECT_EQ(write_fen(pos, {.en_passant = EnPassantNotation::DoubleStep}), c.fen);
    }
}

// A FEN line read with std::getline from a CRLF file keeps its '\r': it is a field separator.
TEST(FenRead, CarriageReturnAtTheEndIsWhiteSpace) {
    auto pos = position_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r");
    ASSERT_TRUE(pos) << pos.error().to_string();
    EXPECT_EQ(write_fen(*pos), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}
