#include "event/text.hpp"

#include <cstdint>

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

}  // namespace chess960::event
