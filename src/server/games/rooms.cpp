#include "games/rooms.hpp"

#include "common/api_error.hpp"
#include "common/words.hpp"
#include "games/audience.hpp"
#include "games/live_game.hpp"
#include "text/names.hpp"

namespace chess960::server {

Rooms::Room& Rooms::room(const std::string& game) {
    auto it = rooms_.find(game);
    if (it != rooms_.end()) return it->second;
    if (rooms_.size() >= kMaxRooms)
        std::erase_if(rooms_, [](const auto& entry) {
            const auto& seats = entry.second.seats;
            return seats[White].connections == 0 && seats[Black].connections == 0;
        });
    return rooms_[game];
}

void Rooms::connected(const std::string& game, Color seat) {
    std::lock_guard lock(mutex_);
    Seat& s = room(game).seats[seat];
    s.joined = true;
    ++s.connections;
}

void Rooms::disconnected(const std::string& game, Color seat) {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(game);
    if (it == rooms_.end()) return;
    Seat& s = it->second.seats[seat];
    if (s.connections > 0) --s.connections;
}

std::optional<std::string> clean_player_name(std::string_view text, std::string& why) {
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    if (text.empty()) {
        why = "a name must have at least one character that is not a space";
        return std::nullopt;
    }
    auto normal = text::normalize_name(text);
    if (!normal) {
        why = "the name " + normal.error();
        return std::nullopt;
    }
    std::size_t characters = 0;
    for (unsigned char c : *normal)
        if ((c & 0xc0) != 0x80) ++characters;  // UTF-8: count the lead bytes only
    if (characters > Rooms::kMaxName) {
        why = "a name has at most " + std::to_string(Rooms::kMaxName) + " characters, not " +
              std::to_string(characters);
        return std::nullopt;
    }
    return std::move(*normal);
}

void Rooms::set_name(const std::string& game, Color seat, std::string_view name) {
    std::string why;
    auto clean = clean_player_name(name, why);
    if (!clean) throw ApiError{400, "field 'name': " + why, 0, "invalid_name", {{"field", "name"}}};
    std::lock_guard lock(mutex_);
    room(game).seats[seat].name = std::move(*clean);
}

std::optional<std::string> Rooms::name(const std::string& game, Color seat) {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(game);
    if (it == rooms_.end() || it->second.seats[seat].name.empty()) return std::nullopt;
    return it->second.seats[seat].name;
}

Rematch Rooms::rematch(const std::string& game) {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(game);
    return it == rooms_.end() ? Rematch{} : it->second.rematch;
}

void Rooms::set_rematch(const std::string& game, Rematch rematch) {
    std::lock_guard lock(mutex_);
    room(game).rematch = std::move(rematch);
}

RoomView Rooms::view(const std::string& game) {
    std::lock_guard lock(mutex_);
    const Room& r = room(game);
    RoomView view;
    for (Color c : {White, Black}) {
        const Seat& s = r.seats[c];
        if (!s.name.empty()) view.seats[c].name = s.name;
        view.seats[c].joined = s.joined;
        view.seats[c].connected = s.connections > 0;
    }
    view.rematch = r.rematch;
    return view;
}

void publish_room(LiveGame& game, Rooms& rooms, const std::string& id) {
    auto change = std::make_shared<RoomChange>();
    change->game_id = id;
    change->room = rooms.view(id);
    game.audience.broadcast(change);
}

Presence::Presence(Rooms& rooms, std::shared_ptr<LiveGame> game, std::optional<Color> seat)
    : rooms_(rooms), game_(std::move(game)), seat_(seat) {
    {
        std::lock_guard lock(game_->mutex);
        id_ = game_->row.id;
    }
    if (seat_) rooms_.connected(id_, *seat_);
    publish_room(*game_, rooms_, id_);
}

void Presence::leave() {
    if (left_) return;
    left_ = true;
    if (!seat_) return;
    rooms_.disconnected(id_, *seat_);
    publish_room(*game_, rooms_, id_);
}

Presence::~Presence() {
    if (!left_ && seat_) rooms_.disconnected(id_, *seat_);
}

}  // namespace chess960::server
