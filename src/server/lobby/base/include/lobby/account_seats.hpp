// The games of two accounts the lobby makes (a seek accepted, two quick seeks paired) and their
// seats: a game is made from its seek before it is stored (its rows go into the transaction
// that takes the seek: SeekStore::accept_seek, pair_seeks), held in play once stored, and its
// seats are its two accounts' (the tokens made with it are given to nobody): a session's token
// holds the seat of its account. The players of each game are cached (the seats are asked for
// at each move), a bounded number of them.
#pragma once

#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "accounts/service.hpp"
#include "games/service.hpp"
#include "store/account_game_store.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

// A game made from a seek, not stored yet: its rows and the live game to hold once they are.
struct MadeGame {
    NewAccountGame rows;
    std::shared_ptr<LiveGame> live;
};

class AccountSeats {
  public:
    AccountSeats(AccountGameStore& store, AccountService& accounts, GameService& games)
        : store_(store), accounts_(accounts), games_(games) {}
    // The game `made` names (who plays which colour), with `seek`'s clock and start position.
    MadeGame make(const AccountGameRow& made, const SeekRow& seek);
    // A game make() made, once its rows are stored: in play here, its players cached.
    void hold(const MadeGame& made);
    // The seat an account's session token holds in the game, if the game is an account game and
    // the token's account one of its players.
    std::optional<Color> seat(const std::string& game_id, std::string_view token);

  private:
    struct Players {
        std::optional<std::string> white;
        std::optional<std::string> black;
    };
    // The two accounts of an account game (cached: they never change), or nullopt.
    std::optional<Players> players(const std::string& game_id);
    void remember(const std::string& game_id, const Players& players);

    AccountGameStore& store_;
    AccountService& accounts_;
    GameService& games_;
    std::mutex mutex_;
    std::unordered_map<std::string, Players> players_;  // game id -> accounts, bounded
    std::deque<std::string> order_;
};

}  // namespace chess960::server
