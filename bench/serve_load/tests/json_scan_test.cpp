#include "json_scan.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

namespace serve_load::json {
namespace {

std::map<std::string, std::string> members_of(std::string_view text, bool* ok = nullptr) {
    std::map<std::string, std::string> out;
    const bool good = for_each_member(text, [&](std::string_view k, std::string_view v) {
        out[std::string(k)] = std::string(v);
        return true;
    });
    if (ok) *ok = good;
    return out;
}

TEST(JsonScan, MembersGiveRawValuesWhateverTheirKind) {
    bool ok = false;
    auto m = members_of(
        R"( { "a" : 1 , "b":"x}y", "c":{"d":[1,{"e":"]"}]}, "f":[], "g":null, "h":true, "i":-2.5e3 } )",
        &ok);
    EXPECT_TRUE(ok);
    EXPECT_EQ(m.size(), 7u);
    EXPECT_EQ(m["a"], "1");
    EXPECT_EQ(m["b"], R"("x}y")");
    EXPECT_EQ(m["c"], R"({"d":[1,{"e":"]"}]})");
    EXPECT_EQ(m["f"], "[]");
    EXPECT_EQ(m["g"], "null");
    EXPECT_EQ(m["h"], "true");
    EXPECT_EQ(m["i"], "-2.5e3");
}

TEST(JsonScan, EscapedQuotesAndBracketsInStringsDoNotEndValues) {
    auto v = member(R"({"s":"a\"}]\\","t":2})", "t");
    ASSERT_TRUE(v);
    EXPECT_EQ(*v, "2");
    auto s = member(R"({"s":"a\"}]\\","t":2})", "s");
    ASSERT_TRUE(s);
    EXPECT_EQ(string_value(*s), std::optional<std::string>("a\"}]\\"));
}

TEST(JsonScan, EmptyObjectAndArray) {
    bool ok = false;
    EXPECT_TRUE(members_of("{}", &ok).empty());
    EXPECT_TRUE(ok);
    int n = 0;
    EXPECT_TRUE(for_each_element(" [ ] ", [&](std::string_view) { ++n; }));
    EXPECT_EQ(n, 0);
}

TEST(JsonScan, ArrayElements) {
    std::vector<std::string> elements;
    EXPECT_TRUE(for_each_element(R"(["e2e4", {"a":[1]}, 3, "x,y"])",
                                 [&](std::string_view e) { elements.emplace_back(e); }));
    EXPECT_EQ(elements, (std::vector<std::string>{R"("e2e4")", R"({"a":[1]})", "3", R"("x,y")"}));
}

TEST(JsonScan, MalformedTextIsRefused) {
    const char* bad[] = {
        "",
        "[1]",                      // not an object
        R"({"a":1)",                // unterminated
        R"({"a" 1})",               // no colon
        R"({"a":1,})",              // trailing comma
        R"({a:1})",                 // unquoted key
        R"({"a":"x)",               // unterminated string
        R"({"a":[1,2})",            // bracket mismatch
        R"({"a":{"b":1]})",         // bracket mismatch
        R"({"a":tru})",             // bad literal
        R"({"a":-})",               // bad number
        R"({"a":1.})",              // bad number
        "{\"a\":\"line\nbreak\"}",  // raw control character in a string
        R"({"a":1 "b":2})",         // no comma
    };
    for (const char* text : bad) {
        bool ok = true;
        members_of(text, &ok);
        EXPECT_FALSE(ok) << text;
    }
    EXPECT_FALSE(for_each_element("[1,", [](std::string_view) {}));
    EXPECT_FALSE(for_each_element("[1 2]", [](std::string_view) {}));
}

TEST(JsonScan, NestingDeeperThanSixtyFourIsRefused) {
    std::string deep = R"({"a":)" + std::string(65, '[') + std::string(65, ']') + "}";
    bool ok = true;
    members_of(deep, &ok);
    EXPECT_FALSE(ok);
    std::string fine = R"({"a":)" + std::string(64, '[') + std::string(64, ']') + "}";
    members_of(fine, &ok);
    EXPECT_TRUE(ok);
}

TEST(JsonScan, StringsDecodeEscapesAndUnicode) {
    EXPECT_EQ(string_value(R"("a\/b\n\t")"), std::optional<std::string>("a/b\n\t"));
    EXPECT_EQ(string_value(R"("\u00e9")"), std::optional<std::string>("\xC3\xA9"));
    EXPECT_EQ(string_value(R"("\u20AC")"), std::optional<std::string>("\xE2\x82\xAC"));
    // U+1F600 as a surrogate pair.
    EXPECT_EQ(string_value(R"("\ud83d\ude00")"), std::optional<std::string>("\xF0\x9F\x98\x80"));
    EXPECT_FALSE(string_value(R"("\ud83d")"));  // lone high surrogate
    EXPECT_FALSE(string_value(R"("\ude00")"));  // lone low surrogate
    EXPECT_FALSE(string_value(R"("\x")"));      // unknown escape
    EXPECT_FALSE(string_value(R"("\u12")"));    // short
    EXPECT_FALSE(string_value("12"));           // not a string
    EXPECT_EQ(plain_string(R"("e2e4")"), std::optional<std::string_view>("e2e4"));
    EXPECT_FALSE(plain_string(R"("a\"b")"));  // has escapes: decode with string_value
}

TEST(JsonScan, KeysWithEscapesAreDecodedBeforeComparing) {
    auto v = member(R"({"\u0074ype":"ack"})", "type");
    ASSERT_TRUE(v);
    EXPECT_EQ(*v, R"("ack")");
}

TEST(JsonScan, Integers) {
    EXPECT_EQ(int_value("42"), std::optional<std::int64_t>(42));
    EXPECT_EQ(int_value("-7"), std::optional<std::int64_t>(-7));
    EXPECT_FALSE(int_value("4.5"));
    EXPECT_FALSE(int_value("\"4\""));
    EXPECT_FALSE(int_value(""));
    EXPECT_TRUE(is_null("null"));
    EXPECT_FALSE(is_null("0"));
}

// walk_object hands each value's position to the caller, which reads it (here: a nested
// object walked in turn, an array counted) or skips it; one pass over the text.
TEST(JsonScan, WalkObjectLetsTheCallerReadEachValue) {
    const std::string text =
        R"( {"a": 1, "n": {"x": "}", "y": [2, 3]}, "l": ["p", {"q": 1}], "z": null} )";
    std::vector<std::string> keys, nested;
    int elements = 0;
    const std::size_t end = walk_object(text, 0, [&](std::string_view key, std::size_t value) {
        keys.emplace_back(key);
        if (key == "n")
            return walk_object(text, value, [&](std::string_view k, std::size_t v) {
                nested.emplace_back(k);
                return skip_value(text, v);
            });
        if (key == "l")
            return walk_array(text, value, [&](std::size_t element) {
                ++elements;
                return skip_value(text, element);
            });
        return skip_value(text, value);
    });
    EXPECT_EQ(end, text.size() - 1);  // past the '}', before the trailing space
    EXPECT_EQ(keys, (std::vector<std::string>{"a", "n", "l", "z"}));
    EXPECT_EQ(nested, (std::vector<std::string>{"x", "y"}));
    EXPECT_EQ(elements, 2);
    EXPECT_EQ(walk_array(" [ ] ", 0, [](std::size_t) { return kBad; }), 4u);
    EXPECT_EQ(walk_object("{}", 0, [](std::string_view, std::size_t) { return kBad; }), 2u);
}

TEST(JsonScan, WalkObjectRefusesMalformedTextAndCallerFailures) {
    auto skip_all = [](std::string_view text) {
        return walk_object(text, 0,
                           [&](std::string_view, std::size_t v) { return skip_value(text, v); });
    };
    EXPECT_EQ(skip_all(R"({"a":1,})"), kBad);
    EXPECT_EQ(skip_all(R"({"a" 1})"), kBad);
    EXPECT_EQ(skip_all(R"({"a":1)"), kBad);
    EXPECT_EQ(skip_all(R"({"a":[1})"), kBad);
    EXPECT_EQ(skip_all(R"([1])"), kBad);
    EXPECT_EQ(skip_all(R"({"a\u0062":1})"), 13u);  // an escaped key is decoded
    const std::string text = R"({"a":1,"b":2})";
    EXPECT_EQ(walk_object(text, 0,
                          [&](std::string_view key, std::size_t v) {
                              return key == "b" ? kBad : skip_value(text, v);
                          }),
              kBad);
    EXPECT_EQ(walk_array("[1,]", 0, [](std::size_t) { return std::size_t(2); }), kBad);
}

}  // namespace
}  // namespace serve_load::json
