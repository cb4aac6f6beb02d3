#include "sse_parser.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace serve_load {
namespace {

struct Seen {
    std::vector<std::pair<std::string, std::string>> events;
    std::vector<std::string> comments;
};

// Feeds `stream` in pieces of `piece` bytes.
Seen feed(const std::string& stream, std::size_t piece) {
    SseParser parser;
    Seen seen;
    for (std::size_t i = 0; i < stream.size(); i += piece)
        parser.feed(
            std::string_view(stream).substr(i, piece),
            [&](std::string_view e, std::string_view d) { seen.events.emplace_back(e, d); },
            [&](std::string_view c) { seen.comments.emplace_back(c); });
    return seen;
}

const std::string kStream =
    "event: game\ndata: {\"ply\":0}\n\n"
    ": ping\n\n"
    "event: move\ndata: {\"move\":{\"ply\":1}}\n\n"
    "data: first\ndata: second\n\n"
    "id: 5\nretry: 100\nevent: state\ndata:{\"ply\":2}\n\n";

TEST(SseParser, EventsCommentsAndMultiLineData) {
    const Seen seen = feed(kStream, kStream.size());
    ASSERT_EQ(seen.events.size(), 4u);
    EXPECT_EQ(seen.events[0], (std::pair<std::string, std::string>{"game", R"({"ply":0})"}));
    EXPECT_EQ(seen.events[1],
              (std::pair<std::string, std::string>{"move", R"({"move":{"ply":1}})"}));
    EXPECT_EQ(seen.events[2], (std::pair<std::string, std::string>{"message", "first\nsecond"}));
    EXPECT_EQ(seen.events[3], (std::pair<std::string, std::string>{"state", R"({"ply":2})"}));
    EXPECT_EQ(seen.comments, std::vector<std::string>{"ping"});
}

TEST(SseParser, AnySplitOfTheBytesGivesTheSameEvents) {
    const Seen whole = feed(kStream, kStream.size());
    for (std::size_t piece = 1; piece < 40; ++piece) {
        const Seen split = feed(kStream, piece);
        EXPECT_EQ(split.events, whole.events) << "pieces of " << piece;
        EXPECT_EQ(split.comments, whole.comments) << "pieces of " << piece;
    }
}

TEST(SseParser, CarriageReturnLineEnds) {
    std::string crlf, cr;
    for (char c : kStream) {
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        cr += c == '\n' ? '\r' : c;
    }
    const Seen whole = feed(kStream, kStream.size());
    for (std::size_t piece : {1ul, 2ul, 3ul, 7ul, 1000ul}) {
        EXPECT_EQ(feed(crlf, piece).events, whole.events) << "CRLF in pieces of " << piece;
        EXPECT_EQ(feed(cr, piece).events, whole.events) << "CR in pieces of " << piece;
    }
}

TEST(SseParser, NothingIsDispatchedBeforeTheBlankLine) {
    SseParser parser;
    int events = 0;
    auto on_event = [&](std::string_view, std::string_view) { ++events; };
    auto on_comment = [](std::string_view) {};
    parser.feed("event: move\ndata: {}\n", on_event, on_comment);
    EXPECT_EQ(events, 0);
    EXPECT_GT(parser.pending(), 0u);
    parser.feed("\n", on_event, on_comment);
    EXPECT_EQ(events, 1);
    EXPECT_EQ(parser.pending(), 0u);
    // A blank line with no data dispatches nothing, and resets the event name.
    parser.feed("event: move\n\ndata: x\n\n", on_event, on_comment);
    EXPECT_EQ(events, 2);
}

TEST(SseParser, LineEndsAreTheFirstCrOrLf) {
    EXPECT_EQ(find_line_end("abc\ndef", 0), 3u);
    EXPECT_EQ(find_line_end("abc\r\ndef", 0), 3u);
    EXPECT_EQ(find_line_end("ab\rc\nd", 0), 2u);    // a CR before the LF
    EXPECT_EQ(find_line_end("abc\ndef\r", 4), 7u);  // from `pos`
    EXPECT_EQ(find_line_end("abc\n", 4), std::string_view::npos);
    EXPECT_EQ(find_line_end("abcdef", 0), std::string_view::npos);
    EXPECT_EQ(find_line_end("abc\rdef", 1), 3u);  // a lone CR
}

}  // namespace
}  // namespace serve_load
