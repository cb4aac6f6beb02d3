#include "lobby/seek_limits.hpp"

namespace chess960::server {

void SeekLimits::take_token(const std::string& account) {
    if (const int wait =
            games_.take_token("seeks", account, options_.seeks_per_second, options_.seeks_burst))
        throw ApiError{429, "too many seeks: wait a moment", wait, "rate_limited"};
}

void SeekLimits::check_room(const std::string& account, std::size_t in_lobby) {
    if (store_.count_seeks(account) >= options_.seeks_per_account)
        throw ApiError{429,
                       "you have " + std::to_string(options_.seeks_per_account) +
                           " open seeks: withdraw one first",
                       5,
                       "too_many_seeks",
                       {{"max", options_.seeks_per_account}}};
    if (int(in_lobby) >= options_.seeks_in_all)
        throw ApiError{503, "the lobby is full: try again in a moment", 5, "lobby_full"};
}

}  // namespace chess960::server
