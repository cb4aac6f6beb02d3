// Must not compile: the accounts stand beside the games, on the store and the common room (the
// services' ApiError, the clocks, the rate limiter); they do not see the games' headers.

// This header of its own room is found...
#include "accounts/service.hpp"
// ...and this one is not:
#include "games/service.hpp"
