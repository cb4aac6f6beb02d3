#include "server_process.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

namespace serve_load {

namespace {

// Whether something accepts TCP connections on 127.0.0.1:port.
bool port_accepts(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return false;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(std::uint16_t(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    return ok;
}

std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
               strsignal(WTERMSIG(status)) + ")";
    return "ended (status " + std::to_string(status) + ")";
}

std::string status_field(pid_t pid, const char* name) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    const std::size_t length = std::strlen(name);
    while (std::getline(in, line))
        if (line.compare(0, length, name) == 0 && line.size() > length && line[length] == ':')
            return line.substr(length + 1);
    return {};
}

}  // namespace

ServerProcess::~ServerProcess() {
    if (pid_ > 0) stop(SIGKILL);
}

bool ServerProcess::start(const ServerCommand& command, std::chrono::seconds timeout,
                          std::string* why) {
    command_ = command;
    ended_how_.clear();
    std::vector<std::string> args = {
        command.binary, "serve", "--port", std::to_string(command.port), "--db", command.db};
    args.insert(args.end(), command.extra_args.begin(), command.extra_args.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    const int log = ::open(command.log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log < 0) {
        if (why) *why = "cannot open the server log " + command.log;
        return false;
    }
    pid_ = ::fork();
    if (pid_ == 0) {
        ::dup2(log, 1);
        ::dup2(log, 2);
        // The generator's sockets must not live on in the server.
        ::close_range(3, ~0u, 0);
        ::execv(argv[0], argv.data());
        std::fprintf(stderr, "serve_load: cannot run %s: %s\n", argv[0], std::strerror(errno));
        ::_exit(127);
    }
    ::close(log);
    if (pid_ < 0) {
        if (why) *why = std::string("fork failed: ") + std::strerror(errno);
        return false;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        if (!running()) {
            if (why)
                *why =
                    "the server exited at start; its log ends:\n" + tail_of_file(command.log, 2000);
            return false;
        }
        if (port_accepts(command.port)) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (why)
        *why = "the server did not listen on port " + std::to_string(command.port) + " within " +
               std::to_string(timeout.count()) + " s; its log ends:\n" +
               tail_of_file(command.log, 2000);
    stop(SIGKILL);
    return false;
}

bool ServerProcess::running() {
    if (pid_ <= 0) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        ended_how_ = describe_status(status);
        return false;
    }
    return true;
}

int ServerProcess::stop(int signal) {
    if (pid_ <= 0) return 0;
    ::kill(pid_, signal);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    ended_how_ = describe_status(status);
    return status;
}

long ServerProcess::rss_kib() const {
    if (pid_ <= 0) return 0;
    return std::atol(status_field(pid_, "VmRSS").c_str());
}

int ServerProcess::threads() const {
    if (pid_ <= 0) return 0;
    return std::atoi(status_field(pid_, "Threads").c_str());
}

double ServerProcess::cpu_seconds() const {
    if (pid_ <= 0) return 0;
    std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // The command name (field 2) may hold spaces; the fields after its ')' are fixed.
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stoull(field);
        if (i == 15) stime = std::stoull(field);
    }
    return double(utime + stime) / double(::sysconf(_SC_CLK_TCK));
}

int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return 0;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

std::string capture_output(const std::vector<std::string>& argv) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return {};
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(fds[1], 1);
        ::dup2(fds[1], 2);
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    std::string out;
    char buffer[4096];
    ssize_t n;
    while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0) out.append(buffer, std::size_t(n));
    ::close(fds[0]);
    int status = 0;
    if (pid > 0) ::waitpid(pid, &status, 0);
    return out;
}

std::string tail_of_file(const std::string& path, std::size_t max_bytes) {
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return text.size() > max_bytes ? text.substr(text.size() - max_bytes) : text;
}

}  // namespace serve_load
