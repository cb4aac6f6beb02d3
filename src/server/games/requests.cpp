#include "games/requests.hpp"

namespace chess960::server {

bool is_game_action(std::string_view action) {
    for (std::string_view a : kGameActions)
        if (a == action) return true;
    return false;
}

}  // namespace chess960::server
