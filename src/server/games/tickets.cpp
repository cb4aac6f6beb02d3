#include "games/tickets.hpp"

#include "common/api_error.hpp"
#include "common/now.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

Ticket Tickets::issue(const std::string& game_id, Color seat) {
    const Millis now = now_ms();
    std::string value = random_hex(16);
    std::lock_guard lock(mutex_);
    std::erase_if(tickets_, [&](const auto& entry) { return entry.second.expires < now; });
    tickets_.emplace(value, Entry{game_id, seat, now + kLifetime});
    return Ticket{std::move(value), kLifetime};
}

Color Tickets::redeem(std::string_view ticket, const std::string& game_id) {
    std::lock_guard lock(mutex_);
    auto it = tickets_.find(std::string(ticket));
    if (it == tickets_.end() || it->second.expires < now_ms() || it->second.game_id != game_id)
        throw ApiError{403,
                       "unknown or expired ticket: ask for a new one (POST /api/games/" +
                           quote(game_id, 32) + "/ticket)",
                       0, "invalid_ticket"};
    const Color seat = it->second.seat;
    tickets_.erase(it);
    return seat;
}

}  // namespace chess960::server
