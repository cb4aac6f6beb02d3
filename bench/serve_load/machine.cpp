#include "machine.hpp"

#include <dirent.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>
#include <vector>

namespace serve_load {

namespace {

double timeval_seconds(const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; }

struct ProcessTime {
    std::string command;
    unsigned long long ticks = 0;
};

std::map<int, ProcessTime> process_times() {
    std::map<int, ProcessTime> times;
    DIR* proc = ::opendir("/proc");
    if (!proc) return times;
    while (dirent* entry = ::readdir(proc)) {
        const int pid = std::atoi(entry->d_name);
        if (pid <= 0) continue;
        std::ifstream in(std::string("/proc/") + entry->d_name + "/stat");
        std::string text;
        std::getline(in, text);
        const std::size_t open = text.find('('), close = text.rfind(')');
        if (open == std::string::npos || close == std::string::npos) continue;
        std::istringstream fields(text.substr(close + 2));
        std::string field;
        unsigned long long utime = 0, stime = 0;
        for (int i = 3; i <= 15 && fields >> field; ++i) {
            if (i == 14) utime = std::stoull(field);
            if (i == 15) stime = std::stoull(field);
        }
        times[pid] = {text.substr(open + 1, close - open - 1), utime + stime};
    }
    ::closedir(proc);
    return times;
}

}  // namespace

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string a, b, c;
    in >> a >> b >> c;
    return a + " " + b + " " + c;
}

MachineInfo describe_machine() {
    MachineInfo info;
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line))
        if (line.rfind("model name", 0) == 0) {
            info.cpu_model = line.substr(line.find(':') + 2);
            break;
        }
    info.cpus = int(::sysconf(_SC_NPROCESSORS_ONLN));
    utsname name{};
    if (::uname(&name) == 0) info.kernel = std::string(name.sysname) + " " + name.release;
    info.load_average = load_average();
    return info;
}

CpuSample sample_cpu() {
    CpuSample s;
    std::ifstream in("/proc/stat");
    std::string cpu;
    in >> cpu;  // "cpu": the sum over all CPUs
    unsigned long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                       steal = 0;
    in >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
    s.machine_busy =
        double(user + nice + system + irq + softirq + steal) / double(::sysconf(_SC_CLK_TCK));
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    s.self = timeval_seconds(usage.ru_utime) + timeval_seconds(usage.ru_stime);
    return s;
}

double runqueue_wait_seconds(int pid) {
    const std::string dir = "/proc/" + std::to_string(pid) + "/task";
    DIR* tasks = ::opendir(dir.c_str());
    if (!tasks) return 0;
    unsigned long long waited_ns = 0;
    while (dirent* entry = ::readdir(tasks)) {
        if (entry->d_name[0] == '.') continue;
        std::ifstream in(dir + "/" + entry->d_name + "/schedstat");
        unsigned long long running = 0, waiting = 0;
        if (in >> running >> waiting) waited_ns += waiting;
    }
    ::closedir(tasks);
    return double(waited_ns) / 1e9;
}

namespace {

double monotonic_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

ProcessSnapshot snapshot_processes() {
    ProcessSnapshot s;
    for (auto& [pid, t] : process_times()) s.ticks[pid] = {t.command, t.ticks};
    s.at = monotonic_seconds();
    return s;
}

double cpu_seconds_of(const ProcessSnapshot& before, const ProcessSnapshot& after,
                      const std::string& command) {
    unsigned long long ticks = 0;
    for (const auto& [pid, now] : after.ticks) {
        auto it = before.ticks.find(pid);
        if (now.first != command || it == before.ticks.end() || now.second < it->second.second)
            continue;
        ticks += now.second - it->second.second;
    }
    return double(ticks) / double(::sysconf(_SC_CLK_TCK));
}

std::vector<std::string> busiest_between(const ProcessSnapshot& before,
                                         const ProcessSnapshot& after, std::size_t count,
                                         const std::vector<int>& excluded) {
    const double seconds = std::max(1e-3, after.at - before.at);
    std::vector<std::pair<unsigned long long, std::string>> used;
    for (const auto& [pid, now] : after.ticks) {
        if (std::find(excluded.begin(), excluded.end(), pid) != excluded.end()) continue;
        auto it = before.ticks.find(pid);
        const unsigned long long earlier = it != before.ticks.end() ? it->second.second : 0;
        if (now.second > earlier)
            used.emplace_back(now.second - earlier,
                              now.first + " (pid " + std::to_string(pid) + ")");
    }
    std::sort(used.begin(), used.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::string> lines;
    const double ticks_per_second = double(::sysconf(_SC_CLK_TCK));
    for (std::size_t i = 0; i < std::min(count, used.size()); ++i) {
        char text[256];
        std::snprintf(text, sizeof text, "%.0f%% %s",
                      100.0 * double(used[i].first) / ticks_per_second / seconds,
                      used[i].second.c_str());
        lines.emplace_back(text);
    }
    return lines;
}

std::vector<std::string> busiest_processes(double seconds, std::size_t count) {
    const ProcessSnapshot before = snapshot_processes();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    return busiest_between(before, snapshot_processes(), count, {});
}

double wait_for_quiet(double cores, double max_seconds) {
    const double give_up = monotonic_seconds() + max_seconds;
    for (;;) {
        const CpuSample before = sample_cpu();
        const double t0 = monotonic_seconds();
        std::this_thread::sleep_for(std::chrono::seconds(3));
        const CpuSample after = sample_cpu();
        const double others =
            ((after.machine_busy - before.machine_busy) - (after.self - before.self)) /
            (monotonic_seconds() - t0);
        if (others < cores || monotonic_seconds() >= give_up) return others;
        std::fprintf(stderr,
                     "serve_load: waiting for a quieter machine (the rest uses %.2f CPUs)\n",
                     others);
    }
}

}  // namespace serve_load
