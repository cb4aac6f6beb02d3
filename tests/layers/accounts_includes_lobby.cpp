// Must not compile: the accounts are below the lobby that seats them.

// This header of its own room is found...
#include "accounts/service.hpp"
// ...and this one is not:
#include "lobby/service.hpp"
