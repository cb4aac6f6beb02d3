// Must not compile: the lobby sees the accounts, the games and the store, not the HTTP routes that
// answer with it.

// This header of its own room is found...
#include "lobby/service.hpp"
// ...and this one is not:
#include "http/routes.hpp"
