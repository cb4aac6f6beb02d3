// The lobby: accounts seeking opponents (seeks: a clock, rated or casual, a colour, a start
// position, a rating range), accepting a seek (a game whose seats are the two accounts), the
// seats of those games for an account's token, quick pairing (pools.hpp: a player joins a pool,
// the lobby pairs it with a player of close rating), and their ratings, settled once each game is
// over (ratings.hpp). Seeks and games are rows of the play store (store/play_store.hpp), so that a
// seek made on one server is accepted on another sharing the database, and a game's ratings
// change once whichever server ends it. Refusals are ApiErrors (common/api_error.hpp).
#pragma once

#include <array>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "accounts/service.hpp"
#include "games/service.hpp"
#include "lobby/fan_out.hpp"
#include "lobby/feed.hpp"
#include "lobby/pools.hpp"
#include "lobby/recent_ids.hpp"
#include "lobby/requests.hpp"
#include "store/play_store.hpp"

namespace chess960::server {

struct LobbyOptions {
    int seeks_per_account = 5;      // open at once
    int seeks_in_all = 2000;        // the lobby's bound, all servers together
    double seeks_per_second = 0.5;  // per account, sustained
    double seeks_burst = 10;
    // How often the games over but not settled are looked for (a server that stopped between a
    // game's end and its rating; a game that ended elsewhere).
    std::chrono::milliseconds sweep_every{30'000};
    // How often the seeks are read for the live connections when nothing changed here (another
    // server sharing the database may have changed them).
    std::chrono::milliseconds poll_every{2'000};
    // The least time from one read of the seeks to the next: the changes made meanwhile go out
    // together (one message to each connection), so that hundreds of changes a second cost a
    // connection at most a message a gap, not one each.
    std::chrono::milliseconds feed_gap{20};
    // How long a signed-in player may be without a lobby connection (a page reloading) before
    // its seeks are withdrawn.
    std::chrono::milliseconds leave_after{15'000};
    // How often this server renews its row of who is online (store/play_store.hpp), and how long
    // a server may go without renewing it before the others take it for dead (its accounts are
    // then offline, their seeks withdrawn).
    std::chrono::milliseconds presence_every{5'000};
    std::chrono::milliseconds presence_timeout{30'000};
    // At most one `online` message to the connections this often: each is the whole list to
    // every connection, so a thousand players arriving together (a restart's reconnections)
    // would otherwise send a thousand lists of a thousand names to each connection and leave
    // them too far behind (closed).
    std::chrono::milliseconds online_every{1'000};
    // Live connections to the lobby, all of them together.
    std::size_t max_listeners = 20'000;
    // Threads besides the feed's writing a message for everyone to the connections (FanOut);
    // -1: one fewer than the cores, at most 3.
    int fan_out_helpers = -1;
    // How the rating range of a player waiting in a quick pairing pool widens (pools.hpp). While
    // players wait, the seeks are read at least every pool_range.widen_every.
    PoolRange pool_range;
    std::function<void(const std::string&)> log;
};

class LobbyService {
  public:
    // Registers with `games` as the holder of the seats of account games and as the listener to
    // their ends; starts the settling thread. `games` and `accounts` outlive it.
    LobbyService(PlayStore& store, AccountService& accounts, GameService& games,
                 LobbyOptions options);
    ~LobbyService();
    LobbyService(const LobbyService&) = delete;
    LobbyService& operator=(const LobbyService&) = delete;
    // Stops the settling thread (what is queued is settled by the next start's sweep).
    void stop();

    // A new seek by the signed-in account: a clock, days per move (correspondence) or neither
    // (casual). 400 for what the request cannot be (a rated game without a clock or days, a FEN
    // start, a bad range), 429 past the rate or the account's open seeks, 503 when the lobby is
    // full.
    SeekRow create_seek(const Session& session, const SeekRequest& request);
    // The open seeks `viewer` may see, oldest first: every seek but challenges, and the
    // challenges it made or got (none for a visitor: nullopt).
    std::vector<SeekRow> seeks(const std::optional<std::string>& viewer);
    // Whether `viewer` (an account id, "" for a visitor) may see the seek.
    static bool sees(const SeekRow& seek, const std::string& viewer);
    // Withdraws the account's seek, or declines a challenge to it: 404 when it has none of
    // that id.
    void cancel_seek(const Session& session, const std::string& id);
    // Withdraws every seek of the account (it left, or deleted itself).
    void leave(const std::string& account_id);
    // Accepts a seek: the game's id, its seats the two accounts. 404 for a seek no longer open
    // (or a challenge to another), 409 for one's own, 403 outside the seek's rating range.
    std::string accept(const Session& session, const std::string& id);

    // Quick pairing. Joins the pool of `key` ("5+3"): a hidden rated seek, random colour and
    // start, that the lobby pairs (feed_loop); an account waits in one pool at a time (joining
    // another leaves the first; joining the same again keeps its place) and the seek counts
    // towards its open seeks. 404 for no such pool, 429 and 503 as create_seek.
    SeekRow join_pool(const Session& session, std::string_view key);
    // Leaves the pool (nothing when not in it: a pairing may have just taken the player). 404
    // for no such pool.
    void leave_pool(const Session& session, std::string_view key);
    // How many wait in each pool (kQuickPools' order), and the pool and seek of `viewer`'s
    // account, if it waits in one.
    struct Pools {
        std::array<int, kQuickPools.size()> waiting{};
        std::optional<SeekRow> mine;
    };
    Pools pools(const std::optional<std::string>& viewer);

    // The seat an account's session token holds in the game, if the game is an account game and
    // the token's account one of its players.
    std::optional<Color> seat(const std::string& game_id, std::string_view token);
    // The account game, if the game is one.
    std::optional<AccountGameRow> account_game(const std::string& game_id);
    // The account's ratings by pool (only the pools it has played).
    std::vector<RatingRow> ratings(const std::string& account_id);
    // The account's games (play_store.hpp).
    std::vector<AccountGameRow> games_of(const AccountGameQuery& query);
    // Settles the game now if it is over as stored (tests; the settling thread does this).
    RateOutcome settle(const std::string& game_id);

    // A live connection joins: the open seeks and who is online, as they stand (the connection
    // gets every change after them). ApiError 503 past max_listeners.
    struct Snapshot {
        std::vector<SeekRow> seeks;
        std::vector<std::string> online;
        std::array<int, kQuickPools.size()> waiting{};  // in each quick pairing pool
    };
    Snapshot join(const std::shared_ptr<LobbyListener>& listener);
    // It leaves; its account's seeks are withdrawn once the account has had no connection for
    // leave_after.
    void part(const std::shared_ptr<LobbyListener>& listener);
    // The account of a session token, if any (the lobby's connections sign in with it).
    std::optional<Session> session(const std::string& token);

    // Calls `then` once the feed has read the seeks after every change made here so far and
    // told the connections (at once when it has; on the feed's thread otherwise, or when the
    // lobby stops): an answer sent from it is never ahead of the lobby, a client that joins
    // after it finds the change in its snapshot, and no request's thread waits for the feed.
    // While the store fails the feed's reads, `then` is called after 5 s all the same.
    void after_told(std::move_only_function<void()> then);

  private:
    void log(const std::string& line);
    void game_over(const std::string& game_id);
    void settling_loop();
    // The lobby's own thread: reads the seeks when told of a change here (changed()) or every
    // poll_every, and tells the connections what was added and what went, and the two players of
    // each seek that became a game; withdraws the seeks of players gone.
    void feed_loop();
    // How long the feed may sleep: until the next poll, or a held-back list of who is online.
    std::chrono::steady_clock::duration feed_wait() const;
    // Tells the feed thread of a change made here (it does not wait: after_told does).
    void changed();
    // A seek made or taken here: the feed thread looks for it at its next read even if it never
    // saw it (another server may take it first), so that its players are told of its game.
    void watch(const SeekRow& seek);
    // Stores a new seek of the session's account (made now), for the feed to tell.
    SeekRow open_seek(SeekRow seek, const Session& session);
    // A new seek's (or pool place's) limits: the account's rate (429), its open seeks (429), the
    // lobby's `in_lobby` seeks (503).
    void take_seek_token(const std::string& account);
    void check_room(const std::string& account, std::size_t in_lobby);
    // The game of two accounts made from `seek` (accepted, or paired with another: `made` says
    // who plays which colour), created in the games' service; its players cached.
    void create_account_game(const AccountGameRow& made, const SeekRow& seek);
    // The feed thread's quick pairing of the seeks just read: pairs each pool's waiting players
    // (pair_pool), takes their two seeks and makes their game (PlayStore::pair_seeks: of several
    // servers pairing at once, one gets each seek), and removes the paired seeks from `seeks`.
    // The games made.
    std::vector<AccountGameRow> pair_quick_seeks(std::vector<SeekRow>& seeks);
    // Tells the connections of `only_accounts` (empty: every connection, at the pass's end with
    // the pass's other changes for everyone: publish_pass).
    void publish(const std::shared_ptr<const LobbyEvent>& event,
                 const std::vector<std::string>& only_accounts = {});
    void publish_pass();
    void deliver(const std::shared_ptr<const LobbyEvent>& event,
                 const std::vector<std::string>& only_accounts);
    // The feed thread's part of who is online: writes this server's accounts that came and went
    // (and renews its row when due), withdraws the seeks of the players gone from every server,
    // and reads who is online on all of them when that may have changed. Without the lock.
    struct PresenceChange {
        std::optional<std::vector<std::string>> local;  // this server's accounts, if they changed
        std::vector<std::string> departed;              // gone from here for leave_after
        bool read = false;                              // another server's may have changed
    };
    std::optional<std::vector<std::string>> sync_presence(const PresenceChange& change);
    // The two accounts of an account game (cached: they never change), or nullopt.
    struct Players {
        std::optional<std::string> white;
        std::optional<std::string> black;
    };
    std::optional<Players> players(const std::string& game_id);

    PlayStore& store_;
    AccountService& accounts_;
    GameService& games_;
    LobbyOptions options_;

    std::mutex players_mutex_;
    std::unordered_map<std::string, Players> players_;  // game id -> accounts, bounded
    std::deque<std::string> players_order_;

    std::mutex settle_mutex_;
    std::condition_variable settle_wake_;
    std::deque<std::pair<std::string, int>> to_settle_;  // game id, attempts
    bool stopping_ = false;
    std::thread settler_;

    std::mutex feed_mutex_;
    std::condition_variable feed_wake_;
    bool feed_changed_ = false;
    std::uint64_t changes_asked_ = 0;  // changed()'s calls
    std::uint64_t changes_told_ = 0;   // of them, those the feed thread has published
    // after_told's calls waiting, by the number of changes asked before them (in order).
    struct ToldWaiting {
        std::uint64_t change;                       // changes asked before it
        std::chrono::steady_clock::time_point due;  // answered then at the latest
        std::move_only_function<void()> then;
    };
    std::deque<ToldWaiting> told_waiting_;
    bool online_changed_ = false;         // this server's accounts changed
    bool remote_online_changed_ = false;  // another server's may have
    const std::string server_id_;         // this server's row of who is online
    // The feed thread's alone: this server's accounts as written, the names last told, when the
    // row is renewed next.
    std::unordered_set<std::string> presence_written_;
    std::vector<std::string> online_told_;
    std::optional<std::vector<std::string>> online_pending_;  // changed, not told yet
    std::chrono::steady_clock::time_point online_due_{};      // when it may be
    std::chrono::steady_clock::time_point presence_due_{};
    bool presence_registered_ = false;                   // its row written (stop() deletes it)
    std::chrono::steady_clock::time_point last_pass_{};  // the feed thread's
    std::unique_ptr<StoreListener> store_listener_;      // other servers' changes, if any
    bool feed_stopping_ = false;
    bool known_read_ = false;
    std::vector<std::weak_ptr<LobbyListener>> listeners_;
    // Connections by account id; an account without one since the time given, to be withdrawn.
    std::unordered_map<std::string, int> connections_;
    std::unordered_map<std::string, std::chrono::steady_clock::time_point> gone_since_;
    std::unordered_map<std::string, SeekRow> known_seeks_;         // the feed thread's alone
    std::vector<SeekRow> watched_;                                 // watch()'s, for the next pass
    std::vector<std::shared_ptr<const LobbyEvent>> for_everyone_;  // this pass's, in order
    // The games this server told their players of (bounded), each told once.
    RecentIds told_games_;
    // The seeks told gone (bounded; the feed thread's alone): one watched after is not again.
    RecentIds gone_told_;
    std::array<int, kQuickPools.size()> waiting_{};  // in each pool, as last read
    // Quick seeks gone whose game was not found yet, with the rounds looked (the feed thread's).
    std::unordered_map<std::string, int> quick_unfound_;
    // Seeks gone, not quick, whose game was not found yet (accepted, the game's row not stored
    // yet, or withdrawn), with the rounds looked; the feed thread's alone.
    std::unordered_map<std::string, int> games_unfound_;
    FanOut fan_out_;  // a message for everyone, to every connection (before feeder_: it uses it)
    std::thread feeder_;
};

}  // namespace chess960::server
