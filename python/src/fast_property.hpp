// A read-only property whose getter CPython calls directly, without pybind11's dispatcher
// (argument conversion and overload resolution cost about 100 ns a call): for the one property
// on the hot path of move generation, Board.legal_moves.
#pragma once

#include <pybind11/pybind11.h>

#include <typeinfo>

namespace chess960::python {

// The getter receives the instance, already checked to be of the bound C++ type, and its C++
// object.
using FastGetter = PyObject* (*)(PyObject* instance, void* cpp_object);

// A descriptor calling `getter` with the C++ object of instances of the pybind11-bound `type`.
pybind11::object fast_property(const std::type_info& type, FastGetter getter, const char* doc);

}  // namespace chess960::python
