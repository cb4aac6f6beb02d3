// chess960::Game: every outcome and draw rule of FIDE's Laws as the Game applies them:
// checkmate, stalemate, dead positions, fivefold repetition and the 75-move rule (automatic),
// threefold repetition and the 50-move rule (claimed), resignation, agreement, time, undo.
// Positions and final FENs were checked with Stockfish 15.1 (`d`: Fen and Checkers, `go perft 1`).
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/game.hpp"
#include "chess960/san.hpp"

using namespace chess960;

namespace {

using chess960::testing::parse;

Game game_from(std::string_view fen) { return Game(parse(fen)); }

// Plays SAN moves; a failure names the move.
void play(Game& game, const std::vector<std::string>& moves) {
    for (const std::string& san : moves) {
        auto r = game.play_san(san);
        ASSERT_TRUE(r.has_value())
            << san << " in " << write_fen(game.position()) << ": " << r.error().message;
    }
}

void expect_outcome(const Game& game, GameResult result, Termination termination) {
    Outcome o = game.outcome();
    EXPECT_EQ(o.result, result) << write_fen(game.position());
    EXPECT_EQ(o.termination, termination)
        << write_fen(game.position()) << ": " << termination_string(o.termination);
    EXPECT_EQ(o.is_over(), result != GameResult::Ongoing);
}

void expect_ongoing(const Game& game) {
    expect_outcome(game, GameResult::Ongoing, Termination::None);
}

// After the game is over no move may be played, and the game is unchanged.
void expect_no_more_moves(Game& game) {
    const int plies = game.ply_count();
    const std::string fen = write_fen(game.position());
    for (Move m : game.position().legal_moves()) {
        auto r = game.play(m);
        ASSERT_FALSE(r.has_value()) << "a move was accepted after the end of the game";
        EXPECT_NE(r.error().message.find("over"), std::string::npos) << r.error().message;
        break;
    }
    EXPECT_FALSE(game.play_san("Kd2").has_value());
    EXPECT_EQ(game.ply_count(), plies);
    EXPECT_EQ(write_fen(game.position()), fen);
}

const std::vector<std::string> kKnightCycle = {"Nf3", "Nf6", "Ng1", "Ng8"};

}  // namespace

TEST(GameBasics, StartPlayUndoAndPositions) {
    Game game;
    EXPECT_EQ(game.ply_count(), 0);
    EXPECT_EQ(write_fen(game.position()), write_fen(Position()));
    expect_ongoing(game);
    EXPECT_FALSE(game.undo());
    play(game, {"e4", "e5", "Nf3"});
    EXPECT_EQ(game.ply_count(), 3);
    EXPECT_EQ(write_fen(game.position_at(0)), write_fen(Position()));
    EXPECT_EQ(write_fen(game.position_at(1)),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(write_fen(game.position()),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    EXPECT_TRUE(game.undo());
    EXPECT_EQ(game.ply_count(), 2);
    EXPECT_EQ(write_fen(game.position()),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    // Illegal moves are refused and change nothing.
    EXPECT_FALSE(game.play_san("Ke3").has_value());
    EXPECT_FALSE(game.play(Move(E1, E3)).has_value());
    EXPECT_EQ(game.ply_count(), 2);
    // UCI text in both castling forms.
    Game castle = game_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1");
    ASSERT_TRUE(castle.play_uci("e1h1").has_value());
    EXPECT_EQ(write_fen(castle.position()),
              "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 b kq - 1 1");
    Game standard = game_from("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1");
    ASSERT_TRUE(standard.play_uci("e1g1", false).has_value());
    EXPECT_EQ(write_fen(standard.position()), write_fen(castle.position()));
}

TEST(GameBasics, ResultAndTerminationStrings) {
    EXPECT_STREQ(result_string(GameResult::WhiteWins), "1-0");
    EXPECT_STREQ(result_string(GameResult::BlackWins), "0-1");
    EXPECT_STREQ(result_string(GameResult::Draw), "1/2-1/2");
    EXPECT_STREQ(result_string(GameResult::Ongoing), "*");
    EXPECT_STREQ(termination_string(Termination::Checkmate), "checkmate");
    EXPECT_STREQ(termination_string(Termination::FivefoldRepetition), "fivefold repetition");
}

// --- Checkmate and stalemate -----------------------------------------------------------------

TEST(GameOutcome, Checkmate) {
    Game game;
    play(game, {"f3", "e5", "g4", "Qh4#"});
    expect_outcome(game, GameResult::BlackWins, Termination::Checkmate);
    EXPECT_FALSE(game.claimable_draw().has_value());
    EXPECT_FALSE(game.claim_draw().has_value());
    expect_no_more_moves(game);
    // Resigning or agreeing after mate changes nothing.
    game.resign(Black);
    game.agree_draw();
    game.flag_fell(Black);
    expect_outcome(game, GameResult::BlackWins, Termination::Checkmate);
    // Taking the mate back reopens the game.
    ASSERT_TRUE(game.undo());
    expect_ongoing(game);
    play(game, {"Qe7"});
    expect_ongoing(game);

    Game white = game_from("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    play(white, {"Ra8#"});
    expect_outcome(white, GameResult::WhiteWins, Termination::Checkmate);
}

TEST(GameOutcome, CastlingMates) {
    // Stockfish: after f1h1 (O-O) Black has no move and the f1 rook gives check.
    Game game = game_from("4rkr1/4p1p1/8/8/8/8/8/5K1R w H - 0 100");
    play(game, {"O-O"});
    EXPECT_EQ(write_fen(game.position()), "4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 100");
    expect_outcome(game, GameResult::WhiteWins, Termination::Checkmate);
    ASSERT_TRUE(game.undo());
    play(game, {"Kg1"});
    expect_ongoing(game);
}

TEST(GameOutcome, Stalemate) {
    // Stockfish: after f1f7, 0 legal moves and no checkers.
    Game game = game_from("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    play(game, {"Qf7"});
    expect_outcome(game, GameResult::Draw, Termination::Stalemate);
    expect_no_more_moves(game);
    // A start position that is already stalemate.
    Game already = game_from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    expect_outcome(already, GameResult::Draw, Termination::Stalemate);
}

// --- Dead positions (insufficient material) --------------------------------------------------

TEST(GameOutcome, InsufficientMaterialStandardCases) {
    struct Case {
        const char* fen;
        bool dead;
        const char* what;
    };
    const Case cases[] = {
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, "K v K"},
        {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true, "K+N v K"},
        {"4kn2/8/8/8/8/8/8/4K3 b - - 0 1", true, "K v K+N"},
        {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, "K+B v K"},
        {"2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, "K+B v K+B, both bishops on light squares"},
        {"4k3/8/3b4/8/8/8/8/2B1K3 w - - 0 1", true, "K+B v K+B, both on dark squares"},
        {"4k3/8/8/8/8/3B4/8/4KB2 w - - 0 1", true, "K+B+B v K, bishops on one colour"},
        {"4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false, "K+B v K+B, opposite colours"},
        {"4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false, "K+N v K+N"},
        {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false, "K+N+N v K"},
        {"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false, "K+B+B v K, bishops of both colours"},
        {"4k3/8/8/8/8/8/8/3NKB2 w - - 0 1", false, "K+B+N v K"},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, "K+P v K"},
        {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false, "K+R v K"},
        {"4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", false, "K+Q v K"},
        {"4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", false, "K+B v K+N"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.what);
        Position pos = parse(c.fen);
        EXPECT_EQ(is_insufficient_material(pos), c.dead);
        Game game(pos);
        if (c.dead)
            expect_outcome(game, GameResult::Draw, Termination::DeadPosition);
        else
            expect_ongoing(game);
    }
}

TEST(GameOutcome, DeadPositionByCapture) {
    // Stockfish: e1d2 is legal (the b3 king does not guard d2).
    Game game = game_from("8/8/8/8/8/1k6/3q4/4K3 w - - 0 1");
    expect_ongoing(game);
    play(game, {"Kxd2"});
    expect_outcome(game, GameResult::Draw, Termination::DeadPosition);
    expect_no_more_moves(game);
}

// --- Repetition ------------------------------------------------------------------------------

TEST(GameRepetition, ThreefoldIsClaimableFivefoldEndsTheGame) {
    Game game;
    EXPECT_EQ(game.repetition_count(), 1);
    play(game, kKnightCycle);
    EXPECT_EQ(game.repetition_count(), 2);
    EXPECT_FALSE(game.claimable_draw().has_value());
    auto refused = game.claim_draw();
    ASSERT_FALSE(refused.has_value());
    EXPECT_NE(refused.error().message.find("no draw to claim"), std::string::npos);
    expect_ongoing(game);
    play(game, kKnightCycle);
    EXPECT_EQ(game.repetition_count(), 3);
    ASSERT_TRUE(game.claimable_draw().has_value());
    EXPECT_EQ(*game.claimable_draw(), Termination::ThreefoldRepetition);
    expect_ongoing(game);  // a claim, not automatic
    // Not claimed: play on to the fifth occurrence.
    play(game, kKnightCycle);
    EXPECT_EQ(game.repetition_count(), 4);
    expect_ongoing(game);
    play(game, {"Nf3", "Nf6", "Ng1"});
    expect_ongoing(game);  // the position with Black to move has occurred four times
    play(game, {"Ng8"});
    EXPECT_EQ(game.repetition_count(), 5);
    expect_outcome(game, GameResult::Draw, Termination::FivefoldRepetition);
    EXPECT_FALSE(game.claimable_draw().has_value());
    expect_no_more_moves(game);
    ASSERT_TRUE(game.undo());
    expect_ongoing(game);
}

TEST(GameRepetition, ClaimingThreefold) {
    Game game;
    play(game, kKnightCycle);
    play(game, kKnightCycle);
    ASSERT_TRUE(game.claim_draw().has_value());
    expect_outcome(game, GameResult::Draw, Termination::ThreefoldRepetition);
    expect_no_more_moves(game);
    // Undo takes the move and the claim back.
    ASSERT_TRUE(game.undo());
    expect_ongoing(game);
    EXPECT_FALSE(game.claimable_draw().has_value());
}

// The same placement, side to move and en passant, but a castling right lost by a rook that
// went away and came back: not the same position (Laws 9.2.3).
TEST(GameRepetition, LostCastlingRightMakesADifferentPosition) {
    // Chess960-style: king f1, rook h1 with its right.
    Game game = game_from("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    const std::vector<std::string> cycle = {"Rh2", "Kd8", "Rh1", "Ke8"};
    play(game, cycle);
    // Same placement as the start, but the right is gone (Stockfish: castling field '-').
    EXPECT_EQ(write_fen(game.position()), "4k3/8/8/8/8/8/8/5K1R w - - 4 3");
    EXPECT_EQ(game.repetition_count(), 1);
    play(game, cycle);
    EXPECT_EQ(game.repetition_count(), 2);
    // The placement has stood on the board three times now; the position only twice.
    EXPECT_FALSE(game.claimable_draw().has_value());
    play(game, cycle);
    EXPECT_EQ(game.repetition_count(), 3);
    EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition);
    // The start allowed O-O, the repeated position does not.
    EXPECT_TRUE(parse_san(game.start_position(), "O-O").has_value());
    EXPECT_FALSE(parse_san(game.position(), "O-O").has_value());
}

TEST(GameRepetition, KingShuffleLosesBothSidesRights) {
    Game game = game_from("rk6/8/8/8/8/8/8/RK6 w Qq - 0 1");
    const std::vector<std::string> cycle = {"Kc1", "Kc8", "Kb1", "Kb8"};
    play(game, {"Kc1"});
    const int first_black_to_move = 1;
    play(game, {"Kc8", "Kb1", "Kb8", "Kc1"});
    // After 3. Kc1 the placement equals the one after 1. Kc1; only Black's right differs.
    EXPECT_EQ(write_fen(game.position_at(first_black_to_move)), "rk6/8/8/8/8/8/8/R1K5 b q - 1 1");
    EXPECT_EQ(write_fen(game.position()), "rk6/8/8/8/8/8/8/R1K5 b - - 5 3");
    EXPECT_EQ(game.repetition_count(), 1);
    play(game, {"Kc8", "Kb1", "Kb8"});
    // The start placement with White to move, a third time: twice without rights, once with.
    EXPECT_EQ(write_fen(game.position()), "rk6/8/8/8/8/8/8/RK6 w - - 8 5");
    EXPECT_EQ(game.repetition_count(), 2);
    EXPECT_FALSE(game.claimable_draw().has_value());
    play(game, cycle);
    EXPECT_EQ(game.repetition_count(), 3);
    EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition);
}

// A double step after which no en passant capture is legal gives the same position as the same
// placement reached without a double step.
TEST(GameRepetition, EnPassantThatIsNotPossibleDoesNotCount) {
    Game game = game_from("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play(game, {"e4"});
    // Stockfish: Fen 4k3/8/8/8/4P3/8/8/4K3 b - - 0 1 (no en passant square).
    EXPECT_EQ(write_fen(game.position()), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    EXPECT_TRUE(game.position().same_position(parse("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1")));
    EXPECT_TRUE(game.position().same_position(parse("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")));
    EXPECT_EQ(game.position().key(), parse("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").key());
    play(game, {"Kd8", "Kd2", "Ke8", "Ke1"});
    EXPECT_EQ(game.repetition_count(), 2);
    play(game, {"Kd8", "Kd2", "Ke8", "Ke1"});
    EXPECT_EQ(game.repetition_count(), 3);
    EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition);
}

TEST(GameRepetition, EnPassantThatIsPossibleMakesADifferentPosition) {
    Game game = game_from("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(game, {"e4"});
    // Stockfish: Fen 4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1, d4e3 among the legal moves.
    EXPECT_EQ(write_fen(game.position()), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    EXPECT_TRUE(parse_san(game.position(), "dxe3").has_value());
    play(game, {"Kd8", "Kd2", "Ke8", "Ke1"});
    // The same placement, but en passant is no longer possible.
    EXPECT_EQ(write_fen(game.position()), "4k3/8/8/8/3pP3/8/8/4K3 b - - 4 3");
    EXPECT_FALSE(game.position().same_position(game.position_at(1)));
    EXPECT_EQ(game.repetition_count(), 1);
    play(game, {"Kd8", "Kd2", "Ke8", "Ke1"});
    EXPECT_EQ(game.repetition_count(), 2);
    play(game, {"Kd8", "Kd2", "Ke8", "Ke1"});
    EXPECT_EQ(game.repetition_count(), 3);
    EXPECT_EQ(game.claimable_draw(), Termination::ThreefoldRepetition);
}

TEST(GameRepetition, CountingRestartsAfterAPawnMove) {
    Game game;
    play(game, kKnightCycle);
    play(game, {"e4", "e5"});
    play(game, kKnightCycle);
    EXPECT_EQ(game.repetition_count(), 2);
    play(game, kKnightCycle);
    EXPECT_EQ(game.repetition_count(), 3);
}

// --- 50 and 75 moves -------------------------------------------------------------------------

TEST(GameMoveRules, FiftyMovesIsClaimable) {
    Game game = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    EXPECT_FALSE(game.claimable_draw().has_value());
    play(game, {"Ra2"});
    EXPECT_EQ(game.position().halfmove_clock(), 99);
    EXPECT_FALSE(game.claimable_draw().has_value());
    EXPECT_FALSE(game.claim_draw().has_value());
    play(game, {"Kd8"});
    EXPECT_EQ(game.position().halfmove_clock(), 100);
    EXPECT_EQ(game.claimable_draw(), Termination::FiftyMoves);
    expect_ongoing(game);  // not automatic
    ASSERT_TRUE(game.claim_draw().has_value());
    expect_outcome(game, GameResult::Draw, Termination::FiftyMoves);
    expect_no_more_moves(game);
    ASSERT_TRUE(game.undo());
    expect_ongoing(game);
}

TEST(GameMoveRules, FiftyMovesCounterResetsOnCaptureAndPawnMove) {
    Game game = game_from("4k3/3p4/8/8/8/8/4P3/R3K3 w - - 99 80");
    play(game, {"e3"});
    EXPECT_FALSE(game.claimable_draw().has_value());
    Game capture = game_from("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80");
    play(capture, {"Rxa2"});
    EXPECT_FALSE(capture.claimable_draw().has_value());
}

TEST(GameMoveRules, SeventyFiveMovesEndsTheGame) {
    Game game = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
    expect_ongoing(game);
    EXPECT_EQ(game.claimable_draw(), Termination::FiftyMoves);
    play(game, {"Ra2"});
    EXPECT_EQ(game.position().halfmove_clock(), 150);
    expect_outcome(game, GameResult::Draw, Termination::SeventyFiveMoves);
    EXPECT_FALSE(game.claimable_draw().has_value());
    expect_no_more_moves(game);
}

// Laws 9.6.2: if the last move gave checkmate, the mate stands.
TEST(GameMoveRules, MateOnTheHundredFiftiethHalfMoveTakesPrecedence) {
    // Stockfish: after a1a8 the Fen is R6k/8/6K1/8/8/8/8/8 b - - 150 100, 0 legal moves.
    Game game = game_from("7k/8/6K1/8/8/8/8/R7 w - - 149 100");
    play(game, {"Ra8#"});
    EXPECT_EQ(write_fen(game.position()), "R6k/8/6K1/8/8/8/8/8 b - - 150 100");
    expect_outcome(game, GameResult::WhiteWins, Termination::Checkmate);
    // Any other rook move at that count ends the game by the 75-move rule.
    ASSERT_TRUE(game.undo());
    play(game, {"Rb1"});
    expect_outcome(game, GameResult::Draw, Termination::SeventyFiveMoves);
}

// --- Results set by the caller ---------------------------------------------------------------

TEST(GameDeclared, Resignation) {
    Game game;
    play(game, {"e4"});
    game.resign(Black);
    expect_outcome(game, GameResult::WhiteWins, Termination::Resignation);
    expect_no_more_moves(game);
    // A second resignation does not overwrite the first.
    game.resign(White);
    expect_outcome(game, GameResult::WhiteWins, Termination::Resignation);
    Game other;
    other.resign(White);
    expect_outcome(other, GameResult::BlackWins, Termination::Resignation);
}

TEST(GameDeclared, Agreement) {
    Game game;
    play(game, {"e4", "e5"});
    game.agree_draw();
    expect_outcome(game, GameResult::Draw, Termination::Agreement);
    expect_no_more_moves(game);
    // Undo takes the move and the agreement back.
    ASSERT_TRUE(game.undo());
    expect_ongoing(game);
    EXPECT_EQ(game.ply_count(), 1);
}

TEST(GameDeclared, FlagFallIsALossWhenTheOpponentCanMate) {
    Game game;
    game.flag_fell(White);
    expect_outcome(game, GameResult::BlackWins, Termination::Time);
    expect_no_more_moves(game);
    // A lone knight can mate when the flagged side has a pawn to block with.
    Game knight = game_from("4kn2/8/8/8/8/8/4P3/4K3 w - - 0 1");
    knight.flag_fell(White);
    expect_outcome(knight, GameResult::BlackWins, Termination::Time);
    Game bishop = game_from("4kb2/8/8/8/8/8/4P3/4K3 w - - 0 1");
    bishop.flag_fell(White);
    expect_outcome(bishop, GameResult::BlackWins, Termination::Time);
}

TEST(GameDeclared, FlagFallIsADrawWhenTheOpponentCannotMate) {
    // Laws 6.9: Black has only the king, so White's flag falling draws, whatever White has.
    const char* fen = "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    Game game = game_from(fen);
    game.flag_fell(White);
    expect_outcome(game, GameResult::Draw, Termination::TimeInsufficientMaterial);
    expect_no_more_moves(game);
    // The other way round White can mate.
    Game other = game_from(fen);
    other.flag_fell(Black);
    expect_outcome(other, GameResult::WhiteWins, Termination::Time);
    EXPECT_FALSE(can_checkmate(game.position(), Black));
    EXPECT_TRUE(can_checkmate(game.position(), White));
    // A bishop can mate a king that has a pawn to hem it in (e.g. Kh8, h7, Kf7, Bg7#).
    Game bishop = game_from("4k3/4p3/8/8/8/8/8/4KB2 w - - 0 1");
    EXPECT_TRUE(can_checkmate(bishop.position(), White));
    bishop.flag_fell(Black);
    expect_outcome(bishop, GameResult::WhiteWins, Termination::Time);
    Game flagged_bishop = game_from("4k3/4p3/8/8/8/8/8/4KB2 w - - 0 1");
    flagged_bishop.flag_fell(White);
    expect_outcome(flagged_bishop, GameResult::BlackWins, Termination::Time);
}

TEST(GameDeclared, SetOutcomeFromARecord) {
    Game game;
    play(game, {"e4"});
    game.set_outcome({GameResult::BlackWins, Termination::Resignation});
    expect_outcome(game, GameResult::BlackWins, Termination::Resignation);
    EXPECT_FALSE(game.play_san("e5").has_value());
}

// Setting an ongoing outcome clears a declared one: the automatic endings apply again. (A
// server undid a flag fall that failed to save with set_outcome(Outcome{}); fivefold repetition
// and the 75-move rule then no longer ended the game.)
TEST(GameDeclared, SettingAnOngoingOutcomeLetsTheAutomaticEndingsApply) {
    Game game;
    game.flag_fell(White);
    expect_outcome(game, GameResult::BlackWins, Termination::Time);
    game.set_outcome(Outcome{});
    expect_ongoing(game);
    for (int cycle = 0; cycle < 4; ++cycle) play(game, kKnightCycle);
    EXPECT_EQ(game.repetition_count(), 5);
    expect_outcome(game, GameResult::Draw, Termination::FivefoldRepetition);
    expect_no_more_moves(game);

    Game seventy_five = game_from("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
    seventy_five.set_outcome(Outcome{});
    play(seventy_five, {"Ra2"});
    expect_outcome(seventy_five, GameResult::Draw, Termination::SeventyFiveMoves);
}
