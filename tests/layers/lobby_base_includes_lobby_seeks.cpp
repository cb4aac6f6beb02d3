// Must not compile: the lobby's base sees none of its parts.

// This header of its own part is found...
#include "lobby/seek_view.hpp"
// ...and this one is not:
#include "lobby/seek_book.hpp"
