// The engine: the evaluation's trace (what the tuner fits) agrees with the evaluation, the
// evaluation is colour-symmetric, the search finds mates, and bench is deterministic.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "engine/eval.hpp"
#include "engine/nnue.hpp"
#include "engine/search.hpp"
#include "test_support.hpp"
#include "uci/uci.hpp"

namespace chess960 {
namespace {

// Positions from random games out of random Chess960 start positions.
std::vector<Position> random_positions(int count, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<Position> out;
    while (int(out.size()) < count) {
        Position pos = *startpos::position(int(rng() % 960));
        for (int ply = 0; ply < 200 && int(out.size()) < count; ++ply) {
            MoveList moves = pos.legal_moves();
            if (moves.empty()) break;
            pos = pos.after(moves[int(rng() % unsigned(moves.size()))]);
            out.push_back(pos);
        }
    }
    return out;
}

// The same position with the board turned over and the colours swapped (through its
// Shredder-FEN: ranks reversed, letter cases swapped).
Position colour_flipped(const Position& pos) {
    std::istringstream fields(write_fen(pos, {CastlingNotation::Shredder}));
    std::string board, side, castling, ep, half, full;
    fields >> board >> side >> castling >> ep >> half >> full;
    auto swap_case = [](std::string text) {
        for (char& c : text) c = std::isupper(c) ? char(std::tolower(c)) : char(std::toupper(c));
        return text;
    };
    std::vector<std::string> ranks;
    std::istringstream rows(board);
    for (std::string row; std::getline(rows, row, '/');) ranks.insert(ranks.begin(), row);
    std::string flipped_board;
    for (const auto& row : ranks)
        flipped_board += (flipped_board.empty() ? "" : "/") + swap_case(row);
    if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
    const std::string fen = flipped_board + (side == "w" ? " b " : " w ") +
                            (castling == "-" ? "-" : swap_case(castling)) + " " + ep + " " + half +
                            " " + full;
    return testing::parse(fen);
}

TEST(Eval, TraceGivesTheSameEvaluation) {
    for (const Position& pos : random_positions(3000, 1)) {
        const auto t = engine::eval::trace(pos);
        ASSERT_EQ(
            engine::eval::evaluate_trace(t, engine::eval::kWeights, pos.side_to_move() == White),
            engine::evaluate(pos))
            << write_fen(pos);
    }
}

TEST(Eval, ColourFlippedPositionHasTheSameEvaluation) {
    for (const Position& pos : random_positions(3000, 2)) {
        const Position flipped = colour_flipped(pos);
        ASSERT_EQ(engine::evaluate(pos), engine::evaluate(flipped))
            << write_fen(pos) << " vs " << write_fen(flipped);
    }
}

TEST(Eval, MaterialAdvantageCounts) {
    // White is a queen up: clearly better for white, whoever is to move.
    const Position w = testing::parse("4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1");
    const Position b = testing::parse("4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 b - - 0 1");
    EXPECT_GT(engine::evaluate(w), 600);
    EXPECT_LT(engine::evaluate(b), -600);
}

TEST(Eval, LoneMinorPieceCannotWinSoScoresNearZero) {
    const Position pos = testing::parse("8/8/4k3/8/8/3NK3/8/8 w - - 0 1");
    EXPECT_LT(std::abs(engine::evaluate(pos)), 40);
}

Move find_move(const Position& pos, const std::string& uci) {
    auto m = parse_uci(pos, uci, CastlingMode::Chess960);
    EXPECT_TRUE(m.has_value()) << uci;
    return m ? *m : Move();
}

TEST(See, WinsAnUndefendedPawnWithTheRook) {
    const Position pos = testing::parse("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1");
    const Move m = find_move(pos, "e1e5");
    EXPECT_TRUE(engine::see_ge(pos, m, 0));
    EXPECT_TRUE(engine::see_ge(pos, m, 100));
    EXPECT_FALSE(engine::see_ge(pos, m, 101));
}

TEST(See, KnightForADefendedPawnLoses) {
    // Nxe5 Nxe5 Rxe5 Bxe5 Qxe5 Qxe5... the knight is lost for a pawn: -220 with our values.
    const Position pos = testing::parse("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
    const Move m = find_move(pos, "d3e5");
    EXPECT_FALSE(engine::see_ge(pos, m, 0));
    EXPECT_TRUE(engine::see_ge(pos, m, -220));
    EXPECT_FALSE(engine::see_ge(pos, m, -219));
}

TEST(See, XRayBehindTheRookCounts) {
    // Rxd5 is recaptured by the e6 pawn, the rook on d1 then takes back: R for P+P.
    const Position pos = testing::parse("4k3/8/4p3/3p4/8/8/3R4/3RK3 w - - 0 1");
    const Move m = find_move(pos, "d2d5");
    EXPECT_FALSE(engine::see_ge(pos, m, 0));
    EXPECT_TRUE(engine::see_ge(pos, m, -300));
}

TEST(See, KingCannotRecaptureADefendedPiece) {
    // Qxf7+: the king may not take back since the bishop defends f7.
    const Position pos = testing::parse("4k3/5p2/8/8/2B5/8/8/4KQ2 w - - 0 1");
    const Move m = find_move(pos, "f1f7");
    EXPECT_TRUE(engine::see_ge(pos, m, 100));
}

engine::SearchResult search_depth(const std::string& fen, int depth) {
    engine::Searcher searcher;
    std::atomic<bool> stop{false};
    engine::Limits limits;
    limits.depth = depth;
    return searcher.search(testing::parse(fen), {}, limits, stop, [](const engine::SearchInfo&) {});
}

TEST(Search, FindsBackRankMate) {
    // A back-rank mate in one: Rd8#.
    const std::string r_fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
    const auto r = search_depth(r_fen, 6);
    EXPECT_EQ(to_uci(testing::parse(r_fen), r.best, CastlingMode::Chess960), "d1d8");
    EXPECT_GT(r.score, engine::kMateBound);
}

TEST(Search, AvoidsStalemateWhenWinning) {
    // Qb6 or Qc7 would stalemate; the engine must keep winning instead.
    const std::string r_fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1";
    const auto r = search_depth(r_fen, 5);
    const Position after = testing::parse(r_fen).after(r.best);
    EXPECT_FALSE(!after.in_check() && after.legal_moves().empty())
        << to_uci(testing::parse(r_fen), r.best, CastlingMode::Chess960);
    EXPECT_GT(r.score, engine::kMateBound);
}

// More lines to show than moves to search: MultiPV 3 with two searchmoves, MultiPV 2 with one
// move given twice, a weakened search (which picks among four lines) with one move. The lines after
// the last move have no root move left; the search re-searched such a line with an ever wider
// window (until `delta` overflowed, undefined behaviour, and until the node limit or a stop:
// `go depth 3 searchmoves d7d5 g8f6` never answered). Found by uci_fuzzer. Each iteration must
// now end with one line per distinct move, and the search reach its depth.
TEST(Search, MoreMultiPvLinesThanSearchMovesEndEachIteration) {
    struct Case {
        int multipv;
        engine::Weakness weakness;
        std::vector<std::string> moves;
    };
    const Position root =
        testing::parse("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    for (const Case& c : {Case{3, {}, {"d7d5", "g8f6"}}, Case{2, {}, {"d7d5", "d7d5"}},
                          Case{1, {0, 100}, {"e7e6"}}}) {
        SCOPED_TRACE("MultiPV " + std::to_string(c.multipv) + ", temperature " +
                     std::to_string(c.weakness.temperature) + ", searchmoves " + c.moves[0] +
                     "...");
        engine::Searcher searcher;
        searcher.set_multipv(c.multipv);
        searcher.set_weakness(c.weakness);
        engine::Limits limits;
        limits.depth = 3;
        limits.nodes = 200'000;  // ends the search before the fix too (aborted at depth 1)
        for (const std::string& m : c.moves)
            limits.searchmoves.push_back(*parse_uci(root, m, CastlingMode::Chess960));
        std::atomic<bool> stop{false};
        int deepest = 0;
        std::vector<std::string> last_lines;
        const auto result =
            searcher.search(root, {}, limits, stop, [&](const engine::SearchInfo& info) {
                if (info.depth > deepest) last_lines.clear();
                deepest = std::max(deepest, info.depth);
                ASSERT_FALSE(info.pv.empty());
                last_lines.push_back(to_uci(root, info.pv[0], CastlingMode::Chess960));
            });
        EXPECT_EQ(deepest, 3);
        std::vector<std::string> distinct = c.moves;
        std::sort(distinct.begin(), distinct.end());
        distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
        std::sort(last_lines.begin(), last_lines.end());
        // A weakened search shows MultiPV (1) line; full strength shows one per distinct move.
        if (!c.weakness.weakened()) {
            EXPECT_EQ(last_lines, distinct);
        }
        const std::string best = to_uci(root, result.best, CastlingMode::Chess960);
        EXPECT_NE(std::find(distinct.begin(), distinct.end(), best), distinct.end()) << best;
        EXPECT_LT(result.nodes, limits.nodes);
    }
}

// The engine's signature, as Stockfish keeps its own: the nodes `bench` searches (its ten
// positions to depth 13), with the built-in net and with the hand-written evaluation. A commit that
// changes the search, the evaluation or the net changes these numbers and must update them here, so
// that a change of the engine's behaviour is never unnoticed (and a commit meant to change nothing,
// a refactoring say, shows it changed nothing).
constexpr std::uint64_t kBenchNodesWithNet = 984975;
constexpr std::uint64_t kBenchNodesHandWritten = 1153678;

TEST(Bench, SignatureIsPinned) {
    EXPECT_EQ(engine::bench_signature(13, nullptr, engine::nnue::embedded()), kBenchNodesWithNet)
        << "the search or the evaluation changed: update kBenchNodesWithNet in the same commit";
    EXPECT_EQ(engine::bench_signature(13), kBenchNodesHandWritten)
        << "the search or the hand-written evaluation changed: update kBenchNodesHandWritten";
}

TEST(Bench, SignatureIsTheSameOnEveryRun) {
    const auto first = engine::bench_signature(6);
    const auto second = engine::bench_signature(6);
    EXPECT_EQ(first, second);
    EXPECT_GT(first, 1000u);
}

// `bench` of the UCI loop (and so of `chess960 uci`) searches with the built-in net by default.
TEST(Bench, UciBenchPrintsThePinnedSignature) {
    std::ostringstream out, log;
    uci::Session session{out, log};
    std::istringstream in("bench\nquit\n");
    session.run(in);
    EXPECT_NE(out.str().find("Nodes searched: " + std::to_string(kBenchNodesWithNet) + "\n"),
              std::string::npos)
        << out.str();
}

}  // namespace
}  // namespace chess960
