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
    // "event: <name>\ndata: <json>\n\n" as one chunk of an event stream's chunked body, framed
    // once for every watcher; empty for a message only a WebSocket gets (socket_message).
    std::string sse;
};
std::shared_ptr<const LiveEvent> make_event(std::string_view name, std::string json);
// An answer to one WebSocket (ack, error, pong): no event-stream form.
std::shared_ptr<const LiveEvent> socket_message(std::string json);
// The whole game: {"type":"game",("id":n,)"game":<view>} on a WebSocket, and the view itself
// as the data of an SSE `game` event.
std::shared_ptr<const LiveEvent> game_event(const std::string& view,
                                            std::optional<std::int64_t> id);
// `data` as one chunk of a chunked HTTP body.
std::string http_chunk(std::string_view data);

class Subscriber {
  public:
    virtual ~Subscriber() = default;
    // Queues the event without blocking; false when the connection is closed or too far
    // behind (the audience then forgets it).
    virtual bool deliver(const std::shared_ptr<const LiveEvent>& event) = 0;
    // Ends the connection (its client reconnects and gets the whole game again).
    virtual void close() = 0;
    // Whether it gets the `room` events (Audience::broadcast): only a client that asked for
    // them, so that clients of the protocol before them see no new message. Set before the
    // subscriber joins an audience.
    bool wants_room = false;
};

// The subscribers of one game. A game's events are published in the order they happened,
// each once it is stored (StoreWriter), so they may lag behind the game in memory: every
// change has a version (1, 2, ...), a subscriber is added with the version of the whole game
// it was given, and gets only the events after that one.
class Audience {
  public:
    // Adds a subscriber that has seen the game at `seen`, or updates the version of one that is
    // there already (a resync).
    void add(const std::shared_ptr<Subscriber>& subscriber, std::uint64_t seen);
    // Delivers `event`, the change to `version`, to every subscriber that has not seen it but
    // `except` (the connection that made the change and gets its acknowledgement instead).
    void publish(const std::shared_ptr<const LiveEvent>& event, std::uint64_t version,
                 const Subscriber* except = nullptr);
    // Delivers `event` to every subscriber that wants the `room` events, whatever it has seen:
    // for messages outside the game's versions, each of which carries all it says.
    void broadcast(const std::shared_ptr<const LiveEvent>& event);
    // Closes every subscriber's connection and forgets them all.
    void close_all();
    std::size_t size();

  private:
    struct Member {
        std::weak_ptr<Subscriber> subscriber;
        std::uint64_t seen;
    };
    std::mutex mutex_;
    std::vector<Member> members_;
};

}  // namespace chess960::server
