/// @file
/// FEN, X-FEN and Shredder-FEN: text <-> Setup. Checking a Setup against the rules is
/// Position::from_setup's job; position_from_fen does both. The one way in and out for FEN.
#pragma once

#include <string>
#include <string_view>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960 {

/// How a castling right is written in FEN.
enum class CastlingNotation {
    XFen,     ///< KQkq for the outermost rooks, a file letter for an inner rook (default)
    Shredder  ///< always the rook's file letter: HAha
};

/// Which en passant square FEN output shows.
enum class EnPassantNotation {
    Legal,       ///< only when an en passant capture is legal (lichess, python-chess) (default)
    DoubleStep,  ///< after every double step (FEN as of 1994)
};

/// How write_fen writes the castling and en passant fields.
struct FenOptions {
    /// How castling rights are written.
    CastlingNotation castling = CastlingNotation::XFen;
    /// When the en passant square is written.
    EnPassantNotation en_passant = EnPassantNotation::Legal;
};

/// Parses a FEN or EPD line into a Setup (any board, not yet checked against the rules).
/// Castling letters become rook squares: a file letter the rook on that file of the own back
/// rank; K and Q the outermost own rook on that side of the own king (or the corner when there
/// is none, for Position::from_setup to report). Accepts:
///  - castling in classic (KQkq), Shredder (HAha) and X-FEN (KQkq plus inner-rook letters) form,
///    even mixed ("AQaq");
///  - any en passant convention (the square is kept only when a capture is legal);
///  - 4-field EPD without counters, and trailing EPD operations after the fields ("... ;D1 20").
/// Errors name the field, the column and what is wrong.
Result<Setup> parse_fen(std::string_view text);

/// The position a FEN describes: parse_fen, then Position::from_setup with `options`. The
/// error names what is wrong: a field and column for text that is not FEN, the rule broken for
/// a position that cannot stand (a missing king, the side not to move in check, a castling
/// right without its rook, Laws 3.8.2.1).
Result<Position> position_from_fen(std::string_view text, SetupOptions options = {});

/// Writes the position as FEN; see FenOptions for the castling and en passant forms.
std::string write_fen(const Position& pos, FenOptions options = {});

/// The castling field alone, as write_fen writes it ("-" without rights).
std::string castling_field(const Position& pos, CastlingNotation notation);

}  // namespace chess960
