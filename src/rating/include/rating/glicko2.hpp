// Glicko-2 as Mark Glickman defines it in "Example of the Glicko-2 system" (Boston University,
// revision of 22 March 2022, glicko.net/glicko/glicko2.pdf): steps 1 to 8 for one player and one
// rating period with any number of games. No clamp, no default and no clock here; lichess's
// conventions are in rating/rating.hpp, on top of this.
#pragma once

#include <span>

#include "rating/error.hpp"

namespace chess960::rating {

// Step 2: mu = (r - 1500) / 173.7178 and phi = RD / 173.7178.
inline constexpr double kGlicko2Scale = 173.7178;
inline constexpr double kGlicko2Centre = 1500.0;
// Step 5: the volatility iteration stops when |B - A| <= epsilon (the paper's 0.000001).
inline constexpr double kVolatilityTolerance = 0.000001;

// A player's strength on Glicko's scale (the paper's r, RD and sigma).
struct Glicko {
    double rating = 0;
    double deviation = 0;
    double volatility = 0;
};

// One game of a rating period, seen from the rated player's side.
struct PeriodGame {
    Glicko opponent;   // at the start of the period (only rating and deviation are used)
    double score = 0;  // 1 a win, 0.5 a draw, 0 a loss (any value from 0 to 1)
};

// How a rating period is rated.
struct PeriodOptions {
    double tau = 0;  // the system constant (step 1: "reasonable choices are between 0.3 and 1.2")
    // The rating periods whose volatility step 6 adds to phi^2: 1 in the paper. lichess rates
    // each game as a period of its own with 0 here, and grows the deviation with the days between
    // games instead (rating/rating.hpp).
    double elapsed_periods = 1;
};

// The player's strength at the end of a rating period in which it played `games` (steps 3 to 8;
// with no game only step 6 applies: the deviation grows, rating and volatility stay). Every game
// is rated against the opponents' strengths at the start of the period, so the order of the games
// does not matter. Fails on a value that is not finite or out of range (deviation and volatility
// > 0, score in [0, 1], tau > 0, elapsed_periods >= 0), or if the volatility iteration of step 5
// does not converge.
RatingResult<Glicko> rate_period(const Glicko& player, std::span<const PeriodGame> games,
                                 const PeriodOptions& options);

// Step 6 on Glicko's scale: the deviation after `periods` rating periods at `volatility`,
// 173.7178 * sqrt((RD / 173.7178)^2 + periods * sigma^2). Also how the paper grows the deviation
// of a player who did not play.
double grown_deviation(double deviation, double volatility, double periods);

}  // namespace chess960::rating
