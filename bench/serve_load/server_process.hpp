// The `chess960 serve` under test: started as a child process on a port of our choosing with
// its own database, watched (memory, CPU time), killed and restarted.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace serve_load {

struct ServerCommand {
    std::string binary;
    std::string db;
    int port = 0;
    std::vector<std::string> extra_args;  // limit options and --server-arg
    std::string log;                      // stdout and stderr are appended here
};

class ServerProcess {
  public:
    ServerProcess() = default;
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;
    ~ServerProcess();

    // Starts the server and waits until its port accepts connections; on failure `why` says
    // what happened (with the end of its log).
    bool start(const ServerCommand& command, std::chrono::seconds timeout, std::string* why);
    bool running();
    pid_t pid() const { return pid_; }
    int port() const { return command_.port; }
    const ServerCommand& command() const { return command_; }
    // Sends `signal` and reaps the process; the exit status as waitpid gives it.
    int stop(int signal);

    // VmRSS from /proc/<pid>/status, in KiB (0 if unreadable).
    long rss_kib() const;
    // User + system CPU time so far, from /proc/<pid>/stat.
    double cpu_seconds() const;
    // The number of threads (from /proc/<pid>/status).
    int threads() const;
    // How the process ended, once running() or stop() has seen it end: "exit status 1",
    // "killed by signal 11 (Segmentation fault)".
    const std::string& ended_how() const { return ended_how_; }

  private:
    ServerCommand command_;
    pid_t pid_ = -1;
    std::string ended_how_;
};

// A port nobody listens on now (bound to port 0, read and released).
int free_port();

// Runs a command, returning what it writes on stdout and stderr together (for --help).
std::string capture_output(const std::vector<std::string>& argv);

// The last `max_bytes` of a file.
std::string tail_of_file(const std::string& path, std::size_t max_bytes);

}  // namespace serve_load
