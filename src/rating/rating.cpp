#include "rating/rating.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "checks.hpp"
#include "rating/glicko2.hpp"

namespace chess960::rating {

namespace {

// lila's RatingCalculator: a duration in milliseconds times this many rating periods per
// millisecond (the same product, so that the same doubles come out).
constexpr double kRatingPeriodsPerMilli = kRatingPeriodsPerDay * (1.0 / (1000.0 * 60 * 60 * 24));

RatingResult<void> check(const Rating& rating, const std::string& who) {
    if (auto checked = check_strength(rating.rating, rating.deviation, rating.volatility, who);
        !checked)
        return checked;
    // (One short of int's largest, so that counting the game cannot overflow.)
    if (rating.games < 0 || rating.games == std::numeric_limits<int>::max())
        return std::unexpected(RatingError{std::string(who) +
                                           "'s games must be a count from 0 to " +
                                           std::to_string(std::numeric_limits<int>::max() - 1) +
                                           ", not " + std::to_string(rating.games)});
    return {};
}

// lila's cap (GlickoExt.cap): applied to a rating before a game and after it.
Glicko capped(const Glicko& glicko) {
    return Glicko{std::max(glicko.rating, kMinRating),
                  std::clamp(glicko.deviation, kMinDeviation, kMaxDeviation),
                  std::min(glicko.volatility, kMaxVolatility)};
}

// One player's side of the game: the new rating from the strengths before it.
RatingResult<Rating> rate_one(const Rating& before, const Glicko& self, const Glicko& other,
                              double score, Instant at) {
    const PeriodGame game{other, score};
    const auto after =
        rate_period(self, std::span(&game, 1), PeriodOptions{.tau = kTau, .elapsed_periods = 0});
    if (!after) return std::unexpected(after.error());
    // lila's addOrReset: the change kept within maxRatingDelta of the rating before, then cap.
    Glicko kept = *after;
    kept.rating =
        std::clamp(kept.rating, before.rating - kMaxRatingChange, before.rating + kMaxRatingChange);
    const Glicko result = capped(kept);
    return Rating{result.rating, result.deviation, result.volatility, before.games + 1, at};
}

}  // namespace

double points(Score score) {
    switch (score) {
        case Score::Loss:
            return 0.0;
        case Score::Draw:
            return 0.5;
        case Score::Win:
            return 1.0;
    }
    return 0.0;
}

double deviation_at(const Rating& rating, Instant now) {
    double periods = 0;
    if (rating.last_played && now > *rating.last_played)
        periods = static_cast<double>((now - *rating.last_played).count()) * kRatingPeriodsPerMilli;
    // lila's liveDeviation grows the capped rating (toGlickoPlayer), then clamps.
    const Glicko start = capped({rating.rating, rating.deviation, rating.volatility});
    return std::clamp(grown_deviation(start.deviation, start.volatility, periods), kMinDeviation,
                      kMaxDeviation);
}

Rating rating_at(const Rating& rating, Instant now) {
    Rating live = rating;
    live.deviation = deviation_at(rating, now);
    return live;
}

RatingResult<GameRatings> update(const Rating& player, const Rating& opponent, Score score,
                                 Instant at) {
    if (auto checked = check(player, "player"); !checked) return std::unexpected(checked.error());
    if (auto checked = check(opponent, "opponent"); !checked)
        return std::unexpected(checked.error());
    // As lila reads a rating (the deviation grown to now) and hands it to the calculator (cap).
    const Rating player_now = rating_at(player, at);
    const Rating opponent_now = rating_at(opponent, at);
    const Glicko player_glicko =
        capped({player_now.rating, player_now.deviation, player_now.volatility});
    const Glicko opponent_glicko =
        capped({opponent_now.rating, opponent_now.deviation, opponent_now.volatility});
    const double player_points = points(score);
    auto player_after = rate_one(player_now, player_glicko, opponent_glicko, player_points, at);
    if (!player_after) return std::unexpected(player_after.error());
    auto opponent_after =
        rate_one(opponent_now, opponent_glicko, player_glicko, 1.0 - player_points, at);
    if (!opponent_after) return std::unexpected(opponent_after.error());
    return GameRatings{*player_after, *opponent_after};
}

bool is_provisional(const Rating& rating) { return rating.deviation >= kProvisionalDeviation; }

int displayed_rating(double rating) {
    // Toward zero, saturating at int's range, as the JVM's Double.toInt that lichess calls.
    if (std::isnan(rating)) return 0;
    if (rating >= static_cast<double>(std::numeric_limits<int>::max()))
        return std::numeric_limits<int>::max();
    if (rating <= static_cast<double>(std::numeric_limits<int>::min()))
        return std::numeric_limits<int>::min();
    return static_cast<int>(rating);
}

std::string display(const Rating& rating) {
    return std::to_string(displayed_rating(rating.rating)) + (is_provisional(rating) ? "?" : "");
}

int rating_change(const Rating& before, const Rating& after) {
    return displayed_rating(after.rating) - displayed_rating(before.rating);
}

}  // namespace chess960::rating
