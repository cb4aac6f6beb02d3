// One test per pitfall of docs/pitfalls.md sections A (move generation and legality, items 1-8) and
// B (FEN parsing and writing, items 9-17), named after the pitfall and citing the issues it
// comes from. Each FEN's legal move count and castling moves were checked against Stockfish 15.1
// (UCI_Chess960 true), which agrees with the table at the end of docs/pitfalls.md.
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/perft.hpp"
#include "chess960/perft_checked.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

using Moves = std::vector<std::string>;

using chess960::testing::parse;

Moves castles(const Position& pos) {
    Moves out;
    for (Move m : pos.legal_moves())
        if (m.is_castling()) out.push_back(to_uci(pos, m, CastlingMode::Chess960));
    std::sort(out.begin(), out.end());
    return out;
}

// Legal move count and castling moves (king-takes-rook), as Stockfish gives them.
void expect_moves(std::string_view fen, int count, const Moves& castling) {
    SCOPED_TRACE(std::string(fen));
    Position pos = parse(fen);
    EXPECT_EQ(pos.legal_moves().size(), count);
    EXPECT_EQ(castles(pos), castling);
}

Position play(Position pos, const std::vector<std::string>& moves) {
    for (const std::string& text : moves) {
        auto m = parse_uci(pos, text, CastlingMode::Chess960);
        if (!m) {
            ADD_FAILURE() << text << " in " << write_fen(pos) << ": " << m.error().message;
            return pos;
        }
        pos.play(*m);
    }
    return pos;
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

// === A. Move generation and legality ==========================================================

// lichess-org/lila#4625: the path test excluded "the king and *a* rook", so O-O-O went through a
// second own rook on e1. lichess-org/lila#14665: O-O with the king on b8 and a queen on d8.
TEST(PitfallA1, KingCannotJumpOverSecondOwnRook) {
    const char* fen = "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 10 18";
    expect_moves(fen, 42, {});
    Position pos = parse(fen);
    EXPECT_EQ(pos.castling_rook(White, CSide), F1);
    for (const char* text : {"g1f1", "g1e1", "g1c1", "g1a1"}) {
        auto m = parse_uci(pos, text, CastlingMode::Chess960);
        EXPECT_FALSE(m && m->is_castling()) << text;
    }
    // g1h1 is an ordinary king move.
    EXPECT_FALSE(parse_uci(pos, "g1h1", CastlingMode::Chess960).value().is_castling());

    // lila#14665: a queen on d8 stands on the king's path from b8 to g8.
    expect_moves("1k1q3r/8/8/8/8/8/8/4K3 b k - 0 1", 33, {});
    expect_moves("1k5r/8/8/3q4/8/8/8/4K3 b k - 0 1", 45, {"b8h8"});
}

// official-stockfish/Stockfish#3605, cutechess/cutechess#616, #637 (fixed by #617),
// pkrisz99/Renegade#190: the castling rook shields the king's destination from a back-rank slider.
TEST(PitfallA2, CastlingRookShieldingTheKingIsLiftedFirst) {
    expect_moves("4k3/8/8/8/8/8/8/rR2K1N1 w Q - 0 1", 11, {});
    expect_moves("4k3/8/8/8/8/8/8/1R2K1N1 w Q - 0 1", 19, {"e1b1"});
    // The same with a queen behind the b1 rook (Stockfish#2671's position; tricky case A8).
    expect_moves("nrkb2nr/ppppp1p1/6bp/5p2/BPP1P1P1/P7/3P1P1P/qRK1BQNR w BHbh - 0 3", 28, {});
    expect_moves("4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", 19, {});
}

// cutechess/cutechess#637 (fixed by #617): O-O-O generated out of check because the rook would
// land on d8 and block the queen. The position is checkmate.
TEST(PitfallA3, NoCastlingOutOfCheckEvenIfTheRookWouldBlock) {
    Position pos = parse("rk2Q3/1p4p1/1B6/4p3/p5p1/2Kp2P1/PP4P1/R7 b q - 0 34");
    EXPECT_TRUE(pos.in_check());
    EXPECT_TRUE(pos.has_castling_right(Black, CSide));
    EXPECT_EQ(pos.legal_moves().size(), 0);
    EXPECT_FALSE(pos.is_legal(Move(B8, A8, Move::Castling)));
    EXPECT_FALSE(parse_uci(pos, "b8a8", CastlingMode::Chess960));
}

// alexobviously/bishop#6, cutechess/cutechess#637, lichess-org/lila#368, kz04px/libchess#12:
// legal castling refused when the king moves zero or one square.
TEST(PitfallA4, CastlingWhereTheKingMovesZeroOrOneSquare) {
    // bishop#6: king g1, rook h1, only the rook moves.
    expect_moves("bbqnr1kr/pppppppp/6n1/8/8/6N1/PPPPPPPP/BBQNR1KR w HEhe - 2 2", 23, {"g1h1"});
    // cutechess#637: Black's king stays on c8, the rook goes a8-d8.
    const char* stays = "r1k1N2R/pp1pbr2/3p4/P7/8/2P2n2/1PBP4/RK6 b q - 4 28";
    expect_moves(stays, 27, {"c8a8"});
    Position pos = parse(stays);
    EXPECT_EQ(write_fen(pos.after(Move(C8, A8, Move::Castling))),
              "2krN2R/pp1pbr2/3p4/P7/8/2P2n2/1PBP4/RK6 w - - 5 29");
    // lila#368: the king moves one square, f1 to g1.
    expect_moves("4k3/8/8/8/8/8/8/5K1R w K - 0 1", 14, {"f1h1"});
    EXPECT_EQ(
        write_fen(parse("4k3/8/8/8/8/8/8/5K1R w K - 0 1").after(Move(F1, H1, Move::Castling))),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // libchess#12: in BRNBQKRN, f1g1 is the castle, not a plain king move.
    const char* swap = "brnbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BRNBQKRN w KQkq - 0 1";
    expect_moves(swap, 20, {"f1g1"});
    auto m = parse_uci(parse(swap), "f1g1", CastlingMode::Chess960);
    ASSERT_TRUE(m);
    EXPECT_TRUE(m->is_castling());
}

// alexobviously/bishop#72, bhlangonijr/chesslib#134: the king's own square (c1) was tested as
// "must be empty"; a naive capture during the swap deletes a piece.
TEST(PitfallA5, KingAndRookSquaresAreNotBlockers) {
    expect_moves("4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", 14, {"c1a1"});
    const char* fens[] = {
        "4k3/8/8/8/8/8/8/R1K5 w Q - 0 1",                            // rook a1 over the king's c1
        "4k3/8/8/8/8/8/8/1RK5 w Q - 0 1",                            // adjacent, king stays
        "3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1",                    // king and rook swap
        "rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - 0 1",  // SP 423, swap
    };
    for (const char* fen : fens) {
        Position pos = parse(fen);
        Moves cs = castles(pos);
        ASSERT_EQ(cs.size(), 1u) << fen;
        Move castle = parse_uci(pos, cs[0], CastlingMode::Chess960).value();
        Position after = pos.after(castle);
        EXPECT_EQ(popcount(after.pieces(White, Rook)), popcount(pos.pieces(White, Rook))) << fen;
        EXPECT_EQ(popcount(after.pieces()), popcount(pos.pieces())) << fen;
        EXPECT_EQ(after.piece_on(C1) == WhiteKing || after.piece_on(G1) == WhiteKing, true);
        EXPECT_EQ(after.validate_internal(), "") << fen;
    }
    EXPECT_EQ(write_fen(parse("rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNKRB w KQkq - 0 1")
                            .after(Move(F1, G1, Move::Castling))),
              "rnbqnkrb/pppppppp/8/8/8/8/PPPPPPPP/RNBQNRKB b kq - 1 1");
}

// alexobviously/bishop#11 (the a1 rook attacked by the d4 queen), jcarolus/android-chess#156
// (the rook's destination f1 attacked), lichess-org/lichobile#1336 (the opposite report).
TEST(PitfallA6, AttacksOnTheRookDoNotForbidCastling) {
    const char* fen = "rk2r2b/ppp2b1p/1n4p1/3p1p2/3q1P2/1P1QN3/P1P1P2P/RK2R1BB w EAea - 0 12";
    expect_moves(fen, 33, {"b1a1"});
    EXPECT_TRUE(parse(fen).is_attacked_by(Black, A1));
    expect_moves("5r1k/7p/8/8/8/8/8/6KR w K - 0 1", 9, {"g1h1"});
    EXPECT_TRUE(parse("5r1k/7p/8/8/8/8/8/6KR w K - 0 1").is_attacked_by(Black, F1));
}

// lichess-org/lila#21392: in standard chess castling needs the king on the e-file; after O-O the
// king on g1 could "premove" onto its own rook. Our Standard UCI mode writes the two-square form
// only for a castle from the e-file, and never reads a king-onto-rook move without a right.
TEST(PitfallA7, StandardModeTwoSquareFormOnlyFromTheEFile) {
    Position pos = parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Move o_o = parse_uci(pos, "e1g1", CastlingMode::Standard).value();
    EXPECT_TRUE(o_o.is_castling());
    EXPECT_EQ(to_uci(pos, o_o, CastlingMode::Standard), "e1g1");
    pos.play(o_o);
    pos.play(parse_uci(pos, "e8e7", CastlingMode::Standard).value());
    EXPECT_EQ(write_fen(pos), "r6r/4k3/8/8/8/8/8/R4RK1 w - - 2 2");
    for (CastlingMode mode : {CastlingMode::Standard, CastlingMode::Chess960}) {
        auto premove = parse_uci(pos, "g1f1", mode);
        ASSERT_FALSE(premove);
        EXPECT_EQ(premove.error().code, ErrorCode::IllegalMove);
        EXPECT_TRUE(contains(premove.error().message, "castling")) << premove.error().message;
    }
    // A Chess960 castle from g1 keeps king-takes-rook text in Standard mode, never g1g1.
    Position g1 = parse("Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1");
    Move castle(G1, H1, Move::Castling);
    ASSERT_TRUE(g1.is_legal(castle));
    EXPECT_EQ(to_uci(g1, castle, CastlingMode::Standard), "g1h1");
    EXPECT_FALSE(parse_uci(g1, "g1g1", CastlingMode::Standard));
}

// jhlywa/chess.js#488, dje-dev/Ceres#94 (crashed at start position 404), lichess-org/dartchess#27:
// perft against reference tables is how these bugs are found.
TEST(PitfallA8, PerftOfStartPosition404MatchesTheTable) {
    std::ifstream in(std::string(CHESS960_TEST_DATA) + "/chess960_start_positions_perft.epd");
    ASSERT_TRUE(in);
    std::string line, fen_line;
    bool next = false;
    while (std::getline(in, line)) {
        if (next) {
            fen_line = line;
            break;
        }
        next = line.rfind("# SP 404 ", 0) == 0;
    }
    ASSERT_FALSE(fen_line.empty());
    // The whole EPD line, operations included, is read as a FEN (pitfall B17).
    Position from_file = parse(fen_line);
    auto start = startpos::position(404);
    ASSERT_TRUE(start);
    EXPECT_TRUE(from_file.same_position(*start));
    EXPECT_EQ(from_file.key(), start->key());
    std::uint64_t d4 = 0;
    std::size_t at = fen_line.find(";D4 ");
    ASSERT_NE(at, std::string::npos);
    std::istringstream(fen_line.substr(at + 4)) >> d4;
    EXPECT_EQ(d4, 204305u);
    EXPECT_EQ(perft(*start, 4), d4);
}

TEST(PitfallA8, PerftOfThePitfallPositionsMatchesStockfish) {
    struct Case {
        const char* fen;
        std::uint64_t d3;  // Stockfish 15.1 "go perft 3" with UCI_Chess960 true
    };
    const Case cases[] = {
        {"4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 10 18", 71908},
        {"4k3/8/8/8/8/8/8/rR2K1N1 w Q - 0 1", 2219},
        {"bbqnr1kr/pppppppp/6n1/8/8/6N1/PPPPPPPP/BBQNR1KR w HEhe - 2 2", 13169},
        {"r1k1N2R/pp1pbr2/3p4/P7/8/2P2n2/1PBP4/RK6 b q - 4 28", 20074},
        {"brnbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BRNBQKRN w KQkq - 0 1", 8920},
        {"rk2r2b/ppp2b1p/1n4p1/3p1p2/3q1P2/1P1QN3/P1P1P2P/RK2R1BB w EAea - 0 12", 45170},
        {"nqrnbkrb/pppppppp/8/8/8/8/PPPPPPPP/NQRNBKRB w KQkq - 0 1", 8936},
        {"4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w Q - 0 1", 8265},
        {"2nkn3/2p1p3/8/8/8/6r1/7r/RR3K2 w B - 0 1", 14005},
        {"1r1k1r2/5p2/8/8/8/8/3N4/R5KR b KQkq - 0 1", 12558},
        {"nn1rkq1b/ppp1p1rP/8/2Np4/3P4/2P5/bP3PPP/2BRKQRB b KQq - 1 8", 36833},
        {"4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 100", 2188},
        {"nrkb2nr/ppppp1p1/6bp/5p2/BPP1P1P1/P7/3P1P1P/qRK1BQNR w BHbh - 0 3", 19347},
        {"1q3rk1/ppnp1b1p/1n4p1/2NP1p2/2P1p3/2Q1P2P/PP2BPP1/1R2K2R w KQ - 3 15", 59805},
        {"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1", 13446},
    };
    for (const Case& c : cases) {
        Position pos = parse(c.fen);
        EXPECT_EQ(perft(pos, 3), c.d3) << c.fen;
        // Every invariant (key, bitboards, FEN round trip) at every node of the first two plies.
        auto checked = perft_checked(pos, 2);
        ASSERT_TRUE(checked) << c.fen << ": " << checked.error().message;
        EXPECT_EQ(*checked, perft(pos, 2)) << c.fen;
    }
}

// === B. FEN parsing and writing ================================================================

// codedeliveryservice/Reckless#891, official-stockfish/books#65, dje-dev/Ceres#94: in X-FEN, K
// means the outermost own rook on the king's h-side, not "a rook on h1"; only the own back rank
// counts (Ceres picked a rook on g3 and wrote "Gha").
TEST(PitfallB9, KQkqMeansTheOutermostBackRankRooks) {
    const char* fen = "nqrnbkrb/pppppppp/8/8/8/8/PPPPPPPP/NQRNBKRB w KQkq - 0 1";
    Position pos = parse(fen);
    EXPECT_EQ(pos.castling_rook(White, GSide), G1);
    EXPECT_EQ(pos.castling_rook(White, CSide), C1);
    EXPECT_EQ(pos.castling_rook(Black, GSide), G8);
    EXPECT_EQ(pos.castling_rook(Black, CSide), C8);
    EXPECT_EQ(write_fen(pos), fen);
    EXPECT_EQ(write_fen(pos, {CastlingNotation::Shredder}),
              "nqrnbkrb/pppppppp/8/8/8/8/PPPPPPPP/NQRNBKRB w GCgc - 0 1");
    EXPECT_EQ(startpos::number_of(pos).value(), 123);
    expect_moves(fen, 20, {"f1g1"});

    // A rook on g3 is not a castling rook: K finds nothing on the back rank (and stands for the
    // corner, h1, in the message)...
    auto off_rank = position_from_fen("4k3/8/8/8/8/6R1/8/R3K3 w KQ - 0 1");
    ASSERT_FALSE(off_rank);
    EXPECT_EQ(off_rank.error().code, ErrorCode::InvalidCastling);
    EXPECT_TRUE(contains(off_rank.error().message, "castling right h1: no white rook on h1"))
        << off_rank.error().message;
    Position dropped = position_from_fen("4k3/8/8/8/8/6R1/8/R3K3 w KQ - 0 1",
                                         SetupOptions{.drop_invalid_castling = true})
                           .value();
    EXPECT_EQ(write_fen(dropped, {CastlingNotation::Shredder}), "4k3/8/8/8/8/6R1/8/R3K3 w A - 0 1");
    // ...and with a back-rank rook on g1, K is that rook.
    Position g1 = parse("4k3/8/8/8/8/6R1/8/4K1R1 w K - 0 1");
    EXPECT_EQ(g1.castling_rook(White, GSide), G1);
    EXPECT_EQ(write_fen(g1, {CastlingNotation::Shredder}), "4k3/8/8/8/8/6R1/8/4K1R1 w G - 0 1");
    EXPECT_EQ(castles(g1), (Moves{"e1g1"}));
}

// official-stockfish/Stockfish#356 (fixed by #357), EarlyEdition/Lifish#9: Q picked the black
// rook on a1. Only own rooks on the own back rank are castling rooks.
TEST(PitfallB10, OnlyOwnRooksAreCastlingRooks) {
    const char* fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w Q - 0 1";
    Position pos = parse(fen);
    EXPECT_EQ(pos.castling_rook(White, CSide), B1);
    EXPECT_FALSE(pos.has_castling_right(White, GSide));
    EXPECT_EQ(write_fen(pos), fen);
    EXPECT_EQ(write_fen(pos, {CastlingNotation::Shredder}),
              "4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w B - 0 1");
    // Castling would put the king on c1 in the a1 rook's line once b1 is empty.
    expect_moves(fen, 21, {});
    // The same on the h-side: K is the f1 rook, not the black rook beyond it on g1.
    const char* h_side = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4KRr1 w K - 0 1";
    EXPECT_EQ(parse(h_side).castling_rook(White, GSide), F1);
    EXPECT_EQ(write_fen(parse(h_side), {CastlingNotation::Shredder}),
              "4k3/pppppppp/8/8/8/8/PPPPPPPP/4KRr1 w F - 0 1");
    expect_moves(h_side, 18, {});
    // A right naming the black rook's file is refused.
    auto a_file = position_from_fen("4k3/pppppppp/8/8/8/8/PPPPPPPP/rR2K3 w A - 0 1");
    ASSERT_FALSE(a_file);
    EXPECT_EQ(a_file.error().code, ErrorCode::InvalidCastling);
}

// lichess-org/lila#13254 (open): the inner-rook letter came back as Q and castling used the a1
// rook. lichess-org/scalachess#36: a rook "sneaked in" later became castle-able.
TEST(PitfallB11, InnerRookLetterIsKept) {
    const char* fen = "2nkn3/2p1p3/8/8/8/6r1/7r/RR3K2 w B - 0 1";
    Position pos = parse(fen);
    EXPECT_EQ(write_fen(pos), fen);
    EXPECT_EQ(write_fen(pos, {CastlingNotation::Shredder}), fen);
    EXPECT_EQ(pos.castling_rook(White, CSide), B1);
    expect_moves(fen, 19, {"f1b1"});
    EXPECT_EQ(write_fen(pos.after(Move(F1, B1, Move::Castling))),
              "2nkn3/2p1p3/8/8/8/6r1/7r/R1KR4 b - - 1 1");

    // scalachess#36: the a1 rook holds the right; a rook that arrives on b1 does not, and blocks.
    Position sneaked = play(parse("4k3/8/8/8/8/8/1R6/R3K3 w Q - 0 1"), {"b2b1", "e8e7"});
    EXPECT_EQ(write_fen(sneaked), "8/4k3/8/8/8/8/8/RR2K3 w Q - 2 2");
    EXPECT_EQ(sneaked.castling_rook(White, CSide), A1);
    EXPECT_EQ(sneaked.legal_moves().size(), 21);
    EXPECT_TRUE(castles(sneaked).empty());
}

// ChessCom/Chess-Game#48 (EBeb parsed as "-"), pychess/pychess#1869 and #2503 (AHah could not be
// written), lichess-org/lila#17919 (PR #21276) and #20260 (rights lost for rooks off a1/h1).
TEST(PitfallB12, FileLetterRightsAreReadAndWritten) {
    const char* fen = "nrnkrbbq/pppppppp/8/8/8/8/PPPPPPPP/NRNKRBBQ w EBeb - 0 1";
    Position pos = parse(fen);
    EXPECT_EQ(pos.castling_rook(White, GSide), E1);
    EXPECT_EQ(pos.castling_rook(White, CSide), B1);
    EXPECT_EQ(pos.castling_rook(Black, GSide), E8);
    EXPECT_EQ(pos.castling_rook(Black, CSide), B8);
    EXPECT_EQ(write_fen(pos), "nrnkrbbq/pppppppp/8/8/8/8/PPPPPPPP/NRNKRBBQ w KQkq - 0 1");
    EXPECT_EQ(write_fen(pos, {CastlingNotation::Shredder}), fen);
    EXPECT_EQ(startpos::number_of(pos).value(), 190);
    expect_moves(fen, 19, {});

    // The ordinary start in Shredder-FEN, both letter orders.
    Position classic;
    EXPECT_EQ(write_fen(classic, {CastlingNotation::Shredder}),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    for (const char* rights : {"AHah", "HAha"}) {
        Position p = parse(std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ") + rights +
                           " - 0 1");
        EXPECT_TRUE(p.same_position(classic)) << rights;
        EXPECT_EQ(p.key(), classic.key()) << rights;
    }

    // Rights of rooks off a1/h1 survive ordinary moves (lila#17919).
    Position sp = startpos::position(190).value();
    sp = play(sp, {"e2e4", "e7e5"});
    EXPECT_EQ(write_fen(sp, {CastlingNotation::Shredder}),
              "nrnkrbbq/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/NRNKRBBQ w EBeb - 0 2");
}

// niklasf/python-chess#143: validation assumed mirrored setups and cut KQkq to KQ.
// lucametehau/CloverEngine#245: DFRC castling detection.
TEST(PitfallB13, AsymmetricRightsAreKept) {
    const char* fen = "1r1k1r2/5p2/8/8/8/8/3N4/R5KR b KQkq - 0 1";
    Position pos = parse(fen);
    EXPECT_EQ(write_fen(pos), fen);
    EXPECT_EQ(write_fen(pos, {CastlingNotation::Shredder}),
              "1r1k1r2/5p2/8/8/8/8/3N4/R5KR b HAfb - 0 1");
    expect_moves(fen, 21, {"d8b8", "d8f8"});

    // Double Chess960 start: white 0 (BBQNNRKR), black 959 (RKRNNQBB).
    Position dfrc = startpos::position(0, 959).value();
    EXPECT_EQ(write_fen(dfrc), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    EXPECT_EQ(write_fen(dfrc, {CastlingNotation::Shredder}),
              "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1");
    auto numbers = startpos::numbers_of(dfrc);
    ASSERT_TRUE(numbers);
    EXPECT_EQ(numbers->white, 0);
    EXPECT_EQ(numbers->black, 959);
    EXPECT_TRUE(numbers->is_double());
    EXPECT_EQ(parse(write_fen(dfrc)).key(), dfrc.key());
}

// official-stockfish/Stockfish#3206 (a "q" right matching no rook, then c8g8 in the PV),
// fairy-stockfish#673, Stockfish#4019, franciscoBSalgueiro/en-croissant#346 and #410.
TEST(PitfallB14, InconsistentRightsAreAnErrorByDefault) {
    const char* fen = "q1kn1br1/3p1p1p/1rpB2p1/1p6/p7/P4P2/BPPP2PP/QRKN3R w KQq - 1 13";
    auto strict = position_from_fen(fen);
    ASSERT_FALSE(strict);
    EXPECT_EQ(strict.error().code, ErrorCode::InvalidCastling);
    EXPECT_TRUE(contains(strict.error().message, "castling right a8")) << strict.error().message;

    // python-chess's "bad castling rights" examples, each naming the first bad right.
    auto no_h_rook = position_from_fen("4k2r/8/8/8/8/8/8/R1K5 w KQkq - 0 1");
    ASSERT_FALSE(no_h_rook);
    EXPECT_EQ(no_h_rook.error().code, ErrorCode::InvalidCastling);
    EXPECT_TRUE(contains(no_h_rook.error().message, "castling right h1"))
        << no_h_rook.error().message;
    auto no_k_rook = position_from_fen("1r2k3/8/1p6/8/8/5P2/8/1R2KR2 w KQkq - 0 1");
    ASSERT_FALSE(no_k_rook);
    EXPECT_TRUE(contains(no_k_rook.error().message, "castling right h8"))
        << no_k_rook.error().message;
}

TEST(PitfallB14, InconsistentRightsAreDroppedOnRequest) {
    const SetupOptions drop{.drop_invalid_castling = true};
    Position pos =
        position_from_fen("q1kn1br1/3p1p1p/1rpB2p1/1p6/p7/P4P2/BPPP2PP/QRKN3R w KQq - 1 13", drop)
            .value();
    EXPECT_EQ(write_fen(pos), "q1kn1br1/3p1p1p/1rpB2p1/1p6/p7/P4P2/BPPP2PP/QRKN3R w KQ - 1 13");
    EXPECT_FALSE(pos.has_castling_right(Black, CSide));
    EXPECT_FALSE(pos.has_castling_right(Black, GSide));
    EXPECT_EQ(pos.legal_moves().size(), 31);
    EXPECT_TRUE(castles(pos).empty());
    // Black has no castle to play, c8g8 least of all.
    Position black = play(pos, {"h2h3"});
    EXPECT_TRUE(castles(black).empty());
    EXPECT_FALSE(parse_uci(black, "c8g8", CastlingMode::Chess960));

    EXPECT_EQ(write_fen(position_from_fen("4k2r/8/8/8/8/8/8/R1K5 w KQkq - 0 1", drop).value()),
              "4k2r/8/8/8/8/8/8/R1K5 w Qk - 0 1");
    EXPECT_EQ(
        write_fen(position_from_fen("1r2k3/8/1p6/8/8/5P2/8/1R2KR2 w KQkq - 0 1", drop).value()),
        "1r2k3/8/1p6/8/8/5P2/8/1R2KR2 w KQq - 0 1");
    // en-croissant#346: HQkq on the ordinary start is consistent (H is the h1 rook).
    EXPECT_EQ(write_fen(parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HQkq - 0 1")),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

// lichess-org/scalachess#351, TCEC-Chess/tcecgui#90, alexobviously/bishop#77 (Rxh8 left k),
// aperechnev/ChessKit#7, nvzqz/Sage#8: rights not cleared when the rook is captured at home,
// also by a promotion; in Chess960 the home square is not a corner.
TEST(PitfallB15, RightGoneWhenTheRookIsCapturedOnItsHomeSquare) {
    EXPECT_EQ(write_fen(play(parse("4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1"), {"h1h8"})),
              "4k2R/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_EQ(write_fen(play(parse("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1"), {"b7a8q"})),
              "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_EQ(write_fen(play(parse("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1"), {"b7a8r"})),
              "R3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // Chess960: the g-side rooks stand on g1/g8.
    Position pos = play(parse("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1"), {"g1g8"});
    EXPECT_EQ(write_fen(pos, {CastlingNotation::Shredder}), "1r2k1R1/8/8/8/8/8/8/1R2K3 b Bb - 0 1");
    pos = play(pos, {"e8d7"});
    EXPECT_EQ(write_fen(pos), "1r4R1/3k4/8/8/8/8/8/1R2K3 w Q - 1 2");
    EXPECT_EQ(castles(pos), (Moves{"e1b1"}));
    EXPECT_EQ(pos.legal_moves().size(), 29);
}

// FEN 1994 vs X-FEN vs legal-only en passant: niklasf/python-chess#66, #530, #782,
// lichess-org/lila#9875, #10578, #17321, jhlywa/chess.js#294, Disservin/fastchess#559.
TEST(PitfallB16, EnPassantConventionsReadToTheSamePosition) {
    const FenOptions double_step{.en_passant = EnPassantNotation::DoubleStep};
    // After 1. e4 no capture is possible: FEN 1994 writes e3, X-FEN and "legal" write -.
    Position e4;
    e4.play(parse_uci(e4, "e2e4", CastlingMode::Standard).value());
    Position with_square = parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    Position without = parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    for (const Position* p : {&with_square, &without}) {
        EXPECT_TRUE(p->same_position(e4));
        EXPECT_EQ(p->key(), e4.key());
        EXPECT_EQ(p->en_passant_square(), NoSquare);
        EXPECT_EQ(write_fen(*p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    }
    EXPECT_EQ(write_fen(e4, double_step),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    EXPECT_EQ(write_fen(with_square, double_step), write_fen(e4, double_step));
    EXPECT_EQ(write_fen(without, double_step), write_fen(without));  // the double step is not known

    // An adjacent pawn whose capture is illegal (horizontal pin): X-FEN writes c6, legal-only -.
    Position pinned = parse("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    Position pinned_plain = parse("8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    EXPECT_EQ(pinned.key(), pinned_plain.key());
    EXPECT_TRUE(pinned.same_position(pinned_plain));
    EXPECT_EQ(write_fen(pinned), "8/8/8/KPp4r/8/8/8/7k w - - 0 1");
    EXPECT_EQ(write_fen(pinned, double_step), "8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    EXPECT_EQ(pinned.legal_moves().size(), 4);

    // A legal capture: every convention writes f6, and the key differs from the "-" position.
    const char* legal = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    Position ep = parse(legal);
    EXPECT_EQ(ep.en_passant_square(), F6);
    EXPECT_EQ(write_fen(ep), legal);
    EXPECT_EQ(write_fen(ep, double_step), legal);
    EXPECT_TRUE(ep.is_legal(Move(E5, F6, Move::EnPassant)));
    EXPECT_EQ(ep.legal_moves().size(), 31);
    Position no_ep = parse("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    EXPECT_NE(ep.key(), no_ep.key());
    EXPECT_FALSE(ep.same_position(no_ep));
    EXPECT_EQ(no_ep.legal_moves().size(), 30);
    // Reached by play, the key is the same as read from the FEN.
    Position played = play(Position(), {"e2e4", "d7d5", "e4e5", "f7f5"});
    EXPECT_EQ(played.key(), ep.key());
    EXPECT_TRUE(played.same_position(ep));
}

// official-stockfish/books#54 (a trailing ';' made python-chess throw), dje-dev/Ceres#96
// (annotations after ';').
TEST(PitfallB17, EpdWithTrailingOperations) {
    const char* fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    Position expected = parse(fen);
    const char* lines[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1 ;D1 20 ;D6 119060324",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -;",
    };
    for (const char* line : lines) {
        Position pos = parse(line);
        EXPECT_TRUE(pos == expected) << line;
        EXPECT_EQ(write_fen(pos), fen) << line;
    }
    // Without ';' trailing text is an error.
    auto garbage = position_from_fen(std::string(fen) + " D1 20");
    ASSERT_FALSE(garbage);
    EXPECT_EQ(garbage.error().code, ErrorCode::InvalidFen);
}
