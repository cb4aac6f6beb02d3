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

void Audience::add(const std::shared_ptr<Subscriber>& subscriber) {
    std::lock_guard lock(mutex_);
    std::erase_if(subscribers_, [](const auto& weak) { return weak.expired(); });
    subscribers_.push_back(subscriber);
}

void Audience::publish(const std::shared_ptr<const LiveEvent>& event) {
    std::lock_guard lock(mutex_);
    std::erase_if(subscribers_, [&](const std::weak_ptr<Subscriber>& weak) {
        auto subscriber = weak.lock();
        return !subscriber || !subscriber->deliver(event);
    });
}

std::size_t Audience::size() {
    std::lock_guard lock(mutex_);
    return subscribers_.size();
}

}  // namespace chess960::server
