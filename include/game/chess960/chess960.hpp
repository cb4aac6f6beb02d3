/// @file
/// The whole chess960 library in one include: core (positions, moves, start positions), notation
/// (FEN, SAN, UCI, PGN) and game (game record, clock, online game).
#pragma once

/// @file
/// @brief Includes every public header of the library.

#include "chess960/bitboard.hpp"
#include "chess960/config.hpp"
#include "chess960/error.hpp"
#include "chess960/outcome.hpp"
#include "chess960/perft.hpp"
#include "chess960/position.hpp"
#include "chess960/startpos.hpp"
#include "chess960/types.hpp"
#include "chess960/version.hpp"

#include "chess960/fen.hpp"
#include "chess960/outcome_text.hpp"
#include "chess960/perft_checked.hpp"
#include "chess960/pgn.hpp"
#include "chess960/san.hpp"
#include "chess960/uci_move.hpp"

#include "chess960/clock.hpp"
#include "chess960/game.hpp"
#include "chess960/online_game.hpp"
