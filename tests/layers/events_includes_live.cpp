// Must not compile: the events know nothing of the live connections.

// This header of its own room is found...
#include "events/service.hpp"
// ...and this one is not:
#include "live/sessions.hpp"
