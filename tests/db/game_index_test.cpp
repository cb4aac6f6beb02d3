// What the explorer indexes of a game (chess960/db/game_index.hpp): the positions before each of
// the first plies and the final one, each once at its first visit, transpositions meeting by
// key; and what it keeps there (explorer_entry.hpp): speeds, rating groups, dates, packing.
#include <gtest/gtest.h>

#include <vector>

#include "chess960/db/content_hash.hpp"
#include "chess960/db/explorer_entry.hpp"
#include "chess960/db/game_index.hpp"
#include "chess960/san.hpp"
#include "chess960/startpos.hpp"

using namespace chess960;

namespace {

std::vector<Move> play(Position pos, std::initializer_list<const char*> sans) {
    std::vector<Move> moves;
    for (const char* san : sans) {
        auto m = parse_san(pos, san);
        EXPECT_TRUE(m.has_value()) << san;
        moves.push_back(*m);
        pos.play(*m);
    }
    return moves;
}

}  // namespace

TEST(GameIndex, EachPositionOnceWithTheMoveOfItsFirstVisit) {
    const Position start = startpos::position(518).value();
    // Knights out and back: the start position is reached again at ply 4.
    const auto moves = play(start, {"Nf3", "Nf6", "Ng1", "Ng8", "e4"});
    const auto positions = db::indexed_positions(start, moves);
    // Plies 0..4 and the final position, less the start seen again at ply 4.
    ASSERT_EQ(positions.size(), 5u);
    EXPECT_EQ(positions[0].key, start.key());
    EXPECT_EQ(positions[0].move, moves[0]);  // Nf3, not the e4 of the second visit
    EXPECT_EQ(positions.back().move, Move::none());
}

TEST(GameIndex, TranspositionsShareAKeyAndTheLimitStopsTheIndex) {
    const Position start = startpos::position(518).value();
    const auto a = db::indexed_positions(start, play(start, {"e4", "e5", "Nf3"}));
    const auto b = db::indexed_positions(start, play(start, {"Nf3", "e5", "e4"}));
    EXPECT_EQ(a.back().key, b.back().key);
    const auto moves = play(start, {"e4", "e5", "Nf3", "Nc6", "Bb5"});
    const auto two = db::indexed_positions(start, moves, 2);
    ASSERT_EQ(two.size(), 2u);  // before plies 1 and 2; not the position after them
    EXPECT_EQ(two[1].move, moves[1]);
    EXPECT_EQ(db::indexed_positions(start, moves, -1).size(), moves.size() + 1);
}

TEST(GameIndex, Chess960CastlingRightsAreInTheKey) {
    // Start 0 (BBQNNRKR): White's f-rook goes and comes back while a black knight does the
    // same; the placement after ply 6 is that after ply 2, but White lost a castling right.
    const Position start = startpos::position(0).value();
    const auto moves = play(start, {"f4", "Nd6", "Rf2", "Ne8", "Rf1", "Nd6"});
    const auto positions = db::indexed_positions(start, moves);
    ASSERT_EQ(positions.size(), 7u);
    EXPECT_NE(positions[2].key, positions[6].key);
    // With a knight's trip instead the positions after plies 5 and 6 are those after plies 1
    // and 2 again (each indexed once).
    const auto shuffle = play(start, {"f4", "Nd6", "Nc3", "Ne8", "Nd1", "Nd6"});
    EXPECT_EQ(db::indexed_positions(start, shuffle).size(), 5u);
}

TEST(ExplorerEntry, SpeedsAsLichessClassifiesThem) {
    EXPECT_EQ(db::speed_of_time_control("15+0"), db::Speed::UltraBullet);
    EXPECT_EQ(db::speed_of_time_control("60+0"), db::Speed::Bullet);
    EXPECT_EQ(db::speed_of_time_control("120+1"), db::Speed::Bullet);  // 160 s
    EXPECT_EQ(db::speed_of_time_control("180+0"), db::Speed::Blitz);
    EXPECT_EQ(db::speed_of_time_control("300+3"), db::Speed::Blitz);  // 420 s
    EXPECT_EQ(db::speed_of_time_control("600+0"), db::Speed::Rapid);
    EXPECT_EQ(db::speed_of_time_control("1800+0"), db::Speed::Classical);
    EXPECT_EQ(db::speed_of_time_control("-"), db::Speed::Correspondence);
    for (const char* bad : {"", "?", "300", "+3", "a+b", "-5+0", "40/7200"})
        EXPECT_EQ(db::speed_of_time_control(bad), db::Speed::None) << bad;
    EXPECT_EQ(db::parse_speed_name("ultraBullet"), db::Speed::UltraBullet);
    EXPECT_FALSE(db::parse_speed_name(""));
}

TEST(ExplorerEntry, RatingGroupsAndDays) {
    EXPECT_EQ(db::rating_group(0), 0);
    EXPECT_EQ(db::rating_group(999), 0);
    EXPECT_EQ(db::rating_group(1000), 1);
    EXPECT_EQ(db::rating_group(2499), 7);
    EXPECT_EQ(db::rating_group(3200), 8);
    EXPECT_EQ(db::day_number(1900, 1, 1), 1);
    EXPECT_EQ(db::day_number(2024, 2, 30), 0);
    EXPECT_EQ(db::day_number(1899, 12, 31), 0);
    // Every day from 1900 to 2078 comes back, in order.
    int last = 0;
    for (int y = 1900; y <= 2078; ++y)
        for (int m = 1; m <= 12; ++m)
            for (int d = 1; d <= 31; ++d) {
                const int n = db::day_number(y, m, d);
                if (n == 0) continue;
                ASSERT_EQ(n, last + 1) << y << "-" << m << "-" << d;
                last = n;
                const db::Date back = db::date_of_day(n);
                ASSERT_EQ(back.year * 10000 + back.month * 100 + back.day, y * 10000 + m * 100 + d);
            }
}

TEST(ExplorerEntry, PacksAndUnpacksEveryField) {
    const Move castle =
        play(startpos::position(518).value(), {"e4", "e5", "Nf3", "Nf6", "Bc4", "Bc5", "O-O"})[6];
    for (GameResult r : {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw})
        for (Move m : {castle, Move::none()}) {
            db::ExplorerEntry e{m, r, db::Speed::Correspondence, 4095, 65535, 8191};
            const std::int64_t packed = e.pack();
            EXPECT_GE(packed, 0);
            const db::ExplorerEntry back = db::ExplorerEntry::unpack(packed);
            EXPECT_EQ(back.move, m);
            EXPECT_EQ(back.result, r);
            EXPECT_EQ(back.speed, db::Speed::Correspondence);
            EXPECT_EQ(back.rating, 4095);
            EXPECT_EQ(back.day, 65535);
            EXPECT_EQ(back.collection, 8191);
        }
}

TEST(ContentHash, DependsOnEveryByteAndWhereTextsSplit) {
    auto hash = [](std::initializer_list<std::string_view> parts) {
        db::ContentHash h;
        for (auto p : parts) h.add(p);
        return h.value();
    };
    EXPECT_EQ(hash({"White", "Carlsen"}), hash({"White", "Carlsen"}));
    EXPECT_NE(hash({"White", "Carlsen"}), hash({"White", "Carlsen "}));
    EXPECT_NE(hash({"ab", "c"}), hash({"a", "bc"}));
    EXPECT_NE(hash({"12345678abc"}), hash({"12345678abd"}));
}
