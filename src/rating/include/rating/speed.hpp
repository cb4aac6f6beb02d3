// The rating pools by speed, as lichess classifies a time control (lichess-org/scalachess
// core/Speed.scala): the estimated duration of a game is the initial time plus 40 increments.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "rating/error.hpp"

namespace chess960::rating {

// lichess's UltraBullet (under 30 s) has no pool of its own here: it is Bullet. A game with days
// per move (no clock) is Correspondence.
enum class Speed { Bullet, Blitz, Rapid, Classical, Correspondence };

inline constexpr std::array kSpeeds = {Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical,
                                       Speed::Correspondence};

// The estimated durations (initial + 40 x increment, in seconds) at which each speed starts, as
// lichess's ranges: Bullet 0-179, Blitz 180-479, Rapid 480-1499, Classical 1500-21599,
// Correspondence from 21600 (six hours) on.
inline constexpr double kBlitzFrom = 180;
inline constexpr double kRapidFrom = 480;
inline constexpr double kClassicalFrom = 1500;
inline constexpr double kCorrespondenceFrom = 21600;

// The pool of a game with a clock of `initial_seconds` and `increment_seconds` a move. As on
// lichess, a clock whose estimated duration reaches six hours is Correspondence. Fails on a
// negative or non-finite time.
RatingResult<Speed> classify(double initial_seconds, double increment_seconds);

// "bullet", "blitz", "rapid", "classical", "correspondence": the names the API uses.
std::string_view name(Speed speed);

// The speed named `text` (as name() writes it), if any.
std::optional<Speed> parse_speed(std::string_view text);

}  // namespace chess960::rating
