// Tickets for a game's event stream: an EventSource cannot send an Authorization header, and a
// seat token in a URL would be logged by proxies, so a seat asks for a ticket (POST
// /api/games/{id}/ticket) and passes it in the stream's URL: single use, good for 30 seconds.
#pragma once

#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "chess960/types.hpp"
#include "games/snapshot.hpp"

namespace chess960::server {

class Tickets {
  public:
    static constexpr Millis kLifetime = 30'000;

    // A new ticket for `seat` of game `game_id`.
    Ticket issue(const std::string& game_id, Color seat);
    // The seat of a ticket for game `game_id`, used up; ApiError 403 if unknown or expired.
    Color redeem(std::string_view ticket, const std::string& game_id);

  private:
    struct Entry {
        std::string game_id;
        Color seat;
        Millis expires;
    };
    std::mutex mutex_;
    std::unordered_map<std::string, Entry> tickets_;
};

}  // namespace chess960::server
