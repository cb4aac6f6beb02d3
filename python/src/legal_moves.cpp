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

// The view: the board it shows the moves of. Nothing is generated when it is made (making it
// is the hot path): len(), bool() and count() count the moves of the board as it stands (the
// counting generator, no list), `in`, indexing, uci() and san() generate them, iteration
// generates them once into an iterator. Like python-chess's board.legal_moves, it is live: after
// a push it shows the new position's moves.
struct LegalMovesObject {
    PyObject_HEAD PyObject* board;
    const Board* cpp_board;  // the C++ object of `board`, kept alive by the reference
};

// An iteration over the moves generated when it began: Move objects made one at a time.
struct IteratorObject {
    PyObject_VAR_HEAD Py_ssize_t next;
    Move moves[1];  // ob_size of them
};

PyTypeObject* legal_moves_type = nullptr;
PyTypeObject* iterator_type = nullptr;

LegalMovesObject* self_of(PyObject* self) { return reinterpret_cast<LegalMovesObject*>(self); }
const Board& board_of(PyObject* self) { return *self_of(self)->cpp_board; }

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

// Heap types: each object holds a reference to its type.
void dealloc(PyObject* self) {
    PyTypeObject* type = Py_TYPE(self);
    Py_DECREF(self_of(self)->board);
    PyObject_Free(self);
    Py_DECREF(type);  // PyObject_Init took a reference to the heap type
}

Py_ssize_t length(PyObject* self) { return board_of(self).position().count_legal(); }

PyObject* move_object(Move m) {
    return guarded([&] { return py::cast(m).release().ptr(); }, static_cast<PyObject*>(nullptr));
}

PyObject* item(PyObject* self, Py_ssize_t i) {
    const MoveList list = board_of(self).position().legal_moves();
    if (i < 0 || i >= list.size()) {
        PyErr_SetString(PyExc_IndexError, "no legal move at that index");
        return nullptr;
    }
    return move_object(list[int(i)]);
}

int contains(PyObject* self, PyObject* value) {
    return guarded(
        [&] {
            py::handle h(value);
            if (!py::isinstance<Move>(h)) return 0;
            const Move wanted = h.cast<Move>();
            for (Move legal : board_of(self).position().legal_moves())
                if (same_move(legal, wanted)) return 1;
            return 0;
        },
        -1);
}

int is_true(PyObject* self) { return length(self) > 0; }

PyObject* count(PyObject* self, PyObject*) { return PyLong_FromSsize_t(length(self)); }

// The moves as text, each written by `text(position, mode, move)`.
template <typename Text>
PyObject* texts(PyObject* self, Text text) {
    return guarded(
        [&] {
            const Board& b = board_of(self);
            const Position& pos = b.position();
            std::vector<std::string> out;
            for (Move m : pos.legal_moves()) out.push_back(text(pos, b.mode(), m));
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
            bool first = true;
            for (Move m : board_of(self).position().legal_moves()) {
                if (!first) out += ", ";
                first = false;
                out += square_name(m.from()) + square_name(m.to());
            }
            return PyUnicode_FromString((out + ")>").c_str());
        },
        static_cast<PyObject*>(nullptr));
}

PyObject* iterate(PyObject* self) {
    const MoveList list = board_of(self).position().legal_moves();
    // Not PyType_GenericAlloc: nothing needs zeroing, the fields are all written below.
    const std::size_t bytes =
        offsetof(IteratorObject, moves) + std::size_t(list.size()) * sizeof(Move);
    PyObject* it = static_cast<PyObject*>(PyObject_Malloc(bytes));
    if (!it) return PyErr_NoMemory();
    PyObject_InitVar(reinterpret_cast<PyVarObject*>(it), iterator_type, list.size());
    auto* o = reinterpret_cast<IteratorObject*>(it);
    o->next = 0;
    for (int i = 0; i < list.size(); ++i) new (&o->moves[i]) Move(list[i]);
    return it;
}

void iterator_dealloc(PyObject* self) {
    PyTypeObject* type = Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(type);
}

PyObject* iterator_next(PyObject* self) {
    auto* o = reinterpret_cast<IteratorObject*>(self);
    if (o->next >= Py_SIZE(self)) return nullptr;  // the end (no error set)
    return move_object(o->moves[o->next++]);
}

PyObject* iterator_length_hint(PyObject* self, PyObject*) {
    auto* o = reinterpret_cast<IteratorObject*>(self);
    return PyLong_FromSsize_t(Py_SIZE(self) - o->next);
}

PyObject* iterator_self(PyObject* self) {
    Py_INCREF(self);
    return self;
}

PyMethodDef methods[] = {
    {"count", count, METH_NOARGS, "The number of legal moves (counted, no list)."},
    {"uci", uci, METH_NOARGS, "The moves as UCI text, in the board's castling mode."},
    {"san", san, METH_NOARGS, "The moves in SAN."},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot slots[] = {
    {Py_tp_doc, const_cast<char*>("The legal moves of a board as it stands (Laws 3.10), a live "
                                  "view as python-chess's: len(), in, indexing, iteration (Move "
                                  "objects), count(), uci(), san().")},
    {Py_tp_dealloc, reinterpret_cast<void*>(dealloc)},
    {Py_tp_repr, reinterpret_cast<void*>(repr)},
    {Py_tp_iter, reinterpret_cast<void*>(iterate)},
    {Py_tp_methods, methods},
    {Py_sq_length, reinterpret_cast<void*>(length)},
    {Py_sq_item, reinterpret_cast<void*>(item)},
    {Py_sq_contains, reinterpret_cast<void*>(contains)},
    {Py_nb_bool, reinterpret_cast<void*>(is_true)},
    {0, nullptr},
};

PyType_Spec spec = {
    "chess960.LegalMoves", int(sizeof(LegalMovesObject)), 0, Py_TPFLAGS_DEFAULT, slots,
};

PyMethodDef iterator_methods[] = {
    {"__length_hint__", iterator_length_hint, METH_NOARGS, "The moves still to come."},
    {nullptr, nullptr, 0, nullptr},
};

PyType_Slot iterator_slots[] = {
    {Py_tp_dealloc, reinterpret_cast<void*>(iterator_dealloc)},
    {Py_tp_iter, reinterpret_cast<void*>(iterator_self)},
    {Py_tp_iternext, reinterpret_cast<void*>(iterator_next)},
    {Py_tp_methods, iterator_methods},
    {0, nullptr},
};

PyType_Spec iterator_spec = {
    "chess960.LegalMovesIterator",
    int(offsetof(IteratorObject, moves)),
    int(sizeof(Move)),
    Py_TPFLAGS_DEFAULT,
    iterator_slots,
};

}  // namespace

void bind_legal_moves(py::module_& m) {
    PyObject* type = PyType_FromSpec(&spec);
    if (!type) throw py::error_already_set();
    legal_moves_type = reinterpret_cast<PyTypeObject*>(type);
    m.attr("LegalMoves") = py::reinterpret_borrow<py::object>(type);  // the module keeps it
    PyObject* it = PyType_FromSpec(&iterator_spec);
    if (!it) throw py::error_already_set();
    iterator_type = reinterpret_cast<PyTypeObject*>(it);
    m.attr("LegalMovesIterator") = py::reinterpret_borrow<py::object>(it);
}

py::object make_legal_moves(PyObject* instance, const Board& board) {
    PyObject* self = static_cast<PyObject*>(PyObject_Malloc(sizeof(LegalMovesObject)));
    if (!self) throw std::bad_alloc();
    PyObject_Init(self, legal_moves_type);
    Py_INCREF(instance);
    self_of(self)->board = instance;
    self_of(self)->cpp_board = &board;
    return py::reinterpret_steal<py::object>(self);
}

}  // namespace chess960::python
