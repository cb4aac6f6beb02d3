#include "match/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

namespace chess960::match {

namespace {

// A line longer than this (an engine writing garbage without newlines) is cut into pieces.
constexpr std::size_t kMaxLine = 1 << 20;

// The executable `command` names: itself when it contains a slash, else the first match in PATH.
std::string resolve(const std::string& command) {
    if (command.find('/') != std::string::npos) return command;
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t begin = 0;
    while (begin <= dirs.size()) {
        std::size_t end = dirs.find(':', begin);
        if (end == std::string::npos) end = dirs.size();
        std::string dir = dirs.substr(begin, end - begin);
        std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + command;
        if (access(candidate.c_str(), X_OK) == 0) return candidate;
        begin = end + 1;
    }
    return {};
}

std::unexpected<EngineError> cannot_run(std::string message) {
    return std::unexpected(EngineError{EngineError::Kind::CannotRun, std::move(message)});
}

void close_fd(int& fd) {
    if (fd >= 0) close(fd);
    fd = -1;
}

}  // namespace

Process::~Process() { stop(); }

EngineStatus Process::start(const std::string& command, const std::vector<std::string>& args,
                            const std::string& directory) {
    stop();
    // A write to an engine that died must fail with EPIPE, not kill the runner.
    static std::once_flag ignore_sigpipe;
    std::call_once(ignore_sigpipe, [] { signal(SIGPIPE, SIG_IGN); });

    const std::string path = resolve(command);
    if (path.empty()) return cannot_run("cannot run '" + command + "': not found in PATH");
    // Everything the child needs is prepared before fork: after it, in a threaded program,
    // only async-signal-safe calls are allowed.
    std::vector<std::string> argv_storage;
    argv_storage.push_back(command);
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);

    // All descriptors are close-on-exec, so that no engine inherits another engine's pipes
    // (which would keep that one from ever seeing the end of its input).
    int in_pipe[2], out_pipe[2], error_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) != 0)
        return cannot_run("pipe: " + std::string(std::strerror(errno)));
    if (pipe2(out_pipe, O_CLOEXEC) != 0) {
        close(in_pipe[0]);
        close(in_pipe[1]);
        return cannot_run("pipe: " + std::string(std::strerror(errno)));
    }
    if (pipe2(error_pipe, O_CLOEXEC) != 0) {
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1]}) close(fd);
        return cannot_run("pipe: " + std::string(std::strerror(errno)));
    }
    const int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    const char* dir = directory.empty() ? nullptr : directory.c_str();

    const pid_t pid = fork();
    if (pid == 0) {
        // Its own process group: a Ctrl-C in the terminal goes to the runner, which then ends
        // the engines itself.
        setpgid(0, 0);
        dup2(in_pipe[0], STDIN_FILENO);
        dup2(out_pipe[1], STDOUT_FILENO);
        if (null_fd >= 0) dup2(null_fd, STDERR_FILENO);
        signal(SIGPIPE, SIG_DFL);
        int error = 0;
        if (dir && chdir(dir) != 0) error = errno;
        if (!error) {
            execv(path.c_str(), argv.data());
            error = errno;
        }
        // Tells the parent why (the pipe closes unread on a successful exec).
        ssize_t ignored = write(error_pipe[1], &error, sizeof error);
        (void)ignored;
        _exit(127);
    }
    const int fork_error = errno;
    close(in_pipe[0]);
    close(out_pipe[1]);
    close(error_pipe[1]);
    if (null_fd >= 0) close(null_fd);
    if (pid < 0) {
        close(in_pipe[1]);
        close(out_pipe[0]);
        close(error_pipe[0]);
        return cannot_run("fork: " + std::string(std::strerror(fork_error)));
    }
    int child_error = 0;
    ssize_t n;
    do {
        n = read(error_pipe[0], &child_error, sizeof child_error);
    } while (n < 0 && errno == EINTR);
    close(error_pipe[0]);
    pid_ = pid;
    reaped_ = false;
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
    buffer_.clear();
    scanned_ = 0;
    if (n == sizeof child_error) {
        stop();
        return cannot_run("cannot run '" + command + "'" + (dir ? " in '" + directory + "'" : "") +
                          ": " + std::strerror(child_error));
    }
    return {};
}

bool Process::write_line(const std::string& line) {
    if (to_child_ < 0) return false;
    std::string data = line + "\n";
    const char* p = data.data();
    std::size_t left = data.size();
    while (left > 0) {
        ssize_t n = write(to_child_, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;  // EPIPE: the engine is gone
        }
        p += n;
        left -= std::size_t(n);
    }
    return true;
}

Process::ReadStatus Process::read_line(std::string& line, SteadyClock::time_point deadline,
                                       const std::atomic<bool>* abort) {
    for (;;) {
        std::size_t eol = buffer_.find('\n', scanned_);
        if (eol != std::string::npos || buffer_.size() >= kMaxLine) {
            if (eol == std::string::npos) eol = buffer_.size();
            line = buffer_.substr(0, eol);
            buffer_.erase(0, std::min(eol + 1, buffer_.size()));
            scanned_ = 0;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return ReadStatus::Line;
        }
        scanned_ = buffer_.size();
        if (from_child_ < 0) return ReadStatus::Closed;
        if (abort && abort->load()) return ReadStatus::Interrupted;
        const auto now = SteadyClock::now();
        if (now >= deadline) return ReadStatus::Timeout;
        auto wait = std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
        // Wake up now and then to look at the abort flag.
        if (abort) wait = std::min(wait, std::chrono::milliseconds(50));
        pollfd fd{from_child_, POLLIN, 0};
        int ready = poll(&fd, 1, int(std::min<long long>(wait.count(), 1 << 30)));
        if (ready < 0) {
            if (errno == EINTR) continue;
            return ReadStatus::Closed;
        }
        if (ready == 0) continue;
        char chunk[4096];
        ssize_t n = read(from_child_, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) {
            close_fd(from_child_);
            // A last line without its newline still counts.
            if (!buffer_.empty()) {
                line = buffer_;
                buffer_.clear();
                scanned_ = 0;
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return ReadStatus::Line;
            }
            return ReadStatus::Closed;
        }
        buffer_.append(chunk, std::size_t(n));
    }
}

bool Process::reap(std::chrono::milliseconds wait) {
    if (pid_ <= 0) return false;
    if (reaped_) return true;
    const auto deadline = SteadyClock::now() + wait;
    for (;;) {
        int status = 0;
        pid_t r = waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            wait_status_ = status;
            reaped_ = true;
            return true;
        }
        if (r < 0 && errno != EINTR) {
            // Not our child any more (someone else reaped it): take it as gone.
            wait_status_ = 0;
            reaped_ = true;
            return true;
        }
        if (SteadyClock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

std::string Process::exit_description(std::chrono::milliseconds wait) {
    if (!reap(wait)) return {};
    if (WIFEXITED(wait_status_)) return "exit status " + std::to_string(WEXITSTATUS(wait_status_));
    if (WIFSIGNALED(wait_status_)) {
        const int sig = WTERMSIG(wait_status_);
        const char* name = strsignal(sig);
        return "killed by signal " + std::to_string(sig) +
               (name ? " (" + std::string(name) + ")" : "");
    }
    return "ended";
}

void Process::close_pipes() {
    close_fd(to_child_);
    close_fd(from_child_);
}

void Process::stop(std::chrono::milliseconds grace) {
    if (pid_ <= 0) {
        close_pipes();
        return;
    }
    // The end of its input tells a UCI engine to quit; a hung one is killed.
    close_fd(to_child_);
    if (!reap(grace)) {
        kill(pid_, SIGKILL);
        int status = 0;
        while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    close_pipes();
    pid_ = -1;
    reaped_ = false;
    buffer_.clear();
    scanned_ = 0;
}

}  // namespace chess960::match
