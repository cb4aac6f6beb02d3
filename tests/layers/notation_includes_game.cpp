// Must not compile: notation sees core's headers and its own, not the game layer's.

// This header of its own layer is found...
#include "chess960/san.hpp"
// ...and this one is not:
#include "chess960/game.hpp"
