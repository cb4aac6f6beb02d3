// What the players of a game share beside the moves (docs/live.md, "room"): the names they
// chose, whether each seat has joined and is connected now (presence), and a rematch offer
// with the game it became. Kept in memory only: a name lives in its player's browser, which
// says it again on reconnecting, so a restart loses nothing a player cannot give back.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "chess960/types.hpp"

namespace chess960::server {

struct LiveGame;

// A rematch: offered by one seat, accepted by the other (or at once against the engine); once
// accepted, the new game and each seat's token in it (the colours swapped).
struct Rematch {
    std::optional<Color> offered_by;
    bool new_position = false;
    std::string game_id;                // empty until accepted
    std::array<std::string, 2> tokens;  // by the OLD game's seat: tokens[White] plays black
};

// A room as it stands (docs/live.md, "room"): each seat's name, whether it has joined and is
// connected now, and the rematch.
struct RoomView {
    struct Seat {
        std::optional<std::string> name;
        bool joined = false;
        bool connected = false;
    };
    std::array<Seat, 2> seats;  // by colour
    Rematch rematch;
};

class Rooms {
  public:
    // A live connection holding `seat` opened or closed.
    void connected(const std::string& game, Color seat);
    void disconnected(const std::string& game, Color seat);
    // A seat's name: trimmed of spaces, normalized and checked as text/names.hpp says, 1 to
    // kMaxName characters (ApiError 400 otherwise).
    void set_name(const std::string& game, Color seat, std::string_view name);
    std::optional<std::string> name(const std::string& game, Color seat);

    // The game's rematch as it stands (an empty one when none was offered).
    Rematch rematch(const std::string& game);
    void set_rematch(const std::string& game, Rematch rematch);

    RoomView view(const std::string& game);

    // Held while a rematch is accepted, so that two answers make one game.
    std::mutex accepting;

    static constexpr std::size_t kMaxName = 24;
    // Rooms kept at most; past it, those with nobody connected are forgotten.
    static constexpr std::size_t kMaxRooms = 20000;

  private:
    struct Seat {
        std::string name;
        bool joined = false;
        int connections = 0;
    };
    struct Room {
        std::array<Seat, 2> seats;
        Rematch rematch;
    };
    Room& room(const std::string& game);  // the caller holds mutex_

    std::mutex mutex_;
    std::unordered_map<std::string, Room> rooms_;
};

// A name as players may choose it, or nullopt when it is not one (why in `why`).
std::optional<std::string> clean_player_name(std::string_view text, std::string& why);

// The room of `game` sent to its whole audience (the `room` event of docs/live.md).
void publish_room(LiveGame& game, Rooms& rooms, const std::string& id);

// A live connection's presence for as long as it lives: its seat (if any) counted connected,
// and the room published when it comes (so that it gets the room after the whole game) and
// when it leaves. A connection ended by the server's stop does not leave (its frame is
// destroyed with the io_context, when nothing may be delivered): it is only uncounted.
class Presence {
  public:
    Presence(Rooms& rooms, std::shared_ptr<LiveGame> game, std::optional<Color> seat);
    // The connection has ended: uncounted, and the room published to the others.
    void leave();
    ~Presence();
    Presence(const Presence&) = delete;
    Presence& operator=(const Presence&) = delete;

  private:
    Rooms& rooms_;
    std::shared_ptr<LiveGame> game_;
    std::string id_;
    std::optional<Color> seat_;
    bool left_ = false;
};

}  // namespace chess960::server
