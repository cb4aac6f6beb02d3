// Must not compile: the pairing layer sees core's headers and its own, not the engine's.

// This header of its own layer is found...
#include "chess960/pairing/dutch.hpp"
// ...and this one is not:
#include "engine/search.hpp"
