// Runs one golden-file case of tests/snapshots/ (its README says how they are written) against
// the built `chess960` and compares the record of the run (exit status, standard output and
// error) with the file byte for byte. With CHESS960_UPDATE_SNAPSHOTS=1 in the environment it
// writes the record into the file instead.
//
//   snapshot_check BINARY SNAPSHOT_DIR CASE_FILE
//
// The command runs in a new temporary directory that holds `inputs` (a link to SNAPSHOT_DIR/
// inputs), with a small fixed environment; the source tree's path and the temporary directory's
// are replaced by <source> and <tmp> in what it prints, and times and speeds by <time> and
// <speed>, so that no record depends on the machine or the moment.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace {

constexpr int kTimeoutSeconds = 120;

struct Case {
    std::vector<std::string> comments;      // the lines before the command, kept as written
    std::string command;                    // the "$ chess960 ..." line without "$ "
    std::vector<std::string> args;          // the arguments after "chess960"
    std::optional<std::string> stdin_line;  // the "stdin: ..." line's text, as written
    std::string input;                      // that text with its escapes decoded
};

struct Run {
    int status = -1;  // exit status, or 128 + N for signal N
    std::string out, err;
    bool timed_out = false;
};

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// Words of a command line as a shell splits them, for the quoting a case needs: '...' (taken
// as is) and "..." (\" and \\ escaped); nothing else is special.
std::optional<std::vector<std::string>> split_words(std::string_view line, std::string& error) {
    std::vector<std::string> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        if (i == line.size()) break;
        std::string word;
        while (i < line.size() && line[i] != ' ') {
            const char c = line[i];
            if (c == '\'' || c == '"') {
                const std::size_t open = i++;
                while (i < line.size() && line[i] != c) {
                    if (c == '"' && line[i] == '\\' && i + 1 < line.size()) ++i;
                    word += line[i++];
                }
                if (i == line.size()) {
                    error = "unclosed quote at column " + std::to_string(open + 1);
                    return std::nullopt;
                }
                ++i;
            } else {
                word += c;
                ++i;
            }
        }
        words.push_back(word);
    }
    return words;
}

// The text of a "stdin:" line: \n, \t, \\ and \xHH escapes.
std::optional<std::string> unescape(std::string_view text, std::string& error) {
    std::string bytes;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\') {
            bytes += text[i];
            continue;
        }
        if (++i == text.size()) {
            error = "a lone backslash at the end of stdin";
            return std::nullopt;
        }
        switch (text[i]) {
            case 'n':
                bytes += '\n';
                break;
            case 't':
                bytes += '\t';
                break;
            case '\\':
                bytes += '\\';
                break;
            case 'x':
                if (i + 2 < text.size() && std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
                    std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
                    bytes += char(std::stoi(std::string(text.substr(i + 1, 2)), nullptr, 16));
                    i += 2;
                    break;
                }
                [[fallthrough]];
            default:
                error = "unknown escape in stdin at column " + std::to_string(i + 1);
                return std::nullopt;
        }
    }
    return bytes;
}

// The case's header: comment lines ('#'), the "$ chess960 ..." line, an optional "stdin:" line.
std::optional<Case> parse_case(const std::string& text, std::string& error) {
    Case c;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.starts_with("#")) {
            c.comments.push_back(line);
            continue;
        }
        if (!line.starts_with("$ ")) {
            error = "expected comment lines ('#') and then the command line ('$ chess960 ...')";
            return std::nullopt;
        }
        c.command = line.substr(2);
        auto words = split_words(c.command, error);
        if (!words) return std::nullopt;
        if (words->empty() || words->front() != "chess960") {
            error = "the command line must start with '$ chess960'";
            return std::nullopt;
        }
        c.args.assign(words->begin() + 1, words->end());
        if (std::getline(lines, line) && line.starts_with("stdin: ")) {
            c.stdin_line = line.substr(7);
            auto input = unescape(*c.stdin_line, error);
            if (!input) return std::nullopt;
            c.input = *input;
        }
        return c;
    }
    error = "no command line ('$ chess960 ...')";
    return std::nullopt;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    if (from.empty()) return;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at))
        text.replace(at, from.size(), to), at += to.size();
}

// What varies from run to run and is not the program's behaviour: the time `perft` and `pgn`
// took and their speed, `bench`'s speed and time.
void normalise_variable(std::string& text) {
    static const std::regex perft_time(R"([0-9][0-9.e+-]* s \([0-9]+ nodes/s\))");
    static const std::regex pgn_time(
        R"(checked in [0-9][0-9.e+-]* s: [0-9]+ games/s, [0-9]+ moves/s)");
    static const std::regex bench_speed(R"(Nodes/second: [0-9]+)");
    static const std::regex bench_time(R"(Total time \(ms\): [0-9]+)");
    text = std::regex_replace(text, perft_time, "<time> s (<speed> nodes/s)");
    text =
        std::regex_replace(text, pgn_time, "checked in <time> s: <speed> games/s, <speed> moves/s");
    text = std::regex_replace(text, bench_speed, "Nodes/second: <speed>");
    text = std::regex_replace(text, bench_time, "Total time (ms): <time>");
}

// Runs the binary in `dir` with `args`, `input` on its standard input.
Run run(const std::string& binary, const fs::path& dir, const std::vector<std::string>& args,
        const std::string& input) {
    const fs::path in_path = dir / ".stdin", out_path = dir / ".stdout", err_path = dir / ".stderr";
    std::ofstream(in_path, std::ios::binary) << input;
    // The environment the command sees: nothing of the caller's but the sanitizers' options.
    std::vector<std::string> environment = {"PATH=/usr/bin:/bin", "HOME=" + dir.string(),
                                            "LC_ALL=C", "TZ=UTC"};
    for (const char* name : {"ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"})
        if (const char* value = std::getenv(name))
            environment.push_back(std::string(name) + "=" + value);
    Run result;
    const pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir.c_str()) != 0 || !std::freopen(in_path.c_str(), "rb", stdin) ||
            !std::freopen(out_path.c_str(), "wb", stdout) ||
            !std::freopen(err_path.c_str(), "wb", stderr))
            _exit(127);
        std::vector<std::string> argv_text = {"chess960"};
        argv_text.insert(argv_text.end(), args.begin(), args.end());
        std::vector<char*> argv, envp;
        for (auto& a : argv_text) argv.push_back(a.data());
        argv.push_back(nullptr);
        for (auto& e : environment) envp.push_back(e.data());
        envp.push_back(nullptr);
        execve(binary.c_str(), argv.data(), envp.data());
        _exit(127);
    }
    if (pid < 0) {
        result.err = std::string("fork: ") + std::strerror(errno);
        return result;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kTimeoutSeconds);
    int status = 0;
    for (;;) {
        const pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) break;
        if (done < 0 && errno != EINTR) break;
        if (std::chrono::steady_clock::now() > deadline && !result.timed_out) {
            result.timed_out = true;
            kill(pid, SIGKILL);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    result.out = read_file(out_path);
    result.err = read_file(err_path);
    return result;
}

// A stream's bytes in the record: as they are, a line "(no newline at end)" after a last line
// that has none.
std::string section(const std::string& bytes) {
    if (bytes.empty() || bytes.ends_with('\n')) return bytes;
    return bytes + "\n(no newline at end)\n";
}

std::string record(const Case& c, const Run& r) {
    std::string text;
    for (const auto& comment : c.comments) text += comment + "\n";
    text += "$ " + c.command + "\n";
    if (c.stdin_line) text += "stdin: " + *c.stdin_line + "\n";
    text += "exit: " + std::to_string(r.status) + "\n";
    text += "stdout:\n" + section(r.out);
    text += "stderr:\n" + section(r.err);
    return text;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Where the two records first differ, with a few lines of each around it.
void describe_difference(const std::string& expected, const std::string& actual) {
    const auto a = split_lines(expected), b = split_lines(actual);
    std::size_t first = 0;
    while (first < a.size() && first < b.size() && a[first] == b[first]) ++first;
    const std::size_t from = first >= 3 ? first - 3 : 0;
    std::cerr << "first difference at line " << first + 1 << "\n--- expected (the file)\n";
    for (std::size_t i = from; i < std::min(a.size(), first + 8); ++i)
        std::cerr << (i == first ? "> " : "  ") << a[i] << "\n";
    std::cerr << "--- actual\n";
    for (std::size_t i = from; i < std::min(b.size(), first + 8); ++i)
        std::cerr << (i == first ? "> " : "  ") << b[i] << "\n";
    if (a.size() == b.size() && first == a.size())
        std::cerr << "(the lines agree: the difference is in the last line's end)\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: snapshot_check BINARY SNAPSHOT_DIR CASE_FILE\n";
        return 2;
    }
    // Absolute: the command runs in another directory.
    const std::string binary = fs::absolute(argv[1]).string();
    const fs::path snapshots = fs::absolute(argv[2]);
    const fs::path case_path = fs::absolute(argv[3]);
    const std::string stored = read_file(case_path);
    std::string error;
    const auto c = parse_case(stored, error);
    if (!c) {
        std::cerr << case_path.string() << ": " << error << "\n";
        return 1;
    }

    char dir_template[] = "/tmp/chess960_snapshot_XXXXXX";
    if (!mkdtemp(dir_template)) {
        std::cerr << "mkdtemp: " << std::strerror(errno) << "\n";
        return 1;
    }
    const fs::path dir = dir_template;
    std::error_code ec;
    fs::create_directory_symlink(snapshots / "inputs", dir / "inputs", ec);
    Run r = run(binary, dir, c->args, c->input);
    fs::remove_all(dir, ec);
    if (r.timed_out) {
        std::cerr << case_path.string() << ": the command ran longer than " << kTimeoutSeconds
                  << " s and was killed\n";
        return 1;
    }
    // The source tree's path (the server's default web directory, say) and the temporary one.
    const std::string source = snapshots.parent_path().parent_path().string();
    for (std::string* text : {&r.out, &r.err}) {
        replace_all(*text, dir.string(), "<tmp>");
        replace_all(*text, source, "<source>");
        normalise_variable(*text);
    }
    const std::string actual = record(*c, r);

    const char* update = std::getenv("CHESS960_UPDATE_SNAPSHOTS");
    if (update && std::string_view(update) == "1") {
        if (actual != stored) {
            std::ofstream(case_path, std::ios::binary) << actual;
            std::cout << "updated " << case_path.string() << "\n";
        }
        return 0;
    }
    if (actual == stored) return 0;
    std::cerr << case_path.string() << ": the output of '" << c->command
              << "' differs from the snapshot\n";
    describe_difference(stored, actual);
    std::cerr << "If the change is intended: CHESS960_UPDATE_SNAPSHOTS=1 ctest -R snapshots "
                 "(or make snapshots), then review git diff tests/snapshots\n";
    return 1;
}
