// How the server's services refuse a request: an ApiError, thrown, with the HTTP status and a
// message a person reads, and a stable code and values for a page to say it in its own words.
// Thrown from wherever a service finds the refusal and caught once, where the request or the
// socket message is answered (http/error_codes.hpp turns it into the answer); a refusal found on
// another thread comes back as the exception itself (Completion), rethrown there.
#pragma once

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "chess960/error.hpp"

namespace chess960::server {

// A value a refusal's message carries, for the page to put into its own words: a number or a text.
struct ErrorArg {
    std::string name = {};
    std::variant<std::int64_t, std::string> value = {};
};

// A refusal: the HTTP status and the message of {"error": ..., "code": ..., "args": {...}}.
// `code` is the stable, machine-readable kind of the refusal (snake_case, listed in
// docs/openapi.yaml's Error schema): the page translates by it and shows `message`, which is
// English, only for a code it does not know. Left empty, the answer carries the status's
// generic code (http/error_codes.hpp).
class ApiError : public std::exception {
  public:
    ApiError(int status_code, std::string text, int retry_after = 0, std::string code_name = {},
             std::vector<ErrorArg> values = {})
        : status(status_code),
          message(std::move(text)),
          retry_after_seconds(retry_after),
          code(std::move(code_name)),
          args(std::move(values)) {}
    const char* what() const noexcept override { return message.c_str(); }

    int status = 400;
    std::string message;
    int retry_after_seconds = 0;  // for 429 and 503: the Retry-After header
    std::string code;
    std::vector<ErrorArg> args;  // the values in `message`, by name
};

// The library's error codes (chess960/error.hpp) as API codes: "illegal_move", "invalid_fen"...
const char* error_code_name(ErrorCode code);

// A game action the rules refuse (chess960/error.hpp): 409 when the game's state is why (it is
// over, not the seat's turn, no offer to answer, too late to abort), else 422.
ApiError game_refusal(const Error& error);

// At most `limit` characters of client input, for quoting it in a message.
std::string quote(std::string_view text, std::size_t limit = 40);

}  // namespace chess960::server
