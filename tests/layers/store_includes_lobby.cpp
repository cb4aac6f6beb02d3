// Must not compile: the store keeps the lobby's rows (seeks, ratings, account games), not its
// rules.

// This header of its own room is found...
#include "store/seek_store.hpp"
// ...and this one is not:
#include "lobby/service.hpp"
