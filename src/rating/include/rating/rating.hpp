// A player's rating in one pool, updated after each rated game as lichess runs Glicko-2
// (lichess-org/lila modules/rating and round/PerfsUpdater.scala, lichess-org/scalachess
// rating/glicko; docs/ratings.md): tau 0.75; a new player 1500 with deviation 500 and volatility
// 0.09; the deviation kept within [45, 500] and the volatility at most 0.1; each game a rating
// period of its own, with the deviation growing between games at 0.21436 rating periods a day;
// provisional ("?") while the deviation is 110 or more.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "rating/error.hpp"

namespace chess960::rating {

// lila's Glicko.scala.
inline constexpr double kTau = 0.75;
inline constexpr double kDefaultRating = 1500.0;
inline constexpr double kDefaultVolatility = 0.09;
inline constexpr double kMinDeviation = 45.0;
inline constexpr double kMaxDeviation = 500.0;  // also a new player's deviation
inline constexpr double kMaxVolatility = 0.1;   // "past this, it might not stabilize ever again"
inline constexpr double kMinRating = 400.0;
inline constexpr double kMaxRatingChange = 700.0;  // lila's maxRatingDelta: at most per game
// "Chosen so a typical player's RD goes from 60 -> 110 in 1 year" (at volatility 0.06).
inline constexpr double kRatingPeriodsPerDay = 0.21436;
inline constexpr double kProvisionalDeviation = 110.0;

// A point in time, milliseconds since the Unix epoch (the server's clock).
using Instant = std::chrono::sys_time<std::chrono::milliseconds>;

// A player's rating in one pool, as stored: the deviation is the one after the last game; the
// deviation now, grown by the idle time since, is deviation_at(rating, now).
struct Rating {
    double rating = kDefaultRating;
    double deviation = kMaxDeviation;
    double volatility = kDefaultVolatility;
    int games = 0;                       // rated games played in the pool
    std::optional<Instant> last_played;  // the end of the last rated game; none before the first
};

// A rating read from a store's row, and written back to one: any struct with the fields rating,
// deviation, volatility, games and last_played (an optional count of milliseconds since the
// epoch, as the server's stores keep times).
template <typename Row>
Rating rating_of_row(const Row& row) {
    Rating r{row.rating, row.deviation, row.volatility, row.games, std::nullopt};
    if (row.last_played) r.last_played = Instant(std::chrono::milliseconds(*row.last_played));
    return r;
}
template <typename Row>
void write_row(const Rating& r, Row& row) {
    row.rating = r.rating;
    row.deviation = r.deviation;
    row.volatility = r.volatility;
    row.games = r.games;
    row.last_played.reset();
    if (r.last_played) row.last_played = r.last_played->time_since_epoch().count();
}

// The result of a game for the player it is given for.
enum class Score { Loss, Draw, Win };

// 0, 0.5 or 1.
double points(Score score);

// Both players' ratings after a game.
struct GameRatings {
    Rating player;
    Rating opponent;
};

// The deviation of `rating` at `now`: step 6 of Glicko-2 for the rating periods since the last
// game (0.21436 a day; none for a player who never played, nor for a `now` before the last game),
// kept within [45, 500]. What lichess shows on a profile and rates the next game with.
double deviation_at(const Rating& rating, Instant now);

// `rating` with its deviation at `now` (deviation_at).
Rating rating_at(const Rating& rating, Instant now);

// Both players' ratings after a rated game between them that ended at `at` with `score` for
// `player`. As lichess: each player's deviation first grows to `at` (deviation_at) and the
// rating is lifted to at least 400 and the volatility cut to at most 0.1; the game is then one
// rating period for both, each rated against the other's strength before the game, with tau 0.75
// and no step-6 growth inside it; the change is kept within 700 points, the new rating at least
// 400, the deviation within [45, 500] and the volatility at most 0.1; `games` counts the game and
// `last_played` becomes `at`. Colour plays no part (lichess rates Chess960 without a colour
// advantage). Fails on a value that is not finite or out of range, naming it.
RatingResult<GameRatings> update(const Rating& player, const Rating& opponent, Score score,
                                 Instant at);

// Whether the rating is provisional: its deviation (as of now: rating_at) is 110 or more.
bool is_provisional(const Rating& rating);

// The rating as lichess shows it: the whole number below it (lichess truncates, so 1662.99
// shows 1662), followed by "?" when provisional.
std::string display(const Rating& rating);

// The rating's whole number as shown (lichess's intRating).
int displayed_rating(double rating);

// The change a game made as lichess shows it: the difference of the shown whole numbers, so
// 1500 -> 1337.79 is -163 and 1500 -> 1662.21 is +162.
int rating_change(const Rating& before, const Rating& after);

}  // namespace chess960::rating
