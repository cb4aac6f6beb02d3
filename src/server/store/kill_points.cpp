#include "kill_points.hpp"

#include <unistd.h>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace chess960::server {

namespace {

thread_local const char* running = nullptr;

// CHESS960_TEST_KILL_AT, read once: the operation and the boundary (0: none).
struct Target {
    std::string operation;
    long boundary = 0;
};

const Target& target() {
    static const Target parsed = [] {
        Target t;
        const char* text = std::getenv("CHESS960_TEST_KILL_AT");
        if (!text || !*text) return t;
        const std::string value(text);
        const auto colon = value.rfind(':');
        char* end = nullptr;
        const long n = colon == std::string::npos || colon == 0
                           ? 0
                           : std::strtol(value.c_str() + colon + 1, &end, 10);
        if (n < 1 || *end != '\0') {
            // A test that asks for a kill it would never get must not pass for surviving it.
            const std::string line = "CHESS960_TEST_KILL_AT='" + value +
                                     "': expected <operation>:<n>, n from 1 (accept_seek:3)\n";
            (void)!::write(2, line.data(), line.size());
            std::_Exit(2);
        }
        t.operation = value.substr(0, colon);
        t.boundary = n;
        return t;
    }();
    return parsed;
}

// Read at the program's start, so that a malformed value stops it before it serves.
[[maybe_unused]] const bool kTargetRead = (target(), true);

void reached(const char* operation) {
    const Target& t = target();
    if (t.boundary == 0 || t.operation != operation) return;
    static std::mutex mutex;
    static long count = 0;
    std::lock_guard lock(mutex);
    if (++count != t.boundary) return;
    const char line[] = "CHESS960_TEST_KILL_AT reached: killed\n";
    (void)!::write(2, line, sizeof line - 1);
    ::kill(::getpid(), SIGKILL);
}

}  // namespace

KillScope::KillScope(const char* operation) : outer_(running) { running = operation; }

KillScope::~KillScope() {
    // After the commit (or the rollback of a failure).
    if (running) reached(running);
    running = outer_;
}

void kill_point() {
    if (running) reached(running);
}

}  // namespace chess960::server
