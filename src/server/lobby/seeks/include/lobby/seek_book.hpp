// The seek book: accounts seeking opponents (a clock, days per move or neither; rated or casual;
// a colour, a start position, a rating range; open to all or a challenge to one account), and
// accepting a seek (its game made and stored with the seek taken, in one transaction). Seeks
// are rows of the seek store, so that a seek made on one server is accepted on another sharing
// the database. Refusals are ApiErrors. It tells nobody: the lobby's facade tells the feed.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "accounts/service.hpp"
#include "lobby/account_seats.hpp"
#include "lobby/options.hpp"
#include "lobby/requests.hpp"
#include "lobby/seek_limits.hpp"
#include "store/account_game_store.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

class SeekBook {
  public:
    // `account_games` gives the ratings an acceptor is held to a seek's range by.
    SeekBook(SeekStore& seeks, AccountGameStore& account_games, AccountService& accounts,
             SeekLimits& limits, AccountSeats& seats, const LobbyOptions& options)
        : seeks_(seeks),
          account_games_(account_games),
          accounts_(accounts),
          limits_(limits),
          seats_(seats),
          options_(options) {}

    // A new seek by the signed-in account, stored. 400 for what the request cannot be (a rated
    // game without a clock or days, a FEN start, a bad range, a challenge to oneself), 404 for a
    // challenge to no account, 429 and 503 (SeekLimits).
    SeekRow create(const Session& session, const SeekRequest& request);
    // The open seeks `viewer` may see (seek_view.hpp), oldest first.
    std::vector<SeekRow> visible(const std::optional<std::string>& viewer);
    // Withdraws the account's seek, or declines a challenge to it: 404 when it has none of
    // that id.
    void cancel(const Session& session, const std::string& id);
    // Withdraws every seek of the account: whether it had any.
    bool leave(const std::string& account_id);
    // Accepts a seek: the seek taken and its game, stored and held. 404 for a seek no longer
    // open (or a quick one, or a challenge to another), 409 for one's own, 403 outside the
    // seek's rating range.
    struct Accepted {
        SeekRow seek;
        std::string game_id;
    };
    Accepted accept(const Session& session, const std::string& id);

  private:
    // The request's seek (checked: check_request), not stored yet; a challenge's account looked
    // up: 400 for oneself, 404 for no such account.
    SeekRow seek_of(const Session& session, const SeekRequest& request);
    // The seek's player, in the pool of `seek`: 403 outside its range, 404 for one not there
    // for `me` to accept, 409 for one's own.
    static void check_acceptable(const SeekRow& seek, const std::string& me, double rating);

    SeekStore& seeks_;
    AccountGameStore& account_games_;
    AccountService& accounts_;
    SeekLimits& limits_;
    AccountSeats& seats_;
    const LobbyOptions& options_;
};

}  // namespace chess960::server
