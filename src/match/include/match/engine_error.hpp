// Why talking to an engine failed. One error type for the process and the UCI handshakes, so that
// the runner tells a crash from a hang by the kind of the error, not by its wording.
#pragma once

#include <expected>
#include <string>

namespace chess960::match {

struct EngineError {
    enum class Kind {
        CannotRun,    // the program could not be started (not found, not executable, no pipe)
        Exited,       // the engine closed its output or stopped reading its input
        NoAnswer,     // no answer within the time allowed: the engine hangs
        Interrupted,  // the match is being stopped
    };
    Kind kind = Kind::CannotRun;
    std::string message;  // what went wrong, for people: "no 'readyok' within 10 s"
};

// Nothing, or why not.
using EngineStatus = std::expected<void, EngineError>;

}  // namespace chess960::match
