// Where a game between two accounts ends, its players' ratings change (as lila settles them in its
// round module, not in its lobby): the Rater the store runs in the transaction that stores a
// game's end (store/database.hpp), on Glicko-2 as ratings.hpp applies it; and, at the start, the
// games over and not settled that a database of an earlier version may hold (it settled a game
// after its end, in a transaction of its own).
#pragma once

#include <functional>
#include <string>

#include "store/account_game_store.hpp"

namespace chess960::server {

// rate_account_game, and a line to `log` for a rated game that a stored rating out of range left
// unrated.
Rater account_game_rater(std::function<void(const std::string&)> log);

// Settles every game over and not settled in `games`, with `rater`: how many it settled.
int settle_games_over(AccountGameStore& games, const Rater& rater,
                      const std::function<void(const std::string&)>& log);

}  // namespace chess960::server
