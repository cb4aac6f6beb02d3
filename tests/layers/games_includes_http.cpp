// Must not compile: the games return typed values; their JSON is HTTP's (http/views.hpp), above
// them.

// This header of its own room is found...
#include "games/service.hpp"
// ...and this one is not:
#include "http/views.hpp"
