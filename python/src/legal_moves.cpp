#include "legal_moves.hpp"

#include <pybind11/stl.h>

#include <cstddef>
#include <new>
#include <string>
#include <vector>

#include "board.hpp"
#include "chess960/san.hpp"

namespace py = pybind11;

namespace chess960::python {

namespace {

// The object: the moves, stored after the header, and the board they were generated on, for
// SAN and UCI text (no copy of the position: making the object is the hot path). The board's
// key and ply count tell whether it still stands where the moves were generated.
struct LegalMovesObject {
    PyObject_VAR_HEAD PyObject* board;
    std::uint64_t key;
    int ply;
    Move moves[1];  // ob_size of them
};

const Board& board_of(const LegalMovesObject* o) {
    return py::handle(o->board).cast<const Board&>();
}

// The board's position, if it is still the one the moves were generated in.
const Position& position_of(const LegalMovesObject* o) {
    const Board& b = board_of(o);
    if (b.position().key() != o->key || b.game().ply_count() != o->ply)
        throw py::value_error(
            "the board has changed since these legal moves were generated: ask "
            "board.legal_moves again");
    return b.position();
}

PyTypeObject* legal_moves_type = nullptr;

LegalMovesObject* self_of(PyObject* self) { return reinterpret_cast<LegalMovesObject*>(self); }
Py_ssize_t size_of(PyObject* self) { return Py_SIZE(self); }

// Runs `body`, turning a C++ or pybind11 exception into a Python error (nullptr / -1 then).
template <typename Body, typename Failed>
auto guarded(Body body, Failed failed) -> decltype(body()) {
    try {
        return body();
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (const py::builtin_exception& e) {
        e.set_error();
    } catch (const std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return failed;
}

// A heap type: each object holds a reference to it.
void dealloc(PyObject* self) {
    PyTypeObject* type = Py_TYPE(self);
    Py_DECREF(self_of(self)->board);
    PyObject_Free(self);
    Py_DECREF(type);  // PyObject_InitVar took a reference to the heap type
}

Py_ssize_t length(PyObject* self) { return size_of(self); }

PyObject* item(PyObject* self, Py_ssize_t i) {
    if (i < 0 || i >= size_of(self)) {
        PyErr_SetString(PyExc_IndexError, "no legal move at that index");
        return nullptr;
    }
    return guarded([&] { return py::cast(self_of(self)->moves[i]).release().ptr(); },
                   static_cast<PyObject*>(nullptr));
}

int contains(PyObject* self, PyObject* value) {
    return guarded(
        [&] {
            py::handle h(value);
            if (!py::isinstance<Move>(h)) return 0;
            const Move wanted = h.cast<Move>();
            const LegalMovesObject* o = self_of(self);
            for (Py_ssize_t i = 0; i < size_of(self); ++i)
                if (same_move(o->moves[i], wanted)) return 1;
            return 0;
        },
        -1);
}

int is_true(PyObject* self) { return size_of(self) > 0; }

PyObject* count(PyObject* self, PyObject*) { return PyLong_FromSsize_t(size_of(self)); }

// The moves as text, each written by `text(position, mode, move)`.
template <typename Text>
PyObject* texts(PyObject* self, Text text) {
    return guarded(
        [&] {
            const LegalMovesObject* o = self_of(self);
            const Position& pos = position_of(o);
            const CastlingMode mode = board_of(o).mode();
            std::vector<std::string> out;
            out.reserve(std::size_t(size_of(self)));
            for (Py_ssize_t i = 0; i < size_of(self); ++i)
                out.push_back(text(pos, mode, o->moves[i]));
            return py::cast(out).release().ptr();
        },
        static_cast<PyObject*>(nullptr));
}

PyObject* uci(PyObject* self, PyObject*) {
    return texts(
        self, [](const Position& pos, CastlingMode mode, Move m) { return to_uci(pos, m, mode); });
}

PyObject* san(PyObject* self, PyObject*) {
    return texts(self, [](const Position& pos, CastlingMode, Move m) { return to_san(pos, m); });
}

PyObject* repr(PyObject* self) {
    return guarded(
        [&] {
            std::string out = "<LegalMoves (";
            const LegalMovesObject* o = self_of(self);
            for (Py_ssize_t i = 0; i < size_of(self); ++i) {
                if (i) out += ", ";
                out += square_name(o->moves[i].from()) + square_name(o->moves[i].to());
            }
            return PyUnicode_FromString((out + ")>").c_str());
        },
        static_cast<PyObject*>(nullptr));
}

PyMethodDef methods[] = {
    {"count", count, METH_NOARGS, "The number of legal moves."},
    {"uci", uci, METH_NOARGS, "The moves as UCI text, in the board's castling mode."},
    {"san", san, METH_NOARGS, "The moves in SAN."},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot slots[] = {
    {Py_tp_doc, const_cast<char*>("The legal moves of a position, generated once (Laws 3.10): "
                                  "len(), in, indexing, iteration (Move objects), count(), "
                                  "uci(), san().")},
    {Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
    {Py_tp_repr, reinterpret_cast<void*>(repr)},
    {Py_tp_methods, methods},
    {Py_sq_length, reinterpret_cast<void*>(length)},
    {Py_sq_item, reinterpret_cast<void*>(item)},
    {Py_sq_contains, reinterpret_cast<void*>(contains)},
    {Py_nb_bool, reinterpret_cast<void*>(is_true)},
    {0, nullptr},
};

PyType_Spec spec = {
    "chess960.LegalMoves",
    int(offsetof(LegalMovesObject, moves)),
    int(sizeof(Move)),
    Py_TPFLAGS_DEFAULT,
    slots,
};

}  // namespace

void bind_legal_moves(py::module_& m) {
    PyObject* type = PyType_FromSpec(&spec);
    if (!type) throw py::error_already_set();
    legal_moves_type = reinterpret_cast<PyTypeObject*>(type);
    m.attr("LegalMoves") = py::reinterpret_borrow<py::object>(type);  // the module keeps it
}

py::object make_legal_moves(PyObject* instance, const Board& board) {
    MoveList list;
    board.position().generate_legal(list);
    // Not PyType_GenericAlloc: nothing needs zeroing, the fields are all written below.
    const std::size_t bytes =
        offsetof(LegalMovesObject, moves) + std::size_t(list.size()) * sizeof(Move);
    PyObject* self = static_cast<PyObject*>(PyObject_Malloc(bytes));
    if (!self) throw std::bad_alloc();
    PyObject_InitVar(reinterpret_cast<PyVarObject*>(self), legal_moves_type, list.size());
    LegalMovesObject* o = self_of(self);
    Py_INCREF(instance);
    o->board = instance;
    o->key = board.position().key();
    o->ply = board.game().ply_count();
    for (int i = 0; i < list.size(); ++i) new (&o->moves[i]) Move(list[i]);
    return py::reinterpret_steal<py::object>(self);
}

}  // namespace chess960::python
