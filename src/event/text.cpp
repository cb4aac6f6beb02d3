#include "event/text.hpp"

#include <cstdint>
#include <cstdio>

#include "text/utf8.hpp"

namespace chess960::event {

namespace {

bool is_control(std::uint32_t c) { return c < 0x20 || (c >= 0x7f && c <= 0x9f); }

// Unicode's White_Space characters that are not controls.
bool is_space(std::uint32_t c) {
    return c == 0x20 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
           c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

// Characters that show nothing by themselves and join or split nothing that a name needs
// (the joiners U+200C and U+200D stay: some scripts and emoji need them).
bool is_invisible(std::uint32_t c) {
    return c == 0xad || c == 0x180e || c == 0x200b || c == 0x2060 || c == 0xfeff;
}

std::string u_plus(std::uint32_t c) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(c));
    return buffer;
}

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

std::optional<std::string> name_problem(std::string_view name) {
    if (auto problem = text_problem(name)) return problem;
    std::uint32_t first = 0, last = 0;
    for (std::size_t i = 0; i < name.size();) {
        const text::Utf8Char d = text::decode_utf8(name, i);
        if (is_invisible(d.code))
            return "contains an invisible character (" + u_plus(d.code) + ")" + at_byte(i);
        if (i == 0) first = d.code;
        last = d.code;
        i += d.length;
    }
    if (name.empty()) return std::nullopt;
    for (const std::uint32_t end : {first, last})
        if (is_space(end)) return "begins or ends with a space (" + u_plus(end) + ")";
    return std::nullopt;
}

}  // namespace chess960::event
