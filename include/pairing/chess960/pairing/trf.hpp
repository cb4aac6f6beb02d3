/// @file
/// FIDE's Tournament Report File: read TRF-2026 and JaVaFo's TRF(x) (XXR, XXC, XXA, XXP, XXS)
/// with bbpPairings' BB* point codes; write the tournament back. A malformed file is an Error
/// naming the line and column.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "chess960/error.hpp"
#include "chess960/pairing/tournament.hpp"

namespace chess960::pairing {

/// Parses a whole report. Lines may end in "\n", "\r\n" or "\r" (bbpPairings writes "\r").
/// Checks what a pairing program relies on: every game listed by both players with opposite
/// colours, start numbers unique, scores equal to the results (as bbpPairings does, a score
/// may include the acceleration or a result already entered for the next round).
Result<Tournament> read_trf(std::string_view text);

/// Reads the stream to its end, then read_trf.
Result<Tournament> read_trf(std::istream& in);

/// The report: the tournament's own lines in their order with each player's line written
/// from the model (TRF-2026 columns), "\n" at the end of every line. A tournament built in
/// memory (no lines) gets 012, 142, 152, 162 (bbpPairings' BB* codes when forfeits and
/// zero-point byes differ), its players, then XXA, XXP, 260 and 240.
std::string write_trf(const Tournament& tournament);

/// One player's 001 line.
std::string player_line(const Player& player);

}  // namespace chess960::pairing
