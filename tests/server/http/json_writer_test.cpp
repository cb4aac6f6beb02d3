// The server's hand-written JSON (server/json_writer.hpp): separators, nesting, escapes, and
// bytes that are not UTF-8, checked by reading the text back with nlohmann::json.
#include "http/json_writer.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

namespace chess960::server {
namespace {

using Json = nlohmann::json;

TEST(JsonWriter, NestedObjectsAndArraysReadBack) {
    std::string out;
    JsonWriter w(out);
    w.begin_object();
    w.key("a").number(-9'007'199'254'740'993);
    w.key("b").begin_array().string("x").null().boolean(true).begin_object().end_object();
    w.end_array();
    w.key("c").begin_object().key("d").boolean(false).end_object();
    w.key("e").raw("[1,2]");
    w.key("f").string_or_null(nullptr);
    w.end_object();
    EXPECT_EQ(out,
              "{\"a\":-9007199254740993,\"b\":[\"x\",null,true,{}],\"c\":{\"d\":false},"
              "\"e\":[1,2],\"f\":null}");
    const Json back = Json::parse(out);
    EXPECT_EQ(back["a"].get<std::int64_t>(), -9'007'199'254'740'993);
    EXPECT_EQ(back["e"], Json::array({1, 2}));
}

TEST(JsonWriter, StringsAreEscapedAndReadBackTheSame) {
    const std::string text = std::string("quote \" backslash \\ newline \n tab \t nul ") +
                             std::string(1, '\0') + " bell \x07 del \x7f é ♞ 𝄞";
    const std::string out = json_string(text);
    EXPECT_EQ(Json::parse(out).get<std::string>(), text);
    EXPECT_EQ(out.find('\n'), std::string::npos);
}

TEST(JsonWriter, BytesThatAreNotUtf8BecomeTheReplacementCharacter) {
    // A lone continuation byte, a truncated sequence, an overlong '/', a surrogate, and a
    // code point above U+10FFFF: each is replaced, the valid text around them kept.
    for (const std::string bad :
         {"\x80", "\xC3", "\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xFF"}) {
        const std::string out = json_string("a" + bad + "b");
        Json back;
        ASSERT_NO_THROW(back = Json::parse(out)) << out;
        const std::string value = back.get<std::string>();
        EXPECT_EQ(value.front(), 'a');
        EXPECT_EQ(value.back(), 'b');
        EXPECT_NE(value.find("\xEF\xBF\xBD"), std::string::npos) << out;
    }
}

}  // namespace
}  // namespace chess960::server
