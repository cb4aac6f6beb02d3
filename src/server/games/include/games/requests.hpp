// What clients ask the game service for, typed: a new game, a move, a game action. Read from
// JSON bodies and WebSocket messages by http/requests.hpp, made by the server itself too (a
// rematch's game).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "chess960/clock.hpp"

namespace chess960::server {

struct StartSpec {
    enum class Type { Random, Number, Double960, Fen } type = Type::Random;
    std::optional<int> number;  // Number; Double960: white's
    std::optional<int> black;   // Double960: black's
    std::string fen;            // Fen
};

struct CreateGameRequest {
    bool engine = false;              // "opponent": "engine" | "friend"
    std::optional<bool> human_white;  // "color": "white" | "black"; nullopt: random
    int level = 4;                    // 1..8, engine games
    StartSpec start;
    std::optional<TimeControl> clock;
};

struct MoveRequest {
    std::string move;  // SAN or UCI, at most 16 characters
    std::optional<int> ply;
};

// The game actions of POST /api/games/{id}/<action> and the WebSocket.
inline constexpr std::array<std::string_view, 9> kGameActions = {
    "resign",     "abort",          "draw/offer",      "draw/accept",     "draw/decline",
    "draw/claim", "takeback/offer", "takeback/accept", "takeback/decline"};
bool is_game_action(std::string_view action);

}  // namespace chess960::server
