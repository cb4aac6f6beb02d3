// Must not compile: the pairing layer sees core's headers and its own, not the server's.

// This header of its own layer is found...
#include "chess960/pairing/trf.hpp"
// ...and this one is not:
#include "server/server.hpp"
