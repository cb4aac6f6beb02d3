// Must not compile: the roster and the rounds are siblings; what one needs of the other is in
// the event as stored (the ledger), read by each.

// This header of its own part is found...
#include "events/roster.hpp"
// ...and this one is not:
#include "events/rounds.hpp"
