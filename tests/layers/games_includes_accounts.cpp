// Must not compile: the games see the store's headers and their own, not the accounts' (which
// use the games' ApiError).

// This header of its own room is found...
#include "games/api_error.hpp"
// ...and this one is not:
#include "accounts/service.hpp"
