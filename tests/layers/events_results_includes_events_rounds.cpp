// Must not compile: results and views are read by the rounds, which answer with them; they
// know nothing of a round being entered but what the event as stored says.

// This header of its own part is found...
#include "events/views.hpp"
// ...and this one is not:
#include "events/rounds.hpp"
