// Numbers as the match runner writes them in its report, progress lines and PGN comments.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

namespace chess960::match {

// `value` with `decimals` digits after the point: "0.52".
inline std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// The same with its sign: "+0.35", "-1.20"; "+inf" and "-inf" for an infinite bound.
inline std::string signed_fixed(double value, int decimals) {
    if (std::isinf(value)) return value > 0 ? "+inf" : "-inf";
    char text[64];
    std::snprintf(text, sizeof text, "%+.*f", decimals, value);
    return text;
}

}  // namespace chess960::match
