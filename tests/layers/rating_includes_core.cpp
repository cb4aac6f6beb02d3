// Must not compile: the rating library stands on nothing else of the project and sees none of
// the rules library's headers (tests/CMakeLists.txt builds this file with its include path and
// expects the include to fail).

// This header of its own is found...
#include "rating/rating.hpp"
// ...and this one is not:
#include "chess960/types.hpp"
