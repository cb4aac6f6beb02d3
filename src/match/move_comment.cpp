#include "match/move_comment.hpp"

#include <charconv>
#include <cstdlib>

#include "match/numbers.hpp"

namespace chess960::match {

std::string move_comment(const SearchReply& reply) {
    std::string text;
    if (reply.score) {
        const Score& s = *reply.score;
        if (s.kind == Score::Kind::Mate)
            text = (s.value > 0 ? "+M" : "-M") + std::to_string(std::abs(s.value));
        else
            text = signed_fixed(s.value / 100.0, 2);
        text += "/" + std::to_string(reply.depth) + " ";
    }
    return text + fixed(std::chrono::duration<double>(reply.elapsed).count(), 2) + "s";
}

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
