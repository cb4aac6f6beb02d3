// The lobby's feed: its own thread reads the open seeks when told of a change here (changed())
// or another server's (heard()), or every poll_every, and tells the live connections what was
// added and what went (seek_changes.hpp), each game made to its two players, how many wait in
// each pool, and who is online; the changes of one pass go to each connection as one message,
// the ones for everyone written by the fan-out's threads. What a pass reads comes from the
// lobby's facade (Sources): the feed knows the store only to find the game of a seek gone.
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "lobby/fan_out.hpp"
#include "lobby/feed.hpp"
#include "lobby/options.hpp"
#include "lobby/recent_ids.hpp"
#include "lobby/seek_changes.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

class LobbyFeed {
  public:
    using Clock = std::chrono::steady_clock;
    // What a pass reads, without the feed's lock; each may throw (the pass then tells nothing
    // of the seeks).
    struct Sources {
        // Who is online, when it is to be told now (LobbyPresence::pass).
        std::function<std::optional<std::vector<std::string>>()> online;
        // The open seeks after this pass's quick pairing, and the games it made.
        std::function<std::vector<SeekRow>(std::vector<AccountGameRow>& paired)> seeks;
        // Until when a list of who is online is held back, if one is.
        std::function<std::optional<Clock::time_point>()> online_held;
    };
    // Starts the thread; `store` and the sources' objects outlive it.
    LobbyFeed(SeekStore& store, const LobbyOptions& options, Sources sources);
    ~LobbyFeed();
    LobbyFeed(const LobbyFeed&) = delete;
    LobbyFeed& operator=(const LobbyFeed&) = delete;
    // Stops the thread; what waits in after_told is answered.
    void stop();

    // A change made here: the next pass reads the seeks, and after_told waits for it.
    void changed();
    // A seek made or taken here: the next pass looks for it even if no pass ever read it
    // (another server may take it first), so that its players are told of its game.
    void watch(const SeekRow& seek);
    // Another server's seeks may have changed (`seeks`), or who is online: a pass soon.
    void heard(bool seeks);
    // Calls `then` once a pass has read the seeks after every change made here so far and told
    // the connections (at once when it has; on the feed's thread otherwise, or when it stops):
    // an answer sent from it is never ahead of the lobby. While the store fails the passes'
    // reads, `then` is called after 5 s all the same.
    void after_told(std::move_only_function<void()> then);

    // A live connection joins: the open seeks it may see and the pools' counts, as told so far
    // (it gets every change after them). ApiError 503 past max_listeners.
    struct Joined {
        std::vector<SeekRow> seeks;
        std::array<int, kQuickPools.size()> waiting{};
    };
    Joined join(const std::shared_ptr<LobbyListener>& listener);
    void part(const std::shared_ptr<LobbyListener>& listener);

  private:
    // What a pass read and looked up, without the lock.
    struct Pass {
        std::optional<std::vector<std::string>> online;
        std::optional<std::vector<SeekRow>> seeks;
        std::vector<AccountGameRow> paired;
        SeekChanges changes;
        std::vector<std::optional<AccountGameRow>> games_of_gone;  // by changes.gone
    };
    void loop();
    // Waits for a change, a poll or a held-back list; false when stopping.
    bool wait(std::unique_lock<std::mutex>& lock);
    Clock::duration wait_at_most() const;
    Pass read(const std::vector<SeekRow>& watched);
    // Tells the connections what the pass found (with the lock).
    void tell(Pass& pass);
    void tell_seeks(Pass& pass);
    // Tells the game's players it started, once.
    void tell_started(const AccountGameRow& game);
    // Answers the after_told calls the pass told (with the lock; released while they run).
    void answer_told(std::unique_lock<std::mutex>& lock);
    // Tells the connections of `only_accounts`, or (empty) every connection at the pass's end
    // with the pass's other changes for everyone (publish_pass).
    void publish(const std::shared_ptr<const LobbyEvent>& event,
                 const std::vector<std::string>& only_accounts = {});
    void publish_pass();
    void deliver_to(const std::shared_ptr<const LobbyEvent>& event,
                    const std::vector<std::string>& accounts);
    void deliver_to_all(const std::shared_ptr<const LobbyEvent>& event);

    SeekStore& store_;
    const LobbyOptions& options_;
    Sources sources_;

    std::mutex mutex_;
    std::condition_variable wake_;
    bool changed_ = false;
    bool woken_ = false;
    bool stopping_ = false;
    bool started_ = false;
    std::uint64_t asked_ = 0;  // changed()'s calls
    std::uint64_t told_ = 0;   // of them, those a pass has published
    // after_told's calls waiting, by the number of changes asked before them (in order).
    struct ToldWaiting {
        std::uint64_t change;   // changes asked before it
        Clock::time_point due;  // answered then at the latest
        std::move_only_function<void()> then;
    };
    std::deque<ToldWaiting> told_waiting_;
    Clock::time_point last_pass_{};
    std::vector<std::weak_ptr<LobbyListener>> listeners_;
    std::unordered_map<std::string, SeekRow> known_;               // written by the thread alone
    std::vector<SeekRow> watched_;                                 // watch()'s, for the next pass
    std::vector<std::shared_ptr<const LobbyEvent>> for_everyone_;  // this pass's, in order
    RecentIds told_games_;  // the games told their players (bounded), each told once
    RecentIds gone_told_;   // the seeks told gone (bounded): one watched after is not again
    std::array<int, kQuickPools.size()> waiting_{};  // in each pool, as last read
    FanOut fan_out_;  // a message for everyone, to every connection (before thread_: it uses it)
    std::thread thread_;
};

}  // namespace chess960::server
