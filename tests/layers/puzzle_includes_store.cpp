// Must not compile: the puzzle library (its generator, themes and CSV) knows positions and
// engines, not where puzzles are kept.

// This header of its own layer is found...
#include "puzzle/generator.hpp"
// ...and this one is not:
#include "store/store.hpp"
