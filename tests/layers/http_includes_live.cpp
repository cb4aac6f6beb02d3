// Must not compile: the HTTP server hands live connections over (HttpServer's LiveHandler) without
// knowing them.

// This header of its own room is found...
#include "http/routes.hpp"
// ...and this one is not:
#include "live/sessions.hpp"
