// What the game service answers with, typed: a game's state, the whole game, a move, as they
// stood at one moment (taken under the game's lock, so that whoever renders them later,
// http/views.hpp, holds no lock and sees no later change).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chess960/clock.hpp"
#include "chess960/online_game.hpp"
#include "chess960/position.hpp"
#include "rating/speed.hpp"
#include "store/store.hpp"

namespace chess960::server {

// One move: its texts, worked out once when it is played (what its stored row, its update and
// the whole-game view share), and where castling puts the king and the rook.
struct MoveInfo {
    Move move;
    std::string uci;  // king takes rook for castling
    std::string san;
    std::string fen;  // after the move
    struct Castling {
        CastlingSide side = GSide;
        Square king_to = NoSquare;
        Square rook_to = NoSquare;
    };
    std::optional<Castling> castling;
};
MoveInfo move_info(const Position& before, Move move);

// A running or stopped clock as it read at `at`.
struct ClockState {
    Millis white = 0;
    Millis black = 0;
    Millis initial = 0;
    Millis increment = 0;
    std::optional<Color> running;
    Millis at = 0;
    Millis per_move = 0;  // > 0: this time for each move (correspondence), `initial` is it too
};

// Everything about a game but its moves and the reader's seat (docs/live.md, GameState).
struct GameState {
    std::string id;
    int ply = 0;
    Position position;  // its FEN, side to move, check and legal moves are written from it
    GameStatus status = GameStatus::Active;
    Outcome outcome;
    std::string reason;  // describe(): "White to move", "Black wins by checkmate", ...
    std::optional<Move> last_move;
    std::optional<ClockState> clock;
    std::optional<Color> draw_offer;
    std::optional<Color> takeback;
    bool threefold = false;  // a draw the side to move may claim now
    bool fifty = false;
    bool thinking = false;  // the engine is searching its move

    bool active() const { return status == GameStatus::Active; }
};

// What a game is besides its moves, for its name on the page (as lichess names its games:
// "Rated blitz · 5+3", "Casual rapid · 10+0", "<event> · Round 3"): whether it is rated (only
// the lobby's games between two accounts may be), and the event of which it is a board.
struct GameOrigin {
    struct Event {
        std::string id;
        std::string name;
        int round = 0;  // from 1
    };
    bool rated = false;
    std::optional<Event> event = std::nullopt;
};

// The whole game for one reader (`you`: the seat, none for a spectator).
struct GameView {
    GameState state;
    std::vector<MoveInfo> moves;
    Millis created_at = 0;
    Millis updated_at = 0;
    std::string opponent;  // "engine" | "friend"
    std::optional<int> level;
    std::optional<Color> engine_color;
    std::array<std::string, 2> names;  // by colour
    std::optional<int> start_number;
    std::optional<int> start_black_number;  // Double Chess960
    std::string initial_fen;
    std::optional<Color> you;
    GameOrigin origin;
    // The speed of its clock, as the lobby's rating pools classify it (rating::classify); a game
    // with a time per move or without a clock is Correspondence, as on lichess.
    rating::Speed speed = rating::Speed::Correspondence;
};

// A new game: its view for its creator, and the seat tokens handed out (empty for the engine's).
struct CreatedGame {
    std::string id;
    std::array<std::string, 2> tokens;  // by colour
    GameView view;
};

// A single-use ticket for a game's event stream.
struct Ticket {
    std::string value;
    Millis lifetime = 0;
};

}  // namespace chess960::server
