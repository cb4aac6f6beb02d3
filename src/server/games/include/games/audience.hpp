// The live connections watching a game (live/: Server-Sent Events or WebSocket) as the game
// service sees them, and the fan-out of the game's changes to them. A change is one typed
// GameUpdate shared by every watcher; its text is rendered once, by the first connection that
// sends it, and the rest send the same text. Delivering only queues it on the connection,
// which writes at its own pace and is dropped if it falls too far behind (it resyncs with the
// whole game when it reconnects).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/rooms.hpp"
#include "games/snapshot.hpp"

namespace chess960::server {

// Text made from a typed value by the first thread that asks for it (a connection's writer, an
// HTTP answer), then shared by every other that sends the same value. Once made, asking costs one
// atomic load (std::call_once cost more on every message of the busiest path).
template <typename Text>
class RenderedOnce {
  public:
    template <typename Render>
    const Text& get(Render&& render) const {
        if (!ready_.load(std::memory_order_acquire)) {
            std::lock_guard lock(mutex_);
            if (!ready_.load(std::memory_order_relaxed)) {
                text_ = render();
                ready_.store(true, std::memory_order_release);
            }
        }
        return text_;
    }

  private:
    mutable std::atomic<bool> ready_{false};
    mutable std::mutex mutex_;
    mutable Text text_;
};

// One message to the live connections, framed once for each: the JSON object (an HTTP answer,
// an acknowledgement's members), the WebSocket message (with its "type"), and the event
// stream's chunk.
struct LiveTexts {
    std::string json;
    std::string message;
    std::string sse;
};

// A change of a game, as its watchers are told it (docs/live.md): a move (`move` event), a
// change of its state (`state`: an offer, its end, the engine thinking) or a takeback back to
// `ply` (`takeback`). The state and legal moves are the game's after the change.
struct GameUpdate {
    enum class Kind { Move, State, Takeback };
    Kind kind = Kind::State;
    GameState state;
    std::optional<MoveInfo> move;  // Kind::Move
    int ply = 0;                   // Move: the move's ply; Takeback: the ply gone back to
    RenderedOnce<LiveTexts> texts;
};

// The room of a game (the `room` event), for the connections that asked for it.
struct RoomChange {
    std::string game_id;
    RoomView room;
    RenderedOnce<LiveTexts> texts;
};

// A live connection, as the game's audience holds it.
class Watcher {
  public:
    virtual ~Watcher() = default;
    // Each queues without blocking; false when the connection is closed or too far behind (the
    // audience then forgets it).
    virtual bool deliver(const std::shared_ptr<const GameUpdate>& update) = 0;
    virtual bool deliver(const std::shared_ptr<const RoomChange>& room) = 0;
    // The whole game (`resync`: the id of the WebSocket request it answers).
    virtual bool deliver(GameView game, std::optional<std::int64_t> resync) = 0;
    // Ends the connection (its client reconnects and gets the whole game again).
    virtual void close() = 0;
    // Whether it gets the `room` events (Audience::broadcast): only a client that asked for
    // them, so that clients of the protocol before them see no new message. Set before the
    // watcher joins an audience.
    bool wants_room = false;
};

// The watchers of one game. A game's changes are published in the order they happened, each
// once it is stored (StoreWriter), so they may lag behind the game in memory: every change has
// a version (1, 2, ...), a watcher is added with the version of the whole game it was given,
// and gets only the changes after that one.
class Audience {
  public:
    // Adds a watcher that has seen the game at `seen`, or updates the version of one that is
    // there already (a resync).
    void add(const std::shared_ptr<Watcher>& watcher, std::uint64_t seen);
    // Delivers `update`, the change to `version`, to every watcher that has not seen it but
    // `except` (the connection that made the change and gets its acknowledgement instead).
    void publish(const std::shared_ptr<const GameUpdate>& update, std::uint64_t version,
                 const Watcher* except = nullptr);
    // Delivers `room` to every watcher that wants the `room` events, whatever it has seen: for
    // messages outside the game's versions, each of which carries all it says.
    void broadcast(const std::shared_ptr<const RoomChange>& room);
    // Closes every watcher's connection and forgets them all.
    void close_all();
    std::size_t size();

  private:
    struct Member {
        std::weak_ptr<Watcher> watcher;
        std::uint64_t seen;
    };
    std::mutex mutex_;
    std::vector<Member> members_;
};

}  // namespace chess960::server
