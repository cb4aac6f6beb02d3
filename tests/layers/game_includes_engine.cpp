// Must not compile: the game layer sees the library's headers, not the engine's.

// This header of its own layer is found...
#include "chess960/game.hpp"
// ...and this one is not:
#include "engine/search.hpp"
