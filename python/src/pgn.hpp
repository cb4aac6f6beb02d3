// PGN for Python: a game read into objects (read_game's python-chess-like Game), and a fast
// stream over a whole file that yields each game's tags, moves (one string) and result.
#pragma once

#include <pybind11/pybind11.h>

namespace chess960::python {

// Adds the PGN classes and functions to the module's `pgn` submodule.
void bind_pgn(pybind11::module_& m);

}  // namespace chess960::python
