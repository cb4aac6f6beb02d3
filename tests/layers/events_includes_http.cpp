// Must not compile: the events' service returns typed values; their routes and JSON are HTTP's,
// above it.

// This header of its own room is found...
#include "events/service.hpp"
// ...and this one is not:
#include "http/routes.hpp"
