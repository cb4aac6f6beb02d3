// The puzzle generator on games checked by hand (tests/data/puzzles/hand_checked.pgn): it finds
// the puzzles written down there, with their solutions, and none in the game where either of two
// captures wins; with our engine, and with Stockfish (Debian's 15.1) as the independent engine.
// Its criteria on scripted analyses: a blunder's swing, only-moves, a mate in one beside others.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/uci_move.hpp"
#include "puzzle/engine_analyser.hpp"
#include "puzzle/generator.hpp"
#include "puzzle/uci_analyser.hpp"

using namespace chess960;
using namespace chess960::puzzle;

namespace {

struct Game {
    Position start;
    std::vector<Move> moves;
};

std::vector<Game> hand_checked_games() {
    std::ifstream in(std::string(CHESS960_TEST_DATA) + "/puzzles/hand_checked.pgn");
    std::stringstream text;
    text << in.rdbuf();
    const std::string pgn = text.str();
    pgn::Reader reader(pgn);
    pgn::Replayer replayer(false);
    replayer.keep_main_line(true);
    std::vector<Game> games;
    while (reader.read_game(replayer)) {
        EXPECT_TRUE(replayer.main_line().complete);
        games.push_back({replayer.main_line().start, replayer.main_line().moves});
    }
    EXPECT_TRUE(replayer.problems.empty());
    return games;
}

std::string uci_line(const Puzzle& p) {
    Position pos = p.start;
    std::string out;
    for (const Move m : p.moves) {
        out += (out.empty() ? "" : " ") + to_uci(pos, m, CastlingMode::Chess960);
        pos.play(m);
    }
    return out;
}

bool has(const std::vector<std::string>& themes, const std::string& theme) {
    return std::find(themes.begin(), themes.end(), theme) != themes.end();
}

// What a hand check found in each game: the puzzle's ply, its moves (the blunder first) and
// themes it must carry; none for the fourth game.
void expect_hand_checked_puzzles(Analyser& analyser, const Limits& nodes) {
    const std::vector<Game> games = hand_checked_games();
    ASSERT_EQ(games.size(), 4u);
    std::vector<std::optional<Puzzle>> found;
    for (const Game& g : games) found.push_back(find_puzzle(g.start, g.moves, analyser, nodes));

    // 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7#: the only mate.
    ASSERT_TRUE(found[0]);
    EXPECT_EQ(found[0]->ply, 5);
    EXPECT_EQ(write_fen(found[0]->start),
              "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
    EXPECT_EQ(uci_line(*found[0]), "g8f6 h5f7");
    EXPECT_TRUE(found[0]->mate);
    EXPECT_TRUE(has(found[0]->themes, "mateIn1"));
    EXPECT_TRUE(has(found[0]->themes, "oneMove"));

    // 1... dxe6?? 2. O-O-O#, the king on b1 taking its rook on a1: no other move mates.
    ASSERT_TRUE(found[1]);
    EXPECT_EQ(found[1]->ply, 0);
    EXPECT_EQ(uci_line(*found[1]), "d7e6 b1a1");
    EXPECT_TRUE(has(found[1]->themes, "castling"));
    EXPECT_TRUE(has(found[1]->themes, "mateIn1"));

    // 1... Qb7?? 2. Nd6+ and 3. Nxb7: the fork (whichever way the king goes).
    ASSERT_TRUE(found[2]);
    EXPECT_EQ(found[2]->ply, 0);
    const std::string line = uci_line(*found[2]);
    EXPECT_TRUE(line.starts_with("b6b7 e4d6 ")) << line;
    EXPECT_TRUE(line.ends_with(" d6b7")) << line;
    EXPECT_EQ(found[2]->moves.size(), 4u) << line;
    EXPECT_FALSE(found[2]->mate);
    EXPECT_TRUE(has(found[2]->themes, "fork")) << line;
    EXPECT_TRUE(has(found[2]->themes, "short"));

    // 1... Qd5?? hangs the queen to exd5 and Nxd5: two moves win, no puzzle.
    EXPECT_FALSE(found[3]) << uci_line(*found[3]);
}

TEST(Generator, OurEngineFindsTheHandCheckedPuzzlesAndNoneWhereTwoMovesWin) {
    const auto analyser = make_engine_analyser();
    EXPECT_EQ(analyser->label(), "chess960");
    // The CLI's defaults: a scan of a twentieth of the probe.
    expect_hand_checked_puzzles(*analyser, {.scan = 50'000, .probe = 1'000'000});
}

// Debian's Stockfish at /usr/games/stockfish (make test installs it).
TEST(Generator, StockfishFindsTheSamePuzzles) {
    const std::string stockfish = "/usr/games/stockfish";
    if (!std::filesystem::exists(stockfish)) GTEST_SKIP() << "no " << stockfish;
    // Its label is its words: the same engine however it is typed.
    const auto analyser = make_uci_analyser(" " + stockfish + "  ");
    EXPECT_EQ(analyser->label(), stockfish);
    const Limits nodes{.scan = 100'000, .probe = 2'000'000};
    EXPECT_EQ(analysis_label(*analyser, nodes), stockfish + " nodes=2000000 scan=100000");
    expect_hand_checked_puzzles(*analyser, nodes);
}

TEST(Generator, AnEngineThatCannotRunIsAnErrorThatSaysSo) {
    try {
        make_uci_analyser("/nonexistent/engine");
        FAIL() << "no error";
    } catch (const AnalyserError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/engine"), std::string::npos) << e.what();
    }
}

// Scripted analyses: a table from position (FEN) to lines, so that the criteria are tested at
// their edges without an engine; `scanned` answers searches at the scan's limit where it has the
// position (a shallower search sees other lines).
constexpr Limits kOneLimit{.scan = 1000, .probe = 1000};
constexpr Limits kScanAndProbe{.scan = 1000, .probe = 20'000};

class Script final : public Analyser {
  public:
    using Table = std::map<std::string, std::vector<std::pair<std::string, Score>>>;
    Table lines, scanned;
    Table fresh;      // answers once the hash was cleared after the game's start (a re-check)
    int cleared = 0;  // new_game calls
    std::map<std::string, int> probed;  // searches at more than the scan's nodes, by position
    std::vector<Line> analyse(const Position& start, std::span<const Move> moves, int count,
                              std::uint64_t nodes) override {
        Position pos = start;
        for (const Move m : moves) pos.play(m);
        const std::string fen = write_fen(pos);
        if (nodes > kScanAndProbe.scan) ++probed[fen];
        const Table& table = cleared > 1 && fresh.contains(fen)                     ? fresh
                             : nodes <= kScanAndProbe.scan && scanned.contains(fen) ? scanned
                                                                                    : lines;
        const auto found = table.find(fen);
        if (found == table.end()) {
            // Anything not scripted: the first legal move, even.
            const MoveList legal = pos.legal_moves();
            if (legal.empty()) return {};
            return {{legal[0], Score::cp(0)}};
        }
        std::vector<Line> out;
        for (const auto& [text, score] : found->second) {
            if (int(out.size()) == count) break;
            out.push_back({*parse_uci(pos, text, CastlingMode::Chess960), score});
        }
        return out;
    }
    void new_game() override { ++cleared; }
    std::string label() const override { return "script"; }
};

// A game of one move, `move` from `fen`: the blunder, with the position after it scripted.
struct Blunder {
    Position start;
    std::vector<Move> moves;
    std::string after;
    Blunder(const char* fen, const char* move) : start(*position_from_fen(fen)) {
        moves.push_back(*parse_uci(start, move, CastlingMode::Chess960));
        Position pos = start;
        pos.play(moves[0]);
        after = write_fen(pos);
    }
};

// The scholar's mate to 3... Nf6??: 4. Qxf7# is the one mate.
Blunder scholars_mate() {
    return {"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", "g8f6"};
}

TEST(Generator, AMateInOneBesideAWinningMoveIsNoPuzzle) {
    const Blunder game = scholars_mate();
    Script script;
    // The mate, and a move that wins nearly as surely: 500 cp is a win chance of 0.73, above
    // the 0.6 a mate in one allows beside it.
    script.lines[game.after] = {{"h5f7", Score::mate(1)}, {"c4f7", Score::cp(500)}};
    EXPECT_FALSE(find_puzzle(game.start, game.moves, script, kOneLimit));
    // 350 cp: 0.57.
    script.lines[game.after] = {{"h5f7", Score::mate(1)}, {"c4f7", Score::cp(350)}};
    const auto puzzle = find_puzzle(game.start, game.moves, script, kOneLimit);
    ASSERT_TRUE(puzzle);
    EXPECT_EQ(puzzle->moves.size(), 2u);
}

TEST(Generator, TwoMatesInOneMakeAPuzzleOnlyWhenEveryOtherMoveIsBad) {
    // 1... Nc5?? leaves the back rank: Ra8# and Rb8# both mate. (Black's rooks, walled in by
    // h7, keep White from being up in material, where lichess-puzzler looks for no puzzle.)
    const Blunder game("6k1/3n1ppp/7r/7r/8/8/5PPP/RR4K1 b - - 0 1", "d7c5");
    Script script;
    // The best move that does not mate, third: at 300 cp (0.5) bad enough, at 900 cp not.
    script.lines[game.after] = {
        {"a1a8", Score::mate(1)}, {"b1b8", Score::mate(1)}, {"g1f1", Score::cp(300)}};
    EXPECT_TRUE(find_puzzle(game.start, game.moves, script, kOneLimit));
    script.lines[game.after] = {
        {"a1a8", Score::mate(1)}, {"b1b8", Score::mate(1)}, {"g1f1", Score::cp(900)}};
    EXPECT_FALSE(find_puzzle(game.start, game.moves, script, kOneLimit));
}

// lichess-puzzler's filters: no puzzle where the solver is up in material already; a mate is one
// even where the solver was winning before the opponent's move.
TEST(Generator, NoPuzzleWhereTheSolverIsAheadInMaterialButAMateAfterAWonPositionIsOne) {
    // The scholar's mate with White a rook up (Black's h8 rook gone): Qxf7# is still the one
    // mate, but White is up in material.
    const Blunder ahead("r1bqkbn1/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQq - 3 3", "g8f6");
    Script script;
    script.lines[ahead.after] = {{"h5f7", Score::mate(1)}, {"c4f7", Score::cp(350)}};
    EXPECT_FALSE(find_puzzle(ahead.start, ahead.moves, script, kOneLimit));
    // White at +400 before Black's move: a mate is still a puzzle (lichess-puzzler skips a
    // position won already only when it is no mate; an advantage there has no swing anyway).
    const Blunder game = scholars_mate();
    script.lines[write_fen(game.start)] = {{"g8f6", Score::cp(-400)}};
    script.lines[game.after] = {{"h5f7", Score::mate(1)}, {"c4f7", Score::cp(150)}};
    EXPECT_TRUE(find_puzzle(game.start, game.moves, script, kOneLimit));
}

// The blunder's swing: White's win chance up by more than 0.6 from before Black's move.
// 1... Qb7?? of the fork game, then 2. Nd6+ and 3. Nxb7, scripted: the puzzle's line to Nxb7.
struct ForkGame {
    const char* fen = "4k1n1/p4ppp/bq6/8/4N3/8/P4PPP/3Q2K1 b - - 0 1";
    std::vector<Move> moves;
    std::vector<std::string> after;
    Script script;
    ForkGame() {
        Position pos = *position_from_fen(fen);
        for (const char* m : {"b6b7", "e4d6", "e8e7", "d6b7", "a6b7"}) {
            moves.push_back(*parse_uci(pos, m, CastlingMode::Chess960));
            pos.play(moves.back());
            after.push_back(write_fen(pos));
        }
        script.lines[after[0]] = {{"e4d6", Score::cp(450)}, {"d1d3", Score::cp(-250)}};
        script.lines[after[1]] = {{"e8e7", Score::cp(-450)}};
        script.lines[after[2]] = {{"d6b7", Score::cp(450)}, {"d1d2", Score::cp(-300)}};
        script.lines[after[3]] = {{"a6b7", Score::cp(-450)}};
        script.lines[after[4]] = {{"d1d7", Score::cp(450)}, {"d1d2", Score::cp(400)}};
    }
};

TEST(Generator, AnAdvantageWithoutASwingIsNoPuzzle) {
    ForkGame game;
    Script& script = game.script;
    const char* fen = game.fen;
    const std::vector<Move>& moves = game.moves;
    // Before Black's move the game was even (unscripted: 0): a puzzle, its line to Nxb7.
    const auto puzzle = find_puzzle(*position_from_fen(fen), moves, script, kOneLimit);
    ASSERT_TRUE(puzzle);
    EXPECT_EQ(puzzle->moves.size(), 4u);
    // White was far ahead already before Black's move: no blunder, no puzzle.
    script.lines[write_fen(*position_from_fen(fen))] = {{"b6b7", Score::cp(-700)}};
    EXPECT_FALSE(find_puzzle(*position_from_fen(fen), moves, script, kOneLimit));
}

// The scan finds the candidates and the probe decides: a blunder the scan sees and the probe
// does not is none; one the scan sees as a little less than a blunder is probed, and is one.
// Positions far from a blunder are never probed.
TEST(Generator, TheProbeDecidesWhatTheScanFinds) {
    ForkGame game;
    const Position start = *position_from_fen(game.fen);
    // The scan: +450 after Qb7 (a blunder); the probe: +100, none.
    game.script.scanned[game.after[0]] = {{"e4d6", Score::cp(450)}};
    game.script.lines[game.after[0]] = {{"e4d6", Score::cp(100)}, {"d1d3", Score::cp(-250)}};
    GeneratorStats stats;
    EXPECT_FALSE(find_puzzle(start, game.moves, game.script, kScanAndProbe, &stats));
    EXPECT_EQ(game.script.probed[game.after[0]], 1);
    EXPECT_EQ(stats.probes, 1u);

    // The scan: +310, a win chance of 0.52, up by less than the 0.6 of a blunder but within the
    // scan's slack; the probe: +450, a blunder. The line is the probe's.
    ForkGame near;
    near.script.scanned[near.after[0]] = {{"e4d6", Score::cp(310)}};
    // A scan of the line's second solver move would see no win: the line is searched deeper.
    near.script.scanned[near.after[2]] = {{"d1d2", Score::cp(0)}};
    const auto puzzle = find_puzzle(start, near.moves, near.script, kScanAndProbe);
    ASSERT_TRUE(puzzle);
    EXPECT_EQ(puzzle->moves.size(), 4u);
    EXPECT_GE(near.script.probed[near.after[0]], 1);
    EXPECT_GE(near.script.probed[near.after[2]], 1);
    EXPECT_EQ(near.script.probed.count(game.fen), 0u);  // the start: scanned only

    // Where the scan is far from a blunder (+150, a chance of 0.28), nothing is probed.
    ForkGame quiet;
    quiet.script.scanned[quiet.after[0]] = {{"e4d6", Score::cp(150)}};
    GeneratorStats quiet_stats;
    EXPECT_FALSE(find_puzzle(start, quiet.moves, quiet.script, kScanAndProbe, &quiet_stats));
    EXPECT_EQ(quiet_stats.probes, 0u);
    EXPECT_TRUE(quiet.script.probed.empty());
}

// A margin inside the criterion (our engine's default 0.1): the gap asked is 0.8.
TEST(Generator, AMarginRefusesAnOnlyMoveNearTheCriterion) {
    ForkGame game;
    // Nd6+ beats Qd3 by 0.735 in win chance (+450 against -30).
    game.script.lines[game.after[0]] = {{"e4d6", Score::cp(450)}, {"d1d3", Score::cp(-30)}};
    const Position start = *position_from_fen(game.fen);
    const auto puzzle = find_puzzle(start, game.moves, game.script, kOneLimit);
    ASSERT_TRUE(puzzle);
    EXPECT_NEAR(puzzle->only_gaps.at(0), 0.735, 0.001);
    Limits wider = kOneLimit;
    wider.margin = 0.1;
    EXPECT_FALSE(find_puzzle(start, game.moves, game.script, wider));
    const auto ours = make_engine_analyser();
    EXPECT_EQ(analysis_label(*ours, wider), "chess960 nodes=1000 scan=1000 margin=0.1");
    EXPECT_EQ(analysis_label(*ours, kOneLimit), "chess960 nodes=1000 scan=1000");
}

// A puzzle found is searched again with the hash cleared: a solver move that is no longer an
// only move there makes no puzzle.
TEST(Generator, APuzzleIsConfirmedBySearchesWithTheHashCleared) {
    ForkGame game;
    const Position start = *position_from_fen(game.fen);
    ASSERT_TRUE(find_puzzle(start, game.moves, game.script, kOneLimit));
    EXPECT_GE(game.script.cleared, 2);
    // Searched afresh, Nxb7 has a rival: +450 against +300, a gap of 0.16.
    game.script.fresh[game.after[2]] = {{"d6b7", Score::cp(450)}, {"d1d2", Score::cp(300)}};
    EXPECT_FALSE(find_puzzle(start, game.moves, game.script, kOneLimit));
    // Or another best move.
    ForkGame other;
    other.script.fresh[other.after[0]] = {{"d1d3", Score::cp(500)}, {"e4d6", Score::cp(-100)}};
    EXPECT_FALSE(find_puzzle(start, other.moves, other.script, kOneLimit));
}

}  // namespace
