// The text an event carries (src/event/text.cpp): text_problem for everything printed, and
// name_problem for players' names, which people must tell apart on screen.
#include <gtest/gtest.h>

#include <string>

#include "event/text.hpp"

using chess960::event::name_problem;
using chess960::event::text_problem;

TEST(EventText, TextIsUtf8WithoutControlCharacters) {
    EXPECT_FALSE(text_problem("Magnus Carlsen"));
    EXPECT_FALSE(text_problem("Polgár Judit"));
    EXPECT_FALSE(text_problem("Гарри Каспаров"));
    EXPECT_EQ(text_problem("a\tb"), "contains a control character at byte 2");
    EXPECT_EQ(text_problem("ab\xC2\x85"), "contains a control character at byte 3");  // U+0085
    EXPECT_EQ(text_problem("a\xC3"), "is not valid UTF-8 at byte 2");
    EXPECT_EQ(text_problem("\xC0\xAF"), "is not valid UTF-8 at byte 1");  // overlong '/'
}

TEST(EventText, ANameMayNotBeginOrEndWithAnyUnicodeSpace) {
    EXPECT_EQ(name_problem(" Bob"), "begins or ends with a space (U+0020)");
    EXPECT_EQ(name_problem("Bob "), "begins or ends with a space (U+0020)");
    EXPECT_EQ(name_problem("Bob\xC2\xA0"), "begins or ends with a space (U+00A0)");
    EXPECT_EQ(name_problem("\xE3\x80\x80"
                           "Bob"),
              "begins or ends with a space (U+3000)");
    EXPECT_EQ(name_problem("Bob\xE2\x80\xAF"), "begins or ends with a space (U+202F)");
    EXPECT_EQ(name_problem("Bob\xE2\x80\x8A"), "begins or ends with a space (U+200A)");
    EXPECT_EQ(name_problem("\xE1\x9A\x80"), "begins or ends with a space (U+1680)");
    // Inside a name a space of any kind is a name's business.
    EXPECT_FALSE(name_problem("Anna\xC2\xA0Kovács"));
    EXPECT_FALSE(name_problem("Anna Kovács"));
    EXPECT_FALSE(name_problem("B"));
    // What text_problem refuses, name_problem refuses with the same words.
    EXPECT_EQ(name_problem("a\tb"), "contains a control character at byte 2");
    EXPECT_EQ(name_problem("a\xC3"), "is not valid UTF-8 at byte 2");
}

TEST(EventText, ANameMayNotHideAnInvisibleCharacter) {
    EXPECT_EQ(name_problem("Bo\xE2\x80\x8B"
                           "b"),
              "contains an invisible character (U+200B) at byte 3");
    EXPECT_EQ(name_problem("\xEF\xBB\xBF"
                           "Bob"),
              "contains an invisible character (U+FEFF) at byte 1");
    EXPECT_EQ(name_problem("Bob\xE2\x81\xA0"),
              "contains an invisible character (U+2060) at byte 4");
    EXPECT_EQ(name_problem("Bo\xC2\xAD"
                           "b"),
              "contains an invisible character (U+00AD) at byte 3");
    // The joiners that scripts and emoji need stay.
    EXPECT_FALSE(name_problem("\xD9\x85\xE2\x80\x8C\xD9\x85"));  // U+0645 ZWNJ U+0645
    EXPECT_FALSE(name_problem("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB"));  // woman ZWJ laptop
}
