#include "errors.hpp"

namespace py = pybind11;

namespace chess960::python {

namespace {

// The classes, created once by bind_errors (the module lives as long as the interpreter).
PyObject* invalid_fen = nullptr;
PyObject* invalid_move = nullptr;
PyObject* illegal_move = nullptr;
PyObject* invalid_start = nullptr;
PyObject* game_over = nullptr;

PyObject* make_class(py::module_& m, const char* name, PyObject* base, const char* doc) {
    py::object cls = py::reinterpret_steal<py::object>(
        PyErr_NewExceptionWithDoc((std::string("chess960.") + name).c_str(), doc, base, nullptr));
    if (!cls) throw py::error_already_set();
    m.attr(name) = cls;
    return cls.release().ptr();
}

}  // namespace

void bind_errors(py::module_& m) {
    invalid_fen = make_class(m, "InvalidFenError", PyExc_ValueError,
                             "A FEN that does not parse, or a position against the rules.");
    invalid_move = make_class(m, "InvalidMoveError", PyExc_ValueError,
                              "Move text (SAN or UCI) that does not parse.");
    illegal_move = make_class(m, "IllegalMoveError", PyExc_ValueError,
                              "A well-formed move that is not legal in the position.");
    invalid_start = make_class(m, "InvalidStartPositionError", PyExc_ValueError,
                               "A start position number outside 0..959, or not a start.");
    game_over =
        make_class(m, "GameOverError", PyExc_ValueError, "A move after the game has ended.");
}

void raise(const Error& error) {
    PyObject* cls = PyExc_ValueError;
    switch (error.code) {
        case ErrorCode::InvalidFen:
        case ErrorCode::InvalidPosition:
        case ErrorCode::InvalidCastling:
        case ErrorCode::InvalidEnPassant:
            cls = invalid_fen;
            break;
        case ErrorCode::InvalidMove:
            cls = invalid_move;
            break;
        case ErrorCode::IllegalMove:
            cls = illegal_move;
            break;
        case ErrorCode::NotStartPosition:
        case ErrorCode::InvalidNumber:
            cls = invalid_start;
            break;
        case ErrorCode::GameOver:
            cls = game_over;
            break;
        default:
            break;
    }
    PyErr_SetString(cls ? cls : PyExc_ValueError, error.to_string().c_str());
    throw py::error_already_set();
}

}  // namespace chess960::python
