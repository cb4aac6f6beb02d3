#include "server/live.hpp"

#include <algorithm>

namespace chess960::server {

std::shared_ptr<const LiveEvent> make_event(std::string_view name, std::string json) {
    auto event = std::make_shared<LiveEvent>();
    event->sse.reserve(json.size() + name.size() + 16);
    event->sse.append("event: ").append(name).append("\ndata: ").append(json).append("\n\n");
    event->json = std::move(json);
    return event;
}

std::shared_ptr<const LiveEvent> game_event(const std::string& view,
                                            std::optional<std::int64_t> id) {
    auto event = std::make_shared<LiveEvent>();
    event->json = "{\"type\":\"game\",";
    if (id) event->json += "\"id\":" + std::to_string(*id) + ",";
    event->json += "\"game\":" + view + "}";
    event->sse = "event: game\ndata: " + view + "\n\n";
    return event;
}

void Audience::add(const std::shared_ptr<Subscriber>& subscriber, std::uint64_t seen) {
    std::lock_guard lock(mutex_);
    std::erase_if(members_, [](const Member& member) { return member.subscriber.expired(); });
    for (Member& member : members_) {
        if (member.subscriber.lock() == subscriber) {
            member.seen = seen;
            return;
        }
    }
    members_.push_back(Member{subscriber, seen});
}

void Audience::publish(const std::shared_ptr<const LiveEvent>& event, std::uint64_t version,
                       const Subscriber* except) {
    std::lock_guard lock(mutex_);
    std::erase_if(members_, [&](Member& member) {
        auto subscriber = member.subscriber.lock();
        if (!subscriber) return true;
        if (member.seen >= version) return false;
        member.seen = version;
        return subscriber.get() != except && !subscriber->deliver(event);
    });
}

void Audience::close_all() {
    std::vector<Member> members;
    {
        std::lock_guard lock(mutex_);
        members.swap(members_);
    }
    for (Member& member : members)
        if (auto subscriber = member.subscriber.lock()) subscriber->close();
}

std::size_t Audience::size() {
    std::lock_guard lock(mutex_);
    return members_.size();
}

}  // namespace chess960::server
