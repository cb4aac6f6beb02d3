// Must not compile: the engine sees its own headers and the library's, not the UCI front-end's.

// This header of its own layer is found...
#include "engine/search.hpp"
// ...and this one is not:
#include "uci/uci.hpp"
