// Positions no game can reach (more than 16 pieces or 8 pawns a side, more pieces than
// promotions explain): rejected by default with a message naming the option, accepted with
// SetupOptions::allow_impossible_material, with every legal move in the move list. Counts from
// Stockfish 15.1 (Debian), whose "go perft" takes any FEN.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "chess960/fen.hpp"
#include "chess960/perft.hpp"
#include "chess960/position.hpp"

using namespace chess960;
namespace {

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

constexpr SetupOptions kAllow{.allow_impossible_material = true};

// 270 legal moves: more than any reachable position has (218), more than the old capacity of
// the move list (256).
constexpr const char* kQueens = "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";

}  // namespace

TEST(ImpossibleMaterial, RejectedByDefaultWithAMessageNamingTheOption) {
    auto pos = position_from_fen(kQueens);
    ASSERT_FALSE(pos);
    EXPECT_EQ(pos.error().code, ErrorCode::InvalidPosition);
    EXPECT_TRUE(contains(pos.error().message, "white has more than 16 pieces"))
        << pos.error().message;
    EXPECT_TRUE(contains(pos.error().message, "allow_impossible_material")) << pos.error().message;
}

TEST(ImpossibleMaterial, TwoHundredSeventyQueenAndRookAndBishopMoves) {
    auto pos = position_from_fen(kQueens, kAllow);
    ASSERT_TRUE(pos) << pos.error().to_string();
    const MoveList moves = pos->legal_moves();
    EXPECT_EQ(moves.size(), 270);
    EXPECT_EQ(pos->count_legal(), 270);
    EXPECT_EQ(perft(*pos, 1), 270u);
    // Every move is different and legal, and each leaves Black without a move (Stockfish:
    // perft 2 = 0).
    for (int i = 0; i < moves.size(); ++i) {
        for (int j = i + 1; j < moves.size(); ++j) ASSERT_NE(moves[i], moves[j]);
        EXPECT_TRUE(pos->is_legal(moves[i]));
    }
    EXPECT_EQ(perft(*pos, 2), 0u);
    // The FEN round trip keeps the material (with the option).
    EXPECT_EQ(write_fen(*pos), kQueens);
}

TEST(ImpossibleMaterial, FifteenKnightsAndSixteenPawnsAgreeWithStockfish) {
    struct Case {
        const char* fen;
        std::uint64_t perft3;
    };
    for (const Case& c :
         {Case{"4k3/8/8/8/8/8/NNNNNNNN/NNNNKNNN w - - 0 1", 7635},
          Case{"4k3/pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP/4K3 w - - 0 1", 1086}}) {
        EXPECT_FALSE(position_from_fen(c.fen)) << c.fen;
        auto pos = position_from_fen(c.fen, kAllow);
        ASSERT_TRUE(pos) << c.fen << ": " << pos.error().to_string();
        EXPECT_EQ(perft(*pos, 3), c.perft3) << c.fen;
    }
}

TEST(ImpossibleMaterial, TheOtherRulesStillHold) {
    // Too many queens and no black king; two white kings; a pawn on the last rank; the side
    // not to move in check.
    for (const char* fen : {"QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/8/4K3 w - - 0 1",
                            "4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/QQQK3K w - - 0 1",
                            "P3k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/4K3 w - - 0 1",
                            "4k3/4Q3/8/8/8/QQQQQQQQ/QQQQQQQQ/4K3 w - - 0 1"}) {
        auto pos = position_from_fen(fen, kAllow);
        ASSERT_FALSE(pos) << fen;
        EXPECT_FALSE(contains(pos.error().message, "allow_impossible_material"))
            << pos.error().message;
    }
}

TEST(ImpossibleMaterial, MoveListHoldsItsCapacityAndCopies) {
    MoveList list;
    for (int i = 0; i < MoveList::kCapacity; ++i)
        list.push(Move(Square(i % 64), Square((i / 64) % 64), Move::Normal));
    EXPECT_EQ(list.size(), MoveList::kCapacity);
    MoveList copy = list;
    ASSERT_EQ(copy.size(), list.size());
    for (int i = 0; i < list.size(); ++i) ASSERT_EQ(copy[i], list[i]);
    MoveList assigned;
    assigned.push(Move(E2, E4));
    assigned = Position().legal_moves();
    EXPECT_EQ(assigned.size(), 20);
}
