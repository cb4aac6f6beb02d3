// text::decode_utf8: what RFC 3629 calls UTF-8, at the edges of each form.
#include "text/utf8.hpp"

#include <gtest/gtest.h>

#include <string_view>

using chess960::text::decode_utf8;

namespace {

// The code point of the whole of `bytes` as one character, or -1 when it is not one.
long whole(std::string_view bytes) {
    const auto c = decode_utf8(bytes, 0);
    return c.length == bytes.size() ? long(c.code) : -1;
}

}  // namespace

TEST(Utf8, DecodesEachFormAtItsSmallestAndLargestCodePoint) {
    EXPECT_EQ(whole(std::string_view("\0", 1)), 0);
    EXPECT_EQ(whole("\x7F"), 0x7F);
    EXPECT_EQ(whole("\xC2\x80"), 0x80);
    EXPECT_EQ(whole("\xDF\xBF"), 0x7FF);
    EXPECT_EQ(whole("\xE0\xA0\x80"), 0x800);
    EXPECT_EQ(whole("\xED\x9F\xBF"), 0xD7FF);
    EXPECT_EQ(whole("\xEE\x80\x80"), 0xE000);
    EXPECT_EQ(whole("\xEF\xBF\xBF"), 0xFFFF);
    EXPECT_EQ(whole("\xF0\x90\x80\x80"), 0x10000);
    EXPECT_EQ(whole("\xF4\x8F\xBF\xBF"), 0x10FFFF);
}

TEST(Utf8, RefusesOverlongFormsSurrogatesAndCodePointsAboveTheLast) {
    EXPECT_EQ(whole("\xC0\xAF"), -1);          // '/' in two bytes
    EXPECT_EQ(whole("\xC1\xBF"), -1);          // U+007F in two bytes
    EXPECT_EQ(whole("\xE0\x9F\xBF"), -1);      // U+07FF in three bytes
    EXPECT_EQ(whole("\xF0\x8F\xBF\xBF"), -1);  // U+FFFF in four bytes
    EXPECT_EQ(whole("\xED\xA0\x80"), -1);      // U+D800, a surrogate
    EXPECT_EQ(whole("\xED\xBF\xBF"), -1);      // U+DFFF
    EXPECT_EQ(whole("\xF4\x90\x80\x80"), -1);  // U+110000
    EXPECT_EQ(whole("\xF5\x80\x80\x80"), -1);
    EXPECT_EQ(whole("\xFF"), -1);
}

TEST(Utf8, RefusesStrayContinuationsAndSequencesCutShort) {
    EXPECT_EQ(whole("\x80"), -1);
    EXPECT_EQ(whole("\xBF"), -1);
    EXPECT_EQ(whole("\xC3"), -1);  // cut by the end of the text
    EXPECT_EQ(whole("\xE2\x82"), -1);
    EXPECT_EQ(whole("\xF0\x9F\x98"), -1);
    EXPECT_EQ(decode_utf8("\xC3"
                          "a",
                          0)
                  .length,
              0u);  // a lead byte, then not a continuation
    EXPECT_EQ(decode_utf8("\xE2\x82"
                          "a",
                          0)
                  .length,
              0u);
}

TEST(Utf8, ReadsTheCharacterAtAnyPlaceOfTheText) {
    const std::string_view text = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";  // a, é, €, 😀
    std::size_t i = 0;
    for (const auto& [code, length] :
         {std::pair<unsigned, std::size_t>{'a', 1}, {0xE9, 2}, {0x20AC, 3}, {0x1F600, 4}}) {
        const auto c = decode_utf8(text, i);
        EXPECT_EQ(c.code, code) << "at byte " << i;
        EXPECT_EQ(c.length, length) << "at byte " << i;
        i += c.length;
    }
    EXPECT_EQ(i, text.size());
    EXPECT_EQ(decode_utf8(text, 2).length, 0u);  // the middle of é
}
