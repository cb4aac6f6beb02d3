// The exact set of legal moves of the 960 positions of chess960_perft.epd, against
// scalachess's list (castling as UCI king-takes-rook).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "chess960/fen.hpp"
#include "chess960/position.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

TEST(LegalMoves, MatchScalachessListForAll960) {
    std::ifstream in(std::string(CHESS960_TEST_DATA) + "/chess960_perft_legal_moves_uci.txt");
    ASSERT_TRUE(in);
    std::string fen, moves_line, blank;
    int blocks = 0, castles = 0;
    while (std::getline(in, fen) && std::getline(in, moves_line)) {
        std::getline(in, blank);
        auto pos = position_from_fen(fen);
        ASSERT_TRUE(pos) << fen;
        std::vector<std::string> expected, ours;
        std::istringstream words(moves_line);
        for (std::string w; words >> w;) expected.push_back(w);
        for (Move m : pos->legal_moves()) {
            ours.push_back(to_uci(*pos, m, CastlingMode::Chess960));
            if (m.is_castling()) ++castles;
            // Every move's text reads back to the same move.
            EXPECT_EQ(parse_uci(*pos, ours.back(), CastlingMode::Chess960).value(), m);
        }
        std::sort(expected.begin(), expected.end());
        std::sort(ours.begin(), ours.end());
        EXPECT_EQ(ours, expected) << fen;
        ++blocks;
    }
    EXPECT_EQ(blocks, 960);
    EXPECT_EQ(castles, 202);  // as counted in tests/data/SOURCES.md
}
