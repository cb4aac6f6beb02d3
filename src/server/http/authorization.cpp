#include "http/authorization.hpp"

namespace chess960::server {

std::string bearer_token(std::string_view authorization) {
    constexpr std::string_view kScheme = "bearer";
    if (authorization.size() <= kScheme.size()) return "";
    for (std::size_t i = 0; i < kScheme.size(); ++i) {
        const char c = authorization[i];
        if ((c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c) != kScheme[i]) return "";
    }
    std::size_t start = kScheme.size();
    if (authorization[start] != ' ') return "";
    while (start < authorization.size() && authorization[start] == ' ') ++start;
    std::size_t end = authorization.size();
    while (end > start && (authorization[end - 1] == ' ' || authorization[end - 1] == '\t')) --end;
    return std::string(authorization.substr(start, end - start));
}

}  // namespace chess960::server
