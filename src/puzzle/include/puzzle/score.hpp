// An engine's score of a position for one side, and lichess-puzzler's win chance of it: the
// scale on which a puzzle's blunder and only-moves are measured.
#pragma once

#include <compare>

namespace chess960::puzzle {

struct Score {
    enum class Kind { Centipawns, Mate };
    Kind kind = Kind::Centipawns;
    int value = 0;  // centipawns, or moves to mate (negative: this side is mated)

    static Score cp(int centipawns) { return {Kind::Centipawns, centipawns}; }
    static Score mate(int moves) { return {Kind::Mate, moves}; }
    bool is_mate() const { return kind == Kind::Mate; }
    // The same score for the other side.
    Score operator-() const { return {kind, -value}; }
    // Mates beyond any centipawns (nearer mates larger; being mated below everything).
    int order() const {
        if (kind == Kind::Centipawns) return value;
        return value > 0 ? 1'000'000 - value : -1'000'000 - value;
    }
    bool operator==(const Score&) const = default;
};

// 2 / (1 + e^(-0.00368208 cp)) - 1, in [-1, 1]; a mate is 1 (or -1 for the side mated).
double win_chance(const Score& score);

}  // namespace chess960::puzzle
