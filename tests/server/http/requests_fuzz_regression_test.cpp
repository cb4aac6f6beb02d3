// Inputs the fuzz targets for the server's request parsers (fuzz/ws_fuzzer.cpp,
// fuzz/json_fuzzer.cpp) found wrongly handled, and their neighbours.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "http/requests.hpp"

namespace chess960::server {
namespace {

// The id a message gets back, or the refusal's message (with the id it reported).
struct Parsed {
    std::optional<std::int64_t> id;
    std::optional<std::string> error;
};

Parsed parse(const std::string& text) {
    Parsed parsed;
    try {
        const ClientMessage message = parse_client_message(text, parsed.id);
        EXPECT_EQ(message.id, parsed.id);
    } catch (const ApiError& e) {
        EXPECT_EQ(e.status, 400);
        parsed.error = e.message;
    }
    return parsed;
}

// An id above 2^63 - 1 is read by nlohmann-json as an unsigned integer; it was converted to
// std::int64_t, so the client's 18446744073709551615 came back as -1 (docs/live.md: the answer
// repeats the id the client chose). It is now refused, with no id.
TEST(ClientMessageId, AboveTheInt64RangeIsRefusedNotWrapped) {
    for (const char* id : {"18446744073709551615", "9223372036854775808"}) {
        SCOPED_TRACE(id);
        const Parsed p = parse(std::string(R"({"type": "ping", "id": )") + id + "}");
        EXPECT_EQ(p.id, std::nullopt);
        ASSERT_TRUE(p.error);
        EXPECT_NE(p.error->find("field 'id'"), std::string::npos) << *p.error;
    }
}

TEST(ClientMessageId, TheWholeInt64RangeComesBack) {
    const Parsed max = parse(R"({"type": "ping", "id": 9223372036854775807})");
    EXPECT_EQ(max.error, std::nullopt);
    EXPECT_EQ(max.id, std::numeric_limits<std::int64_t>::max());
    const Parsed min = parse(R"({"type": "ping", "id": -9223372036854775808})");
    EXPECT_EQ(min.error, std::nullopt);
    EXPECT_EQ(min.id, std::numeric_limits<std::int64_t>::min());
    // Below -2^63 the number is read as a floating-point one: not an integer.
    const Parsed below = parse(R"({"type": "ping", "id": -9223372036854775809})");
    EXPECT_EQ(below.id, std::nullopt);
    EXPECT_TRUE(below.error);
    // A refused message still reports its id, so that the error answer repeats it.
    const Parsed refused = parse(R"({"type": "pong", "id": 7})");
    EXPECT_EQ(refused.id, 7);
    EXPECT_TRUE(refused.error);
}

}  // namespace
}  // namespace chess960::server
