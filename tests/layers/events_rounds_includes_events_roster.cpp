// Must not compile: the rounds pair the players the event as stored lists; they never reach
// into the roster that entered them.

// This header of its own part is found...
#include "events/rounds.hpp"
// ...and this one is not:
#include "events/roster.hpp"
