// Must not compile: the draw of an event's start positions is a library on the rules library
// alone; it does not see the server's events that run it.

// This header of its own room is found...
#include "draw/draw.hpp"
// ...and this one is not:
#include "events/service.hpp"
