// Must not compile: the games know their seats' holders only through
// GameService::set_account_seat, not the lobby that holds them.

// This header of its own room is found...
#include "games/service.hpp"
// ...and this one is not:
#include "lobby/service.hpp"
