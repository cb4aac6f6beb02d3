// The rating library's error channel: std::expected<T, RatingError>. The library depends on
// nothing else of the project (not even the rules library's Error), so it has its own.
#pragma once

#include <expected>
#include <string>

namespace chess960::rating {

// Input the rating functions cannot rate, in words that name the value and what was wrong,
// e.g. "player's deviation must be a finite number > 0, not -3".
struct RatingError {
    std::string message;
};

template <typename T>
using RatingResult = std::expected<T, RatingError>;

}  // namespace chess960::rating
