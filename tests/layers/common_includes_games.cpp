// Must not compile: the common room is under the games and the accounts and sees only the rules
// library's headers and its own, not the games' that use it.

// This header of its own room is found...
#include "common/api_error.hpp"
// ...and this one is not:
#include "games/service.hpp"
