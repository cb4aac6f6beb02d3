// Who may play a paired event's board: its players with their own tokens, or the accounts
// they are with their sessions (GameService's EventSeat asks here for a token that is neither
// of the game's seat tokens). A board's players never change once published, so each game's
// two players are read from the store once and kept.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "chess960/types.hpp"
#include "events/ledger.hpp"
#include "events/options.hpp"

namespace chess960::server {

class PlayerSeats {
  public:
    PlayerSeats(EventLedger& ledger, EventAccounts accounts);

    // The seat of the game `game_id` of the event whose player holds `token` (the player's
    // token, or the session of the player's account), if any.
    std::optional<Color> seat(const std::string& event_id, const std::string& game_id,
                              std::string_view token);
    // Forgets the seats kept (a player's account changed).
    void forget();

  private:
    // A game's two players as their seats are checked: token hashes and accounts.
    struct Players {
        std::string white_hash, black_hash;
        std::optional<std::string> white_account, black_account;
    };
    // The game's players as stored; none when it is no paired event's game.
    std::optional<Players> read(const std::string& event_id, const std::string& game_id);

    EventLedger& ledger_;
    EventAccounts accounts_;
    std::mutex mutex_;
    std::unordered_map<std::string, Players> games_;  // by game id, at most 100,000
};

}  // namespace chess960::server
