// UTF-8 as RFC 3629 defines it, one character at a time: for the server's JSON and the event
// draw's text checks, which must agree on what is UTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace chess960::text {

// One character: its code point and its length in bytes (1 to 4).
struct Utf8Char {
    std::uint32_t code = 0;
    std::size_t length = 0;  // 0: the bytes at that place are not UTF-8
};

// The character that starts at text[i] (i < text.size()), or length 0 where the bytes there
// are not a UTF-8 sequence: a continuation or invalid lead byte, a sequence cut short by the end
// of the text, an overlong form, a surrogate (U+D800..U+DFFF) or a code point above U+10FFFF.
Utf8Char decode_utf8(std::string_view text, std::size_t i);

}  // namespace chess960::text
