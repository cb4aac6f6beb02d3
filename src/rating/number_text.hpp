// A double in its shortest exact decimal form ("-3", "1.5", "nan", "inf"), for the rating
// library's messages (GCC 12 has no <format>).
#pragma once

#include <charconv>
#include <string>

namespace chess960::rating {

inline std::string number_text(double value) {
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::string("?");
}

}  // namespace chess960::rating
