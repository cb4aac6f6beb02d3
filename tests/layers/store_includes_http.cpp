// Must not compile: the server's store sees nothing of HTTP.

// This header of its own room is found...
#include "store/store.hpp"
// ...and this one is not:
#include "http/routes.hpp"
