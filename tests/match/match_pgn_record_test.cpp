// The PGN a match writes for each game (src/match/include/match/pgn_record.hpp) and the endings an
// engine's fault records (src/match/include/match/engine_faults.hpp): tags, each move's evaluation
// comment, the ending as the last comment; read back by the library's PGN reader.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "chess960/fen.hpp"
#include "chess960/pgn.hpp"
#include "chess960/startpos.hpp"
#include "chess960/uci_move.hpp"
#include "match/engine_faults.hpp"
#include "match/pgn_record.hpp"

using namespace chess960;
using namespace chess960::match;

namespace {

SearchReply reply(std::optional<Score> score, int depth, int elapsed_ms) {
    SearchReply r;
    r.status = SearchReply::Status::BestMove;
    r.score = score;
    r.depth = depth;
    r.elapsed = std::chrono::milliseconds(elapsed_ms);
    return r;
}

GameTags tags() {
    GameTags t;
    t.event = "test match";
    t.date = "2024.05.01";
    t.round = 3;
    t.white = "alpha";
    t.black = "beta";
    t.time_control = "40/60+0.6";
    t.start_position = "518";
    return t;
}

pgn::GameRecord read_one(const std::string& text) {
    pgn::Reader reader{std::string_view(text)};
    pgn::Replayer replayer(true);
    reader.read_all(replayer);
    for (const auto& p : replayer.problems) ADD_FAILURE() << p.describe();
    EXPECT_EQ(replayer.games.size(), 1u) << text;
    return replayer.games.empty() ? pgn::GameRecord{} : replayer.games.front();
}

TEST(MatchPgnRecord, TagsCommentsAndTheEnding) {
    const Position start = *startpos::position(518);
    PgnRecord record(start);
    Position pos = start;
    const std::vector<std::pair<std::string, SearchReply>> moves = {
        {"e2e4", reply(Score{Score::Kind::Centipawns, 35}, 12, 520)},
        {"e7e5", reply(Score{Score::Kind::Mate, -3}, 20, 100)},
        {"g1f3", reply(std::nullopt, 0, 7)},
    };
    for (const auto& [text, r] : moves) {
        const Move move = *parse_uci(pos, text, CastlingMode::Chess960);
        record.add_move(move, r);
        pos = pos.after(move);
    }
    GameEnd end;
    end.result = GameResult::Draw;
    end.reason = "adjudication: draw";
    end.detail = "adjudication: draw (both scores within 10 cp for 8 moves)";
    end.termination = kAdjudication;
    const std::string text = record.write(tags(), end);
    EXPECT_TRUE(text.ends_with("1/2-1/2\n\n")) << text;

    const pgn::GameRecord game = read_one(text);
    const std::vector<std::pair<std::string, std::string>> expected_tags = {
        {"Event", "test match"},
        {"Site", "?"},
        {"Date", "2024.05.01"},
        {"Round", "3"},
        {"White", "alpha"},
        {"Black", "beta"},
        {"Result", "1/2-1/2"},
        {"Variant", "Chess960"},
        {"SetUp", "1"},
        {"FEN", write_fen(start)},
        {"TimeControl", "40/60+0.6"},
        {"Termination", "adjudication"},
        {"StartPosition", "518"}};
    EXPECT_EQ(game.tags, expected_tags);
    EXPECT_TRUE(game.chess960);
    EXPECT_EQ(game.result, GameResult::Draw);
    ASSERT_EQ(game.main.nodes.size(), 3u);
    EXPECT_EQ(game.main.nodes[0].comments, std::vector<std::string>{"+0.35/12 0.52s"});
    EXPECT_EQ(game.main.nodes[1].comments, std::vector<std::string>{"-M3/20 0.10s"});
    // The last move: its time (no score came), then how the game ended (the writer wraps a
    // long comment).
    ASSERT_EQ(game.main.nodes[2].comments.size(), 2u);
    EXPECT_EQ(game.main.nodes[2].comments[0], "0.01s");
    std::string ending = game.main.nodes[2].comments[1];
    std::ranges::replace(ending, '\n', ' ');
    EXPECT_EQ(ending, end.detail);
}

TEST(MatchPgnRecord, AGameWithoutMovesCarriesTheEndingBeforeThem) {
    const Position start = *startpos::position(100);
    PgnRecord record(start);
    const GameEnd end = failed_start(White, {EngineError::Kind::CannotRun, "cannot run 'x'"});
    const pgn::GameRecord game = read_one(record.write(tags(), end));
    EXPECT_TRUE(game.main.nodes.empty());
    EXPECT_EQ(game.main.comments,
              std::vector<std::string>{"White: engine failed to start: cannot run 'x'"});
    EXPECT_EQ(game.result, GameResult::BlackWins);
    EXPECT_EQ(game.tag("Termination"), "abandoned");
}

// --- Engine faults ---------------------------------------------------------------------------

TEST(MatchEngineFaults, EachFaultLosesForTheSideThatMadeIt) {
    struct Case {
        GameEnd end;
        GameResult result;
        std::string reason, detail, termination;
    };
    const std::vector<Case> cases = {
        {crashed(Black, "killed by signal 6 (Aborted)"), GameResult::WhiteWins, "engine crashed",
         "Black: engine crashed (killed by signal 6 (Aborted))", "abandoned"},
        {crashed(White, ""), GameResult::BlackWins, "engine crashed", "White: engine crashed",
         "abandoned"},
        {hung(White, 350, true), GameResult::BlackWins, "engine hung",
         "White: engine hung: no bestmove within 0.35 s, nor after stop", "time forfeit"},
        {hung(Black, 60'000, false), GameResult::WhiteWins, "engine hung",
         "Black: engine hung: no bestmove within 60.00 s, nor after stop", "abandoned"},
        {failed_new_game(White, {EngineError::Kind::Exited, "the engine exited (exit status 1)"}),
         GameResult::BlackWins, "engine crashed",
         "White: engine crashed: the engine exited (exit status 1)", "abandoned"},
        {failed_new_game(Black, {EngineError::Kind::NoAnswer, "no 'readyok' within 10 s"}),
         GameResult::WhiteWins, "engine hung", "Black: engine hung: no 'readyok' within 10 s",
         "abandoned"},
        // A flag fall against a lone king is a draw (Laws 6.9): the result is the game's.
        {time_forfeit(Black, GameResult::Draw, 1'234, 1'000), GameResult::Draw, "time forfeit",
         "Black: time forfeit (the move took 1.234 s, 1.000 s were left)", "time forfeit"},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(c.end.result, c.result) << c.detail;
        EXPECT_EQ(c.end.reason, c.reason);
        EXPECT_EQ(c.end.detail, c.detail);
        EXPECT_EQ(c.end.termination, c.termination) << c.detail;
        EXPECT_TRUE(c.end.faulty) << c.detail;
    }
}

TEST(MatchEngineFaults, IllegalMovesSayWhy) {
    // Both sides can castle short: e1g1 is the standard notation of a castle Chess960 writes
    // e1h1 (king takes rook).
    const Position castle =
        *position_from_fen("rnbqk2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1");
    GameEnd end = illegal_move(White, castle, "e1g1");
    EXPECT_EQ(end.result, GameResult::BlackWins);
    EXPECT_EQ(end.reason, "illegal move");
    EXPECT_EQ(end.termination, "rules infraction");
    EXPECT_EQ(end.faulty, White);
    EXPECT_EQ(end.detail,
              "White: illegal move e1g1 (in Chess960 mode castling is written king takes rook: "
              "e1h1)");
    end = illegal_move(White, castle, "");
    EXPECT_EQ(end.detail, "White: illegal move: bestmove without a move");
    // Any other illegal move: the library's reason in brackets.
    end = illegal_move(White, castle, "e2e5");
    EXPECT_TRUE(end.detail.starts_with("White: illegal move e2e5 (")) << end.detail;
    EXPECT_TRUE(end.detail.ends_with(")")) << end.detail;
}

}  // namespace
