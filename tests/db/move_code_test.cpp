// The database's move code (chess960/db/move_code.hpp): every move of every game in tests/data
// and of random games from all 960 start positions and Double Chess960 ones comes back exactly,
// castling on both sides, en passant and every promotion among them; damaged or foreign bytes
// are refused, never misread past their end; the rank counts it is built from give a rarer rank
// no fewer bits; the move order itself is the one the stored databases were coded with.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "chess960/db/move_code.hpp"
#include "chess960/db/move_order.hpp"
#include "chess960/pgn.hpp"
#include "chess960/startpos.hpp"
#include "test_support.hpp"

using namespace chess960;

namespace {

struct Kinds {
    long moves = 0, castlings = 0, en_passants = 0, promotions = 0, under_promotions = 0;
    void count(Move m) {
        ++moves;
        castlings += m.is_castling();
        en_passants += m.is_en_passant();
        promotions += m.is_promotion();
        under_promotions += m.is_promotion() && m.promotion() != Queen;
    }
};

void expect_round_trip(const Position& start, const std::vector<Move>& moves, Kinds& kinds) {
    auto bytes = db::encode_moves(start, moves);
    ASSERT_TRUE(bytes.has_value()) << bytes.error().message;
    auto back = db::decode_moves(start, *bytes, int(moves.size()));
    ASSERT_TRUE(back.has_value()) << back.error().message;
    EXPECT_EQ(*back, moves);
    for (Move m : moves) kinds.count(m);
}

// A game of random legal moves from `start`, preferring the rare kinds when they come up.
std::vector<Move> random_game(Position pos, std::mt19937& rng, int max_plies) {
    std::vector<Move> moves;
    for (int ply = 0; ply < max_plies; ++ply) {
        const MoveList legal = pos.legal_moves();
        if (legal.size() == 0) break;
        Move pick = legal.begin()[rng() % legal.size()];
        for (Move m : legal)
            if ((m.is_castling() || m.is_en_passant() || m.is_promotion()) && rng() % 2) pick = m;
        moves.push_back(pick);
        pos.play(pick);
    }
    return moves;
}

TEST(MoveCode, EveryGameOfTheTestDataComesBackExactly) {
    Kinds kinds;
    int games = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(CHESS960_TEST_DATA) + "/pgn")) {
        const std::string text = chess960::testing::slurp(entry.path().string());
        pgn::Reader reader{std::string_view(text)};
        pgn::Replayer replayer;
        reader.read_all(replayer);
        for (const pgn::GameRecord& game : replayer.games) {
            std::vector<Move> moves;
            for (const pgn::Node& node : game.main.nodes) moves.push_back(node.move);
            SCOPED_TRACE(entry.path().filename().string() + " game " + std::to_string(games + 1));
            expect_round_trip(game.start, moves, kinds);
            ++games;
        }
    }
    EXPECT_GE(games, 25);  // 29 in tests/data/pgn
    EXPECT_GE(kinds.moves, 2000);
    EXPECT_GT(kinds.castlings, 0);
}

TEST(MoveCode, RandomGamesFromEveryStartPositionComeBackWithEveryKindOfMove) {
    std::mt19937 rng(960);
    Kinds kinds;
    for (int number = 0; number < 960; ++number) {
        auto start = startpos::position(number);
        ASSERT_TRUE(start.has_value());
        expect_round_trip(*start, random_game(*start, rng, 300), kinds);
        auto twin = startpos::position(number, int(rng() % 960));
        ASSERT_TRUE(twin.has_value());
        expect_round_trip(*twin, random_game(*twin, rng, 300), kinds);
    }
    EXPECT_GT(kinds.castlings, 500);
    EXPECT_GT(kinds.en_passants, 100);
    EXPECT_GT(kinds.under_promotions, 100);
    EXPECT_GT(kinds.promotions, kinds.under_promotions);
}

TEST(MoveCode, RanksNameEachLegalMoveOnce) {
    std::mt19937 rng(7);
    auto start = startpos::position(518);
    ASSERT_TRUE(start.has_value());
    Position pos = *start;
    for (Move played : random_game(*start, rng, 120)) {
        const MoveList legal = pos.legal_moves();
        std::vector<bool> seen(legal.size(), false);
        for (Move m : legal) {
            const int rank = db::move_rank(pos, m);
            ASSERT_GE(rank, 0);
            ASSERT_LT(rank, int(legal.size()));
            EXPECT_FALSE(seen[std::size_t(rank)]) << "two moves of rank " << rank;
            seen[std::size_t(rank)] = true;
            EXPECT_EQ(db::move_at_rank(pos, rank), m);
        }
        EXPECT_EQ(db::move_at_rank(pos, int(legal.size())), Move());
        pos.play(played);
    }
}

TEST(MoveCode, AnIllegalMoveIsRefusedWithItsPly) {
    auto start = startpos::position(518);
    ASSERT_TRUE(start.has_value());
    const std::vector<Move> moves = {Move(Square(12), Square(28)), Move(Square(12), Square(28))};
    auto bytes = db::encode_moves(*start, moves);
    ASSERT_FALSE(bytes.has_value());
    EXPECT_EQ(bytes.error().code, ErrorCode::IllegalMove);
    EXPECT_NE(bytes.error().message.find("move 2"), std::string::npos) << bytes.error().message;
}

TEST(MoveCode, TruncatedOrForeignBytesAreRefusedNotMisread) {
    std::mt19937 rng(11);
    auto start = startpos::position(100);
    ASSERT_TRUE(start.has_value());
    const std::vector<Move> moves = random_game(*start, rng, 80);
    auto bytes = db::encode_moves(*start, moves);
    ASSERT_TRUE(bytes.has_value());
    // More plies than the bytes hold: an error at the first missing one.
    std::vector<std::uint8_t> cut(bytes->begin(), bytes->begin() + long(bytes->size() / 2));
    auto short_read = db::decode_moves(*start, cut, int(moves.size()));
    ASSERT_FALSE(short_read.has_value());
    EXPECT_EQ(short_read.error().code, ErrorCode::InvalidMove);
    // Bytes of all ones name ranks no position has: refused, whatever the start.
    const std::vector<std::uint8_t> ones(64, 0xff);
    for (int number : {0, 518, 959}) {
        auto other = startpos::position(number);
        ASSERT_TRUE(other.has_value());
        EXPECT_FALSE(db::decode_moves(*other, ones, 40).has_value());
    }
    // A negative count is refused, not read as none.
    EXPECT_FALSE(db::decode_moves(*start, *bytes, -1).has_value());
    // No plies: no bytes needed.
    auto none = db::decode_moves(*start, {}, 0);
    ASSERT_TRUE(none.has_value());
    EXPECT_TRUE(none->empty());
}

// The order the stored databases are coded in must never change, or their games would decode
// into other moves: a digest of the rank of every legal move (taken in the order of their
// encodings, so that the move generator's order does not matter) in every position of the games
// of tests/data and of games drawn by rank from a quarter of the start positions (captures,
// castling, en passant and promotions among them), against the digest of the order as released.
// A change to the order on purpose needs a new format version, not a new digest here.
TEST(MoveCode, TheOrderIsTheOneTheDatabasesWereCodedIn) {
    std::uint64_t digest = 14695981039346656037ull;  // FNV-1a, 64 bits
    long positions = 0;
    Kinds kinds;
    const auto add_position = [&](const Position& pos) {
        MoveList legal = pos.legal_moves();
        std::sort(legal.data(), legal.data() + legal.size(),
                  [](Move a, Move b) { return a.raw() < b.raw(); });
        for (Move m : legal) {
            const int rank = db::move_rank(pos, m);
            for (std::uint32_t word : {std::uint32_t(m.raw()), std::uint32_t(rank)}) {
                digest ^= word;
                digest *= 1099511628211ull;
            }
            kinds.count(m);
        }
        ++positions;
    };
    std::vector<std::filesystem::path> files;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(CHESS960_TEST_DATA) + "/pgn"))
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        const std::string text = chess960::testing::slurp(file.string());
        pgn::Reader reader{std::string_view(text)};
        pgn::Replayer replayer;
        reader.read_all(replayer);
        for (const pgn::GameRecord& game : replayer.games) {
            Position pos = game.start;
            for (const pgn::Node& node : game.main.nodes) {
                add_position(pos);
                pos.play(node.move);
            }
        }
    }
    std::mt19937 rng(42);
    for (int number = 0; number < 960; number += 4) {
        auto start = startpos::position(number);
        ASSERT_TRUE(start.has_value());
        Position pos = *start;
        for (int ply = 0; ply < 100; ++ply) {
            const int count = pos.legal_moves().size();
            if (count == 0) break;
            add_position(pos);
            pos.play(db::move_at_rank(pos, int(rng() % std::uint32_t(count))));
        }
    }
    EXPECT_GT(kinds.castlings, 100);
    EXPECT_GT(kinds.en_passants, 10);
    EXPECT_GT(kinds.under_promotions, 10);
    EXPECT_EQ(positions, 25525);
    EXPECT_EQ(digest, 2491041367639325060ull);
}

// The counts the code is built from: one for each rank, none zero (every rank has a code), and a
// rarer rank never given fewer bits than a likelier one.
TEST(MoveCode, RankFrequenciesWeighTheCode) {
    const std::span<const std::uint64_t> counts = db::rank_frequencies();
    ASSERT_EQ(counts.size(), 256u);
    for (std::size_t r = 0; r < counts.size(); ++r) {
        EXPECT_GT(counts[r], 0u) << "rank " << r;
        for (std::size_t other = 0; other < counts.size(); ++other)
            if (counts[other] < counts[r]) {
                EXPECT_GE(db::rank_code_bits(int(other)), db::rank_code_bits(int(r)))
                    << "ranks " << r << " and " << other;
            }
    }
    EXPECT_EQ(std::max_element(counts.begin(), counts.end()) - counts.begin(), 0);
}

}  // namespace
