// Temporary explorer directories: each says who owns it (a process, by its id and its start
// time, so that a reused id is not taken for the owner), and a new one is made only after those
// whose owner is gone are removed. A server removes its own when it stops; one killed cannot,
// and without this a test run or a crashed cluster server left its copy of the index (up to
// hundreds of MB) in /tmp for good.
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "store/explorer_index.hpp"
#include "store/store.hpp"

namespace chess960::server {

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPrefix = "chess960-explorer-";
constexpr const char* kOwnerFile = "owner";
// A directory with no owner written may be one being made this moment by another process.
constexpr auto kUnownedGrace = std::chrono::minutes(10);

// The process's start time in clock ticks since boot (proc(5): /proc/PID/stat, field 22), or
// nothing when there is no such process.
std::optional<unsigned long long> start_time(long pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return std::nullopt;
    // The command (field 2) is in parentheses and may hold spaces or parentheses itself.
    const std::size_t close = line.rfind(')');
    if (close == std::string::npos) return std::nullopt;
    std::istringstream rest(line.substr(close + 1));
    std::string field;
    for (int i = 3; i < 22; ++i) rest >> field;  // state (3) .. itrealvalue (21)
    unsigned long long ticks = 0;
    if (!(rest >> ticks)) return std::nullopt;
    return ticks;
}

std::string owner_line(long pid) {
    return std::to_string(pid) + " " + std::to_string(start_time(pid).value_or(0)) + "\n";
}

// Whether the process that wrote `dir`'s owner file still runs.
bool owner_alive(const fs::path& dir) {
    std::ifstream in(dir / kOwnerFile);
    long pid = 0;
    unsigned long long ticks = 0;
    if (!(in >> pid >> ticks)) return false;
    const std::optional<unsigned long long> now = start_time(pid);
    return now && *now == ticks;
}

void remove_abandoned(const fs::path& temp) {
    std::error_code ec;
    const uid_t me = ::getuid();
    for (const auto& entry : fs::directory_iterator(temp, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with(kPrefix)) continue;
        struct stat info {};
        if (::lstat(entry.path().c_str(), &info) != 0 || !S_ISDIR(info.st_mode) ||
            info.st_uid != me)
            continue;
        std::error_code ignored;
        if (fs::exists(entry.path() / kOwnerFile, ignored)) {
            if (owner_alive(entry.path())) continue;
        } else {
            const auto age =
                fs::file_time_type::clock::now() - fs::last_write_time(entry.path(), ignored);
            if (ignored || age < kUnownedGrace) continue;
        }
        fs::remove_all(entry.path(), ignored);
    }
}

}  // namespace

std::string temporary_explorer_dir() {
    const fs::path temp = fs::temp_directory_path();
    remove_abandoned(temp);
    std::string dir = (temp / (std::string(kPrefix) + "XXXXXX")).string();
    if (!mkdtemp(dir.data())) throw StoreError("cannot make a directory for the explorer's index");
    std::ofstream owner(fs::path(dir) / kOwnerFile);
    owner << owner_line(long(::getpid()));
    if (!owner.flush()) throw StoreError("cannot write the owner of " + dir);
    return dir;
}

}  // namespace chess960::server
