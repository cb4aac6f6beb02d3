// How a game between two accounts changes their ratings: the Rater the store settles a game with
// (store/account_game_store.hpp), on the rating library's Glicko-2 as lichess runs it
// (rating/rating.hpp). Pure: no store, no clock.
#pragma once

#include <optional>

#include "rating/rating.hpp"
#include "store/account_game_store.hpp"

namespace chess960::server {

// Each side's rating after the game, or nullopt when it changes none: a casual game, a game
// without a result (aborted before both had moved: FIDE Laws 5 has no result for it, lichess
// rates none), or a side whose account is gone. A player's first game in the pool starts from
// 1500 / 500 / 0.09. The game ended at its row's last change (updated_at).
std::optional<RatingOutput> rate_account_game(const RatingInput& input);

// The row as the rating library's value, and back (the pool and time are the row's).
rating::Rating to_rating(const RatingRow& row);
RatingRow to_row(const rating::Rating& rating, const std::string& pool);

}  // namespace chess960::server
