// Quick pairing: a player joins one of the pools (pools.hpp: 3+2, 5+3, 10+5, 15+10) as a hidden
// rated seek, random colour and start, and the feed's passes pair the waiting players of each
// pool (pair_pool) into games, each made and stored with its two seeks taken in one transaction
// (SeekStore::pair_seeks: of several servers pairing at once, one gets each seek). An account
// waits in one pool at a time; its place counts towards its open seeks. It tells nobody: the
// lobby's facade tells the feed.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lobby/account_seats.hpp"
#include "lobby/options.hpp"
#include "lobby/pools.hpp"
#include "lobby/seek_limits.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

class QuickPairing {
  public:
    QuickPairing(SeekStore& store, SeekLimits& limits, AccountSeats& seats,
                 const LobbyOptions& options)
        : store_(store), limits_(limits), seats_(seats), options_(options) {}

    // Joins the pool of `key` ("5+3"): the account's place (its seek), and whether it is new
    // (joining the same pool again keeps its place and its wait; joining another leaves the
    // first). 404 for no such pool, 429 and 503 (SeekLimits).
    struct Joined {
        SeekRow seek;
        bool opened = false;
    };
    Joined join(const Session& session, std::string_view key);
    // Leaves the pool: whether the account was in it (a pairing may have just taken it). 404
    // for no such pool.
    bool leave(const Session& session, std::string_view key);
    // How many wait in each pool (kQuickPools' order), and the place of `viewer`'s account, if
    // it waits in one.
    struct Pools {
        std::array<int, kQuickPools.size()> waiting{};
        std::optional<SeekRow> mine;
    };
    Pools pools(const std::optional<std::string>& viewer);
    // A pass's pairing among the open seeks just read: the games made (stored and held), their
    // seeks removed from `seeks`. A pairing that fails is logged and left for the next pass.
    std::vector<AccountGameRow> pair(std::vector<SeekRow>& seeks);

  private:
    // Pairs the waiting of one pool; `accounts` are those paired this pass (one game each).
    void pair_pool_of(const QuickPool& pool, const std::vector<SeekRow>& seeks,
                      std::vector<std::string>& accounts, std::vector<AccountGameRow>& made);
    // The game of two quick seeks, stored with both taken: false when another server took one.
    bool make_game(const SeekRow& first, const SeekRow& second, AccountGameRow& game);

    SeekStore& store_;
    SeekLimits& limits_;
    AccountSeats& seats_;
    const LobbyOptions& options_;
};

}  // namespace chess960::server
