// FEN, X-FEN and Shredder-FEN: text <-> Setup. Checking a Setup against the rules is
// Position::from_setup's job; Position::from_fen does both.
#pragma once

#include <string>
#include <string_view>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960 {

// Parses a FEN or EPD line. Accepts:
//  - castling in classic (KQkq), Shredder (HAha) and X-FEN (KQkq plus inner-rook letters) form,
//    even mixed ("AQaq");
//  - any en passant convention (the square is kept only when a capture is legal);
//  - 4-field EPD without counters, and trailing EPD operations after the fields ("... ;D1 20").
// Errors name the field, the column and what is wrong.
Result<Setup> parse_fen(std::string_view text);

// Writes the position as FEN; see FenOptions for the castling and en passant forms.
std::string write_fen(const Position& pos, FenOptions options = {});

// The castling field alone, as write_fen writes it.
std::string castling_field(const Position& pos, CastlingNotation notation);

}  // namespace chess960
