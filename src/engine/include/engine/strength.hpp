// Playing strength: how the search plays weaker than it can, and the calibrated mapping from
// UCI_Elo (and Skill Level, and the server's levels) to it. Shared by the UCI front-end and the
// web server.
#pragma once

#include <cstdint>

namespace chess960::engine {

// The UCI_Elo option's range (Stockfish's).
constexpr int kMinElo = 1320;
constexpr int kMaxElo = 3190;
// Unweakened, the engine scored 46.2% against Stockfish 15.1 at UCI_Elo 2600 at 10+0.1 (200
// games, -26 +/- 32 Elo: about 2574 on that scale): from here up UCI_Elo is full strength.
constexpr int kFullStrengthElo = 2500;

// How a weakened search plays: once it has searched `nodes` nodes it starts no new iteration and
// abandons the one under way (never the first), and with a temperature it picks among its four
// best root lines at random, a line `d` centipawns worse than the best with weight
// exp(-d / temperature).
struct Weakness {
    std::uint64_t nodes = 0;  // 0: no limit
    int temperature = 0;      // centipawns; 0: always the best line
    bool weakened() const { return nodes != 0 || temperature != 0; }
};

// The weakness that plays at `elo` on Stockfish 15.1's UCI_Elo scale at 10+0.1: none from
// kFullStrengthElo up; below kMinElo as at kMinElo. Calibrated by match (bench/strength.sh
// calibrate; bench/results/).
Weakness weakness_for_elo(int elo);

// Skill Level 0..20: 20 is full strength; 0..19 are UCI_Elo steps of 59 from kMinElo up
// ((kFullStrengthElo - kMinElo) / 20).
Weakness weakness_for_skill(int skill);

}  // namespace chess960::engine
