// The event draw's derivation (src/draw/draw.hpp, docs/event-draw.md): known answers from the
// independent re-implementation (tools/event_draw.py), exact rejection sampling, exclusions and
// no repeats over many events, and chi-square tests that every number is equally likely.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "draw/commitment.hpp"
#include "draw/draw.hpp"

using namespace chess960;
using namespace chess960::event;

namespace {

// Distinct secrets for the statistical tests: HMAC-SHA-256 under distinct keys gives
// independent streams, however alike the keys look.
Secret secret_from_counter(std::uint64_t i) {
    Secret s{};
    for (std::size_t k = 0; k < 8; ++k) s[k] = static_cast<unsigned char>(i >> (8 * k));
    s[31] = 0x5a;
    return s;
}

Parameters params(std::string name, int rounds, std::vector<int> excluded, bool repeats,
                  bool double960) {
    auto p = checked({std::move(name), rounds, std::move(excluded), repeats, double960});
    EXPECT_TRUE(p) << p.error();
    return p.value_or(Parameters{});
}

const Secret kExampleSecret =
    *secret_from_hex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");

// The upper 0.1% point of the chi-square distribution with `df` degrees of freedom, by the
// Wilson-Hilferty approximation (within 0.1% of the exact value for df > 100).
double chi_square_threshold_999(double df) {
    const double z = 3.090232;  // the standard normal's upper 0.1% point
    const double a = 2.0 / (9.0 * df);
    return df * std::pow(1.0 - a + z * std::sqrt(a), 3.0);
}

double chi_square(const std::vector<long>& counts, double expected) {
    double sum = 0;
    for (long c : counts) sum += (double(c) - expected) * (double(c) - expected) / expected;
    return sum;
}

// A source of the values 0, 1, 2, ... 65535 (then again), to count what uniform_index does
// with each value.
struct CountingValues {
    std::uint32_t next_value = 0;
    std::uint16_t next() { return std::uint16_t(next_value++ & 0xffff); }
};

}  // namespace

// docs/event-draw.md section 1.8; the figures come from tools/event_draw.py, written from the
// document alone.
TEST(EventDraw, KnownAnswersFromTheIndependentImplementation) {
    EXPECT_EQ(commitment_of(kExampleSecret),
              "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
    const Parameters p = params("Example Open", 3, {534, 518}, false, false);
    EXPECT_EQ(p.excluded, (std::vector<int>{518, 534})) << "canonical order";
    const std::string message = round_message(p, 1, "3 5 2");
    std::string hex;
    for (char c : message) {
        static constexpr char kDigits[] = "0123456789abcdef";
        hex += kDigits[static_cast<unsigned char>(c) >> 4];
        hex += kDigits[static_cast<unsigned char>(c) & 15];
    }
    EXPECT_EQ(hex,
              "63686573733936302d6576656e742d647261772d7631000000000c4578616d706c65"
              "204f70656e000000030000000202060216000000000001000000053320352032");
    const auto draws = draw_rounds(kExampleSecret, p, {"3 5 2", "", ""});
    ASSERT_EQ(draws.size(), 3u);
    EXPECT_EQ(draws[0], (RoundDraw{1, 839, 839}));
    EXPECT_EQ(draws[1], (RoundDraw{2, 526, 526}));
    EXPECT_EQ(draws[2], (RoundDraw{3, 58, 58}));

    const Parameters d = params("Example Open", 4, {534, 518}, false, true);
    const auto doubles = draw_rounds(kExampleSecret, d, {"", "x", "", ""});
    ASSERT_EQ(doubles.size(), 4u);
    EXPECT_EQ(doubles[0], (RoundDraw{1, 623, 871}));
    EXPECT_EQ(doubles[1], (RoundDraw{2, 330, 659}));
    EXPECT_EQ(doubles[2], (RoundDraw{3, 678, 946}));
    EXPECT_EQ(doubles[3], (RoundDraw{4, 286, 702}));

    // Non-ASCII names are encoded as their UTF-8 bytes.
    const Parameters u = params(
        "\xc3\x9c"
        "n"
        "\xc3\xaf"
        "code Open",
        5, {}, true, false);
    const auto unicode = draw_rounds(kExampleSecret, u, {"", "", "", "", ""});
    EXPECT_EQ(unicode[3].white, 109);
    EXPECT_EQ(unicode[4].white, 286);
}

TEST(EventDraw, SameInputsSamePositions) {
    const Parameters p = params("Same", 8, {518}, false, true);
    const std::vector<std::string> entropies = {"1", "", "dice 6 6 1", "", "", "x", "", "42"};
    const auto a = draw_rounds(kExampleSecret, p, entropies);
    const auto b = draw_rounds(kExampleSecret, p, entropies);
    EXPECT_EQ(a, b);
    // Round by round with the earlier draws gives the same.
    std::vector<RoundDraw> earlier;
    for (int k = 1; k <= 8; ++k) {
        earlier.push_back(draw_round(kExampleSecret, p, k, entropies[std::size_t(k - 1)], earlier));
        EXPECT_EQ(earlier.back(), a[std::size_t(k - 1)]);
    }
}

// Every input is bound: changing any one gives other positions (over 6 rounds, the chance that
// a change leaves all six the same is about 1e-17).
TEST(EventDraw, EveryInputChangesTheDraw) {
    const Parameters base = params("Open", 6, {518, 534}, false, false);
    const std::vector<std::string> entropies(6, "");
    const auto reference = draw_rounds(kExampleSecret, base, entropies);
    auto differs = [&](const Secret& secret, const Parameters& p,
                       const std::vector<std::string>& e) {
        const auto other = draw_rounds(secret, p, e);
        for (std::size_t k = 0; k < std::min(other.size(), reference.size()); ++k)
            if (other[k].white != reference[k].white) return true;
        return false;
    };
    Secret secret = kExampleSecret;
    secret[17] ^= 1;
    EXPECT_TRUE(differs(secret, base, entropies)) << "secret";
    EXPECT_TRUE(differs(kExampleSecret, params("open", 6, {518, 534}, false, false), entropies))
        << "name";
    EXPECT_TRUE(differs(kExampleSecret, params("Open", 7, {518, 534}, false, false),
                        std::vector<std::string>(7, "")))
        << "rounds";
    EXPECT_TRUE(differs(kExampleSecret, params("Open", 6, {518}, false, false), entropies))
        << "exclusions";
    EXPECT_TRUE(differs(kExampleSecret, params("Open", 6, {518, 534}, true, false), entropies))
        << "repeats";
    EXPECT_TRUE(differs(kExampleSecret, params("Open", 6, {518, 534}, false, true), entropies))
        << "double";
    auto with_entropy = entropies;
    with_entropy[0] = "3";
    EXPECT_TRUE(differs(kExampleSecret, base, with_entropy)) << "entropy";
}

// Rejection sampling, exhaustively: over all 65536 values, every index of every list size is
// given by the same number of values, and the skipped values are exactly the top 65536 % m.
TEST(EventDraw, UniformIndexGivesEveryIndexEquallyManyValues) {
    for (std::size_t m : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7),
                          std::size_t(100), std::size_t(958), std::size_t(959), std::size_t(960)}) {
        CountingValues values;
        std::vector<long> hits(m, 0);
        // The values come in order, so the skipped ones (at the top) come last: the draw that
        // starts below 65536 and ends past it skipped exactly them.
        while (values.next_value < 65536) {
            const std::uint32_t start = values.next_value;
            const std::size_t index = uniform_index(values, m);
            if (values.next_value > 65536) {
                EXPECT_EQ(65536 - start, 65536 % m) << "m " << m << ": values skipped";
                break;
            }
            EXPECT_EQ(values.next_value, start + 1)
                << "m " << m << ": value " << start << " below the limit was skipped";
            ++hits[index];
        }
        const long per_index = long(65536 / m);
        for (std::size_t i = 0; i < m; ++i)
            ASSERT_EQ(hits[i], per_index) << "m " << m << " i " << i;
    }
}

TEST(EventDraw, NeverExcludedNeverRepeated) {
    const std::vector<int> excluded = {518, 534, 0, 959};
    for (bool double960 : {false, true}) {
        const int rounds = double960 ? 30 : 60;
        const Parameters p = params("No repeats", rounds, excluded, false, double960);
        for (std::uint64_t i = 0; i < 500; ++i) {
            const auto draws = draw_rounds(secret_from_counter(i), p,
                                           std::vector<std::string>(std::size_t(rounds)));
            std::set<int> seen;
            for (const RoundDraw& d : draws) {
                for (int n : {d.white, d.black}) {
                    ASSERT_TRUE(n >= 0 && n < 960);
                    ASSERT_EQ(std::count(excluded.begin(), excluded.end(), n), 0) << n;
                }
                ASSERT_FALSE(seen.count(d.white)) << "round " << d.round << " repeats " << d.white;
                ASSERT_FALSE(d.black != d.white && seen.count(d.black)) << "round " << d.round;
                seen.insert(d.white);
                seen.insert(d.black);
                if (!double960) {
                    ASSERT_EQ(d.white, d.black);
                }
            }
        }
    }
    // As many rounds as numbers: the rounds use every allowed number once.
    std::vector<int> all_but_ten;
    for (int n = 0; n < 950; ++n) all_but_ten.push_back(n);
    const Parameters tight = params("Tight", 10, all_but_ten, false, false);
    const auto draws = draw_rounds(kExampleSecret, tight, std::vector<std::string>(10));
    std::set<int> numbers;
    for (const RoundDraw& d : draws) numbers.insert(d.white);
    EXPECT_EQ(numbers, (std::set<int>{950, 951, 952, 953, 954, 955, 956, 957, 958, 959}));
    // With repeats a number may come again: over 500 rounds from 10 numbers it must.
    const Parameters repeats = params("Repeats", 500, all_but_ten, true, false);
    const auto many = draw_rounds(kExampleSecret, repeats, std::vector<std::string>(500));
    std::set<int> distinct;
    for (const RoundDraw& d : many) {
        EXPECT_GE(d.white, 950);
        distinct.insert(d.white);
    }
    EXPECT_EQ(distinct.size(), 10u);
}

TEST(EventDraw, ParametersAreChecked) {
    EXPECT_FALSE(checked({"", 3, {}, false, false}));
    EXPECT_FALSE(checked({std::string(201, 'a'), 3, {}, false, false}));
    EXPECT_FALSE(checked({"tab\there", 3, {}, false, false}));
    EXPECT_FALSE(checked({"bad \xff utf-8", 3, {}, false, false}));
    EXPECT_FALSE(checked({"x", 0, {}, false, false}));
    EXPECT_FALSE(checked({"x", 961, {}, true, false}));
    EXPECT_FALSE(checked({"x", 3, {960}, false, false}));
    EXPECT_FALSE(checked({"x", 3, {-1}, false, false}));
    std::vector<int> all(960);
    for (int n = 0; n < 960; ++n) all[std::size_t(n)] = n;
    EXPECT_FALSE(checked({"x", 1, all, true, false}));
    std::vector<int> all_but_five(all.begin(), all.end() - 5);
    EXPECT_TRUE(checked({"x", 5, all_but_five, false, false}));
    auto too_many = checked({"x", 6, all_but_five, false, false});
    ASSERT_FALSE(too_many);
    EXPECT_NE(too_many.error().find("6 rounds without repeats need 6"), std::string::npos)
        << too_many.error();
    EXPECT_FALSE(checked({"x", 3, all_but_five, false, true})) << "Double needs two a round";
    EXPECT_TRUE(checked({"x", 2, all_but_five, false, true}));
    EXPECT_TRUE(checked({"x", 100, all_but_five, true, true}));
    EXPECT_TRUE(
        checked({"\xc3\x9c"
                 "n"
                 "\xc3\xaf"
                 "code",
                 3,
                 {},
                 false,
                 false}));
    auto sorted = checked({"x", 3, {534, 518}, false, false});
    ASSERT_TRUE(sorted);
    EXPECT_EQ(sorted->excluded, (std::vector<int>{518, 534}));
    // A number twice is refused, not tidied away (the outside probe's [5, 5, 5]).
    EXPECT_EQ(checked({"x", 3, {534, 518, 534}, false, false}).error(),
              "the start position 534 is excluded more than once");
    EXPECT_EQ(checked({"x", 3, {5, 5, 5}, false, false}).error(),
              "the start position 5 is excluded more than once");

    EXPECT_TRUE(check_entropy("3 5 2"));
    EXPECT_TRUE(check_entropy(""));
    EXPECT_FALSE(check_entropy("line\nbreak"));
    EXPECT_FALSE(check_entropy(std::string(1001, '1')));
    EXPECT_FALSE(check_entropy("\xc0\xaf"));  // an overlong '/'
}

// Chi-square goodness of fit over many events (one secret each): round 1 with no exclusions
// (960 cells), round 3 of events excluding 518 and 534 without repeats (958 cells: by symmetry
// each allowed number is equally likely in every round), and Double Chess960's black numbers;
// the pair (white, black) in 16 x 16 bands of 60 numbers tests that the two draws of a round
// are independent. Each statistic must stay below the 0.1% upper point of its chi-square
// distribution. The secrets are fixed, so the test gives the same figures every run.
TEST(EventDraw, ChiSquareEveryNumberEquallyLikely) {
    constexpr long kEvents = 192'000;  // 200 a cell for 960 cells
    std::vector<long> first(960, 0), third(960, 0), black(960, 0), pairs(256, 0);
    const Parameters single = params("Chi-square", 3, {518, 534}, false, false);
    const Parameters open = params("Chi-square", 1, {}, true, false);
    const Parameters doubles = params("Chi-square", 1, {}, false, true);
    long coincide = 0;
    for (long i = 0; i < kEvents; ++i) {
        const Secret secret = secret_from_counter(std::uint64_t(i));
        ++first[std::size_t(draw_round(secret, open, 1, "", {}).white)];
        ++third[std::size_t(draw_rounds(secret, single, {"", "", ""})[2].white)];
        const RoundDraw d = draw_round(secret, doubles, 1, "", {});
        ++black[std::size_t(d.black)];
        ++pairs[std::size_t(d.white / 60 * 16 + d.black / 60)];
        coincide += d.white == d.black;
    }
    const double chi_first = chi_square(first, double(kEvents) / 960);
    const double limit_959 = chi_square_threshold_999(959);
    EXPECT_LT(chi_first, limit_959) << "round 1, 960 numbers";

    EXPECT_EQ(third[518], 0);
    EXPECT_EQ(third[534], 0);
    std::vector<long> allowed;
    for (int n = 0; n < 960; ++n)
        if (n != 518 && n != 534) allowed.push_back(third[std::size_t(n)]);
    const double chi_third = chi_square(allowed, double(kEvents) / 958);
    const double limit_957 = chi_square_threshold_999(957);
    EXPECT_LT(chi_third, limit_957) << "round 3 of 3 without repeats, 958 numbers";

    const double chi_black = chi_square(black, double(kEvents) / 960);
    EXPECT_LT(chi_black, limit_959) << "Double Chess960, black's number";
    const double chi_pairs = chi_square(pairs, double(kEvents) / 256);
    const double limit_255 = chi_square_threshold_999(255);
    EXPECT_LT(chi_pairs, limit_255) << "Double Chess960, (white, black) bands";
    // White and black coincide with probability 1/960: 200 expected, standard deviation 14.
    EXPECT_GT(coincide, 200 - 5 * 14);
    EXPECT_LT(coincide, 200 + 5 * 14);

    std::cout << "chi-square: round 1 " << chi_first << " (df 959, 0.1% point " << limit_959
              << "); round 3 " << chi_third << " (df 957, " << limit_957 << "); black " << chi_black
              << " (df 959); pairs " << chi_pairs << " (df 255, " << limit_255
              << "); white = black " << coincide << " of " << kEvents << std::endl;
}

TEST(EventCommitment, HexAndDigest) {
    const Secret s = new_secret();
    const Secret t = new_secret();
    EXPECT_NE(s, t) << "256 random bits twice alike";
    EXPECT_EQ(to_hex(s).size(), 64u);
    EXPECT_EQ(secret_from_hex(to_hex(s)), s);
    std::string upper = to_hex(s);
    for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_EQ(secret_from_hex(upper), s);
    EXPECT_FALSE(secret_from_hex(to_hex(s).substr(1)));
    EXPECT_FALSE(secret_from_hex(to_hex(s) + "0"));
    EXPECT_FALSE(secret_from_hex(std::string(63, '0') + "g"));
    EXPECT_TRUE(is_digest_hex(commitment_of(s)));
    std::string upper_commitment = commitment_of(s);
    for (char& c : upper_commitment) c = char(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_TRUE(same_digest(commitment_of(s), upper_commitment));
    EXPECT_FALSE(same_digest(commitment_of(s), commitment_of(t)));
    EXPECT_NE(commitment_of(s), commitment_of(t));
}
