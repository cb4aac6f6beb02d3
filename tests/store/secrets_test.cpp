// The seat-token secrets (store/secrets.hpp): random hex, SHA-256 against the standard's
// digests, and a token matching only its own hash.
#include <gtest/gtest.h>

#include <cstddef>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

#include "store/secrets.hpp"

namespace chess960::server {
namespace {

TEST(Secrets, RandomHexHasTwoDigitsPerByteAndDiffersEachTime) {
    EXPECT_EQ(random_hex(0), "");
    for (int bytes : {1, 16, 32}) {
        const std::string hex = random_hex(bytes);
        EXPECT_EQ(hex.size(), std::size_t(2 * bytes));
        EXPECT_EQ(hex.find_first_not_of("0123456789abcdef"), std::string::npos) << hex;
    }
    std::set<std::string> seen;
    for (int i = 0; i < 10'000; ++i) seen.insert(random_hex(16));
    EXPECT_EQ(seen.size(), 10'000u);
    EXPECT_THROW(random_hex(-1), std::invalid_argument);
}

TEST(Secrets, Sha256HexIsTheStandardDigest) {
    // FIPS 180-2, appendix B.1 and the empty message.
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex(std::string_view("a\0b", 3)).size(), 64u);
    EXPECT_NE(sha256_hex(std::string_view("a\0b", 3)), sha256_hex("a"));
}

TEST(Secrets, TokenMatchesOnlyItsOwnHash) {
    const std::string token = random_hex(16);
    const std::string hash = sha256_hex(token);
    EXPECT_TRUE(token_matches(token, hash));
    EXPECT_FALSE(token_matches(random_hex(16), hash));
    std::string one_digit_off = token;
    one_digit_off.back() = one_digit_off.back() == '0' ? '1' : '0';
    EXPECT_FALSE(token_matches(one_digit_off, hash));
    EXPECT_FALSE(token_matches(hash, hash));  // the hash is not a token
    // An empty hash is the engine's seat: no token holds it, not even an empty one.
    EXPECT_FALSE(token_matches(token, ""));
    EXPECT_FALSE(token_matches("", ""));
    EXPECT_FALSE(token_matches("", sha256_hex("")));
    EXPECT_FALSE(token_matches(token, hash.substr(0, 63)));
}

}  // namespace
}  // namespace chess960::server
