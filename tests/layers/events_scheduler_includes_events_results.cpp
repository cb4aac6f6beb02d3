// Must not compile: the scheduler reveals and starts rounds; the results are read from the
// games it starts, above it.

// This header of its own part is found...
#include "events/scheduler.hpp"
// ...and this one is not:
#include "events/results.hpp"
