// Static evaluation in centipawns from the side to move's point of view.
//
// The evaluation is linear in its weights: every term is a weight (a middlegame and an endgame
// value) times a count (white's count minus black's). That lets `tools/tune` fit the weights on
// game data (Texel's method): it asks for the counts of each position (`trace`) and fits the
// weights so that a sigmoid of the evaluation predicts the results. The fitted weights live in
// eval_weights.inc.
#pragma once

#include <array>
#include <cstdint>

#include "chess960/position.hpp"

namespace chess960::engine {

constexpr int kPieceValue[6] = {100, 320, 330, 500, 950, 0};

int evaluate(const Position& pos);

namespace eval {

// The layout of the weight table: each named term and how many weights it has.
enum Param : int {
    kMaterial = 0,                          // by piece type (the king's is unused)
    kPst = kMaterial + 6,                   // by piece type and square (files mirrored: 32 each)
    kMobilityKnight = kPst + 6 * 32,        // by number of safe squares, 0..8
    kMobilityBishop = kMobilityKnight + 9,  // 0..13
    kMobilityRook = kMobilityBishop + 14,   // 0..14
    kMobilityQueen = kMobilityRook + 15,    // 0..27
    kBishopPair = kMobilityQueen + 28,
    kDoubledPawn,
    kIsolatedPawn,
    kBackwardPawn,
    kPassedPawn,                       // by relative rank
    kPassedFree = kPassedPawn + 8,     // passed and the square in front is empty, by rank
    kPassedOurKing = kPassedFree + 8,  // per square of distance from our king to the stop square
    kPassedTheirKing = kPassedOurKing + 8,  // the same for their king, by rank
    kConnectedPawn = kPassedTheirKing + 8,  // defended by a pawn or beside one, by rank
    kRookOpenFile = kConnectedPawn + 8,
    kRookHalfOpenFile,
    kKingShield,                    // by the number of own pawns before the king, 0..3
    kKingAttack = kKingShield + 4,  // by attack units on the enemy king's zone, 0..15
    kUndevelopedMinor = kKingAttack + 16,
    kBlockedCornerBishop,  // Chess960: a corner bishop behind its own pawn
    kStuckKing,            // Chess960: a central king that can no longer castle
    kThreatByPawn,         // pawn attacks on pieces
    kThreatByMinor,        // knight or bishop attacks on rooks and queens
    kThreatByRook,         // rook attacks on queens
    kHanging,              // pieces attacked and not defended
    kTempo,                // the side to move
    kParamCount
};

struct Weight {
    std::int16_t mg, eg;
};

// The weights the engine plays with.
extern const std::array<Weight, kParamCount> kWeights;

// Game phase from non-pawn material: 24 in the opening, 0 with kings and pawns.
constexpr int kMaxPhase = 24;
// Endgame scale, out of kFullScale (drawish endings score less).
constexpr int kFullScale = 64;

// The counts of each term in a position, white minus black.
struct Trace {
    std::array<std::int16_t, kParamCount> count{};
    int phase = 0;
    int scale_white = kFullScale;  // the endgame scale if white is ahead in the endgame score
    int scale_black = kFullScale;  // and if black is
};

Trace trace(const Position& pos);

// The evaluation a trace gives with the given weights, exactly as evaluate() computes it (from
// the side to move's view, `white_to_move` saying which side that is).
int evaluate_trace(const Trace& t, const std::array<Weight, kParamCount>& weights,
                   bool white_to_move);

// Names of the terms, for the tuner's output: the name of the block `index` belongs to and the
// index within it.
const char* param_name(int index, int* offset);

}  // namespace eval

}  // namespace chess960::engine
