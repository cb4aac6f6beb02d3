#include "match/move_comment.hpp"

#include <charconv>

namespace chess960::match {

std::optional<int> comment_centipawns(std::string_view comment) {
    while (!comment.empty() && comment.front() == ' ') comment.remove_prefix(1);
    if (comment.empty() || (comment.front() != '+' && comment.front() != '-')) return std::nullopt;
    const bool negative = comment.front() == '-';
    const char* p = comment.data() + 1;
    const char* end = comment.data() + comment.size();
    int whole = 0, hundredths = 0;
    auto r = std::from_chars(p, end, whole);
    if (r.ec != std::errc() || r.ptr == end || *r.ptr != '.') return std::nullopt;
    p = r.ptr + 1;
    if (end - p < 2) return std::nullopt;
    r = std::from_chars(p, p + 2, hundredths);
    if (r.ec != std::errc() || r.ptr != p + 2) return std::nullopt;
    const int cp = whole * 100 + hundredths;
    return negative ? -cp : cp;
}

}  // namespace chess960::match
