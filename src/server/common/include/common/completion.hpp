// How a call that finished on another thread ended (a change once it is stored, an analysis once
// it is searched): its value, or the exception that refused it. get() gives the value or throws
// that exception, where the answer is sent, as if the call had thrown there: the server's
// services fail one way, by throwing, whichever thread finds the refusal.
#pragma once

#include <exception>
#include <functional>
#include <optional>
#include <utility>

namespace chess960::server {

template <typename T>
class Completion {
  public:
    static Completion value(T value) { return Completion(std::move(value), nullptr); }
    static Completion failure(std::exception_ptr error) {
        return Completion(std::nullopt, std::move(error));
    }
    // The value, or the exception rethrown.
    T get() && {
        if (error_) std::rethrow_exception(error_);
        return std::move(*value_);
    }

  private:
    Completion(std::optional<T> value, std::exception_ptr error)
        : value_(std::move(value)), error_(std::move(error)) {}
    std::optional<T> value_;
    std::exception_ptr error_;
};

// Called once with how the call ended, on the thread that finished it (it must not block).
template <typename T>
using Later = std::move_only_function<void(Completion<T>)>;

}  // namespace chess960::server
