// Verifying an event's draw (src/draw/verify.hpp): the verdict `chess960 event verify` and the
// server's closed events give, on the worked example of docs/event-draw.md (1.8).
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "draw/commitment.hpp"
#include "draw/verify.hpp"

using namespace chess960::event;

namespace {

const Secret kSecret =
    *secret_from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
const std::string kCommitment = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";

Parameters example() { return checked({"Example Open", 3, {518, 534}, false, false}).value(); }

TEST(EventVerify, TheWorkedExampleVerifies) {
    const auto v = verify(kCommitment, kSecret, example(), {"3 5 2"},
                          {{1, {1, 839, 839}}, {2, {2, 526, 526}}, {3, {3, 58, 58}}});
    EXPECT_TRUE(v.ok());
    EXPECT_TRUE(v.commitment_matches);
    EXPECT_EQ(v.secret_hash, kCommitment);
    ASSERT_EQ(v.rounds.size(), 3u);
    EXPECT_EQ(v.rounds[0].draw.white, 839);
    EXPECT_EQ(v.rounds[0].entropy, "3 5 2");
    EXPECT_EQ(v.rounds[1].entropy, "");  // past the end of the list: none
    EXPECT_TRUE(v.rounds[2].played_matches);
}

TEST(EventVerify, AnotherCommitmentOrPositionIsAProblem) {
    std::string other = kCommitment;
    other[0] = '7';
    auto v = verify(other, kSecret, example(), {"3 5 2"}, {});
    EXPECT_FALSE(v.ok());
    EXPECT_FALSE(v.commitment_matches);
    ASSERT_EQ(v.problems.size(), 1u);
    EXPECT_NE(v.problems[0].find("not the SHA-256 of the secret"), std::string::npos);

    // Upper-case hex is the same commitment.
    std::string upper = kCommitment;
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_TRUE(verify(upper, kSecret, example(), {"3 5 2"}, {}).ok());

    v = verify(kCommitment, kSecret, example(), {"3 5 2"}, {{2, {2, 527, 527}}});
    EXPECT_FALSE(v.ok());
    ASSERT_EQ(v.problems.size(), 1u);
    EXPECT_EQ(v.problems[0], "round 2: played 527, but the draw gives 526");
    EXPECT_FALSE(v.rounds[1].played_matches);
    // Other entropy for round 1 changes round 1 and, without repeats, may change the later
    // rounds; the positions played no longer match.
    EXPECT_FALSE(verify(kCommitment, kSecret, example(), {"3 5 3"}, {{1, {1, 839, 839}}}).ok());
}

TEST(EventVerify, DoubleChess960ComparesBothNumbers) {
    const auto p = checked({"Example Open", 4, {518, 534}, false, true}).value();
    const std::vector<std::string> entropy = {"", "x"};
    EXPECT_TRUE(
        verify(kCommitment, kSecret, p, entropy, {{1, {1, 623, 871}}, {2, {2, 330, 659}}}).ok());
    const auto v = verify(kCommitment, kSecret, p, entropy, {{1, {1, 623, 870}}});
    ASSERT_EQ(v.problems.size(), 1u);
    EXPECT_EQ(v.problems[0], "round 1: played 623:870, but the draw gives 623:871");
}

TEST(EventVerify, TheCommandLineQuotesWhatTheShellWouldSplit) {
    EXPECT_EQ(shell_quote("Example"), "Example");
    EXPECT_EQ(shell_quote("Example Open"), "'Example Open'");
    EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
    EXPECT_EQ(shell_quote(""), "''");
    const std::string command = verify_command(kCommitment, kSecret, example(),
                                               {{{1, 839, 839}, "3 5 2"}, {{2, 526, 526}, ""}});
    EXPECT_EQ(command, "chess960 event verify --commitment " + kCommitment + " --secret " +
                           to_hex(kSecret) +
                           " --name 'Example Open' --rounds 3 --exclude 518,534 --entropy '1=3 5 2'"
                           " --played 1=839 --played 2=526");
}

}  // namespace
