// chess960.LegalMoves: the legal moves of a board as one small Python object, written with
// CPython's own API rather than pybind11's: making it, its len() and `in` are the hot path of
// move generation from Python (a pybind11 object costs several times more to make). It is a live
// view of the board, as python-chess's board.legal_moves: making it generates nothing, len()
// counts the moves without listing them, and moves become Python Move objects only when
// iterated or indexed.
#pragma once

#include <pybind11/pybind11.h>

#include "chess960/position.hpp"
#include "chess960/uci_move.hpp"

namespace chess960::python {

// Same move for Python: squares and promotion piece (a castle is king takes own rook; the kind
// of a move made from text is not known without a board, so it does not count).
inline bool same_move(Move a, Move b) {
    return a.from() == b.from() && a.to() == b.to() && a.is_promotion() == b.is_promotion() &&
           (!a.is_promotion() || a.promotion() == b.promotion());
}

// Creates the type in `m` (after Move is bound: its items are Move objects).
void bind_legal_moves(pybind11::module_& m);

class Board;

// A new LegalMoves view of `board` (the C++ object of the Python object `instance`).
pybind11::object make_legal_moves(PyObject* instance, const Board& board);

}  // namespace chess960::python
