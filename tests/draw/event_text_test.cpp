// The text an event carries (src/draw/text.cpp): text_problem for everything printed. Players'
// names have rules of their own (src/text/names.hpp, names_test.cpp).
#include <gtest/gtest.h>

#include <string>

#include "draw/text.hpp"

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
