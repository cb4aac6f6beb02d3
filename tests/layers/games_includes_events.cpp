// Must not compile: the games know nothing of the events made of them.

// This header of its own room is found...
#include "games/service.hpp"
// ...and this one is not:
#include "events/service.hpp"
