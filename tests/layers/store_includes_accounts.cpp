// Must not compile: the server's store sees its own headers, not the accounts' service that uses
// it.

// This header of its own room is found...
#include "store/account_store.hpp"
// ...and this one is not:
#include "accounts/service.hpp"
