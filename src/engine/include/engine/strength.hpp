// Playing strength: the mapping from UCI_Elo to the search's skill level, shared by the UCI
// front-end and the web server.
#pragma once

#include <algorithm>

namespace chess960::engine {

constexpr int kMinElo = 1320;
constexpr int kMaxElo = 3190;

// UCI_Elo 1320..3190 maps linearly onto skill 0..19 (skill 20, full strength, is only reached
// without an Elo limit).
constexpr int skill_for_elo(int elo) {
    return std::clamp((elo - kMinElo) * 20 / (kMaxElo - kMinElo), 0, 19);
}

}  // namespace chess960::engine
