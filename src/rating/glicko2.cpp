#include "rating/glicko2.hpp"

#include <cmath>
#include <numbers>
#include <string>

#include "checks.hpp"

namespace chess960::rating {

namespace {

// Step 5's loops are bounded so that no input can hang a server: on the 100,000 random cases of
// tests/rating/glicko2_reference.py the bracket takes one step and the iteration at most 15.
constexpr int kMaxBracketSteps = 10000;
constexpr int kMaxIterations = 1000;

// Step 3's g(phi).
double g(double phi) {
    return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

// Step 3's E(mu, mu_j, phi_j), with g(phi_j) given.
double expected_score(double mu, double mu_j, double g_j) {
    return 1.0 / (1.0 + std::exp(-g_j * (mu - mu_j)));
}

RatingResult<void> check(const Glicko& glicko, const std::string& who) {
    return check_strength(glicko.rating, glicko.deviation, glicko.volatility, who);
}

// Step 5: the new volatility, the root of f by the Illinois variant of regula falsi that the
// paper gives. A <- B when f(C) f(B) <= 0, as lichess does: with < an exact root (f(C) = 0) would
// leave |B - A| unchanged for ever.
RatingResult<double> new_volatility(double phi, double sigma, double v, double delta, double tau) {
    const double a = std::log(sigma * sigma);
    const double phi2 = phi * phi;
    const auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi2 + v + ex;
        return ex * (delta * delta - phi2 - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
    };
    double big_a = a;
    double big_b = 0;
    if (delta * delta > phi2 + v) {
        big_b = std::log(delta * delta - phi2 - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0) {
            if (++k > kMaxBracketSteps)
                return std::unexpected(RatingError{"the volatility iteration found no bracket"});
        }
        big_b = a - k * tau;
    }
    double f_a = f(big_a);
    double f_b = f(big_b);
    for (int iteration = 0; std::abs(big_b - big_a) > kVolatilityTolerance; ++iteration) {
        if (iteration == kMaxIterations)
            return std::unexpected(RatingError{"the volatility iteration did not converge in " +
                                               std::to_string(kMaxIterations) + " steps"});
        const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        const double f_c = f(big_c);
        if (f_c * f_b <= 0) {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    return std::exp(big_a / 2.0);
}

}  // namespace

double grown_deviation(double deviation, double volatility, double periods) {
    const double phi = deviation / kGlicko2Scale;
    return std::sqrt(phi * phi + periods * volatility * volatility) * kGlicko2Scale;
}

RatingResult<Glicko> rate_period(const Glicko& player, std::span<const PeriodGame> games,
                                 const PeriodOptions& options) {
    if (!(std::isfinite(options.tau) && options.tau > 0))
        return invalid("tau", "a finite number > 0", options.tau);
    if (!(std::isfinite(options.elapsed_periods) && options.elapsed_periods >= 0))
        return invalid("elapsed periods", "a finite number >= 0", options.elapsed_periods);
    if (auto checked = check(player, "player"); !checked) return std::unexpected(checked.error());
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::string who = "opponent " + std::to_string(i + 1);
        if (auto checked = check(games[i].opponent, who); !checked)
            return std::unexpected(checked.error());
        if (!(games[i].score >= 0 && games[i].score <= 1))
            return invalid(who + "'s game score", "a number from 0 to 1", games[i].score);
    }
    if (games.empty()) {
        // Step 6 alone: "the player's rating and volatility parameters remain the same".
        return Glicko{player.rating,
                      grown_deviation(player.deviation, player.volatility, options.elapsed_periods),
                      player.volatility};
    }

    // Step 2.
    const double mu = (player.rating - kGlicko2Centre) / kGlicko2Scale;
    const double phi = player.deviation / kGlicko2Scale;
    // Steps 3 and 4: v and the sum that Delta and the new rating share.
    double information = 0;  // 1 / v
    double surprise = 0;     // sum of g(phi_j) (s_j - E)
    for (const PeriodGame& game : games) {
        const double mu_j = (game.opponent.rating - kGlicko2Centre) / kGlicko2Scale;
        const double g_j = g(game.opponent.deviation / kGlicko2Scale);
        const double e = expected_score(mu, mu_j, g_j);
        information += g_j * g_j * e * (1.0 - e);
        surprise += g_j * (game.score - e);
    }
    // Against opponents so far away that the expected score is 0 or 1 in doubles (thousands of
    // points), the games say nothing and v is infinite.
    if (!(information > 0))
        return std::unexpected(
            RatingError{"the games carry no information: every opponent is rated too far away"});
    const double v = 1.0 / information;
    const double delta = v * surprise;
    // Step 5.
    const auto sigma = new_volatility(phi, player.volatility, v, delta, options.tau);
    if (!sigma) return std::unexpected(sigma.error());
    // Step 6.
    const double phi_star = std::sqrt(phi * phi + options.elapsed_periods * *sigma * *sigma);
    // Step 7.
    const double new_phi = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    const double new_mu = mu + new_phi * new_phi * surprise;
    // Step 8.
    return Glicko{new_mu * kGlicko2Scale + kGlicko2Centre, new_phi * kGlicko2Scale, *sigma};
}

}  // namespace chess960::rating
