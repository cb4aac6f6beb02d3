// The dice procedure (src/draw/dice.hpp, docs/event-draw.md section 2) and `chess960 dice`: every
// sequence of counted throws enumerated, each of the 960 numbers reached by exactly two.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "draw/dice.hpp"

using namespace chess960;

namespace {

using chess960::testing::run_chess960;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// The number reached by the counted throws `faces` (each within its step's counting faces).
int number_of(const std::vector<int>& faces) {
    dice::Procedure procedure;
    for (int face : faces) EXPECT_EQ(procedure.take(face), dice::Procedure::Outcome::Placed);
    EXPECT_TRUE(procedure.complete());
    return procedure.number();
}

}  // namespace

// Exhaustive: all 4 x 4 x 6 x 5 x 4 = 1920 sequences of counted throws give a start position
// (number_of checks the bishops and the king between the rooks), and each of the 960 numbers
// comes from exactly two sequences, so with counted throws equally likely every number is.
TEST(Dice, EveryNumberFromExactlyTwoSequences) {
    const auto& steps = dice::steps();
    ASSERT_EQ(steps.size(), 5u);
    std::map<int, int> sequences_per_number;
    long sequences = 0;
    std::vector<int> faces;
    std::function<void(std::size_t)> enumerate = [&](std::size_t step) {
        if (step == steps.size()) {
            ++sequences_per_number[number_of(faces)];
            ++sequences;
            return;
        }
        for (int face = 1; face <= steps[step].faces; ++face) {
            faces.push_back(face);
            enumerate(step + 1);
            faces.pop_back();
        }
    };
    enumerate(0);
    EXPECT_EQ(sequences, 1920);
    ASSERT_EQ(sequences_per_number.size(), 960u) << "every number reached";
    EXPECT_EQ(sequences_per_number.begin()->first, 0);
    EXPECT_EQ(sequences_per_number.rbegin()->first, 959);
    for (const auto& [number, count] : sequences_per_number)
        ASSERT_EQ(count, 2) << "number " << number;
}

// A face above the step's counting faces is thrown again and changes nothing; a face outside
// 1..6 is refused.
TEST(Dice, FacesThatDoNotCountAreThrownAgain) {
    const std::vector<int> counting = {4, 4, 6, 5, 4};
    dice::Procedure procedure;
    for (std::size_t step = 0; step < counting.size(); ++step) {
        ASSERT_EQ(procedure.next().faces, counting[step]);
        for (int face = counting[step] + 1; face <= 6; ++face) {
            EXPECT_EQ(procedure.take(face), dice::Procedure::Outcome::ThrowAgain) << face;
            EXPECT_EQ(procedure.counted_throws(), step);
        }
        EXPECT_THROW(procedure.take(0), std::invalid_argument);
        EXPECT_THROW(procedure.take(7), std::invalid_argument);
        EXPECT_EQ(procedure.take(1), dice::Procedure::Outcome::Placed);
    }
    EXPECT_TRUE(procedure.complete());
    // The first face of every step: bishops b1 and a1, then the first empty squares.
    EXPECT_EQ(startpos::to_string(procedure.back_rank()), "BBQNNRKR");
    EXPECT_EQ(procedure.number(), 0);
}

// docs/event-draw.md's example: 3 (bishop f1), 5 (again), 2 (bishop c1), 6 (queen h1), 1 and 4
// (knights a1, g1), then rook, king, rook on b1, d1, e1.
TEST(Dice, TheDocumentedExample) {
    dice::Procedure procedure;
    std::vector<std::string> placements;
    for (int face : {3, 5, 2, 6, 1, 4})
        if (procedure.take(face) == dice::Procedure::Outcome::Placed)
            placements.push_back(procedure.last_placement());
    ASSERT_TRUE(procedure.complete());
    EXPECT_EQ(placements, (std::vector<std::string>{"light-squared bishop on f1",
                                                    "dark-squared bishop on c1", "queen on h1",
                                                    "first knight on a1", "second knight on g1"}));
    EXPECT_EQ(procedure.rook_king_rook_squares(), "b1, d1, e1");
    EXPECT_EQ(startpos::to_string(procedure.back_rank()), "NRBKRBNQ");
    EXPECT_EQ(procedure.number(), 374);
}

TEST(DiceCli, ThrowsAsArgumentsPrintTheStepsAndThePosition) {
    auto r = run_chess960({"dice", "3", "5", "2", "6", "1", "4"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "Throw 1: 3 -> light-squared bishop on f1\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "Throw 2: 5 -> throw again (for the dark-squared bishop")) << r.out;
    EXPECT_TRUE(contains(r.out, "Throw 6: 4 -> second knight on g1\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "No throw: rook, king, rook on b1, d1, e1\n")) << r.out;
    // The position block is what `position 374` prints.
    auto position = run_chess960({"position", "374"});
    ASSERT_EQ(position.status, 0);
    EXPECT_TRUE(r.out.ends_with("\n" + position.out)) << r.out;
}

TEST(DiceCli, ThrowsOnStdinOneALineOrSeveral) {
    auto args = run_chess960({"dice", "3", "5", "2", "6", "1", "4"});
    auto lines = run_chess960({"dice"}, "3\n5\n2\n6\n1\n4\n");
    auto mixed = run_chess960({"dice"}, "3 5\n2 6 1\n\n4\n");
    EXPECT_EQ(lines.status, 0) << lines.err;
    EXPECT_EQ(mixed.status, 0) << mixed.err;
    EXPECT_EQ(lines.out, args.out);
    EXPECT_EQ(mixed.out, args.out);
    EXPECT_EQ(lines.err, "") << "no prompts when stdin is not a terminal";
}

TEST(DiceCli, BadThrowsAreRefused) {
    struct Case {
        std::vector<std::string> args;
        std::string input;
        int status;
        std::string named;
    };
    for (const Case& c : {
             Case{{"dice", "3", "7"}, "", 2, "'7'"},
             Case{{"dice", "3", "x"}, "", 2, "'x'"},
             Case{{"dice", "3", "0"}, "", 2, "'0'"},
             Case{{"dice", "3", "5", "2"}, "", 2, "queen"},
             Case{{"dice", "3", "2", "6", "1", "4", "2"}, "", 2, "'2' is left over"},
             Case{{"dice", "--explain", "3"}, "", 2, "--explain"},
             Case{{"dice"}, "3\n2\n", 1, "queen"},
             Case{{"dice"}, "3\nsix\n", 1, "line 2: 'six'"},
             Case{{"dice"}, "3 2 6 1 4 5\n", 1, "'5' is left over"},
             Case{{"dice"}, "3 2 6 1 4\n1\n", 1, "'1' is left over"},
             Case{{"dice"}, "", 1, "light-squared bishop"},
         }) {
        auto r = run_chess960(c.args, c.input);
        EXPECT_EQ(r.status, c.status) << c.named << ": " << r.err;
        EXPECT_TRUE(contains(r.err, c.named)) << r.err;
    }
}

TEST(DiceCli, ExplainPrintsTheProcedure) {
    auto r = run_chess960({"dice", "--explain"});
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.out, dice::explanation());
    for (std::string part : {"On 5 or 6, throw again", "rook, king, rook", "1920", "1/960"})
        EXPECT_TRUE(contains(r.out, part)) << part;
}
