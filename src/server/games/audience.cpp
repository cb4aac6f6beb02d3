#include "games/audience.hpp"

#include <algorithm>

namespace chess960::server {

void Audience::add(const std::shared_ptr<Watcher>& watcher, std::uint64_t seen) {
    std::lock_guard lock(mutex_);
    std::erase_if(members_, [](const Member& member) { return member.watcher.expired(); });
    for (Member& member : members_) {
        if (member.watcher.lock() == watcher) {
            member.seen = seen;
            return;
        }
    }
    members_.push_back(Member{watcher, seen});
}

void Audience::publish(const std::shared_ptr<const GameUpdate>& update, std::uint64_t version,
                       const Watcher* except) {
    std::lock_guard lock(mutex_);
    std::erase_if(members_, [&](Member& member) {
        auto watcher = member.watcher.lock();
        if (!watcher) return true;
        if (member.seen >= version) return false;
        member.seen = version;
        return watcher.get() != except && !watcher->deliver(update);
    });
}

void Audience::broadcast(const std::shared_ptr<const RoomChange>& room) {
    std::lock_guard lock(mutex_);
    std::erase_if(members_, [&](Member& member) {
        auto watcher = member.watcher.lock();
        if (!watcher) return true;
        return watcher->wants_room && !watcher->deliver(room);
    });
}

void Audience::close_all() {
    std::vector<Member> members;
    {
        std::lock_guard lock(mutex_);
        members.swap(members_);
    }
    for (Member& member : members)
        if (auto watcher = member.watcher.lock()) watcher->close();
}

std::size_t Audience::size() {
    std::lock_guard lock(mutex_);
    return members_.size();
}

}  // namespace chess960::server
