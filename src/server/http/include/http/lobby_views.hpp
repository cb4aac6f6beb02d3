// The lobby's JSON (docs/openapi.yaml: Seek, AccountGame, Ratings, /api/pools; docs/live.md, "The
// lobby"): for its routes (lobby_routes.cpp) and its live connections (live/lobby_socket.cpp).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "chess960/pgn.hpp"
#include "lobby/feed.hpp"
#include "lobby/service.hpp"
#include "store/play_rows.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

// A rating as the API gives it: unrounded, with "provisional" as lichess's "?".
nlohmann::json rating_json(const RatingRow& row);
nlohmann::json seek_json(const SeekRow& seek);
// An account game with its players and, once settled, their rating changes.
nlohmann::json account_game_json(const AccountGameRow& game);
// An account game's PGN tags: the players' account names for White and Black, the event as a
// rated or casual game of its pool, and, once rated, each side's rating before the game
// (WhiteElo/BlackElo, rounded, as lichess writes its Glicko-2 ratings there).
void add_account_tags(pgn::GameRecord& record, const AccountGameRow& game);
// GET /api/pools: each quick pairing pool with how many wait in it, and the viewer's place.
nlohmann::json pools_json(const LobbyService::Pools& pools);
// How many wait in each pool, by key ({"3+2": 0, ...}): the live messages' "pools".
nlohmann::json waiting_json(const std::array<int, kQuickPools.size()>& waiting);
// The lobby's live messages: the first ({"type":"lobby"}) and each event's.
std::string lobby_snapshot_text(const LobbyService::Snapshot& snapshot);
std::string lobby_event_text(const LobbyEvent& event);
// An event's text, rendered once (by the first connection that sends it).
const std::string& rendered(const LobbyEvent& event);

}  // namespace chess960::server
