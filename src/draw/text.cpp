#include "draw/text.hpp"

#include <cstdint>

#include "text/utf8.hpp"

namespace chess960::event {

namespace {

bool is_control(std::uint32_t c) { return c < 0x20 || (c >= 0x7f && c <= 0x9f); }

std::string at_byte(std::size_t i) { return " at byte " + std::to_string(i + 1); }

}  // namespace

std::optional<std::string> text_problem(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const text::Utf8Char d = text::decode_utf8(text, i);
        if (d.length == 0) return "is not valid UTF-8" + at_byte(i);
        if (is_control(d.code)) return "contains a control character" + at_byte(i);
        i += d.length;
    }
    return std::nullopt;
}

}  // namespace chess960::event
