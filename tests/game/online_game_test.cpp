// chess960::OnlineGame: the rules of a game between two seats, played against a "now" the test
// chooses: turns, illegal moves, the clock and flag fall (Laws 6), draw offers (9.1), claims
// (9.2, 9.3) by the side to move, resignation (5.1.2), aborting before both sides have moved
// (by a seat, or by the clock in a timed game), and restoring a stored game.
#include <gtest/gtest.h>

#include "test_support.hpp"

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "chess960/fen.hpp"
#include "chess960/online_game.hpp"
#include "chess960/uci_move.hpp"

using namespace chess960;

namespace {

using chess960::testing::parse;

// Names a table's cases after their `name` field.
struct CaseName {
    template <typename Case>
    std::string operator()(const ::testing::TestParamInfo<Case>& case_info) const {
        return case_info.param.name;
    }
};

constexpr TimeControl kThreePlusTwo{180'000, 2'000};
constexpr TimeControl kOneMinute{60'000, 0};

const std::vector<std::string> kKnightCycle = {"g1f3", "g8f6", "f3g1", "f6g8"};

// The legal move a UCI text names in the game's position (a test failure if none).
Move uci(const OnlineGame& game, std::string_view text) {
    auto m = parse_uci(game.position(), text, CastlingMode::Chess960);
    EXPECT_TRUE(m.has_value()) << text << " in " << write_fen(game.position()) << ": "
                               << m.error().to_string();
    return m ? *m : Move();
}

Result<void> play(OnlineGame& game, Color seat, std::string_view text, Millis now) {
    return game.play(seat, uci(game, text), now);
}

// Plays moves in turn, all at `now`; a failure names the move.
void play_all(OnlineGame& game, const std::vector<std::string>& moves, Millis now = 0) {
    for (const std::string& text : moves) {
        auto r = play(game, game.side_to_move(), text, now);
        ASSERT_TRUE(r.has_value()) << text << ": " << r.error().message;
    }
}

::testing::AssertionResult fails_with(const Result<void>& r, ErrorCode code,
                                      std::string_view message) {
    if (r) return ::testing::AssertionFailure() << "succeeded";
    if (r.error().code != code)
        return ::testing::AssertionFailure() << "error code " << int(r.error().code) << " ("
                                             << r.error().message << "), not " << int(code);
    if (r.error().message != message)
        return ::testing::AssertionFailure()
               << "message '" << r.error().message << "', not '" << message << "'";
    return ::testing::AssertionSuccess();
}

void expect_outcome(const OnlineGame& game, GameResult result, Termination termination) {
    EXPECT_EQ(game.outcome().result, result) << termination_string(game.outcome().termination);
    EXPECT_EQ(game.outcome().termination, termination)
        << termination_string(game.outcome().termination);
    const GameStatus status = result == GameResult::Ongoing ? GameStatus::Active : GameStatus::Over;
    EXPECT_EQ(game.status(), status);
    EXPECT_EQ(game.is_active(), status == GameStatus::Active);
}

void expect_aborted(const OnlineGame& game) {
    EXPECT_EQ(game.status(), GameStatus::Aborted);
    EXPECT_FALSE(game.is_active());
    EXPECT_EQ(game.outcome().result, GameResult::Ongoing);  // no result
    EXPECT_EQ(game.outcome().termination, Termination::None);
    EXPECT_EQ(game.abort_deadline(), std::nullopt);
    EXPECT_EQ(game.next_deadline(), std::nullopt);
}

// Every action of both seats, at `now`.
using Action = std::function<Result<void>(OnlineGame&, Color, Millis)>;
std::vector<std::pair<const char*, Action>> all_actions() {
    return {
        {"play",
         [](OnlineGame& g, Color seat, Millis now) {
             const auto legal = g.position().legal_moves();
             return g.play(seat, legal.size() ? legal[0] : Move(), now);
         }},
        {"resign", [](OnlineGame& g, Color seat, Millis now) { return g.resign(seat, now); }},
        {"offer_draw",
         [](OnlineGame& g, Color seat, Millis now) { return g.offer_draw(seat, now); }},
        {"accept_draw",
         [](OnlineGame& g, Color seat, Millis now) { return g.accept_draw(seat, now); }},
        {"decline_draw",
         [](OnlineGame& g, Color seat, Millis now) { return g.decline_draw(seat, now); }},
        {"claim_draw",
         [](OnlineGame& g, Color seat, Millis now) { return g.claim_draw(seat, now); }},
        {"abort", [](OnlineGame& g, Color seat, Millis now) { return g.abort(seat, now); }},
    };
}

// After the end, every action of both seats is refused with `message`, and changes nothing.
void expect_no_more_actions(OnlineGame& game, Millis now, std::string_view message) {
    const std::string fen = write_fen(game.position());
    const int plies = game.ply();
    const GameStatus status = game.status();
    const Outcome outcome = game.outcome();
    for (auto& [name, action] : all_actions())
        for (Color seat : {White, Black}) {
            EXPECT_TRUE(fails_with(action(game, seat, now), ErrorCode::GameOver, message))
                << name << " by " << (seat == White ? "White" : "Black");
            EXPECT_EQ(write_fen(game.position()), fen) << name;
            EXPECT_EQ(game.ply(), plies) << name;
            EXPECT_EQ(game.status(), status) << name;
            EXPECT_EQ(game.outcome().result, outcome.result) << name;
            EXPECT_EQ(game.outcome().termination, outcome.termination) << name;
            EXPECT_EQ(game.draw_offer(), std::nullopt) << name;
        }
    EXPECT_FALSE(game.tick(now + 1'000'000));
}

// --- Turns and illegal moves -----------------------------------------------------------------

TEST(OnlineGameTurns, OnlyTheSideToMovePlays) {
    OnlineGame game(Position(), std::nullopt, 0);
    EXPECT_EQ(game.side_to_move(), White);
    EXPECT_TRUE(
        fails_with(game.play(Black, Move(E7, E5), 10), ErrorCode::NotYourTurn, "not your turn"));
    EXPECT_EQ(game.ply(), 0);
    ASSERT_TRUE(play(game, White, "e2e4", 20).has_value());
    EXPECT_EQ(game.side_to_move(), Black);
    // White's move, legal or not, is not White's to make now.
    EXPECT_TRUE(
        fails_with(game.play(White, Move(D2, D4), 30), ErrorCode::NotYourTurn, "not your turn"));
    EXPECT_EQ(game.ply(), 1);
    ASSERT_TRUE(play(game, Black, "e7e5", 40).has_value());
    EXPECT_EQ(game.ply(), 2);
    EXPECT_EQ(game.game().moves().size(), 2u);
}

struct IllegalCase {
    const char* name;
    const char* fen;
    Move move;
    const char* message;  // the UCI reader's words
};

void PrintTo(const IllegalCase& c, std::ostream* os) { *os << c.name; }

class OnlineGameIllegal : public ::testing::TestWithParam<IllegalCase> {};

TEST_P(OnlineGameIllegal, IsRefusedInTheLibrarysWords) {
    const IllegalCase& c = GetParam();
    OnlineGame game(parse(c.fen), kThreePlusTwo, 0);
    const Color seat = game.side_to_move();
    EXPECT_TRUE(fails_with(game.play(seat, c.move, 1'000), ErrorCode::IllegalMove, c.message));
    EXPECT_EQ(game.ply(), 0);
    EXPECT_EQ(write_fen(game.position()), write_fen(parse(c.fen)));
    EXPECT_TRUE(game.is_active());
    EXPECT_EQ(game.clock()->running(), std::nullopt);
}

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

INSTANTIATE_TEST_SUITE_P(
    Table, OnlineGameIllegal,
    ::testing::Values(
        IllegalCase{"PawnThreeSquares", kStart, Move(E2, E5), "illegal move 'e2e5'"},
        IllegalCase{"EmptySquare", kStart, Move(E3, E4), "illegal move 'e3e4': no piece on e3"},
        IllegalCase{"OpponentsPiece", kStart, Move(E7, E5),
                    "illegal move 'e7e5': the piece on e7 is not the side to move's"},
        IllegalCase{"NoMove", kStart, Move(), "illegal move '0000'"},
        IllegalCase{"IgnoresTheCheck", "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", Move(A1, A8),
                    "illegal move 'a1a8': it does not answer the check"}),
    CaseName());

// --- The clock through the game --------------------------------------------------------------

TEST(OnlineGameClock, FirstMovesAreFreeThenTheIncrementIsEarned) {
    OnlineGame game(Position(), kThreePlusTwo, 0);
    ASSERT_TRUE(play(game, White, "e2e4", 10'000).has_value());
    EXPECT_EQ(game.clock()->running(), std::nullopt);
    ASSERT_TRUE(play(game, Black, "e7e5", 30'000).has_value());
    EXPECT_EQ(game.clock()->stored(White), 180'000);
    EXPECT_EQ(game.clock()->stored(Black), 180'000);
    EXPECT_EQ(game.clock()->running(), White);
    ASSERT_TRUE(play(game, White, "g1f3", 35'000).has_value());
    EXPECT_EQ(game.clock()->stored(White), 177'000);
    EXPECT_EQ(game.clock()->running(), Black);
    EXPECT_EQ(game.clock()->remaining(Black, 45'000), 170'000);
}

TEST(OnlineGameClock, TheClockStopsWhenTheGameEndsSoNothingIsChargedTwice) {
    // Fool's mate: the mating move starts White's clock, and the end stops it at once.
    OnlineGame game(Position(), kThreePlusTwo, 0);
    ASSERT_TRUE(play(game, White, "f2f3", 0).has_value());
    ASSERT_TRUE(play(game, Black, "e7e5", 1'000).has_value());
    ASSERT_TRUE(play(game, White, "g2g4", 3'000).has_value());
    ASSERT_TRUE(play(game, Black, "d8h4", 10'000).has_value());
    expect_outcome(game, GameResult::BlackWins, Termination::Checkmate);
    ASSERT_TRUE(game.clock().has_value());
    EXPECT_EQ(game.clock()->running(), std::nullopt);
    for (Millis later : {10'000, 50'000, 10'000'000}) {
        EXPECT_EQ(game.clock()->remaining(White, later), 180'000 - 2'000 + 2'000);
        EXPECT_EQ(game.clock()->remaining(Black, later), 180'000 - 7'000 + 2'000);
    }
    EXPECT_EQ(game.next_deadline(), std::nullopt);
    expect_no_more_actions(game, 20'000, "the game is over: Black wins by checkmate");
    EXPECT_EQ(game.clock()->remaining(White, 10'000'000), 180'000);
}

TEST(OnlineGameClock, AMoveAfterTheFlagFellIsRefusedAndTheGameIsLostOnTime) {
    OnlineGame game(Position(), kOneMinute, 0);
    play_all(game, {"e2e4", "e7e5"}, 1'000);  // White's clock runs from 1'000
    EXPECT_EQ(game.next_deadline(), 61'000);
    EXPECT_TRUE(fails_with(play(game, White, "g1f3", 61'000), ErrorCode::GameOver,
                           "the game is over: White ran out of time; Black wins"));
    EXPECT_EQ(game.ply(), 2);
    expect_outcome(game, GameResult::BlackWins, Termination::Time);
    EXPECT_EQ(game.clock()->running(), std::nullopt);
    EXPECT_EQ(game.clock()->remaining(White, 99'000), 0);
    EXPECT_EQ(game.clock()->remaining(Black, 99'000), 60'000);
    expect_no_more_actions(game, 70'000, "the game is over: White ran out of time; Black wins");
}

TEST(OnlineGameClock, AMoveOneMillisecondBeforeTheFlagCounts) {
    OnlineGame game(Position(), kOneMinute, 0);
    play_all(game, {"e2e4", "e7e5"}, 1'000);
    ASSERT_TRUE(play(game, White, "g1f3", 60'999).has_value());
    EXPECT_EQ(game.clock()->stored(White), 1);
    EXPECT_EQ(game.clock()->running(), Black);
    EXPECT_TRUE(game.is_active());
}

struct FlagCase {
    const char* name;
    const char* fen;
    std::vector<std::string> moves;  // both first moves, so that the clock runs
    GameResult result;
    Termination termination;
    const char* message;
};

void PrintTo(const FlagCase& c, std::ostream* os) { *os << c.name; }

class OnlineGameFlag : public ::testing::TestWithParam<FlagCase> {};

TEST_P(OnlineGameFlag, TickEndsTheGameAtExactlyZero) {
    const FlagCase& c = GetParam();
    OnlineGame game(parse(c.fen), kOneMinute, 0);
    play_all(game, c.moves, 5'000);
    const Color flagged = game.side_to_move();
    ASSERT_EQ(game.next_deadline(), 65'000);
    EXPECT_FALSE(game.tick(64'999));
    EXPECT_TRUE(game.is_active());
    EXPECT_TRUE(game.tick(65'000));
    expect_outcome(game, c.result, c.termination);
    EXPECT_EQ(game.clock()->remaining(flagged, 65'000), 0);
    EXPECT_EQ(game.clock()->remaining(~flagged, 65'000), 60'000);
    EXPECT_FALSE(game.tick(65'001));  // once
    expect_no_more_actions(game, 66'000, c.message);
}

INSTANTIATE_TEST_SUITE_P(
    Table, OnlineGameFlag,
    ::testing::Values(
        FlagCase{"WhiteLoses",
                 kStart,
                 {"e2e4", "e7e5"},
                 GameResult::BlackWins,
                 Termination::Time,
                 "the game is over: White ran out of time; Black wins"},
        FlagCase{"BlackLoses",
                 kStart,
                 {"e2e4", "e7e5", "g1f3"},
                 GameResult::WhiteWins,
                 Termination::Time,
                 "the game is over: Black ran out of time; White wins"},
        // Laws 6.9: Black has a lone king and cannot mate, so White's flag falling draws.
        FlagCase{"OpponentCannotMate",
                 "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
                 {"a2a3", "e8d8"},
                 GameResult::Draw,
                 Termination::TimeInsufficientMaterial,
                 "the game is over: White ran out of time, but Black cannot checkmate: draw"},
        // The other way round White's pawns can mate: Black's flag loses.
        FlagCase{"OpponentCanMate",
                 "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
                 {"a2a3", "e8d8", "a3a4"},
                 GameResult::WhiteWins,
                 Termination::Time,
                 "the game is over: Black ran out of time; White wins"}),
    CaseName());

TEST(OnlineGameClock, ResignationStopsTheClockAtTheMomentOfResigning) {
    OnlineGame game(Position(), kThreePlusTwo, 0);
    play_all(game, {"e2e4", "e7e5"}, 0);
    ASSERT_TRUE(game.resign(White, 30'000).has_value());
    EXPECT_EQ(game.clock()->running(), std::nullopt);
    EXPECT_EQ(game.clock()->remaining(White, 1'000'000), 150'000);
    EXPECT_FALSE(game.tick(1'000'000));  // no flag falls after the end
    expect_outcome(game, GameResult::BlackWins, Termination::Resignation);
}

// --- Resignation -----------------------------------------------------------------------------

struct ResignCase {
    const char* name;
    int plies;
    Color seat;
    GameResult result;
    const char* message;
};

void PrintTo(const ResignCase& c, std::ostream* os) { *os << c.name; }

class OnlineGameResign : public ::testing::TestWithParam<ResignCase> {};

TEST_P(OnlineGameResign, EitherSeatResignsAtAnyTime) {
    const ResignCase& c = GetParam();
    OnlineGame game(Position(), std::nullopt, 0);
    play_all(game, std::vector<std::string>(kKnightCycle.begin(), kKnightCycle.begin() + c.plies));
    ASSERT_TRUE(game.offer_draw(~c.seat, 100).has_value());
    ASSERT_TRUE(game.resign(c.seat, 200).has_value());
    expect_outcome(game, c.result, Termination::Resignation);
    EXPECT_EQ(game.draw_offer(), std::nullopt);  // no offer outlives the game
    expect_no_more_actions(game, 300, c.message);
}

INSTANTIATE_TEST_SUITE_P(
    Table, OnlineGameResign,
    ::testing::Values(ResignCase{"WhiteOnItsTurn", 0, White, GameResult::BlackWins,
                                 "the game is over: White resigned; Black wins"},
                      ResignCase{"WhiteOnBlacksTurn", 3, White, GameResult::BlackWins,
                                 "the game is over: White resigned; Black wins"},
                      ResignCase{"BlackOnItsTurn", 1, Black, GameResult::WhiteWins,
                                 "the game is over: Black resigned; White wins"},
                      ResignCase{"BlackOnWhitesTurn", 4, Black, GameResult::WhiteWins,
                                 "the game is over: Black resigned; White wins"}),
    CaseName());

// --- Draw offers (Laws 9.1) ------------------------------------------------------------------

enum class Do { Offer, Accept, Decline, Move };

struct Step {
    Color seat;
    Do what;
    const char* move = "";  // for Do::Move
    std::optional<ErrorCode> error = std::nullopt;
};

struct OfferCase {
    const char* name;
    std::vector<Step> steps;
    std::optional<Color> offer_after;
    Termination termination_after;  // None: still going; Agreement: drawn
};

void PrintTo(const OfferCase& c, std::ostream* os) { *os << c.name; }

class OnlineGameDrawOffer : public ::testing::TestWithParam<OfferCase> {};

TEST_P(OnlineGameDrawOffer, FollowsTheSteps) {
    const OfferCase& c = GetParam();
    OnlineGame game(Position(), kThreePlusTwo, 0);
    Millis now = 1'000;
    for (const Step& step : c.steps) {
        Result<void> r;
        switch (step.what) {
            case Do::Offer:
                r = game.offer_draw(step.seat, now);
                break;
            case Do::Accept:
                r = game.accept_draw(step.seat, now);
                break;
            case Do::Decline:
                r = game.decline_draw(step.seat, now);
                break;
            case Do::Move:
                r = play(game, step.seat, step.move, now);
                break;
        }
        if (step.error) {
            ASSERT_FALSE(r.has_value()) << "step at " << now;
            EXPECT_EQ(r.error().code, *step.error) << r.error().message;
        } else {
            ASSERT_TRUE(r.has_value()) << "step at " << now << ": " << r.error().message;
        }
        now += 1'000;
    }
    EXPECT_EQ(game.draw_offer(), c.offer_after);
    if (c.termination_after == Termination::None)
        expect_outcome(game, GameResult::Ongoing, Termination::None);
    else
        expect_outcome(game, GameResult::Draw, c.termination_after);
}

constexpr auto kNoOffer = ErrorCode::NoDrawOffer;

INSTANTIATE_TEST_SUITE_P(
    Table, OnlineGameDrawOffer,
    ::testing::Values(
        OfferCase{"OfferStands", {{White, Do::Offer}}, White, Termination::None},
        OfferCase{"OfferTwice", {{White, Do::Offer}, {White, Do::Offer}}, White, Termination::None},
        OfferCase{"Accepted",
                  {{White, Do::Offer}, {Black, Do::Accept}},
                  std::nullopt,
                  Termination::Agreement},
        OfferCase{"Declined",
                  {{Black, Do::Offer}, {White, Do::Decline}},
                  std::nullopt,
                  Termination::None},
        // Laws 9.1.2: offering while the opponent's offer stands is agreeing.
        OfferCase{"OfferingBackAccepts",
                  {{White, Do::Offer}, {Black, Do::Offer}},
                  std::nullopt,
                  Termination::Agreement},
        // The opponent's move declines the offer; one's own move does not withdraw it.
        OfferCase{"DeclinedByAMove",
                  {{White, Do::Move, "e2e4"}, {White, Do::Offer}, {Black, Do::Move, "e7e5"}},
                  std::nullopt,
                  Termination::None},
        OfferCase{"OwnMoveKeepsIt",
                  {{White, Do::Offer}, {White, Do::Move, "e2e4"}},
                  White,
                  Termination::None},
        OfferCase{"AcceptWithoutOffer",
                  {{Black, Do::Accept, "", kNoOffer}},
                  std::nullopt,
                  Termination::None},
        OfferCase{"DeclineWithoutOffer",
                  {{White, Do::Decline, "", kNoOffer}},
                  std::nullopt,
                  Termination::None},
        OfferCase{"AcceptOwnOffer",
                  {{White, Do::Offer}, {White, Do::Accept, "", kNoOffer}},
                  White,
                  Termination::None},
        OfferCase{"DeclineOwnOffer",
                  {{Black, Do::Offer}, {Black, Do::Decline, "", kNoOffer}},
                  Black,
                  Termination::None},
        OfferCase{"AcceptAfterDecline",
                  {{White, Do::Offer}, {Black, Do::Decline}, {Black, Do::Accept, "", kNoOffer}},
                  std::nullopt,
                  Termination::None},
        OfferCase{"AcceptAfterTheMoveDeclinedIt",
                  {{White, Do::Offer},
                   {White, Do::Move, "e2e4"},
                   {Black, Do::Move, "e7e5"},
                   {Black, Do::Accept, "", kNoOffer}},
                  std::nullopt,
                  Termination::None}),
    CaseName());

TEST(OnlineGameDrawOffers, MessagesSayWhatIsMissing) {
    OnlineGame game(Position(), std::nullopt, 0);
    EXPECT_TRUE(fails_with(game.accept_draw(White, 0), ErrorCode::NoDrawOffer,
                           "there is no draw offer from your opponent to accept"));
    EXPECT_TRUE(fails_with(game.decline_draw(Black, 0), ErrorCode::NoDrawOffer,
                           "there is no draw offer from your opponent to decline"));
    ASSERT_TRUE(game.offer_draw(Black, 0).has_value());
    ASSERT_TRUE(game.accept_draw(White, 0).has_value());
    expect_no_more_actions(game, 0, "the game is over: Draw by agreement");
}

// --- Claims (Laws 9.2, 9.3) ------------------------------------------------------------------

struct ClaimCase {
    const char* name;
    const char* fen;
    std::vector<std::string> moves;
    Color seat;
    std::optional<ErrorCode> error;  // else the claim succeeds with `termination`
    Termination termination;
};

void PrintTo(const ClaimCase& c, std::ostream* os) { *os << c.name; }

class OnlineGameClaim : public ::testing::TestWithParam<ClaimCase> {};

std::vector<std::string> cycles(int n, std::vector<std::string> extra = {}) {
    std::vector<std::string> moves;
    for (int i = 0; i < n; ++i) moves.insert(moves.end(), kKnightCycle.begin(), kKnightCycle.end());
    moves.insert(moves.end(), extra.begin(), extra.end());
    return moves;
}

TEST_P(OnlineGameClaim, OnlyTheSideToMoveClaims) {
    const ClaimCase& c = GetParam();
    OnlineGame game(parse(c.fen), kThreePlusTwo, 0);
    play_all(game, c.moves, 0);
    auto r = game.claim_draw(c.seat, 1'000);
    if (c.error) {
        ASSERT_FALSE(r.has_value());
        EXPECT_EQ(r.error().code, *c.error) << r.error().message;
        expect_outcome(game, GameResult::Ongoing, Termination::None);
        EXPECT_TRUE(game.clock()->running().has_value() || game.ply() < 2);
    } else {
        ASSERT_TRUE(r.has_value()) << r.error().message;
        expect_outcome(game, GameResult::Draw, c.termination);
        EXPECT_EQ(game.clock()->running(), std::nullopt);
    }
}

constexpr const char* kRookEnding100 = "4k3/8/8/8/8/8/8/R3K3 w - - 100 80";
constexpr const char* kRookEnding99 = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";

INSTANTIATE_TEST_SUITE_P(
    Table, OnlineGameClaim,
    ::testing::Values(
        ClaimCase{"NothingToClaim", kStart, {}, White, ErrorCode::NoDrawToClaim, Termination::None},
        ClaimCase{"TwiceIsNotThreefold", kStart, cycles(1), White, ErrorCode::NoDrawToClaim,
                  Termination::None},
        ClaimCase{"ThreefoldByWhite", kStart, cycles(2), White, std::nullopt,
                  Termination::ThreefoldRepetition},
        ClaimCase{"ThreefoldNotByBlack", kStart, cycles(2), Black, ErrorCode::NotYourTurn,
                  Termination::None},
        ClaimCase{"ThreefoldByBlack", kStart, cycles(2, {"g1f3", "g8f6", "f3g1"}), Black,
                  std::nullopt, Termination::ThreefoldRepetition},
        ClaimCase{"ThreefoldNotByWhite", kStart, cycles(2, {"g1f3", "g8f6", "f3g1"}), White,
                  ErrorCode::NotYourTurn, Termination::None},
        ClaimCase{"FiftyByWhite", kRookEnding100, {}, White, std::nullopt, Termination::FiftyMoves},
        ClaimCase{"FiftyNotByBlack",
                  kRookEnding100,
                  {},
                  Black,
                  ErrorCode::NotYourTurn,
                  Termination::None},
        ClaimCase{"FortyNineAndAHalf",
                  kRookEnding99,
                  {},
                  White,
                  ErrorCode::NoDrawToClaim,
                  Termination::None},
        ClaimCase{
            "FiftyByBlack", kRookEnding99, {"a1a2"}, Black, std::nullopt, Termination::FiftyMoves},
        ClaimCase{"FiftyNotByWhite",
                  kRookEnding99,
                  {"a1a2"},
                  White,
                  ErrorCode::NotYourTurn,
                  Termination::None}),
    CaseName());

TEST(OnlineGameClaims, MessagesSayWhoMayClaimAndWhyNot) {
    OnlineGame game(Position(), std::nullopt, 0);
    EXPECT_TRUE(fails_with(game.claim_draw(Black, 0), ErrorCode::NotYourTurn,
                           "only the player to move may claim a draw"));
    auto r = game.claim_draw(White, 0);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().code, ErrorCode::NoDrawToClaim);
    EXPECT_NE(r.error().message.find("no draw to claim"), std::string::npos) << r.error().message;
    play_all(game, cycles(2));
    ASSERT_TRUE(game.claim_draw(White, 0).has_value());
    expect_no_more_actions(
        game, 0, "the game is over: Draw claimed: the same position occurred three times");
}

// --- Abort -----------------------------------------------------------------------------------

struct AbortCase {
    const char* name;
    bool timed;
    int plies;
    Color seat;
    bool allowed;
};

void PrintTo(const AbortCase& c, std::ostream* os) { *os << c.name; }

class OnlineGameAbort : public ::testing::TestWithParam<AbortCase> {};

TEST_P(OnlineGameAbort, EitherSeatBeforeBothHaveMoved) {
    const AbortCase& c = GetParam();
    OnlineGame game(Position(), c.timed ? std::optional(kThreePlusTwo) : std::nullopt, 0);
    play_all(game, std::vector<std::string>(kKnightCycle.begin(), kKnightCycle.begin() + c.plies),
             1'000);
    ASSERT_TRUE(game.offer_draw(c.seat, 2'000).has_value());
    auto r = game.abort(c.seat, 3'000);
    if (c.allowed) {
        ASSERT_TRUE(r.has_value()) << r.error().message;
        expect_aborted(game);
        EXPECT_EQ(game.draw_offer(), std::nullopt);
        EXPECT_EQ(game.ply(), c.plies);
        expect_no_more_actions(game, 4'000, "the game was aborted");
    } else {
        EXPECT_TRUE(fails_with(r, ErrorCode::CannotAbort,
                               "the game can no longer be aborted: both sides have moved"));
        EXPECT_TRUE(game.is_active());
        EXPECT_EQ(game.draw_offer(), c.seat);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Table, OnlineGameAbort,
    ::testing::Values(AbortCase{"WhiteAtStart", true, 0, White, true},
                      AbortCase{"BlackAtStart", true, 0, Black, true},
                      AbortCase{"WhiteAfterWhitesMove", true, 1, White, true},
                      AbortCase{"BlackAfterWhitesMove", true, 1, Black, true},
                      AbortCase{"UntimedAtStart", false, 0, Black, true},
                      AbortCase{"UntimedAfterWhitesMove", false, 1, White, true},
                      AbortCase{"WhiteAfterBothMoved", true, 2, White, false},
                      AbortCase{"BlackAfterBothMoved", true, 2, Black, false},
                      AbortCase{"Later", true, 3, Black, false},
                      AbortCase{"UntimedAfterBothMoved", false, 2, White, false}),
    CaseName());

struct AutoAbortCase {
    const char* name;
    bool timed;
    Millis abort_after;
    std::vector<Millis> move_times;  // the first plies, from creation at 1'000
    std::optional<Millis> deadline;  // abort_deadline() then
};

void PrintTo(const AutoAbortCase& c, std::ostream* os) { *os << c.name; }

class OnlineGameAutoAbort : public ::testing::TestWithParam<AutoAbortCase> {};

TEST_P(OnlineGameAutoAbort, TimedGamesAbortAtExactlyTheDeadline) {
    const AutoAbortCase& c = GetParam();
    auto make = [&] {
        OnlineGame game(Position(), c.timed ? std::optional(kThreePlusTwo) : std::nullopt, 1'000,
                        OnlineRules{c.abort_after});
        for (std::size_t i = 0; i < c.move_times.size(); ++i) {
            auto r = play(game, game.side_to_move(), kKnightCycle[i], c.move_times[i]);
            EXPECT_TRUE(r.has_value()) << r.error().message;
        }
        return game;
    };
    OnlineGame game = make();
    EXPECT_EQ(game.abort_deadline(), c.deadline);
    if (!c.deadline) {
        // Nothing ends the game before the flag (if a clock runs), long after any abort time.
        const Millis before_flag = game.next_deadline().value_or(1'000'000'000'000) - 1;
        EXPECT_GT(before_flag, 200'000);
        EXPECT_FALSE(game.tick(before_flag));
        EXPECT_TRUE(game.is_active());
        return;
    }
    EXPECT_EQ(game.next_deadline(), c.deadline);
    EXPECT_FALSE(game.tick(*c.deadline - 1));
    EXPECT_TRUE(game.is_active());
    EXPECT_TRUE(game.tick(*c.deadline));
    expect_aborted(game);
    EXPECT_FALSE(game.tick(*c.deadline + 1));
    // A move arriving at the deadline finds the game aborted.
    OnlineGame late = make();
    EXPECT_TRUE(
        fails_with(late.play(late.side_to_move(), uci(late, kKnightCycle[late.ply()]), *c.deadline),
                   ErrorCode::GameOver, "the game was aborted"));
    expect_aborted(late);
    EXPECT_EQ(late.ply(), int(c.move_times.size()));
}

INSTANTIATE_TEST_SUITE_P(
    Table, OnlineGameAutoAbort,
    ::testing::Values(
        // White has a minute from the creation, Black a minute from White's first move.
        AutoAbortCase{"WhiteDoesNotMove", true, 60'000, {}, 61'000},
        AutoAbortCase{"BlackDoesNotMove", true, 60'000, {40'000}, 100'000},
        AutoAbortCase{"OtherRule", true, 15'000, {3'000}, 18'000},
        // After both first moves the clock rules instead.
        AutoAbortCase{"BothMoved", true, 60'000, {40'000, 90'000}, std::nullopt},
        AutoAbortCase{"Disabled", true, 0, {}, std::nullopt},
        AutoAbortCase{"DisabledForBlack", true, 0, {40'000}, std::nullopt},
        AutoAbortCase{"UntimedWhite", false, 60'000, {}, std::nullopt},
        AutoAbortCase{"UntimedBlack", false, 60'000, {40'000}, std::nullopt}),
    CaseName());

// An untimed game has its own wait (a friend who never comes): OnlineRules::untimed_abort_after.
TEST(OnlineGameUntimedAbort, WaitsItsOwnTimeThenAborts) {
    OnlineRules rules;
    rules.untimed_abort_after = 86'400'000;
    OnlineGame game(Position(), std::nullopt, 1'000, rules);
    EXPECT_EQ(game.abort_deadline(), 86'401'000);
    ASSERT_TRUE(play(game, White, "e2e4", 5'000).has_value());
    EXPECT_EQ(game.abort_deadline(), 86'405'000);  // Black's wait, from White's first move
    EXPECT_FALSE(game.tick(86'404'999));
    EXPECT_TRUE(game.tick(86'405'000));
    expect_aborted(game);
    // Once both have moved, an untimed game waits as long as it takes.
    OnlineGame started(Position(), std::nullopt, 1'000, rules);
    play_all(started, {"e2e4", "e7e5"});
    EXPECT_EQ(started.next_deadline(), std::nullopt);
}

// --- An event's board: the no-show rule (Laws 6.7.1) ------------------------------------------

TEST(OnlineGameNoShow, WhoMakesNoFirstMoveInTimeLoses) {
    OnlineRules rules;
    rules.no_show_after = 300'000;
    for (const bool timed : {true, false}) {
        OnlineGame white_absent(Position(), timed ? std::optional(kThreePlusTwo) : std::nullopt,
                                1'000, rules);
        EXPECT_EQ(white_absent.abort_deadline(), 301'000);
        EXPECT_FALSE(white_absent.tick(300'999));
        EXPECT_TRUE(white_absent.tick(301'000));
        expect_outcome(white_absent, GameResult::BlackWins, Termination::NoShow);
        EXPECT_EQ(describe(white_absent),
                  "White made no first move in time; Black wins by forfeit");

        OnlineGame black_absent(Position(), timed ? std::optional(kThreePlusTwo) : std::nullopt,
                                1'000, rules);
        ASSERT_TRUE(play(black_absent, White, "e2e4", 10'000).has_value());
        EXPECT_EQ(black_absent.abort_deadline(), 310'000);
        EXPECT_TRUE(fails_with(black_absent.play(Black, uci(black_absent, "e7e5"), 310'000),
                               ErrorCode::GameOver,
                               "the game is over: Black made no first move in time; White wins "
                               "by forfeit"));
        expect_outcome(black_absent, GameResult::WhiteWins, Termination::NoShow);
    }
}

// --- The arbiter's result on a game in play (Laws 12.2) --------------------------------------

TEST(OnlineGameArbiter, TheArbitersResultEndsTheGameAsTheArbitersDecision) {
    for (const GameResult result :
         {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw}) {
        OnlineGame game(Position(), kThreePlusTwo, 1'000);
        ASSERT_TRUE(play(game, White, "e2e4", 2'000).has_value());
        ASSERT_TRUE(game.end_by_arbiter(result, 3'000).has_value());
        expect_outcome(game, result, Termination::ArbiterDecision);
        EXPECT_FALSE(game.clock()->running());
        EXPECT_EQ(describe(game),
                  result == GameResult::WhiteWins   ? "White wins by the arbiter's decision"
                  : result == GameResult::BlackWins ? "Black wins by the arbiter's decision"
                                                    : "Draw by the arbiter's decision");
        EXPECT_TRUE(fails_with(game.end_by_arbiter(GameResult::Draw, 4'000), ErrorCode::GameOver,
                               "the game is over: " + describe(game)));
    }
    // A double forfeit: a result for neither side, so the game gives none (it ends aborted).
    OnlineGame both(Position(), std::nullopt, 1'000);
    ASSERT_TRUE(both.end_by_arbiter(GameResult::Ongoing, 2'000).has_value());
    EXPECT_EQ(both.status(), GameStatus::Aborted);
    EXPECT_EQ(both.outcome().result, GameResult::Ongoing);
}

TEST(OnlineGameNoShow, AnEventsGameCannotBeAborted) {
    OnlineRules rules;
    rules.no_show_after = 300'000;
    OnlineGame game(Position(), kThreePlusTwo, 1'000, rules);
    for (const Color seat : {White, Black})
        EXPECT_TRUE(fails_with(game.abort(seat, 2'000), ErrorCode::CannotAbort,
                               "an event's game cannot be aborted: a player who makes no first "
                               "move in time loses it"));
    EXPECT_TRUE(game.is_active());
    // The no-show wait replaces the abort rule's (and a timed game's minute).
    EXPECT_EQ(game.abort_deadline(), 301'000);
    play_all(game, {"e2e4", "e7e5"});
    EXPECT_EQ(game.abort_deadline(), std::nullopt);
}

// --- Deadlines -------------------------------------------------------------------------------

TEST(OnlineGameDeadline, IsTheAbortDeadlineThenTheFlagTime) {
    OnlineGame game(Position(), kThreePlusTwo, 1'000);
    EXPECT_EQ(game.next_deadline(), 61'000);
    ASSERT_TRUE(play(game, White, "e2e4", 5'000).has_value());
    EXPECT_EQ(game.next_deadline(), 65'000);
    ASSERT_TRUE(play(game, Black, "e7e5", 20'000).has_value());
    EXPECT_EQ(game.abort_deadline(), std::nullopt);
    EXPECT_EQ(game.next_deadline(), 200'000);  // White's 180 s from 20'000
    ASSERT_TRUE(play(game, White, "g1f3", 30'000).has_value());
    EXPECT_EQ(game.next_deadline(), 210'000);  // Black's 180 s from 30'000
    ASSERT_TRUE(play(game, Black, "b8c6", 50'000).has_value());
    EXPECT_EQ(game.next_deadline(), 50'000 + 180'000 - 10'000 + 2'000);
    ASSERT_TRUE(game.resign(Black, 60'000).has_value());
    EXPECT_EQ(game.next_deadline(), std::nullopt);

    OnlineGame untimed(Position(), std::nullopt, 1'000);
    EXPECT_EQ(untimed.next_deadline(), std::nullopt);
    play_all(untimed, {"e2e4", "e7e5"});
    EXPECT_EQ(untimed.next_deadline(), std::nullopt);
}

TEST(OnlineGameDeadline, IsWhicheverComesFirst) {
    // A restored clock that already runs before both first moves (a store may say so): the
    // flag and the abort rule both apply, and the earlier one is the deadline.
    for (Millis left : {30'000, 90'000}) {
        OnlineGame game(Position(), kThreePlusTwo, 0);
        game.restore_clock(Clock::restore(kThreePlusTwo, left, 180'000, White, 0));
        EXPECT_EQ(game.abort_deadline(), 60'000);
        EXPECT_EQ(game.next_deadline(), std::min<Millis>(left, 60'000)) << left;
        EXPECT_TRUE(game.tick(*game.next_deadline()));
        if (left < 60'000)
            expect_outcome(game, GameResult::BlackWins, Termination::Time);
        else
            expect_aborted(game);
    }
}

// --- Replaying and restoring a stored game ---------------------------------------------------

TEST(OnlineGameReplay, CastlingIsKingTakesRook) {
    OnlineGame game(Position(), kThreePlusTwo, 0);
    for (const char* move : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"})
        ASSERT_TRUE(game.replay(move).has_value()) << move;
    // The king's two-square form is not the stored form.
    auto two_squares = game.replay("e1g1");
    ASSERT_FALSE(two_squares.has_value());
    EXPECT_EQ(two_squares.error().code, ErrorCode::IllegalMove);
    ASSERT_TRUE(game.replay("e1h1").has_value());
    EXPECT_EQ(game.position().piece_on(G1), WhiteKing);
    EXPECT_EQ(game.position().piece_on(F1), WhiteRook);
    EXPECT_EQ(game.position().piece_on(H1), NoPiece);
    EXPECT_EQ(game.ply(), 7);
    // No clock effects: nothing runs and nothing was charged.
    EXPECT_EQ(game.clock()->running(), std::nullopt);
    EXPECT_EQ(game.clock()->stored(White), 180'000);
    EXPECT_EQ(game.clock()->stored(Black), 180'000);

    auto malformed = game.replay("e7e");
    ASSERT_FALSE(malformed.has_value());
    EXPECT_EQ(malformed.error().code, ErrorCode::InvalidMove);
    EXPECT_EQ(game.ply(), 7);
}

TEST(OnlineGameReplay, Chess960CastlingWhereKingAndRookSwap) {
    // King f1 and rook g1: g-side castling swaps them (f1g1), legal on move one.
    OnlineGame game(parse("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"), std::nullopt,
                    0);
    ASSERT_TRUE(game.replay("f1g1").has_value());
    ASSERT_TRUE(game.replay("f8g8").has_value());
    EXPECT_EQ(game.position().piece_on(G1), WhiteKing);
    EXPECT_EQ(game.position().piece_on(F1), WhiteRook);
    EXPECT_EQ(game.position().piece_on(G8), BlackKing);
    EXPECT_EQ(game.position().piece_on(F8), BlackRook);
    EXPECT_TRUE(game.game().moves()[0].is_castling());
    EXPECT_TRUE(game.game().moves()[1].is_castling());
}

TEST(OnlineGameReplay, TheAbortRuleUsesTheRestoredFirstMoveTime) {
    OnlineGame game(Position(), kThreePlusTwo, 1'000);
    ASSERT_TRUE(game.replay("e2e4").has_value());
    EXPECT_EQ(game.abort_deadline(), 61'000);  // replay counts the move at creation
    game.restore_first_move_time(30'000);
    EXPECT_EQ(game.abort_deadline(), 90'000);
    EXPECT_FALSE(game.tick(89'999));
    EXPECT_TRUE(game.tick(90'000));
    expect_aborted(game);
}

TEST(OnlineGameRestore, ClockOfferAndOutcome) {
    // A game stored with White's clock running and Black's offer standing.
    OnlineGame game(Position(), kThreePlusTwo, 0);
    for (const char* move : {"e2e4", "e7e5", "g1f3", "b8c6"})
        ASSERT_TRUE(game.replay(move).has_value()) << move;
    Clock clock = Clock::restore(kThreePlusTwo, 100'000, 90'000, White, 500'000);
    clock.resume(900'000);  // the server was down in between
    game.restore_clock(clock);
    game.restore_draw_offer(Black);
    EXPECT_EQ(game.next_deadline(), 1'000'000);
    EXPECT_EQ(game.clock()->remaining(White, 950'000), 50'000);
    ASSERT_TRUE(game.accept_draw(White, 950'000).has_value());
    expect_outcome(game, GameResult::Draw, Termination::Agreement);
    EXPECT_EQ(game.clock()->remaining(White, 2'000'000), 50'000);

    // An ending that is not in the moves.
    OnlineGame resigned(Position(), std::nullopt, 0);
    ASSERT_TRUE(resigned.replay("e2e4").has_value());
    resigned.restore_outcome({GameResult::WhiteWins, Termination::Resignation});
    expect_outcome(resigned, GameResult::WhiteWins, Termination::Resignation);
    expect_no_more_actions(resigned, 0, "the game is over: Black resigned; White wins");

    // Restoring "ongoing" leaves a game that still ends by itself.
    OnlineGame ongoing(Position(), std::nullopt, 0);
    ongoing.restore_outcome(Outcome{});
    play_all(ongoing, cycles(4));
    expect_outcome(ongoing, GameResult::Draw, Termination::FivefoldRepetition);

    OnlineGame aborted(Position(), kThreePlusTwo, 0);
    ASSERT_TRUE(aborted.replay("e2e4").has_value());
    aborted.restore_aborted();
    expect_aborted(aborted);
    expect_no_more_actions(aborted, 0, "the game was aborted");
}

TEST(OnlineGameRestore, ARestoredClockPastTheFlagEndsTheGameOnTheNextAction) {
    OnlineGame game(Position(), kThreePlusTwo, 0);
    for (const char* move : {"e2e4", "e7e5", "g1f3"}) ASSERT_TRUE(game.replay(move).has_value());
    game.restore_clock(Clock::restore(kThreePlusTwo, 100'000, 5'000, Black, 10'000));
    EXPECT_TRUE(fails_with(game.offer_draw(White, 15'000), ErrorCode::GameOver,
                           "the game is over: Black ran out of time; White wins"));
    expect_outcome(game, GameResult::WhiteWins, Termination::Time);
    EXPECT_EQ(game.clock()->stored(Black), 0);
}

}  // namespace
