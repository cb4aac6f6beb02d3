// The opening explorer over the game database (lila-openingexplorer's answer, for Chess960): for
// a position, the games that reached it (each counted once, db/game_index.hpp) by result, the
// moves played from it with theirs and their games' average rating, the top and the recent
// games; filtered by source (the server's games, the imported collections or one of them, one
// player as one colour), lichess's speeds and rating groups, and a range of months.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chess960/db/explorer_entry.hpp"
#include "chess960/position.hpp"
#include "gamedb/index_keeper.hpp"
#include "store/game_db_store.hpp"

namespace chess960::server::gamedb {

enum class ExplorerSource { Games, Imported, Player };

struct ExplorerQuery {
    ExplorerSource source = ExplorerSource::Games;
    std::optional<int> collection;  // with Imported: only this one
    std::string player;             // with Player
    bool player_white = true;
    std::vector<db::Speed> speeds;   // empty: every speed
    std::vector<int> rating_groups;  // indices in db::kRatingGroups; empty: every rating
    std::optional<int> since_month, until_month;  // year * 12 + month - 1, inclusive
    int moves = 12;
    int top_games = 4;
    int recent_games = 4;
};

struct ExplorerCounts {
    std::int64_t white = 0, draws = 0, black = 0;
    std::int64_t games() const { return white + draws + black; }
    void add(GameResult result);
};

struct ExplorerMove {
    Move move;
    std::string uci;  // castling as the king taking its rook, as lichess writes Chess960
    std::string san;
    ExplorerCounts counts;
    int average_rating = 0;
};

struct ExplorerGame {
    std::string uci;  // the move played at the position
    DbGameRow game;   // its summary
};

struct ExplorerAnswer {
    ExplorerCounts counts;
    std::vector<ExplorerMove> moves;
    std::vector<ExplorerGame> top_games, recent_games;
};

// The explorer's answer for `position`: its rows from the index, the games' summaries and a
// player's games from the store.
ExplorerAnswer explore(const IndexKeeper& index, GameDbStore& store, const Position& position,
                       const ExplorerQuery& query);

}  // namespace chess960::server::gamedb
