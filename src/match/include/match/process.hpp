// A child process whose stdin and stdout are pipes to us: how the match runner talks to a UCI
// engine. Reading is line by line with a deadline (poll), so that an engine that stops talking
// is noticed instead of blocking the runner.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "match/engine_error.hpp"

namespace chess960::match {

using SteadyClock = std::chrono::steady_clock;

class Process {
  public:
    Process() = default;
    ~Process();
    Process(const Process&) = delete;
    Process& operator=(const Process&) = delete;

    // Starts `command` (a path, or a name looked up in PATH) with `args`, in `directory` when
    // not empty. Its stderr goes to /dev/null. The error (of kind CannotRun) says what failed:
    // "cannot run 'x': No such file or directory".
    EngineStatus start(const std::string& command, const std::vector<std::string>& args,
                       const std::string& directory = {});
    bool running() const { return pid_ > 0; }

    // Writes one line (a newline is added); false if the process no longer reads its input.
    bool write_line(const std::string& line);

    enum class ReadStatus { Line, Timeout, Closed, Interrupted };
    // Reads the next line (without its end of line) until `deadline`. Closed: the process
    // closed its output (exited or crashed). Interrupted: `*abort` became true while waiting.
    ReadStatus read_line(std::string& line, SteadyClock::time_point deadline,
                         const std::atomic<bool>* abort = nullptr);

    // Closes the pipes and waits up to `grace` for the process to exit, then kills it.
    void stop(std::chrono::milliseconds grace = std::chrono::milliseconds(0));

    // After the process exited: how ("exit status 1", "killed by signal 6 (Aborted)"), or
    // empty if it is still running or was never started. Waits for it for up to `wait`.
    std::string exit_description(std::chrono::milliseconds wait = std::chrono::milliseconds(0));

  private:
    void close_pipes();
    bool reap(std::chrono::milliseconds wait);

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    std::size_t scanned_ = 0;  // bytes of buffer_ already searched for an end of line
    bool reaped_ = false;
    int wait_status_ = 0;
};

}  // namespace chess960::match
