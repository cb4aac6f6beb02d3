// The Python module chess960._chess960: the library's rules behind a python-chess-like API.
#include <pybind11/pybind11.h>

#include "board.hpp"
#include "chess960/version.hpp"
#include "errors.hpp"
#include "pgn.hpp"

PYBIND11_MODULE(_chess960, m) {
    m.doc() = "Chess960 rules (the chess960 C++ library): boards, moves, FEN, SAN, UCI, PGN.";
    m.attr("LIBRARY_VERSION") = CHESS960_VERSION_STRING;
    chess960::python::bind_errors(m);
    chess960::python::bind_board(m);
    chess960::python::bind_pgn(m);
}
