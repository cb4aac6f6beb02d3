// The games two accounts play and the ratings they change: an account's ratings by pool, its
// games, and each game's settlement once it is over (the ratings it changed, once). Tables of
// schema version 9 (sqlite_schema.hpp) in the game store's database, kept by the accounts'
// store's connection (open.hpp: open_play_stores); each call one committed transaction. The
// games are made by the seek store (seek_store.hpp: a seek taken with its game's rows). It knows
// rows, not rules: the games (src/server/games/settlement.hpp) rate them (src/rating/) through
// rate_game's Rater.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "store/play_rows.hpp"

namespace chess960::server {

// What rate_game gives the Rater: the game as stored, with each side's rating in the game's pool
// (none for a player's first game in it).
struct RatingInput {
    const AccountGameRow& game;
    std::optional<RatingRow> white;
    std::optional<RatingRow> black;
};
// Each side's rating before the game (as the game was rated: a new player's default, the
// deviation grown by the idle days) and after it.
struct RatingOutput {
    RatingRow white_before;
    RatingRow black_before;
    RatingRow white;
    RatingRow black;
};
// The new ratings, or nullopt for a game that changes none (aborted, casual).
using Rater = std::function<std::optional<RatingOutput>(const RatingInput&)>;

enum class RateOutcome {
    settled,          // this call settled it (rated or not)
    already_settled,  // another call (another server's) settled it first
    in_play,          // the stored game is not over yet
    unknown,          // no such account game
};

// Which games of an account to list (its profile): all, or by result from the account's side
// ("win", "loss", "draw"), pool, start position number; newest first, before `before` (epoch ms)
// when given.
struct AccountGameQuery {
    std::string account_id;
    std::optional<std::string> outcome;
    std::optional<std::string> pool;
    std::optional<int> start_number;
    std::optional<std::int64_t> before;
    int limit = 50;
    bool in_play = false;  // only the games still in play
};

class AccountGameStore {
  public:
    virtual ~AccountGameStore() = default;

    // The account's ratings, one per pool it has played a rated game in.
    virtual std::vector<RatingRow> ratings(const std::string& account_id) = 0;

    virtual std::optional<AccountGameRow> find_account_game(const std::string& game_id) = 0;
    // The account's games (AccountGameQuery), each with the games table's columns.
    virtual std::vector<AccountGameRow> account_games(const AccountGameQuery& query) = 0;

    // Settles a game once it is over as stored: `rater` gets the stored game and both ratings
    // in its pool, read with the game locked, and its answer is written with settled_at = the
    // game's last change, in one transaction, so that a game changes ratings once whichever
    // server (or how many) settles it.
    virtual RateOutcome rate_game(const std::string& game_id, const Rater& rater) = 0;
    // Games over but not settled (a server stopped between a game's end and its rating), at
    // most `limit`, the oldest first.
    virtual std::vector<std::string> unsettled_games(int limit) = 0;
};

}  // namespace chess960::server
