// Live connections watching a game (Server-Sent Events or WebSocket) and the fan-out of a
// game's events to them. An event is rendered once for every watcher; delivering it only
// queues it on the connection, which writes at its own pace and is dropped if it falls too
// far behind (it resyncs with the whole game when it reconnects).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace chess960::server {

// One event, framed for each transport: the same JSON object in both.
struct LiveEvent {
    std::string json;  // a WebSocket text message
    std::string sse;   // "event: <name>\ndata: <json>\n\n"
};
std::shared_ptr<const LiveEvent> make_event(std::string_view name, std::string json);
// The whole game: {"type":"game",("id":n,)"game":<view>} on a WebSocket, and the view itself
// as the data of an SSE `game` event.
std::shared_ptr<const LiveEvent> game_event(const std::string& view,
                                            std::optional<std::int64_t> id);

class Subscriber {
  public:
    virtual ~Subscriber() = default;
    // Queues the event without blocking; false when the connection is closed or too far
    // behind (the audience then forgets it).
    virtual bool deliver(const std::shared_ptr<const LiveEvent>& event) = 0;
};

// The subscribers of one game. Publishing is done under the game's lock, so that every
// watcher sees the game's events in the order they happened.
class Audience {
  public:
    void add(const std::shared_ptr<Subscriber>& subscriber);
    void publish(const std::shared_ptr<const LiveEvent>& event);
    std::size_t size();

  private:
    std::mutex mutex_;
    std::vector<std::weak_ptr<Subscriber>> subscribers_;
};

}  // namespace chess960::server
