// Must not compile: the events' parts sit below their facade, which holds them; none reaches
// back up to it.

// This header of its own part is found...
#include "events/rounds.hpp"
// ...and this one is not:
#include "events/service.hpp"
