// Running the built `chess960` command (CHESS960_BINARY, which the test binaries that use this
// header define) as a separate process: its output, errors and exit status.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace chess960::testing {

struct CommandResult {
    std::string out;
    std::string err;
    int status = -1;  // exit status, or -1 if the process did not exit normally
};

// In a child process: runs the built binary with `args` in its place (no shell involved); exits
// 127 if it cannot.
[[noreturn]] inline void exec_chess960(const std::vector<std::string>& args) {
    std::vector<char*> argv;
    std::string binary = CHESS960_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
}

// Runs the built binary with `args` (no shell involved), feeding `input` on stdin.
inline CommandResult run_chess960(const std::vector<std::string>& args,
                                  const std::string& input = "") {
    char dir_template[] = "/tmp/chess960_cli_test_XXXXXX";
    const char* dir = mkdtemp(dir_template);
    EXPECT_NE(dir, nullptr);
    const std::string in_path = std::string(dir) + "/in", out_path = std::string(dir) + "/out",
                      err_path = std::string(dir) + "/err";
    {
        std::ofstream in(in_path, std::ios::binary);
        in << input;
    }
    CommandResult r;
    EXPECT_EQ(access(CHESS960_BINARY, X_OK), 0)
        << CHESS960_BINARY << " is missing: build the chess960_cli target too";
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen(in_path.c_str(), "rb", stdin) || !freopen(out_path.c_str(), "wb", stdout) ||
            !freopen(err_path.c_str(), "wb", stderr))
            _exit(127);
        exec_chess960(args);
    }
    EXPECT_GT(pid, 0);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
    }
    if (WIFEXITED(wstatus)) r.status = WEXITSTATUS(wstatus);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    std::remove(in_path.c_str());
    std::remove(out_path.c_str());
    std::remove(err_path.c_str());
    rmdir(dir);
    return r;
}

}  // namespace chess960::testing
