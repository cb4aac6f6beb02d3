/// @file
/// UCI move text ("e2e4", "e7e8q") in both castling forms.
#pragma once

#include <string>
#include <string_view>

#include "chess960/error.hpp"
#include "chess960/position.hpp"

namespace chess960 {

/// How castling moves are written in UCI (the UCI protocol's UCI_Chess960 option): with
/// UCI_Chess960 on, as king takes own rook; off, as the king's two-square move.
enum class CastlingMode {
    Chess960,  ///< castling written king-takes-own-rook: e1h1, b1a1
    Standard   ///< castling written as the king's two-square move e1g1; e1h1 is read too
};

/// The move as UCI text. In Standard mode a castle whose king moves two squares from the e-file
/// is written e1g1; any other castle (a Chess960 arrangement) stays king-takes-rook, so that a
/// castle is never written from==to.
std::string to_uci(const Position& pos, Move m, CastlingMode mode);

/// Reads UCI text by matching it against the legal moves. Errors say whether the text is
/// malformed or the move is illegal, and why where that is cheap to tell.
Result<Move> parse_uci(const Position& pos, std::string_view text, CastlingMode mode);

}  // namespace chess960
