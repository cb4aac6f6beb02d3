// Must not compile: what every part of the events shares knows none of them: the scheduler
// reads and changes events through the ledger, never the other way.

// This header of its own part is found...
#include "events/ledger.hpp"
// ...and this one is not:
#include "events/scheduler.hpp"
