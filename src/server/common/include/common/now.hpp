// The time the server's games run on: the system clock in milliseconds since 1970, as the store
// keeps times and the clocks of games count; and a monotonic clock for intervals (shares of the
// engines, cache lifetimes) that a change of the system time must not stretch.
#pragma once

#include <chrono>

#include "chess960/clock.hpp"

namespace chess960::server {

inline Millis now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

inline Millis steady_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace chess960::server
