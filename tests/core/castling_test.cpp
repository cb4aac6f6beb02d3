// Castling (FIDE Laws, Article 3.8.2 and Guidelines II.3): every condition as a pair, a position
// where the castle is legal and a minimal change that makes it illegal; the four shapes; how
// rights are lost; Double Chess960; several rooks on the back rank; and the UCI text of castling
// moves in both modes.
//
// Every expectation here (legal moves, castling moves, the FEN after the castle) was checked
// against Stockfish 15.1 with UCI_Chess960 true.
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

using chess960::testing::parse;

// The castling moves of the side to move, in king-takes-rook UCI, sorted.
std::vector<std::string> castles(const Position& pos) {
    std::vector<std::string> out;
    for (Move m : pos.legal_moves())
        if (m.is_castling()) out.push_back(to_uci(pos, m, CastlingMode::Chess960));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> castles(std::string_view fen) { return castles(parse(fen)); }

using Moves = std::vector<std::string>;

// Plays UCI moves (Chess960 text) from a FEN; every move must be legal.
Position play(std::string_view fen, const std::vector<std::string>& moves) {
    Position pos = parse(fen);
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

// The castle `uci` (king takes rook) is legal in `fen`; after it the king stands on the g/c file,
// the rook on the f/d file, the mover has no castling rights left, and the FEN is `fen_after`.
void expect_castle(std::string_view fen, std::string_view uci, std::string_view fen_after) {
    SCOPED_TRACE(std::string(fen) + " castle " + std::string(uci));
    Position pos = parse(fen);
    Square from = parse_square(uci.substr(0, 2)), to = parse_square(uci.substr(2, 2));
    Move castle(from, to, Move::Castling);
    ASSERT_TRUE(pos.is_legal(castle)) << "castle not generated";
    auto parsed = parse_uci(pos, uci, CastlingMode::Chess960);
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(*parsed, castle);
    EXPECT_EQ(to_uci(pos, castle, CastlingMode::Chess960), uci);

    const Color us = pos.side_to_move();
    const CastlingSide side = file_of(to) > file_of(from) ? GSide : CSide;
    Position after = pos.after(castle);
    EXPECT_EQ(write_fen(after), fen_after);
    EXPECT_EQ(after.piece_on(king_castling_destination(us, side)), make_piece(us, King));
    EXPECT_EQ(after.piece_on(rook_castling_destination(us, side)), make_piece(us, Rook));
    EXPECT_EQ(file_of(after.king_square(us)), side == GSide ? 6 : 2);
    EXPECT_FALSE(after.has_castling_right(us, GSide));
    EXPECT_FALSE(after.has_castling_right(us, CSide));
    EXPECT_EQ(popcount(after.pieces()), popcount(pos.pieces())) << "castling lost a piece";
    EXPECT_EQ(after.validate_internal(), "");
}

// The castle `uci` is not among the legal moves of `fen`, nor read by parse_uci.
void expect_no_castle(std::string_view fen, std::string_view uci) {
    SCOPED_TRACE(std::string(fen) + " no castle " + std::string(uci));
    Position pos = parse(fen);
    Square from = parse_square(uci.substr(0, 2)), to = parse_square(uci.substr(2, 2));
    EXPECT_FALSE(pos.is_legal(Move(from, to, Move::Castling)));
    for (Move m : pos.legal_moves())
        EXPECT_FALSE(m.is_castling() && m.from() == from && m.to() == to);
    auto parsed = parse_uci(pos, uci, CastlingMode::Chess960);
    EXPECT_FALSE(parsed && parsed->is_castling());
}

}  // namespace

// --- The four shapes (Guidelines II.3: the king, the rook, both or neither move) -----------------

TEST(CastlingShape, BothKingAndRookMove) {
    expect_castle("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    expect_castle("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1a1", "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
    EXPECT_EQ(castles("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1a1", "e1h1"}));
    // A bishop on f1 (crossed by the king, the rook's destination) / a knight on b1 (the rook's
    // path) stops only that side.
    expect_no_castle("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1", "e1h1");
    EXPECT_EQ(castles("4k3/8/8/8/8/8/8/R3KB1R w KQ - 0 1"), (Moves{"e1a1"}));
    expect_no_castle("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "e1a1");
    EXPECT_EQ(castles("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"), (Moves{"e1h1"}));
}

TEST(CastlingShape, KingAndRookSwapSquares) {
    // King f1, rook g1: O-O puts the king on g1 and the rook on f1.
    expect_castle("3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1", "f1g1",
                  "3r1k1r/4pp2/8/8/8/8/8/4RRK1 b q - 2 1");
    // A knight on h3 attacks g1, the king's destination.
    expect_no_castle("3r1k1r/4pp2/8/8/8/7n/8/4RKR1 w Gd - 1 1", "f1g1");
    EXPECT_EQ(parse("3r1k1r/4pp2/8/8/8/7n/8/4RKR1 w Gd - 1 1").legal_moves().size(), 20);
}

TEST(CastlingShape, OnlyTheKingMoves) {
    // The rook already stands on its destination (d1 / f1; d8 for Black).
    expect_castle("4k3/8/8/8/8/8/8/3RK3 w Q - 0 1", "e1d1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    expect_castle("4k3/8/8/8/8/8/8/4KR2 w K - 0 1", "e1f1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    Position black = play("3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1", {"f1g1"});
    expect_castle(write_fen(black), "f8d8", "2kr3r/4pp2/8/8/8/8/8/4RRK1 w - - 3 2");
    // The king's destination attacked: a bishop on a3 hits c1, one on h2 hits g1.
    expect_no_castle("4k3/8/8/8/8/b7/8/3RK3 w Q - 0 1", "e1d1");
    expect_no_castle("4k3/8/8/8/8/8/7b/4KR2 w K - 0 1", "e1f1");
}

TEST(CastlingShape, OnlyTheRookMoves) {
    // The king already stands on its destination: g1 with the rook h1, c1 with the rook a1.
    expect_castle("4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    expect_castle("4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", "c1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // A piece on the rook's destination (f1, d1) or path (b1).
    expect_no_castle("4k3/8/8/8/8/8/8/5BKR w K - 0 1", "g1h1");
    expect_no_castle("4k3/8/8/8/8/8/8/R1KN4 w Q - 0 1", "c1a1");
    expect_no_castle("4k3/8/8/8/8/8/8/RNK5 w Q - 0 1", "c1a1");
    EXPECT_EQ(parse("4k3/8/8/8/8/8/8/RNK5 w Q - 0 1").legal_moves().size(), 14);
}

// --- Vacant (Article 3.8.2.2: no piece between; Guidelines II.3) ---------------------------------

TEST(CastlingVacant, PieceOnASquareTheKingCrosses) {
    expect_castle("4k3/8/8/8/8/8/8/1K5R w K - 0 1", "b1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    expect_no_castle("4k3/8/8/8/8/8/8/1K1N3R w K - 0 1", "b1h1");  // own knight on d1
    expect_no_castle("4k3/8/8/8/8/8/8/1K1n3R w K - 0 1", "b1h1");  // enemy knight on d1
}

TEST(CastlingVacant, PieceOnTheRookPathOnly) {
    // King g1 to c1, rook a1 to d1: b1 is crossed by the rook only.
    expect_castle("4k3/8/8/8/8/8/8/R5K1 w Q - 0 1", "g1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    expect_no_castle("4k3/8/8/8/8/8/8/RN4K1 w Q - 0 1", "g1a1");
}

TEST(CastlingVacant, PieceOnTheRookDestination) {
    // King b1 to c1, rook a1 to d1: d1 is the rook's destination, not on the king's path.
    expect_castle("4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    expect_no_castle("4k3/8/8/8/8/8/8/RK1B4 w Q - 0 1", "b1a1");
}

TEST(CastlingVacant, KingDestinationOccupiedByAnotherPiece) {
    expect_castle("4k3/8/8/8/8/8/8/3RK3 w Q - 0 1", "e1d1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    expect_no_castle("4k3/8/8/8/8/8/8/2NRK3 w Q - 0 1", "e1d1");  // own knight on c1
    expect_no_castle("4k3/8/8/8/8/8/8/2nRK3 w Q - 0 1", "e1d1");  // enemy knight on c1
    expect_castle("4k3/8/8/8/8/8/8/4KR2 w K - 0 1", "e1f1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    expect_no_castle("4k3/8/8/8/8/8/8/4KRN1 w K - 0 1", "e1f1");  // own knight on g1
}

TEST(CastlingVacant, SecondOwnRookInThePathBlocks) {
    // docs/pitfalls.md A1: only the castling king and the castling rook are excluded from the
    // occupancy test; the d1 rook blocks the a1 rook (Q) and the king.
    expect_castle("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    expect_no_castle("4k3/8/8/8/8/8/8/R2RK3 w Q - 0 1", "e1a1");
    EXPECT_TRUE(castles("4k3/8/8/8/8/8/8/R2RK3 w Q - 0 1").empty());
    EXPECT_EQ(parse("4k3/8/8/8/8/8/8/R2RK3 w Q - 0 1").legal_moves().size(), 22);
}

TEST(CastlingVacant, AdjacentKingAndRook) {
    // King d1, rook e1 (O-O; the king crosses the rook's square).
    expect_castle("2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "d1e1", "2r5/8/8/8/8/8/6PP/k4RK1 b - - 1 1");
    expect_no_castle("6r1/8/8/8/8/8/7P/k2KR3 w K - 0 1", "d1e1");  // g1 attacked
    // King c1, rook b1: the rook crosses the king's own square, which is not a blocker.
    expect_castle("4k3/8/8/8/8/8/8/1RK5 w Q - 0 1", "c1b1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // King b1, rook a1: both move, each over the other's square.
    expect_castle("4k3/8/8/8/8/8/8/RK6 w Q - 0 1", "b1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

// --- Not attacked (Article 3.8.2.2) --------------------------------------------------------------

TEST(CastlingAttacks, TheCastlingRookIsLiftedBeforeJudgingAttacks) {
    // Without the black rook on a1 the c-side castle is legal...
    expect_castle("4k3/8/8/8/8/8/8/1R2K1N1 w Q - 0 1", "e1b1", "4k3/8/8/8/8/8/8/2KR2N1 b - - 1 1");
    // ...with it, the b1 rook is the only thing shielding c1 from the a1 rook.
    expect_no_castle("4k3/8/8/8/8/8/8/rR2K1N1 w Q - 0 1", "e1b1");
    EXPECT_EQ(parse("4k3/8/8/8/8/8/8/rR2K1N1 w Q - 0 1").legal_moves().size(), 11);
}

TEST(CastlingAttacks, NotOutOfCheck) {
    EXPECT_EQ(castles("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1a1", "e1h1"}));
    // A rook on e8 checks the king: neither castle.
    expect_no_castle("4rk2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1a1");
    expect_no_castle("4rk2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1");
    EXPECT_EQ(parse("4rk2/8/8/8/8/8/8/R3K2R w KQ - 0 1").legal_moves().size(), 4);
    // Only the rook would move, but the king on g1 is in check.
    expect_castle("5r1k/7p/8/8/8/8/8/6KR w K - 0 1", "g1h1", "5r1k/7p/8/8/8/8/8/5RK1 b - - 1 1");
    expect_no_castle("6rk/7p/8/8/8/8/8/6KR w K - 0 1", "g1h1");
}

TEST(CastlingAttacks, NotThroughAnAttackedSquare) {
    // f1 attacked: no O-O; d1 attacked: no O-O-O.
    expect_no_castle("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1");
    expect_castle("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1a1", "5rk1/8/8/8/8/8/8/2KR3R b - - 1 1");
    expect_no_castle("3r2k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1a1");
    expect_castle("3r2k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1",
                  "3r2k1/8/8/8/8/8/8/R4RK1 b - - 1 1");
}

TEST(CastlingAttacks, NotOntoAnAttackedSquare) {
    // g1 attacked: no O-O; c1 attacked: no O-O-O.
    expect_no_castle("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1");
    EXPECT_EQ(castles("6rk/7p/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1a1"}));
    expect_no_castle("2r3k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1a1");
    EXPECT_EQ(castles("2r3k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1h1"}));
}

TEST(CastlingAttacks, AttacksOnTheRookSquareOrPathDoNotForbidCastling) {
    // docs/pitfalls.md A6. b1 (crossed by the rook only), a1 and h1 (the rooks' squares) attacked.
    EXPECT_EQ(castles("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1a1", "e1h1"}));
    EXPECT_EQ(castles("r5k1/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1a1", "e1h1"}));
    EXPECT_EQ(castles("4k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1"), (Moves{"e1a1", "e1h1"}));
    // King g1, rook h1: the rook's destination f1 is attacked, the king's squares are not.
    expect_castle("5r1k/7p/8/8/8/8/8/6KR w K - 0 1", "g1h1", "5r1k/7p/8/8/8/8/8/5RK1 b - - 1 1");
}

// --- Unmoved (Article 3.8.2.1): how rights are lost and kept -------------------------------------

TEST(CastlingRights, LostWhenTheKingMoves) {
    const char* fen = "4k3/8/8/8/8/8/8/1R3K1R w KQ - 0 1";
    EXPECT_EQ(castles(fen), (Moves{"f1b1", "f1h1"}));
    Position moved = play(fen, {"f1f2"});
    EXPECT_EQ(write_fen(moved), "4k3/8/8/8/8/8/5K2/1R5R b - - 1 1");
    // Back on its square, the king has no rights.
    Position back = play(fen, {"f1f2", "e8e7", "f2f1", "e7e8"});
    EXPECT_EQ(write_fen(back), "4k3/8/8/8/8/8/8/1R3K1R w - - 4 3");
    EXPECT_TRUE(castles(back).empty());
    EXPECT_EQ(back.legal_moves().size(), 24);
}

TEST(CastlingRights, LostOnlyOnThatSideWhenTheRookMoves) {
    const char* fen = "4k3/8/8/8/8/8/8/1R3K1R w KQ - 0 1";
    EXPECT_EQ(write_fen(play(fen, {"h1h2"})), "4k3/8/8/8/8/8/7R/1R3K2 b Q - 1 1");
    Position back = play(fen, {"h1h2", "e8e7", "h2h1", "e7e8"});
    EXPECT_EQ(write_fen(back), "4k3/8/8/8/8/8/8/1R3K1R w Q - 4 3");
    EXPECT_EQ(castles(back), (Moves{"f1b1"}));
}

TEST(CastlingRights, KeptWhenTheOtherRookMoves) {
    Position pos = play("4k3/8/8/8/8/8/8/1R3K1R w KQ - 0 1", {"b1b2", "e8e7"});
    EXPECT_EQ(write_fen(pos), "8/4k3/8/8/8/8/1R6/5K1R w K - 2 2");
    EXPECT_EQ(pos.castling_rook(White, GSide), H1);
    expect_castle(write_fen(pos), "f1h1", "8/4k3/8/8/8/8/1R6/5RK1 b - - 3 2");
}

TEST(CastlingRights, LostWhenTheRookIsCapturedOnItsSquare) {
    const char* fen = "b3k3/8/8/8/7R/8/8/1R3K1R b KQ - 0 1";
    Position taken = play(fen, {"a8h1"});
    EXPECT_EQ(write_fen(taken), "4k3/8/8/8/7R/8/8/1R3K1b w Q - 0 2");
    EXPECT_FALSE(taken.has_castling_right(White, GSide));
    // Another rook that later goes to h1 does not bring the right back.
    Position retaken = play(fen, {"a8h1", "h4h1", "e8e7"});
    EXPECT_EQ(write_fen(retaken), "8/4k3/8/8/8/8/8/1R3K1R w Q - 1 3");
    EXPECT_EQ(castles(retaken), (Moves{"f1b1"}));
    expect_no_castle(write_fen(retaken), "f1h1");
    // The home square of a Chess960 rook is not a corner: the g1 rook captured on g1.
    EXPECT_EQ(write_fen(play("4k3/8/8/8/8/8/5b2/1R3KR1 b KQ - 0 1", {"f2g1"})),
              "4k3/8/8/8/8/8/8/1R3Kb1 w Q - 0 2");
    // Capturing a knight in the corner leaves the g1 rook's right alone.
    Position corner = play("b3k3/8/8/8/8/8/8/1R3KRN b KQ - 0 1", {"a8h1"});
    EXPECT_EQ(write_fen(corner), "4k3/8/8/8/8/8/8/1R3KRb w KQ - 0 2");
    EXPECT_EQ(write_fen(corner, {CastlingNotation::Shredder}), "4k3/8/8/8/8/8/8/1R3KRb w GB - 0 2");
    EXPECT_EQ(castles(corner), (Moves{"f1b1", "f1g1"}));
}

// --- Double Chess960 and several rooks ---------------------------------------------------------

TEST(CastlingDoubleChess960, DifferentArrangementsCastleBothWays) {
    auto start = startpos::position(502, 532);
    ASSERT_TRUE(start);
    EXPECT_EQ(write_fen(*start), "rbbnkqnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w KQkq - 0 1");
    EXPECT_EQ(write_fen(*start, {CastlingNotation::Shredder}),
              "rbbnkqnr/pppppppp/8/8/8/8/PPPPPPPP/RQBNKBNR w HAha - 0 1");
    // Clear both back ranks on both sides of the king.
    const std::vector<std::string> opening = {"g1f3", "g8f6", "e2e3", "e7e6", "f1e2", "f8e7",
                                              "d2d4", "d7d5", "c1d2", "c8d7", "b2b3", "a7a6",
                                              "b1b2", "b8a7", "d1c3", "d8c6"};
    Position pos = play(write_fen(*start), opening);
    EXPECT_EQ(write_fen(pos), "r3k2r/bppbqppp/p1n1pn2/3p4/3P4/1PN1PN2/PQPBBPPP/R3K2R w KQkq - 4 9");
    EXPECT_EQ(castles(pos), (Moves{"e1a1", "e1h1"}));
    EXPECT_EQ(pos.legal_moves().size(), 37);

    Position white_long = pos.after(*parse_uci(pos, "e1a1", CastlingMode::Chess960));
    EXPECT_EQ(write_fen(white_long),
              "r3k2r/bppbqppp/p1n1pn2/3p4/3P4/1PN1PN2/PQPBBPPP/2KR3R b kq - 5 9");
    EXPECT_EQ(castles(white_long), (Moves{"e8a8", "e8h8"}));
    expect_castle(write_fen(white_long), "e8h8",
                  "r4rk1/bppbqppp/p1n1pn2/3p4/3P4/1PN1PN2/PQPBBPPP/2KR3R w - - 6 10");

    Position white_short = pos.after(*parse_uci(pos, "e1h1", CastlingMode::Chess960));
    expect_castle(write_fen(white_short), "e8a8",
                  "2kr3r/bppbqppp/p1n1pn2/3p4/3P4/1PN1PN2/PQPBBPPP/R4RK1 w - - 6 10");
}

TEST(CastlingDoubleChess960, KingsOnDifferentFiles) {
    // White king g1 with rooks a1/h1, Black king d8 with rooks b8/f8 (docs/pitfalls.md B13).
    const char* fen = "1r1k1r2/5p2/8/8/8/8/3N4/R5KR b KQkq - 0 1";
    EXPECT_EQ(castles(fen), (Moves{"d8b8", "d8f8"}));
    expect_castle(fen, "d8b8", "2kr1r2/5p2/8/8/8/8/3N4/R5KR w KQ - 1 2");
    expect_castle(fen, "d8f8", "1r3rk1/5p2/8/8/8/8/3N4/R5KR w KQ - 1 2");
}

TEST(CastlingSeveralRooks, InnerRookLetterCastlesWithThatRook) {
    // X-FEN 'B': the b1 rook, not the outermost a1 rook.
    const char* fen = "2nkn3/2p1p3/8/8/8/6r1/7r/RR3K2 w B - 0 1";
    EXPECT_EQ(parse(fen).castling_rook(White, CSide), B1);
    EXPECT_EQ(castles(fen), (Moves{"f1b1"}));
    expect_castle(fen, "f1b1", "2nkn3/2p1p3/8/8/8/6r1/7r/R1KR4 b - - 1 1");
    expect_no_castle(fen, "f1a1");

    // Three rooks: with 'B' the b1 rook castles; with 'Q' the a1 rook would, but b1 blocks it.
    expect_castle("4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1", "e1b1", "4k3/8/8/8/8/8/8/R1KR3R b - - 1 1");
    Position outer = parse("4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1");
    EXPECT_EQ(outer.castling_rook(White, CSide), A1);
    EXPECT_EQ(castles(outer), (Moves{"e1h1"}));
    EXPECT_EQ(outer.legal_moves().size(), 31);
}

// --- UCI text -----------------------------------------------------------------------------------

TEST(CastlingUci, Chess960ModeWritesKingTakesRookStandardModeTwoSquares) {
    Position pos = parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Moves chess960, standard;
    for (Move m : pos.legal_moves()) {
        if (!m.is_castling()) continue;
        chess960.push_back(to_uci(pos, m, CastlingMode::Chess960));
        standard.push_back(to_uci(pos, m, CastlingMode::Standard));
    }
    std::sort(chess960.begin(), chess960.end());
    std::sort(standard.begin(), standard.end());
    EXPECT_EQ(chess960, (Moves{"e1a1", "e1h1"}));
    EXPECT_EQ(standard, (Moves{"e1c1", "e1g1"}));
}

TEST(CastlingUci, OrdinaryStartCastleIsE1G1InStandardMode) {
    Position pos;
    for (const char* text : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"})
        pos.play(parse_uci(pos, text, CastlingMode::Standard).value());
    Move castle(E1, H1, Move::Castling);
    ASSERT_TRUE(pos.is_legal(castle));
    EXPECT_EQ(to_uci(pos, castle, CastlingMode::Standard), "e1g1");
    EXPECT_EQ(to_uci(pos, castle, CastlingMode::Chess960), "e1h1");
    // Standard mode reads both forms; Chess960 mode only king-takes-rook.
    EXPECT_EQ(parse_uci(pos, "e1g1", CastlingMode::Standard).value(), castle);
    EXPECT_EQ(parse_uci(pos, "e1h1", CastlingMode::Standard).value(), castle);
    EXPECT_EQ(parse_uci(pos, "e1h1", CastlingMode::Chess960).value(), castle);
    auto two_squares = parse_uci(pos, "e1g1", CastlingMode::Chess960);
    ASSERT_FALSE(two_squares);
    EXPECT_EQ(two_squares.error().code, ErrorCode::IllegalMove);
    EXPECT_EQ(write_fen(pos.after(castle)),
              "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    // e1f1 stays an ordinary king move in both modes.
    EXPECT_FALSE(parse_uci(pos, "e1f1", CastlingMode::Standard).value().is_castling());
    EXPECT_FALSE(parse_uci(pos, "e1f1", CastlingMode::Chess960).value().is_castling());
}

TEST(CastlingUci, StandardModeReadsBothFormsOnTheCSide) {
    Position pos = parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Move castle(E1, A1, Move::Castling);
    EXPECT_EQ(parse_uci(pos, "e1c1", CastlingMode::Standard).value(), castle);
    EXPECT_EQ(parse_uci(pos, "e1a1", CastlingMode::Standard).value(), castle);
    EXPECT_FALSE(parse_uci(pos, "e1c1", CastlingMode::Chess960));
    EXPECT_FALSE(parse_uci(pos, "e1d1", CastlingMode::Standard).value().is_castling());
}

TEST(CastlingUci, ACastleIsNeverWrittenFromEqualsTo) {
    // docs/pitfalls.md C19 (official-stockfish/Stockfish#2671: a castle printed as c1c1).
    Position king_stays = parse("4k3/8/8/8/8/8/8/1RK5 w Q - 0 1");
    Move c1b1(C1, B1, Move::Castling);
    ASSERT_TRUE(king_stays.is_legal(c1b1));
    EXPECT_EQ(to_uci(king_stays, c1b1, CastlingMode::Chess960), "c1b1");
    EXPECT_EQ(to_uci(king_stays, c1b1, CastlingMode::Standard), "c1b1");
    EXPECT_EQ(parse_uci(king_stays, "c1b1", CastlingMode::Standard).value(), c1b1);
    EXPECT_FALSE(parse_uci(king_stays, "c1c1", CastlingMode::Standard));
    EXPECT_FALSE(parse_uci(king_stays, "c1c1", CastlingMode::Chess960));

    // Every legal move of positions full of odd castles: from != to in both modes, and the text
    // reads back to the same move.
    const char* fens[] = {
        "4k3/8/8/8/8/8/8/1RK5 w Q - 0 1",
        "Qr4k1/4pppp/8/8/8/8/8/R5KR w Hb - 0 1",
        "r1k1N2R/pp1pbr2/3p4/P7/8/2P2n2/1PBP4/RK6 b q - 4 28",
        "nrkb2nr/ppppp1p1/6bp/5p2/BPP1P1P1/P7/3P1P1P/qRK1BQNR w BHbh - 0 3",
        "3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1",
        "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
        "4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 100",
        "1br3kr/2p5/8/8/8/8/8/1BR3KR w CH - 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    };
    int castles_seen = 0;
    for (const char* fen : fens) {
        Position pos = parse(fen);
        for (Move m : pos.legal_moves()) {
            castles_seen += m.is_castling();
            for (CastlingMode mode : {CastlingMode::Chess960, CastlingMode::Standard}) {
                std::string text = to_uci(pos, m, mode);
                EXPECT_NE(text.substr(0, 2), text.substr(2, 2)) << fen << " " << text;
                auto back = parse_uci(pos, text, mode);
                ASSERT_TRUE(back) << fen << " " << text;
                EXPECT_EQ(*back, m) << fen << " " << text;
            }
        }
    }
    EXPECT_EQ(castles_seen, 10);
}

TEST(CastlingUci, KingTakesRookIsTheCastleWhenKingAndRookSwap) {
    // kz04px/libchess#12: in BRNBQKRN, f1g1 is O-O (the only move of the king), not a king move.
    const char* fen = "brnbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BRNBQKRN w KQkq - 0 1";
    Position pos = parse(fen);
    EXPECT_EQ(pos.legal_moves().size(), 20);
    for (CastlingMode mode : {CastlingMode::Chess960, CastlingMode::Standard}) {
        auto m = parse_uci(pos, "f1g1", mode);
        ASSERT_TRUE(m);
        EXPECT_TRUE(m->is_castling());
        EXPECT_EQ(to_uci(pos, *m, mode), "f1g1");
    }
    expect_castle(fen, "f1g1", "brnbqkrn/pppppppp/8/8/8/8/PPPPPPPP/BRNBQRKN b kq - 1 1");
}

TEST(CastlingUci, KingMoveOntoAnEmptySquareIsNeverCastling) {
    // zhelyabuzhsky/stockfish#65: with king f1 and rook h1, f1g1 is Kg1 and f1h1 is O-O.
    const char* fen = "4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 100";
    Position pos = parse(fen);
    EXPECT_EQ(pos.legal_moves().size(), 14);
    for (CastlingMode mode : {CastlingMode::Chess960, CastlingMode::Standard}) {
        auto king_move = parse_uci(pos, "f1g1", mode);
        ASSERT_TRUE(king_move);
        EXPECT_FALSE(king_move->is_castling());
        EXPECT_EQ(write_fen(pos.after(*king_move)), "4rkr1/4p1p1/8/8/8/8/8/6KR b - - 1 100");
        auto castle = parse_uci(pos, "f1h1", mode);
        ASSERT_TRUE(castle);
        EXPECT_TRUE(castle->is_castling());
        EXPECT_EQ(to_uci(pos, *castle, mode), "f1h1");
        Position after = pos.after(*castle);
        EXPECT_EQ(write_fen(after), "4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 100");
        EXPECT_TRUE(after.in_check());
        EXPECT_TRUE(after.legal_moves().empty());  // O-O#
    }
    // The ordinary start, king e1 and rook h1 with f1 and g1 free: e1f1 is Kf1 in both modes.
    Position classic = parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    EXPECT_FALSE(parse_uci(classic, "e1f1", CastlingMode::Chess960).value().is_castling());
    EXPECT_FALSE(parse_uci(classic, "e1f1", CastlingMode::Standard).value().is_castling());
    EXPECT_TRUE(parse_uci(classic, "e1h1", CastlingMode::Chess960).value().is_castling());
}
