// The lobby's facade: accounts seeking opponents and accepting seeks (the seek book), quick
// pairing, who is online (presence) and the live connections (the feed), over the seats of the
// games they make (account_seats.hpp). Each part keeps its own state and knows none of the
// others (the build keeps them apart: tests/layers); this facade wires them: what the seek book
// and quick pairing change, it tells the feed; what the feed's passes read, it asks of quick
// pairing and presence. Seeks, games and who is online are rows of the store (the seek, account
// game and presence stores), so that a seek made on one server is accepted on another sharing
// the database; a seek is taken with its game's rows in one transaction; ratings change where
// games end (games/settlement.hpp). Refusals are ApiErrors.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/service.hpp"
#include "games/service.hpp"
#include "lobby/account_seats.hpp"
#include "lobby/feed.hpp"
#include "lobby/lobby_feed.hpp"
#include "lobby/options.hpp"
#include "lobby/presence.hpp"
#include "lobby/quick_pairing.hpp"
#include "lobby/requests.hpp"
#include "lobby/seek_book.hpp"
#include "lobby/seek_limits.hpp"
#include "store/account_game_store.hpp"
#include "store/lobby_changes.hpp"
#include "store/presence_store.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

class LobbyService {
  public:
    // The stores it is given (on one connection: store/open.hpp's PlayStores): each part takes
    // those it uses.
    struct Stores {
        SeekStore& seeks;
        AccountGameStore& account_games;
        PresenceStore& presence;
        LobbyChanges& changes;  // other servers' changes to the seeks and who is online
    };
    // Registers with `games` as the holder of the seats of account games; starts the feed's
    // thread. The stores, `games` and `accounts` outlive it.
    LobbyService(Stores stores, AccountService& accounts, GameService& games, LobbyOptions options);
    ~LobbyService();
    LobbyService(const LobbyService&) = delete;
    LobbyService& operator=(const LobbyService&) = delete;
    // Stops the feed's thread and leaves the list of who is online.
    void stop();

    // The seek book (seek_book.hpp), its changes told to the live connections.
    SeekRow create_seek(const Session& session, const SeekRequest& request);
    std::vector<SeekRow> seeks(const std::optional<std::string>& viewer);
    void cancel_seek(const Session& session, const std::string& id);
    void leave(const std::string& account_id);
    // The game's id.
    std::string accept(const Session& session, const std::string& id);

    // Quick pairing (quick_pairing.hpp), the same.
    SeekRow join_pool(const Session& session, std::string_view key);
    void leave_pool(const Session& session, std::string_view key);
    using Pools = QuickPairing::Pools;
    Pools pools(const std::optional<std::string>& viewer);

    // The account game, if the game is one; the account's ratings by pool (only the pools it
    // has played); its games (store/account_game_store.hpp).
    std::optional<AccountGameRow> account_game(const std::string& game_id);
    std::vector<RatingRow> ratings(const std::string& account_id);
    std::vector<AccountGameRow> games_of(const AccountGameQuery& query);

    // A live connection joins: the open seeks, who is online and the pools' counts as they
    // stand (it gets every change after them). ApiError 503 past max_listeners.
    struct Snapshot {
        std::vector<SeekRow> seeks;
        std::vector<std::string> online;
        std::array<int, kQuickPools.size()> waiting{};
    };
    Snapshot join(const std::shared_ptr<LobbyListener>& listener);
    // It leaves; its account's seeks are withdrawn once the account has had no connection for
    // leave_after.
    void part(const std::shared_ptr<LobbyListener>& listener);
    // The account of a session token, if any (the lobby's connections sign in with it).
    std::optional<Session> session(const std::string& token);
    // LobbyFeed::after_told: `then` once the feed has told every change made here so far.
    void after_told(std::move_only_function<void()> then);

  private:
    Stores stores_;
    AccountService& accounts_;
    LobbyOptions options_;
    SeekLimits limits_;
    AccountSeats seats_;
    SeekBook book_;
    QuickPairing pairing_;
    LobbyPresence presence_;
    LobbyFeed feed_;                                 // after the parts its passes read
    std::unique_ptr<StoreListener> store_listener_;  // other servers' changes, if any
};

}  // namespace chess960::server
