// Must not compile: the common room is under the accounts and does not see their headers.

// This header of its own room is found...
#include "common/now.hpp"
// ...and this one is not:
#include "accounts/service.hpp"
