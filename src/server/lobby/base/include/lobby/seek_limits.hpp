// The limits on a new seek or a place in a quick pairing pool: the account's rate (a token
// bucket shared by the servers of one database), its open seeks, and the lobby's in all.
// Refusals are ApiErrors: 429 past the rate or the account's open seeks, 503 when the lobby is
// full.
#pragma once

#include <cstddef>
#include <string>

#include "games/service.hpp"
#include "lobby/options.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

class SeekLimits {
  public:
    SeekLimits(SeekStore& store, GameService& games, const LobbyOptions& options)
        : store_(store), games_(games), options_(options) {}
    // Takes one of the account's seek tokens (429 when it has none).
    void take_token(const std::string& account);
    // Room for one more seek of the account, with `in_lobby` seeks open in all.
    void check_room(const std::string& account, std::size_t in_lobby);

  private:
    SeekStore& store_;
    GameService& games_;
    const LobbyOptions& options_;
};

}  // namespace chess960::server
