// The machine-readable side of the API's refusals: every error answer carries a stable `code`
// (docs/openapi.yaml, Error) beside its English message, so that a client can say it in its
// own language, and the values the message names as `args`. And the one place where whatever a
// request or a socket message threw becomes the refusal it is answered with.
#pragma once

#include <exception>
#include <nlohmann/json_fwd.hpp>

#include "common/api_error.hpp"

namespace chess960::server {

// The code of a refusal that names none: one per HTTP status ("bad_request", "not_found"...).
const char* default_error_code(int status);
// Adds "error", "code" (the status's default when the refusal names none) and, when there are
// values, "args" to `out`.
void add_error_fields(nlohmann::json& out, const ApiError& error);

// What `error` (thrown by a service or a parser, or carried back from another thread) answers:
// an ApiError as it is, a failing store 503 (try again), anything else 500.
ApiError refusal_of(std::exception_ptr error);

}  // namespace chess960::server
