// Must not compile: the server's store sees the rules library's headers and its own, not the games'
// that use it.

// This header of its own room is found...
#include "store/store.hpp"
// ...and this one is not:
#include "games/service.hpp"
