// Who is online: the accounts with a live lobby connection on any server sharing the database.
// Each server keeps its row of accounts in the presence store (renewed every presence_every; a
// server silent for presence_timeout is taken for dead, its accounts offline). An account gone
// from every server for leave_after has its seeks withdrawn. The list told to the connections
// goes out at most every online_every. The feed's passes call pass(); connections arrive and
// depart from the requests' threads.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "lobby/options.hpp"
#include "store/presence_store.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

class LobbyPresence {
  public:
    using Clock = std::chrono::steady_clock;
    // `seeks` withdraws the seeks of the accounts gone.
    LobbyPresence(PresenceStore& presence, SeekStore& seeks, const LobbyOptions& options);
    // This server's row of who is online goes (its players are online through it no more).
    void stop();

    // A connection of the account came, or went: whether the account's being online here
    // changed (a pass is wanted).
    bool arrive(const std::string& account);
    bool depart(const std::string& account);
    // Another server's accounts may have changed: the next pass reads who is online.
    void heard();
    // The names last told, as a connection joining is given them.
    std::vector<std::string> told() const;

    // A pass of the feed: writes this server's accounts that came and went (and renews its row
    // when due), withdraws the seeks of players gone from every server, reads who is online when
    // that may have changed. The names to tell now, if they changed and may be told.
    std::optional<std::vector<std::string>> pass();
    // When a list held back by online_every may be told, if one is.
    std::optional<Clock::time_point> held_until() const;

  private:
    struct Change {
        std::optional<std::vector<std::string>> local;  // this server's accounts, if changed
        std::vector<std::string> departed;              // gone from here for leave_after
        bool read = false;                              // another server's may have changed
    };
    Change take_change();
    // Writes the change; who is online on every server when it may have changed.
    std::optional<std::vector<std::string>> sync(const Change& change);
    void write(const std::vector<std::string>& joined, const std::vector<std::string>& left);
    std::vector<std::string> to_withdraw(const Change& change, bool due, std::int64_t alive_since);

    PresenceStore& presence_;
    SeekStore& seeks_;
    const LobbyOptions& options_;
    const std::string server_id_;  // this server's row of who is online

    mutable std::mutex mutex_;
    // Connections by account id; an account without one since the time given, to be withdrawn.
    std::unordered_map<std::string, int> connections_;
    std::unordered_map<std::string, Clock::time_point> gone_since_;
    bool local_changed_ = false;   // this server's accounts changed
    bool remote_changed_ = false;  // another server's may have
    std::vector<std::string> told_;

    // The passes' alone: this server's accounts as written, the list not told yet and when it
    // may be, when the row is renewed next.
    std::unordered_set<std::string> written_;
    std::optional<std::vector<std::string>> pending_;
    Clock::time_point told_due_{};
    Clock::time_point renew_due_{};
    bool registered_ = false;  // its row written (stop() deletes it)
};

}  // namespace chess960::server
