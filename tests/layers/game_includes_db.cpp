// Must not compile: the game layer sees core's, notation's and its own headers, not the game
// database's above it.

// This header of its own layer is found...
#include "chess960/game.hpp"
// ...and this one is not:
#include "chess960/db/move_code.hpp"
