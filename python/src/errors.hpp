// The library's errors as Python exceptions: each a ValueError subclass carrying the library's
// message (Error::to_string), chosen by the error's code.
#pragma once

#include <pybind11/pybind11.h>

#include "chess960/error.hpp"

namespace chess960::python {

// Creates the exception classes in module `m` (InvalidFenError, InvalidMoveError, ...).
void bind_errors(pybind11::module_& m);

// Raises the Python exception for `error`.
[[noreturn]] void raise(const Error& error);

// The value of a Result, or the Python exception for its error.
template <typename T>
T unwrap(Result<T> result) {
    if (!result) raise(result.error());
    return std::move(*result);
}

inline void unwrap(Result<void> result) {
    if (!result) raise(result.error());
}

}  // namespace chess960::python
