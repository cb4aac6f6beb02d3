#include "games/requests.hpp"

#include <array>

namespace chess960::server {

namespace {

constexpr std::array<std::string_view, 9> kActions = {
    "resign",     "abort",          "draw/offer",      "draw/accept",     "draw/decline",
    "draw/claim", "takeback/offer", "takeback/accept", "takeback/decline"};

}  // namespace

bool is_game_action(std::string_view action) {
    for (std::string_view a : kActions)
        if (a == action) return true;
    return false;
}

}  // namespace chess960::server
