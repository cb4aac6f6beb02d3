// Must not compile: core is the bottom layer and sees no notation header (tests/CMakeLists.txt
// builds this file with core's include path and expects the include to fail).

// This header of its own layer is found...
#include "chess960/position.hpp"
// ...and this one is not:
#include "chess960/fen.hpp"
