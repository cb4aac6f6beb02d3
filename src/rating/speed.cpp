#include "rating/speed.hpp"

#include <cmath>

#include "checks.hpp"

namespace chess960::rating {

RatingResult<Speed> classify(double initial_seconds, double increment_seconds) {
    if (!(std::isfinite(initial_seconds) && initial_seconds >= 0))
        return invalid("initial time", "a finite number of seconds >= 0", initial_seconds);
    if (!(std::isfinite(increment_seconds) && increment_seconds >= 0))
        return invalid("increment", "a finite number of seconds >= 0", increment_seconds);
    // scalachess Clock.Config.estimateTotalSeconds.
    const double estimated = initial_seconds + 40 * increment_seconds;
    if (estimated < kBlitzFrom) return Speed::Bullet;
    if (estimated < kRapidFrom) return Speed::Blitz;
    if (estimated < kClassicalFrom) return Speed::Rapid;
    if (estimated < kCorrespondenceFrom) return Speed::Classical;
    return Speed::Correspondence;
}

std::string_view name(Speed speed) {
    switch (speed) {
        case Speed::Bullet:
            return "bullet";
        case Speed::Blitz:
            return "blitz";
        case Speed::Rapid:
            return "rapid";
        case Speed::Classical:
            return "classical";
        case Speed::Correspondence:
            return "correspondence";
    }
    return "";
}

std::optional<Speed> parse_speed(std::string_view text) {
    for (const Speed speed : kSpeeds)
        if (name(speed) == text) return speed;
    return std::nullopt;
}

}  // namespace chess960::rating
