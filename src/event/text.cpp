#include "event/text.hpp"

#include <cstdint>
#include <cstdio>
#include <utility>

namespace chess960::event {

std::optional<std::string> text_problem(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const std::string where = " at byte " + std::to_string(i + 1);
        if (byte < 0x20 || byte == 0x7f) return "contains a control character" + where;
        if (byte < 0x80) {
            ++i;
            continue;
        }
        // A multi-byte sequence: its length from the lead byte, then continuation bytes; overlong
        // forms, surrogates and code points above U+10FFFF are not UTF-8 (RFC 3629).
        std::size_t length = 0;
        std::uint32_t code = 0;
        if (byte >= 0xc2 && byte <= 0xdf) {
            length = 2;
            code = byte & 0x1fu;
        } else if (byte >= 0xe0 && byte <= 0xef) {
            length = 3;
            code = byte & 0x0fu;
        } else if (byte >= 0xf0 && byte <= 0xf4) {
            length = 4;
            code = byte & 0x07u;
        } else {
            return "is not valid UTF-8" + where;
        }
        if (i + length > text.size()) return "is not valid UTF-8" + where;
        for (std::size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xc0) != 0x80) return "is not valid UTF-8" + where;
            code = (code << 6) | (next & 0x3fu);
        }
        if ((length == 3 && code < 0x800) || (length == 4 && code < 0x10000) || code > 0x10ffff ||
            (code >= 0xd800 && code <= 0xdfff))
            return "is not valid UTF-8" + where;
        if (code >= 0x80 && code <= 0x9f) return "contains a control character" + where;
        i += length;
    }
    return std::nullopt;
}

namespace {

// The code point that starts at byte `i` of valid UTF-8, and its length in bytes.
std::pair<std::uint32_t, std::size_t> code_point_at(std::string_view text, std::size_t i) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    std::uint32_t code = length == 1 ? lead : lead & (0x7fu >> length);
    for (std::size_t k = 1; k < length; ++k)
        code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3fu);
    return {code, length};
}

// Unicode's White_Space characters that text_problem lets through (it refuses the controls).
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

}  // namespace

std::optional<std::string> name_problem(std::string_view name) {
    std::uint32_t first = 0, last = 0;
    for (std::size_t i = 0; i < name.size();) {
        const auto [code, length] = code_point_at(name, i);
        if (i == 0) first = code;
        if (is_invisible(code))
            return "contains an invisible character (" + u_plus(code) + ") at byte " +
                   std::to_string(i + 1);
        last = code;
        i += length;
    }
    for (const std::uint32_t end : {first, last})
        if (!name.empty() && is_space(end))
            return "begins or ends with a space (" + u_plus(end) + ")";
    return std::nullopt;
}

}  // namespace chess960::event
