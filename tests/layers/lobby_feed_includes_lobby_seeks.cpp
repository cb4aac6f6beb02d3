// Must not compile: the lobby's parts see its base, not each other (the facade wires them).

// This header of its own part is found...
#include "lobby/lobby_feed.hpp"
// ...and this one is not:
#include "lobby/seek_book.hpp"
