// Must not compile: results and views are read by the roster, which answers with them; they
// know nothing of players entered or withdrawn but what the event as stored says.

// This header of its own part is found...
#include "events/results.hpp"
// ...and this one is not:
#include "events/roster.hpp"
