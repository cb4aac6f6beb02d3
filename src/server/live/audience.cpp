#include "live/audience.hpp"

#include <algorithm>
#include <cstdio>

namespace chess960::server {

std::string http_chunk(std::string_view data) {
    char size[20];
    const int length = std::snprintf(size, sizeof size, "%zx\r\n", data.size());
    std::string text;
    text.reserve(std::size_t(length) + data.size() + 2);
    text.append(size, std::size_t(length)).append(data).append("\r\n");
    return text;
}

namespace {

std::string sse_chunk(std::string_view name, std::string_view data) {
    std::string event;
    event.reserve(name.size() + data.size() + 16);
    event.append("event: ").append(name).append("\ndata: ").append(data).append("\n\n");
    return http_chunk(event);
}

}  // namespace

std::shared_ptr<const LiveEvent> make_event(std::string_view name, std::string json) {
    auto event = std::make_shared<LiveEvent>();
    event->sse = sse_chunk(name, json);
    event->json = std::move(json);
    return event;
}

std::shared_ptr<const LiveEvent> socket_message(std::string json) {
    auto event = std::make_shared<LiveEvent>();
    event->json = std::move(json);
    return event;
}

std::shared_ptr<const LiveEvent> game_event(const std::string& view,
                                            std::optional<std::int64_t> id) {
    auto event = std::make_shared<LiveEvent>();
    event->json = "{\"type\":\"game\",";
    if (id) event->json += "\"id\":" + std::to_string(*id) + ",";
    event->json += "\"game\":" + view + "}";
    event->sse = sse_chunk("game", view);
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

void Audience::broadcast(const std::shared_ptr<const LiveEvent>& event) {
    std::lock_guard lock(mutex_);
    std::erase_if(members_, [&](Member& member) {
        auto subscriber = member.subscriber.lock();
        if (!subscriber) return true;
        return subscriber->wants_room && !subscriber->deliver(event);
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
