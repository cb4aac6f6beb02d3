// The Dutch system against bbpPairings (FIDE-endorsed, v6.0.0): every round of the committed
// tournaments its generator made must come out as it paired them, and the tournaments our
// generator made (checked by bbpPairings' checker when they were committed) must come out the
// same again.
#include <gtest/gtest.h>

#include <string>

#include "chess960/pairing/dutch.hpp"
#include "chess960/pairing/generator.hpp"
#include "chess960/pairing/trf.hpp"
#include "pairing_support.hpp"

namespace {

using namespace chess960;
using namespace chess960::pairing;
using chess960::pairing::testing::data_path;
using chess960::pairing::testing::make_player;
using chess960::pairing::testing::slurp;
using chess960::pairing::testing::tournaments;

std::string boards(const std::vector<Pair>& pairs) {
    std::string out;
    for (const Pair& p : pairs)
        out += std::to_string(p.white) + "-" + std::to_string(p.black) + " ";
    return out;
}

TEST(Dutch, EveryRoundOfBbpPairingsTournaments) {
    int rounds = 0, files = 0;
    for (const auto& [name, text] : tournaments("bbp_tournaments.trfs")) {
        auto t = read_trf(text);
        ASSERT_TRUE(t) << name;
        auto checks = check_tournament(*t);
        ASSERT_TRUE(checks) << name << ": " << checks.error().to_string();
        for (const RoundCheck& c : *checks) {
            EXPECT_TRUE(c.same) << name << " round " << c.round
                                << "\n  engine:   " << boards(c.engine)
                                << "\n  recorded: " << boards(c.recorded);
            ++rounds;
        }
        ++files;
    }
    EXPECT_GE(files, 200);
    EXPECT_GE(rounds, 1000);
}

// The same tournaments' last round paired with pair_next_round from the rounds before it, in
// bbpPairings' order (-p): the recorded boards, colours included.
TEST(Dutch, NextRoundAsBbpPairingsPairsIt) {
    int paired = 0;
    for (const auto& [name, text] : tournaments("bbp_tournaments.trfs")) {
        auto t = read_trf(text);
        ASSERT_TRUE(t);
        const int last = t->rounds_recorded();
        Tournament before = *t;
        bool unpaired_entries = false;
        for (Player& p : before.players) {
            const RoundEntry e = p.entry(last);
            // Byes asked for and absences stay: they are known before the pairing.
            if (e.paired()) {
                p.rounds.resize(static_cast<std::size_t>(last - 1));
                p.points = before.score(p);
            } else {
                unpaired_entries = unpaired_entries || !e.empty();
                p.points = before.score(p, last - 1);
            }
        }
        before.total_rounds = std::max(before.total_rounds, last);
        auto round = pair_next_round(before);
        ASSERT_TRUE(round) << name << ": " << round.error().to_string();
        EXPECT_EQ(round->round, last) << name;
        for (const Pair& pair : round->pairs) {
            const RoundEntry e = t->player(pair.white)->entry(last);
            if (pair.black == 0) {
                EXPECT_EQ(e.result, 'U') << name << ": the bye went to " << pair.white;
            } else {
                EXPECT_EQ(e.opponent, pair.black) << name;
                EXPECT_EQ(e.colour, Colour::White) << name;
            }
        }
        ++paired;
        (void)unpaired_entries;
    }
    EXPECT_GE(paired, 200);
}

TEST(Dutch, OurGeneratorsTournamentsAsBbpPairingsCheckedThem) {
    // verdicts.txt: bbpPairings v6.0.0's checker found no discrepancy in any of them.
    const std::string verdicts = slurp(data_path("ours/verdicts.txt"));
    for (int k = 1; k <= 12; ++k) {
        const std::string file = "gen" + std::to_string(k);
        EXPECT_NE(verdicts.find(file + ".trf bbpPairings-v6.0.0-checker-discrepancies=0"),
                  std::string::npos);
        auto config = parse_generator_config(slurp(data_path("ours/" + file + ".cfg")));
        ASSERT_TRUE(config) << config.error().to_string();
        auto made = generate_tournament(*config, static_cast<std::uint64_t>(k));
        ASSERT_TRUE(made) << made.error().to_string();
        // The same tournament as the one bbpPairings checked...
        EXPECT_EQ(write_trf(*made), slurp(data_path("ours/" + file + ".trf"))) << file;
        // ...and our checker agrees with it.
        auto checks = check_tournament(*made);
        ASSERT_TRUE(checks);
        for (const RoundCheck& c : *checks) EXPECT_TRUE(c.same) << file << " round " << c.round;
    }
}

TEST(Dutch, RoundOneByRatingOrderAndInitialColour) {
    // Five players, round 1: the lowest gets the bye (C.04.3 C2), S1 = {1, 2} meets
    // S2 = {3, 4} (B.1), 1 gets the initial colour and 2 the other (E.5); the bye last.
    Tournament t;
    t.total_rounds = 3;
    t.initial_colour = Colour::White;
    for (int i = 1; i <= 5; ++i) t.players.push_back(make_player(i));
    auto round = pair_next_round(t);
    ASSERT_TRUE(round) << round.error().to_string();
    EXPECT_EQ(boards(round->pairs), "1-3 4-2 5-0 ");
}

// Without XXC the initial colour is inferred from round 1 (bbpPairings' README): player 1 had
// a bye there, so player 2 (the second pairing number) had the other colour: 2 had black, so
// the first player's colour was white, and round 2 pairs accordingly.
TEST(Dutch, InitialColourInferredPastAByeInRoundOne) {
    Tournament t;
    t.total_rounds = 3;
    const Colour w = Colour::White, b = Colour::Black, none = Colour::None;
    t.players = {make_player(1, 10, {{0, none, 'U'}}), make_player(2, 0, {{3, b, '0'}}),
                 make_player(3, 10, {{2, w, '1'}})};
    auto round = pair_next_round(t);
    ASSERT_TRUE(round) << round.error().to_string();
    // 1 and 3 (one point each) meet; 3 had white, so 3 gets black (C.04.3 E); 2 gets the bye.
    EXPECT_EQ(boards(round->pairs), "1-3 2-0 ");
    t.players[1].rounds[0].colour = w;
    t.players[2].rounds[0].colour = b;
    auto flipped = pair_next_round(t);
    ASSERT_TRUE(flipped) << flipped.error().to_string();
    EXPECT_EQ(boards(flipped->pairs), "3-1 2-0 ");
}

TEST(Dutch, ErrorsSayWhy) {
    Tournament t;
    t.initial_colour = Colour::White;
    t.players.push_back(make_player(1));
    auto no_rounds = pair_next_round(t);
    ASSERT_FALSE(no_rounds);
    EXPECT_EQ(no_rounds.error().code, ErrorCode::InvalidTournament);
    EXPECT_NE(no_rounds.error().message.find("number of rounds"), std::string::npos);
    // Two players who have met already: no valid pairing (C.04.3 C1).
    t.total_rounds = 2;
    t.players.push_back(make_player(2));
    t.players[0].rounds = {{2, Colour::White, '1'}};
    t.players[0].points = 10;
    t.players[1].rounds = {{1, Colour::Black, '0'}};
    auto rematch = pair_next_round(t);
    ASSERT_FALSE(rematch);
    EXPECT_EQ(rematch.error().code, ErrorCode::NoValidPairing);
    // A score that does not match the results.
    t.players[1].points = 10;
    auto wrong = pair_next_round(t);
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().message.find("does not match"), std::string::npos);
}

}  // namespace
