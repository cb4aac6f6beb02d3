// The rating library's checks of the numbers it is given, and their messages (one wording for
// rate_period, update and classify): "player's deviation must be a finite number > 0, not -3".
#pragma once

#include <charconv>
#include <cmath>
#include <expected>
#include <string>
#include <string_view>

#include "rating/error.hpp"

namespace chess960::rating {

// A double in its shortest exact decimal form ("-3", "1.5", "nan", "inf"); GCC 12 has no
// <format>.
inline std::string number_text(double value) {
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::string("?");
}

// "`what` must be `must`, not `value`".
inline std::unexpected<RatingError> invalid(const std::string& what, std::string_view must,
                                            double value) {
    return std::unexpected(
        RatingError{what + " must be " + std::string(must) + ", not " + number_text(value)});
}

// A strength Glicko-2 can rate: a finite rating, a finite deviation and volatility above 0.
inline RatingResult<void> check_strength(double rating, double deviation, double volatility,
                                         const std::string& who) {
    if (!std::isfinite(rating)) return invalid(who + "'s rating", "a finite number", rating);
    if (!(std::isfinite(deviation) && deviation > 0))
        return invalid(who + "'s deviation", "a finite number > 0", deviation);
    if (!(std::isfinite(volatility) && volatility > 0))
        return invalid(who + "'s volatility", "a finite number > 0", volatility);
    return {};
}

}  // namespace chess960::rating
