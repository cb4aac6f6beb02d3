// The fields the lobby scenario reads from the lobby connection's messages (docs/live.md, "The
// lobby"): the kind, and for a `seek` the seek's id and its player's name. Views point into the
// message text.
#pragma once

#include <string_view>
#include <vector>

namespace serve_load {

struct LobbyMessage {
    enum class Kind { Lobby, Seek, Unseek, Online, Started, Batch, Other };
    Kind kind = Kind::Other;
    std::string_view type;               // the raw "type" (Other: what came, or "" when unreadable)
    std::string_view id;                 // Seek: seek.id; Unseek: id; Started: game
    std::string_view name;               // Seek: seek.player.name
    std::string_view raw_messages;       // Batch: the raw array of the messages it holds
    std::vector<LobbyMessage> messages;  // Batch: those messages, read
};

// An unreadable message, or a seek without a plain id and name, is Other (type "" when the text
// is not one object). One pass over the text, a batch's messages read with it.
LobbyMessage parse_lobby_message(std::string_view text);

}  // namespace serve_load
