// The fields the load generator needs from the live messages of docs/live.md, read with the
// JSON scanner: the kind of message, the id it answers, the move (ply, UCI), and the game's
// state (ply, whose turn, status). Views point into the message text; they live as long as it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace serve_load {

enum class MessageKind { Game, Move, Ack, State, Error, Pong, Other };

enum class Side { White, Black, None };

struct LiveMessage {
    MessageKind kind = MessageKind::Other;
    std::int64_t id = -1;  // the request id answered; -1 when absent or null

    // The move of a Move message, an Ack of a move, or a MoveUpdate.
    bool has_move = false;
    int move_ply = 0;
    std::string_view move_uci;

    // GameState (of a Move, Ack, State or MoveUpdate) or the GameView of a Game message.
    bool has_state = false;
    int ply = 0;
    Side turn = Side::None;
    bool active = false;  // status "active"
    std::string_view status;
    std::string_view termination;  // raw JSON: a string or null
    std::string_view fen;          // the position now (X-FEN)

    // The number of entries of `legal` (-1 when absent).
    int legal_count = -1;

    // Error answers.
    int error_status = 0;
    std::string_view error;  // raw JSON string
};

// A WebSocket message: {"type": ..., ...}. False (with `why`) when it is not one the contract
// describes in a well-formed shape.
bool parse_ws_message(std::string_view text, LiveMessage& out, std::string* why = nullptr);

// An SSE event: `game` (GameView), `move` (MoveUpdate) or `state` (GameState).
bool parse_sse_event(std::string_view event, std::string_view data, LiveMessage& out,
                     std::string* why = nullptr);

// A MoveUpdate answering `POST /api/games/{id}/moves`.
bool parse_move_update(std::string_view body, LiveMessage& out, std::string* why = nullptr);

// The answer to `POST /api/games`: the id, both seat tokens and the start position.
struct CreatedGame {
    std::string id;
    std::string white_token;
    std::string black_token;
    std::string fen;
};
std::optional<CreatedGame> parse_created_game(std::string_view body, std::string* why = nullptr);

}  // namespace serve_load
