// People's names (src/text/names.cpp): NFKC, the refusals that keep what a name holds visible,
// and the confusable skeleton by which names that look alike are one name. The cases of the
// outside probe of 2026-11-28 are each here: refused, or equal to their plain form.
#include <gtest/gtest.h>

#include <string>

#include "text/names.hpp"

using chess960::text::name_skeleton;
using chess960::text::normalize_name;

namespace {

// The refusal's message, or "" when the name is accepted.
std::string refusal(const std::string& name) {
    auto normal = normalize_name(name);
    return normal ? "" : normal.error();
}

}  // namespace

TEST(Names, OrdinaryNamesAreKept) {
    for (const char* name : {"Magnus Carlsen", "Polgár Judit", "Гарри Каспаров", "B", "李世石",
                             "Nguyễn Ngọc Trường Sơn"})
        EXPECT_EQ(normalize_name(name).value_or("refused: " + refusal(name)), name);
}

TEST(Names, TheSameLettersTypedTwoWaysAreTheSameBytes) {
    // e + combining acute is é; a full-width A is A; the ligature "ﬁ" is "fi".
    EXPECT_EQ(normalize_name("Jose\xCC\x81"), "Jos\xC3\xA9");
    EXPECT_EQ(normalize_name("\xEF\xBC\xA1lice"), "Alice");
    EXPECT_EQ(normalize_name("\xEF\xAC\x81scher"), "fischer");
    EXPECT_EQ(normalize_name("Anna\xC2\xA0Kov\xC3\xA1"
                             "cs"),
              "Anna Kov\xC3\xA1"
              "cs");
}

TEST(Names, BidirectionalControlsAreRefused) {
    EXPECT_EQ(refusal("Bob\xE2\x80\xAE"
                      "ecilA"),
              "contains a bidirectional control (U+202E) at byte 4");  // right-to-left override
    EXPECT_EQ(refusal("\xE2\x80\x8F"
                      "Bob"),
              "contains a bidirectional control (U+200F) at byte 1");
    EXPECT_EQ(refusal("Bob\xE2\x81\xA6"), "contains a bidirectional control (U+2066) at byte 4");
}

TEST(Names, InvisibleCharactersAreRefused) {
    EXPECT_EQ(refusal("Al\xE2\x80\x8D"
                      "ice"),
              "contains an invisible character (U+200D) at byte 3");
    EXPECT_EQ(refusal("Al\xE2\x80\x8C"
                      "ice"),
              "contains an invisible character (U+200C) at byte 3");
    EXPECT_EQ(refusal("Al\xE2\x81\xA2"
                      "ice"),
              "contains an invisible character (U+2062) at byte 3");
    EXPECT_EQ(refusal("Alice\xEF\xB8\x8F"), "contains an invisible character (U+FE0F) at byte 6");
    EXPECT_EQ(refusal("Alice\xF3\xA0\x81\x81"),
              "contains an invisible character (U+E0041) at byte 6");
    EXPECT_EQ(refusal("Bo\xE2\x80\x8B"
                      "b"),
              "contains an invisible character (U+200B) at byte 3");
    EXPECT_EQ(refusal("\xEF\xBB\xBF"
                      "Bob"),
              "contains an invisible character (U+FEFF) at byte 1");
    EXPECT_EQ(refusal("Bo\xC2\xAD"
                      "b"),
              "contains an invisible character (U+00AD) at byte 3");
    EXPECT_EQ(refusal("\xE3\x85\xA4"), "contains an invisible character (U+3164) at byte 1");
}

TEST(Names, JoinersStayWhereAScriptNeedsThem) {
    // Persian: the non-joiner between two letters that would join (RFC 5892 A.1).
    EXPECT_TRUE(normalize_name("\xD9\x85\xE2\x80\x8C\xD9\x85"));  // U+0645 ZWNJ U+0645
    // Devanagari: after a virama (A.1, A.2): क्‍ष.
    EXPECT_TRUE(normalize_name("\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8D\xE0\xA4\xB7"));
}

TEST(Names, ControlCharactersAreRefused) {
    EXPECT_EQ(refusal("ab\xC2\x85"), "contains a control character (U+0085) at byte 3");  // C1
    EXPECT_EQ(refusal("a\tb"), "contains a control character (U+0009) at byte 2");
    EXPECT_EQ(refusal("a\x7F"), "contains a control character (U+007F) at byte 2");
    EXPECT_EQ(refusal("a\xC3"), "is not valid UTF-8 at byte 2");
}

TEST(Names, ANameShowsSomething) {
    EXPECT_EQ(refusal(""), "has no visible character");
    EXPECT_EQ(refusal("\xC2\xA0"), "has no visible character");      // no-break space alone
    EXPECT_EQ(refusal("\xE2\xA0\x80"), "has no visible character");  // U+2800 alone
    EXPECT_EQ(refusal("\xE2\xA0\x80\xE2\xA0\x80"), "has no visible character");
    EXPECT_EQ(refusal(" Bob"), "begins or ends with a space (U+0020)");
    EXPECT_EQ(refusal("Bob\xC2\xA0"), "begins or ends with a space (U+00A0)");
    EXPECT_EQ(refusal("\xE3\x80\x80"
                      "Bob"),
              "begins or ends with a space (U+3000)");
    EXPECT_EQ(refusal("\xCC\x81"
                      "Bob"),
              "begins with a combining mark (U+0301)");
}

TEST(Names, MarksDoNotPileUp) {
    std::string overlays = "A";
    for (int i = 0; i < 40; ++i) overlays += "\xCC\xB6";  // U+0336 combining long stroke overlay
    EXPECT_EQ(refusal(overlays), "contains an overlay mark (U+0336)");
    std::string stacked = "a";
    for (int i = 0; i < 40; ++i) stacked += "\xCC\x81";  // U+0301 combining acute
    EXPECT_EQ(refusal(stacked), "stacks more than 3 combining marks on one character");
}

TEST(Names, NamesThatLookAlikeShareASkeleton) {
    // Cyrillic А (U+0410) for Latin A; Greek ο for Latin o; two spaces for one.
    EXPECT_EQ(name_skeleton("\xD0\x90lice"), name_skeleton("Alice"));
    EXPECT_EQ(name_skeleton("B\xCE\xBF"
                            "b"),
              name_skeleton("Bob"));
    EXPECT_EQ(name_skeleton("Anna  Kovacs"), name_skeleton("Anna Kovacs"));
    EXPECT_EQ(name_skeleton("Anna\xC2\xA0Kovacs"), name_skeleton("Anna Kovacs"));
    EXPECT_NE(name_skeleton("Alice"), name_skeleton("Alicia"));
    EXPECT_NE(name_skeleton("Bob"), name_skeleton("Rob"));
}
