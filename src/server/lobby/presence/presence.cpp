#include "lobby/presence.hpp"

#include <algorithm>

#include "common/now.hpp"
#include "store/secrets.hpp"

namespace chess960::server {

LobbyPresence::LobbyPresence(PresenceStore& presence, SeekStore& seeks, const LobbyOptions& options)
    : presence_(presence), seeks_(seeks), options_(options), server_id_(random_hex(8)) {}

void LobbyPresence::stop() {
    if (!std::exchange(registered_, false)) return;
    try {
        presence_.drop_server(server_id_);
    } catch (const std::exception& e) {
        if (options_.log)
            options_.log(std::string("leaving the list of who is online failed: ") + e.what());
    }
}

bool LobbyPresence::arrive(const std::string& account) {
    std::lock_guard lock(mutex_);
    gone_since_.erase(account);
    if (connections_[account]++ > 0) return false;
    local_changed_ = true;
    return true;
}

bool LobbyPresence::depart(const std::string& account) {
    std::lock_guard lock(mutex_);
    auto it = connections_.find(account);
    if (it == connections_.end() || --it->second > 0) return false;
    connections_.erase(it);
    gone_since_[account] = Clock::now();
    local_changed_ = true;
    return true;
}

void LobbyPresence::heard() {
    std::lock_guard lock(mutex_);
    remote_changed_ = true;
}

std::vector<std::string> LobbyPresence::told() const {
    std::lock_guard lock(mutex_);
    return told_;
}

std::optional<LobbyPresence::Clock::time_point> LobbyPresence::held_until() const {
    if (!pending_) return std::nullopt;
    return told_due_;
}

LobbyPresence::Change LobbyPresence::take_change() {
    std::lock_guard lock(mutex_);
    Change change;
    change.read = std::exchange(remote_changed_, false);
    if (std::exchange(local_changed_, false)) {
        change.local.emplace();
        change.local->reserve(connections_.size());
        for (const auto& [account, count] : connections_) change.local->push_back(account);
    }
    const auto now = Clock::now();
    std::erase_if(gone_since_, [&](const auto& entry) {
        if (now - entry.second < options_.leave_after) return false;
        change.departed.push_back(entry.first);
        return true;
    });
    return change;
}

std::optional<std::vector<std::string>> LobbyPresence::pass() {
    if (auto read = sync(take_change())) pending_ = std::move(*read);
    if (!pending_ || Clock::now() < told_due_) return std::nullopt;
    std::vector<std::string> names = std::move(*std::exchange(pending_, std::nullopt));
    std::lock_guard lock(mutex_);
    if (names == told_) return std::nullopt;
    told_ = names;
    told_due_ = Clock::now() + options_.online_every;
    return names;
}

void LobbyPresence::write(const std::vector<std::string>& joined,
                          const std::vector<std::string>& left) {
    const bool known = presence_.update_presence(server_id_, joined, left, now_ms());
    for (const std::string& account : left) written_.erase(account);
    written_.insert(joined.begin(), joined.end());
    if (!known && registered_) {
        // Taken for dead by another server (this one stalled): its accounts are written again.
        if (options_.log)
            options_.log(
                "the lobby's row of who is online had been dropped: "
                "written again");
        presence_.update_presence(server_id_, {written_.begin(), written_.end()}, {}, now_ms());
    }
    registered_ = true;
}

std::vector<std::string> LobbyPresence::to_withdraw(const Change& change, bool due,
                                                    std::int64_t alive_since) {
    std::vector<std::string> withdraw;
    for (const std::string& account : change.departed)
        if (!presence_.online_elsewhere(account, server_id_, alive_since))
            withdraw.push_back(account);
    if (due) {
        // A server that stopped without saying so: its players are offline; their seeks go,
        // unless they came back here.
        for (std::string& account : presence_.drop_servers_seen_before(alive_since))
            if (!written_.contains(account)) withdraw.push_back(std::move(account));
    }
    return withdraw;
}

std::optional<std::vector<std::string>> LobbyPresence::sync(const Change& change) {
    const auto now = Clock::now();
    const std::int64_t alive_since =
        now_ms() -
        std::chrono::duration_cast<std::chrono::milliseconds>(options_.presence_timeout).count();
    bool read = change.read;
    std::vector<std::string> joined;
    std::vector<std::string> left;
    if (change.local) {
        const std::unordered_set<std::string> local(change.local->begin(), change.local->end());
        for (const std::string& account : local)
            if (!written_.contains(account)) joined.push_back(account);
        for (const std::string& account : written_)
            if (!local.contains(account)) left.push_back(account);
    }
    const bool due = now >= renew_due_;
    if (due || !joined.empty() || !left.empty()) {
        write(joined, left);
        read = true;
    }
    const std::vector<std::string> withdraw = to_withdraw(change, due, alive_since);
    if (due) renew_due_ = now + options_.presence_every;
    for (const std::string& account : withdraw) seeks_.delete_seeks_of(account);
    if (!read) return std::nullopt;
    std::vector<std::string> names;
    for (PresenceRow& row : presence_.online(alive_since)) names.push_back(std::move(row.name));
    std::ranges::sort(names);
    return names;
}

}  // namespace chess960::server
