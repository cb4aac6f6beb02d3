// How the UCI loop splits a command line into words: blanks and tabs separate words, a '\r'
// at either end is trimmed, and command names compare without regard to case. Shared with
// the UCI fuzz target, which must read commands exactly as the loop does.
#pragma once

#include <cstddef>
#include <string_view>

namespace chess960::uci {

inline std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

// Splits off the first word of `s`.
inline std::string_view next_word(std::string_view& s) {
    s = trim(s);
    const std::size_t end = s.find_first_of(" \t");
    const std::string_view word = s.substr(0, end);
    s = end == std::string_view::npos ? std::string_view{} : trim(s.substr(end));
    return word;
}

inline bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if ((a[i] | 0x20) != (b[i] | 0x20)) return false;
    return true;
}

}  // namespace chess960::uci
