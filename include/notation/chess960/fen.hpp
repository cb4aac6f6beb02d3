// FEN, X-FEN and Shredder-FEN: text <-> Setup. Checking a Setup against the rules is
// Position::from_setup's job; Position::from_fen does both.
#pragma once

#include <string>
#include <string_view>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960 {

// How a castling right is written in FEN.
enum class CastlingNotation {
    XFen,     // KQkq for the outermost rooks, a file letter for an inner rook (default)
    Shredder  // always the rook's file letter: HAha
};

// Which en passant square FEN output shows.
enum class EnPassantNotation {
    Legal,       // only when an en passant capture is legal (lichess, python-chess) (default)
    DoubleStep,  // after every double step (FEN as of 1994)
};

struct FenOptions {
    CastlingNotation castling = CastlingNotation::XFen;
    EnPassantNotation en_passant = EnPassantNotation::Legal;
};

// Parses a FEN or EPD line. Accepts:
//  - castling in classic (KQkq), Shredder (HAha) and X-FEN (KQkq plus inner-rook letters) form,
//    even mixed ("AQaq");
//  - any en passant convention (the square is kept only when a capture is legal);
//  - 4-field EPD without counters, and trailing EPD operations after the fields ("... ;D1 20").
// Errors name the field, the column and what is wrong.
Result<Setup> parse_fen(std::string_view text);

// The position a FEN describes: parse_fen, then Position::from_setup with `options`.
Result<Position> position_from_fen(std::string_view text, SetupOptions options = {});

// Writes the position as FEN; see FenOptions for the castling and en passant forms.
std::string write_fen(const Position& pos, FenOptions options = {});

// The castling field alone, as write_fen writes it.
std::string castling_field(const Position& pos, CastlingNotation notation);

}  // namespace chess960
