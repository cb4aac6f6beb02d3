// Must not compile: the accounts' service sees the store's and the common room's headers, not the
// HTTP routes that answer with it.

// This header of its own room is found...
#include "accounts/service.hpp"
// ...and this one is not:
#include "http/routes.hpp"
