// Must not compile: the games see the store's, the common room's and their own headers, not the
// accounts' (which stand beside them, on the store and the common room).

// This header of its own room is found...
#include "games/service.hpp"
// ...and this one is not:
#include "accounts/service.hpp"
