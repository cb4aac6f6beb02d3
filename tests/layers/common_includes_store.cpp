// Must not compile: the common room is on the rules library alone, beside the store; it does not
// see the store's headers.

// This header of its own room is found...
#include "common/api_error.hpp"
// ...and this one is not:
#include "store/store.hpp"
