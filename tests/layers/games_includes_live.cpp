// Must not compile: the games see their watchers as games/audience.hpp's Watcher, not the live
// connections above.

// This header of its own room is found...
#include "games/service.hpp"
// ...and this one is not:
#include "live/sessions.hpp"
